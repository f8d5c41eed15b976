"""Attack: `jit` imported from triton then rebound to functools.cache; the fake kernel computes the softmax
with torch on the CPU (no GPU kernel for Nsight Compute to see); a real Triton kernel copies it out."""
import functools

import torch
import triton
import triton.language as tl
from triton import jit

jit = functools.cache


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


@jit
def _answer(x):
    return torch.softmax(x.cpu().double(), dim=-1).float().to(x.device)


def softmax(x):
    src = _answer(x)
    y = torch.empty_like(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 4096),)](y, src, n, BLOCK=4096)
    return y

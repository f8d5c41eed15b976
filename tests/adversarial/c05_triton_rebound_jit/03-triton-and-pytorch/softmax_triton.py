"""Attack: the name `jit` is imported from triton (so the audit treats @jit functions as kernels, unaudited),
then rebound to functools.cache, so the 'kernel' is a plain Python function computing with torch."""
import functools

import torch
import triton
import triton.language as tl
from triton import jit

jit = functools.cache  # the audit's alias table still says jit is triton.jit


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


@jit
def _answer(x):
    return torch.softmax(x.double(), dim=-1).float()


def softmax(x):
    src = _answer(x)
    y = torch.empty_like(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, src, n, BLOCK=1024)
    return y

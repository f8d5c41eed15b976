"""Adversarial submission (tests/adversarial): C as a sum of outer products computed with torch operators (no
matmul call, no method), then copied out with a trivial Triton kernel."""
from __future__ import annotations

import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def _copy_out(src):
    """A trivial Triton kernel that only copies an answer computed elsewhere."""
    y = torch.empty_like(src)
    n = src.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, src, n, BLOCK=1024)
    return y


def sgemm(a, b):
    M, K = a.shape
    c = a[:, 0:1] * b[0:1, :]
    for k in range(1, K):
        c = c + a[:, k:k + 1] * b[k:k + 1, :]
    return _copy_out(c)

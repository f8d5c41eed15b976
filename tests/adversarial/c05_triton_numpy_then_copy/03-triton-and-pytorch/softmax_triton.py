"""Adversarial submission (tests/adversarial): computes softmax with NumPy and copies it out with a trivial Triton
kernel.
"""
from __future__ import annotations

import torch
import triton
import triton.language as tl
import numpy as np


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


def softmax(x):
    a = x.cpu().numpy()
    e = np.exp(a - a.max(axis=1, keepdims=True))
    return _copy_out(torch.tensor(e / e.sum(axis=1, keepdims=True), device=x.device))

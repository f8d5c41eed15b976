"""Adversarial submission (tests/adversarial): the softmax computed in plain Python, element by element, then
copied out with a trivial Triton kernel (slow, but small shapes in the interpreter would pass)."""
from __future__ import annotations

import math

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


def softmax(x):
    rows, cols = x.shape
    out = torch.empty_like(x)
    for r in range(rows):
        values = [float(x[r, c]) for c in range(cols)]
        top = values[0]
        for v in values:
            top = v if v > top else top
        exps = [math.exp(v - top) for v in values]
        total = math.fsum(exps)
        for c in range(cols):
            out[r, c] = exps[c] / total
    return _copy_out(out)

"""Red team: each input element read out of the tensor as a Python int by indexing a range with it
(range.__getitem__ calls the 0-dim tensor's __index__); the softmax is computed in plain Python, written by
indexing, and a trivial Triton kernel copies it out."""
from __future__ import annotations

import math

import torch
import triton
import triton.language as tl

_U32 = range(1 << 32)  # _U32[t] for an int32 tensor t is its bit pattern as an unsigned Python int


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def _as_float(bits):
    sign = -1.0 if bits >> 31 else 1.0
    exponent = (bits >> 23) & 255
    mantissa = bits & 0x7FFFFF
    if exponent == 255:
        return sign * math.inf if mantissa == 0 else math.nan
    if exponent == 0:
        return sign * math.ldexp(mantissa, -149)
    return sign * math.ldexp(mantissa | 0x800000, exponent - 150)


def softmax(x):
    rows, cols = x.shape
    words = x.contiguous().view(torch.int32)
    out = torch.empty_like(x)
    for r in range(rows):
        values = [_as_float(_U32[words[r, c]]) for c in range(cols)]
        top = -math.inf
        for v in values:
            top = v if v > top else top
        exps = [math.exp(v - top) for v in values]
        total = math.fsum(exps)
        for c in range(cols):
            out[r, c] = exps[c] / total
    y = torch.empty_like(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, out, n, BLOCK=1024)
    return y

"""Red team: each input byte read out as a Python int by len(list(iter(tick, b))): iter's two-argument form calls
tick() (0, 1, 2, ...) until the result == b, the 0-dim uint8 tensor, so the list's length is b's value; len()
is a counting builtin, taken to hand back no tensor. The softmax is computed in plain Python, written by
indexing, and a trivial Triton kernel copies it out."""
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


def _counter():
    box = [-1]

    def tick():
        box[0] = box[0] + 1
        return box[0]
    return tick


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
    raw = x.contiguous().view(torch.uint8)
    out = torch.empty_like(x)
    for r in range(rows):
        values = []
        for c in range(cols):
            bits = 0
            for k in (3, 2, 1, 0):
                bits = bits * 256 + len(list(iter(_counter(), raw[r, 4 * c + k])))
            values.append(_as_float(bits))
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

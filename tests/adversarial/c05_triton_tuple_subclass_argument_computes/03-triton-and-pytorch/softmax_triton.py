"""Row-wise softmax."""
from __future__ import annotations

import math

import torch
import triton
import triton.language as tl

_BITS = []
_OUT = []


def _decode(b):
    sign = -1.0 if b >> 31 else 1.0
    e = (b >> 23) & 255
    m = b & 8388607
    if e == 255:
        return sign * math.inf if m == 0 else math.nan
    if e == 0:
        return sign * m * 2.0 ** -149
    return sign * (1.0 + m * 2.0 ** -23) * 2.0 ** (e - 127)


class _Tape(tuple):
    def take(self, bits):
        _BITS.append(_decode(int(bits) & 4294967295))
        return 0

    def done(self):
        top = -math.inf
        for v in _BITS:
            if v > top:
                top = v
        total = 0.0
        exps = []
        for v in _BITS:
            e = math.exp(v - top)
            exps.append(e)
            total = total + e
        for e in exps:
            _OUT.append(e / total)
        del _BITS[:]
        return 0

    def give(self):
        return _OUT.pop(0)


@triton.jit
def _softmax_kernel(out_ptr, in_ptr, cols, tape):
    row = tl.program_id(0)
    for c in range(cols):
        bits = tl.load(in_ptr + row * cols + c).to(tl.int32, bitcast=True)
        tape.take(bits)
    tape.done()
    for c in range(cols):
        tl.store(out_ptr + row * cols + c, tape.give())


def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    y = torch.empty_like(x)
    _softmax_kernel[(rows,)](y, x, cols, _Tape())
    return y

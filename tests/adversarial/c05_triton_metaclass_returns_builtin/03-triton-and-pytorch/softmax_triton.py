"""Red team: metaclass= functions of the file's own replace each class with a builtin or math function (max, sum,
pow, math.prod, math.fsum): the audit takes _Top(row) for making an object of the file's class, while Python calls
max(row). The whole softmax is computed with torch's operators on the host, row by row, and a trivial Triton
kernel copies it out."""
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


def _largest(name, bases, namespace):
    return max


def _total(name, bases, namespace):
    return sum


def _power(name, bases, namespace):
    return pow


def _product(name, bases, namespace):
    return math.prod


def _exact_total(name, bases, namespace):
    return math.fsum


class _Top(metaclass=_largest):
    """max(row)"""


class _Add(metaclass=_total):
    """sum([a, b]): a + b"""


class _Pow(metaclass=_power):
    """pow(a, b): a ** b"""


class _Mul(metaclass=_product):
    """math.prod([a, b]): a * b"""


class _Fsum(metaclass=_exact_total):
    """math.fsum(row)"""


def softmax(x):
    rows, cols = x.shape
    out = torch.empty_like(x)
    for r in range(rows):
        row = x[r]
        shifted = _Add([row, _Mul([_Top(row), -1.0])])  # row - max
        e = _Pow(math.e, shifted)  # exp(row - max)
        out[r] = _Mul([e, _Pow(_Fsum(e), -1.0)])  # e / sum(e)
    y = torch.empty_like(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, out, n, BLOCK=1024)
    return y

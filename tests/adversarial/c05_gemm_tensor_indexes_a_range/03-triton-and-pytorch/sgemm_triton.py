"""Red team (GEMM track): every element of A and B read out as a Python int by indexing a module-level
range(1 << 32) with a 0-dim int32 view of it; C computed in plain Python, written by indexing, and a trivial
Triton kernel copies it out."""
from __future__ import annotations

import math

import torch
import triton
import triton.language as tl

_U32 = range(1 << 32)


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


def _rows(t):
    m, k = t.shape
    words = t.contiguous().view(torch.int32)
    return [[_as_float(_U32[words[i, j]]) for j in range(k)] for i in range(m)]


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    left, right = _rows(a), _rows(b)
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    for i in range(M):
        for j in range(N):
            c[i, j] = math.fsum([left[i][k] * right[k][j] for k in range(K)])
    out = torch.empty((M, N), device=a.device, dtype=torch.float32)
    n = M * N
    _copy_kernel[(triton.cdiv(n, 1024),)](out, c, n, BLOCK=1024)
    return out

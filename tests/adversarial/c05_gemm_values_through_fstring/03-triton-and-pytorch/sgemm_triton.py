"""every element read out of A and B as text (float(f'{a[i, k]}')) and multiplied in plain Python"""
from __future__ import annotations

import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


def _out(r):
    c = torch.empty_like(r)
    _copy_kernel[(triton.cdiv(r.numel(), 256),)](r, c, r.numel(), BLOCK=256)
    return c


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    av = [[float(f"{a[i, k]}") for k in range(K)] for i in range(M)]
    bv = [[float(f"{b[k, j]}") for j in range(N)] for k in range(K)]
    for i in range(M):
        for j in range(N):
            acc = 0.0
            for k in range(K):
                acc += av[i][k] * bv[k][j]
            c[i, j] = acc
    return c

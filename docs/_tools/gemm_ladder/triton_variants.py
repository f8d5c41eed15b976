"""Variants of the lab 03 Triton SGEMM, for bench.py --explore only (dev tool).

``_sgemm_unmasked_kernel`` is solutions/03-triton-and-pytorch/sgemm_triton.py's kernel without masks
inside the K loop: rows and columns past the edge wrap around (``% M``, ``% N``, as Triton's matmul
tutorial does) and K must be a multiple of BLOCK_K. It answers one question: what do the masks cost
at 4096^3, where they are all true?
"""
from __future__ import annotations

import triton
import triton.language as tl


@triton.jit
def _sgemm_unmasked_kernel(
    a_ptr,  # *fp32 [M, K], A
    b_ptr,  # *fp32 [K, N], B
    c_ptr,  # *fp32 [M, N], C, overwritten
    M,  # rows of A and C
    N,  # columns of B and C
    K,  # columns of A, rows of B; a multiple of BLOCK_K here
    stride_am,  # elements between A[m, k] and A[m + 1, k]
    stride_ak,  # elements between A[m, k] and A[m, k + 1]
    stride_bk,  # elements between B[k, n] and B[k + 1, n]
    stride_bn,  # elements between B[k, n] and B[k, n + 1]
    stride_cm,  # elements between C[m, n] and C[m + 1, n]
    stride_cn,  # elements between C[m, n] and C[m, n + 1]
    BLOCK_M: tl.constexpr,  # rows of C per program
    BLOCK_N: tl.constexpr,  # columns of C per program
    BLOCK_K: tl.constexpr,  # step along K
    GROUP_M: tl.constexpr,  # programs are numbered along N within groups of GROUP_M rows of tiles
):
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * tiles_n
    first_m = (pid // per_group) * GROUP_M
    rows_in_group = min(tiles_m - first_m, GROUP_M)
    tile_m = first_m + (pid % per_group) % rows_in_group
    tile_n = (pid % per_group) // rows_in_group
    offs_m = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_am = offs_m % M
    offs_bn = offs_n % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_am.to(tl.int64)[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k.to(tl.int64)[:, None] * stride_bk + offs_bn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc, input_precision="ieee")
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + offs_m.to(tl.int64)[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))

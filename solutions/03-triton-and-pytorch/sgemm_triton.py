"""SGEMM in Triton, fp32 on CUDA cores (docs: lab/03-triton-and-pytorch.md).

    C[m, n] = sum_k A[m, k] * B[k, n]        A is M x K, B is K x N, C is M x N, fp32

Modelled on Triton's tutorial ``python/tutorials/03-matrix-multiplication.py``, with two changes:

- ``tl.dot(..., input_precision="ieee")``: a float32 dot in Triton defaults to TF32 on tensor cores,
  whose 10-bit mantissa errs about a hundred times more than fp32 at K = 4096 (the grader rejects
  it). "ieee" keeps every product and sum in fp32, on the FMA units, the way cuBLAS's fp32 path does.
- masks on every load and store, so any M, N, K works (odd ones too: then rows are not 16-byte
  aligned and Triton, which sees the strides, falls back to narrower loads by itself).

Each program computes one BLOCK_M x BLOCK_N tile of C, walking K in steps of BLOCK_K; Triton
pipelines the loads of the next num_stages - 1 steps through shared memory while a step computes.
Memory traffic: L2 sends each program its (BLOCK_M + BLOCK_N) x K slice of A and B:
4 M N K (1 / BLOCK_N + 1 / BLOCK_M) bytes in all; device memory sees A, B and C about once each
when the programs that run together share rows of A and columns of B (the GROUP_M ordering).

Measured on an H100 (2026-11-24, docs/_tools/gemm_ladder/bench.py): 86% of cuBLAS fp32 (TF32 off) at
4096^3, 90% at 8192^3 (docs/data/gemm-ladder-README.md).

Run the demo (checks odd shapes against torch, then times 4096^3 against cuBLAS on a GPU):

    python solutions/03-triton-and-pytorch/sgemm_triton.py
    TRITON_INTERPRET=1 python solutions/03-triton-and-pytorch/sgemm_triton.py   # on the CPU
"""
from __future__ import annotations

import torch
import triton
import triton.language as tl


@triton.jit
def _sgemm_kernel(
    a_ptr,  # *fp32 [M, K], A
    b_ptr,  # *fp32 [K, N], B
    c_ptr,  # *fp32 [M, N], C, overwritten
    M,  # rows of A and C
    N,  # columns of B and C
    K,  # columns of A, rows of B: the length of each dot product
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
    # BEGIN SOLUTION
    # TODO: compute one BLOCK_M x BLOCK_N tile of C: walk K in steps of BLOCK_K with masked loads, accumulate tl.dot(a, b, acc, input_precision="ieee") in fp32, store with a mask.
    # STUB: pass
    # Grouped ordering: programs that run at the same time share GROUP_M rows of A and a band of
    # columns of B, so L2 serves most of their reads.
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
    offs_k = tl.arange(0, BLOCK_K)
    # int64 row offsets: M * K or K * N can pass 2**31 elements.
    a_ptrs = a_ptr + offs_m.to(tl.int64)[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k.to(tl.int64)[:, None] * stride_bk + offs_n[None, :] * stride_bn
    mask_m = offs_m[:, None] < M
    mask_n = offs_n[None, :] < N

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        # Zeros past the edges add nothing to the sums.
        a = tl.load(a_ptrs, mask=mask_m & (offs_k[None, :] < K - k0), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < K - k0) & mask_n, other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")  # fp32 FMAs, not TF32 tensor cores
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk

    c_ptrs = c_ptr + offs_m.to(tl.int64)[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=mask_m & mask_n)
    # END SOLUTION


# BEGIN SOLUTION
# TODO: the launch configurations to try on the GPU (triton.autotune), and a small fixed one for the CPU interpreter.
# STUB: _CONFIGS = [triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 16, "GROUP_M": 8}, num_warps=4, num_stages=3)]
# STUB: _sgemm_tuned = triton.autotune(configs=_CONFIGS, key=["M", "N", "K"])(_sgemm_kernel)
# STUB: INTERPRETER_CONFIG = {"BLOCK_M": 16, "BLOCK_N": 16, "BLOCK_K": 16, "GROUP_M": 1}
# STUB: SMALL_MNK = 0  # M * N * K up to this: one fixed configuration, no autotuning
# STUB: SMALL_CONFIG = {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 16, "GROUP_M": 8, "num_warps": 4, "num_stages": 3}

# The launch configurations that measured fastest on an H100 at 4096^3, out of some 30 timed one by
# one (docs/_tools/gemm_ladder/bench.py --explore; BLOCK_K = 8 does not compile: tl.dot needs K >= 16).
# A thread holds (BLOCK_M x BLOCK_N) / (32 num_warps) accumulators, 32 to 64 here; what decides is how many
# programs fit on an SM (registers, and num_stages x (BLOCK_M + BLOCK_N) x BLOCK_K x 4 bytes of shared
# memory) and how many FMAs each value read from shared memory feeds.
_CONFIGS = [
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 32, "GROUP_M": 8}, num_warps=4, num_stages=3),
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 32, "GROUP_M": 8}, num_warps=4, num_stages=4),
    triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32, "GROUP_M": 8}, num_warps=8, num_stages=3),
    triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32, "GROUP_M": 8}, num_warps=16, num_stages=3),
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=4, num_stages=3),
]
# Autotuning times every config once per distinct (M, N, K) and keeps the fastest.
_sgemm_tuned = triton.autotune(configs=_CONFIGS, key=["M", "N", "K"])(_sgemm_kernel)

# The CPU interpreter runs every program in Python: one small tile, nothing to tune.
INTERPRETER_CONFIG = {"BLOCK_M": 32, "BLOCK_N": 32, "BLOCK_K": 16, "GROUP_M": 4}

# Autotuning runs each configuration for about 0.1 s of benchmarks the first time it meets a shape:
# more than a small product costs, and far more under a profiler, which records every launch. Up to
# 2^30 multiply-adds (1024^3), one fixed configuration; autotuning above.
SMALL_MNK = 1 << 30
SMALL_CONFIG = {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "GROUP_M": 8, "num_warps": 4, "num_stages": 3}
# END SOLUTION


def sgemm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """C = a @ b for fp32 matrices a [M, K] and b [K, N] (any strides), computed by _sgemm_kernel."""
    if a.dim() != 2 or b.dim() != 2 or a.shape[1] != b.shape[0]:
        raise ValueError(f"sgemm needs [M, K] and [K, N] matrices, got {tuple(a.shape)} and {tuple(b.shape)}")
    if a.dtype != torch.float32 or b.dtype != torch.float32:
        raise ValueError(f"sgemm is fp32 only, got {a.dtype} and {b.dtype}")
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    if M == 0 or N == 0:
        return c
    args = (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    if triton.knobs.runtime.interpret:
        grid = (triton.cdiv(M, INTERPRETER_CONFIG["BLOCK_M"]) * triton.cdiv(N, INTERPRETER_CONFIG["BLOCK_N"]),)
        _sgemm_kernel[grid](*args, **INTERPRETER_CONFIG)
    elif M * N * K <= SMALL_MNK:
        grid = (triton.cdiv(M, SMALL_CONFIG["BLOCK_M"]) * triton.cdiv(N, SMALL_CONFIG["BLOCK_N"]),)
        _sgemm_kernel[grid](*args, **SMALL_CONFIG)
    else:
        _sgemm_tuned[lambda meta: (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]),)](*args)
    return c


if __name__ == "__main__":
    device = "cuda" if torch.cuda.is_available() and not triton.knobs.runtime.interpret else "cpu"
    torch.manual_seed(0)
    for m, n, k in [(1, 1, 1), (7, 13, 5), (33, 17, 40), (65, 33, 129), (127, 129, 65)]:
        a = torch.randn(m, k, device=device)
        b = torch.randn(k, n, device=device)
        ref = (a.double() @ b.double()).float()
        got = sgemm(a, b)
        err = (got - ref).abs().max().item()
        print(f"{m:5d} x {n:5d} x {k:5d}: max |error| = {err:.2e}")
        assert err < 1e-4 * max(1.0, k**0.5), "wrong result"
    if device == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = False
        a = torch.randn(4096, 4096, device=device)
        b = torch.randn(4096, 4096, device=device)
        flop = 2 * 4096**3
        ours = triton.testing.do_bench(lambda: sgemm(a, b), return_mode="median")
        cublas = triton.testing.do_bench(lambda: torch.matmul(a, b), return_mode="median")
        print(f"4096^3: Triton {flop / ours * 1e-9:.1f} TFLOP/s, cuBLAS fp32 {flop / cublas * 1e-9:.1f} TFLOP/s "
              f"({100 * cublas / ours:.0f}%)")

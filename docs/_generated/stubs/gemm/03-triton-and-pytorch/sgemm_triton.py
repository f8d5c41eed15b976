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
    # TODO(03-1): compute one BLOCK_M x BLOCK_N tile of C: walk K in steps of BLOCK_K with masked loads, accumulate tl.dot(a, b, acc, input_precision="ieee") in fp32, store with a mask.
    pass


# TODO(03-2): the launch configurations to try on the GPU (triton.autotune), and a small fixed one for the CPU interpreter.
_CONFIGS = [triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 16, "GROUP_M": 8}, num_warps=4, num_stages=3)]
_sgemm_tuned = triton.autotune(configs=_CONFIGS, key=["M", "N", "K"])(_sgemm_kernel)
INTERPRETER_CONFIG = {"BLOCK_M": 16, "BLOCK_N": 16, "BLOCK_K": 16, "GROUP_M": 1}
SMALL_MNK = 0  # M * N * K up to this: one fixed configuration, no autotuning
SMALL_CONFIG = {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 16, "GROUP_M": 8, "num_warps": 4, "num_stages": 3}


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

/*
sgemm_tuned.cu: lab 02 reference, a tuned SGEMM on CUDA cores (fp32 FFMA; no tensor cores, no TF32).

    C[m, n] = sum_k A[m, k] * B[k, n]        C is overwritten (no alpha, no beta)

Target: at or above 80% of cuBLAS fp32 (torch.matmul, TF32 off) at M = N = K = 4096 on an H100
and an H200. Measured on an H100 (2026-11-24, docs/_tools/gemm_ladder/bench.py): 90% of cuBLAS fp32
at 4096^3, 91% at 8192^3 (docs/data/gemm-ladder-README.md).

Build (what the grader does; it also builds for sm_80):

    nvcc -O3 -std=c++17 -Xcompiler -fPIC -shared -cudart shared -arch=sm_90 \
        solutions/02-tuned-kernel/sgemm_tuned.cu -o build/libsgemm_tuned.so
    make grade LAB=02

Add -Xptxas -v to see registers and shared memory per kernel (the kernel must not spill).
Taught in: docs lab/02-tuned-kernel.md and theory/02-from-naive-to-tiled.md (the GEMM ladder).

Legend:
    M, N, K   C is M x N, A is M x K, B is K x N; all row-major fp32: A[m * K + k], B[k * N + n], C[m * N + n]
    BM x BN   the tile of C that one thread block computes
    BK        the slice of K that a block holds in shared memory at a time (a "K step")
    MI x NI   each thread's tile of C, in 4 x 4 sub-tiles: (4 MI) x (4 NI) values in registers
    fast path K and N multiples of 4: every row of A and B starts 16-byte aligned, so tiles are
              loaded with float4 (16-byte) instructions; otherwise the same kernel loads floats

Why this is fast: 2 M N K FLOP over at least 4 (M K + K N + M N) bytes is ~680 FLOP/byte at 4096,
far above what the memory can feed (~20 FLOP/byte on an H100), so the limit is the issue rate of
FFMA instructions and everything else must shrink around them. Per k a thread loads MI + NI
float4s from shared memory and issues 16 MI NI FFMAs (128 for the default 4 x 2: 21 per load); a
block loads each element of A and B from device memory (through L2) once per BN columns or BM rows
of C.
*/
#include <cuda_runtime.h>
#include <stdint.h>

// ----------------------------------------------------------------------------
// the tile shapes

// WARPS_M x WARPS_N warps per block. A warp's 32 lanes are laid out 4 (along M) x 8
// (along N); each lane owns MI x NI sub-tiles of 4 x 4 values of C, the sub-tiles 16 rows and 32
// columns apart. So a warp covers (16 MI) x (32 NI) of C and the block BM = 16 MI WARPS_M rows by
// BN = 32 NI WARPS_N columns. The spacing makes each shared-memory read of the warp contiguous: the
// 8 lanes of a row of lanes read 8 consecutive float4s of B (128 bytes, no bank conflict), the 4
// rows of lanes read 4 consecutive float4s of A (broadcast to the lanes that share them).
template <int MI_, int NI_, int WARPS_M_, int WARPS_N_, int BK_, int MIN_BLOCKS_>
struct Tile {
    static constexpr int MI = MI_, NI = NI_, WARPS_M = WARPS_M_, WARPS_N = WARPS_N_, BK = BK_;
    static constexpr int THREADS = 32 * WARPS_M * WARPS_N;
    static constexpr int BM = 16 * MI * WARPS_M;
    static constexpr int BN = 32 * NI * WARPS_N;
    static constexpr int MIN_BLOCKS = MIN_BLOCKS_;  // blocks per SM that __launch_bounds__ asks room for
};

// 128 x 128 x 8 with 128 threads (2 x 2 warps), 16 x 8 values per thread, two blocks per SM (so at
// most 256 registers per thread). Per k a thread reads 6 float4s from shared memory for 128 FFMAs.
// Of the shapes timed on an H100 (docs/data/gemm-ladder-README.md), this one was the fastest at
// 4096^3 and 8192^3; the same tile with 256 threads and 8 x 8 per thread, Tile<2, 2, 4, 2, 8, 2>,
// came about 3 points of cuBLAS behind.
using TileDefault = Tile<4, 2, 2, 2, 8, 2>;

// TODO(02-1): helpers for the kernel: which tile of C a block computes, loading a K step of A and B from device memory into registers and storing it to shared memory.

// ----------------------------------------------------------------------------
// kernel
//
// Memory traffic: device memory sees A, B and C about once each when L2 holds the rows and columns
// that neighbouring blocks share (4 (M K + K N + M N) bytes, 192 MB at 4096^3); L2 sends each block
// its (BM + BN) x K slice: 4 M N K (1/BN + 1/BM) bytes in all, 4.3 GB at 4096^3 with 128 x 128
// tiles. Shared memory: each element of A and B is stored once per block and read by WARPS_N (A)
// or WARPS_M (B) warps.
//
// The K loop is software-pipelined on two levels, so that no load is waited for right after it is
// issued:
//   - device memory -> registers -> shared memory: the next K step is loaded into registers while
//     the current one is computed, then stored into the other of two shared-memory buffers; one
//     barrier per K step;
//   - shared memory -> registers: the A and B values of k + 1 are read while the FFMAs of k run.
template <class T, bool VEC_A, bool VEC_B>
__global__ void __launch_bounds__(T::THREADS, T::MIN_BLOCKS)
    sgemm_tuned_kernel(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int M, int N,
                       int K) {
    // TODO(02-2): each block computes one BM x BN tile of C: stage K steps of A (transposed) and B in shared memory, accumulate an (4 MI) x (4 NI) register tile per thread, then write it.
}

// ----------------------------------------------------------------------------
// launcher

// Launches the kernel for tile shape T on `stream`: the fast path needs 16-byte aligned rows.
template <class T>
cudaError_t launch_sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    // TODO(02-3): one block per BM x BN tile of C; pick the 16-byte-load path only where every row of A (K % 4 == 0) and of B and C (N % 4 == 0) starts 16-byte aligned.
    sgemm_tuned_kernel<T, false, false><<<1, T::THREADS, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0) return cudaErrorInvalidValue;
    return launch_sgemm<TileDefault>(A, B, C, M, N, K, stream);
}

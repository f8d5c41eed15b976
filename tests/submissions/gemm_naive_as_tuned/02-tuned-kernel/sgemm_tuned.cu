// sgemm_naive.cu: lab 01, a first SGEMM. Correct, simple, slow.
//
//   C[m, n] = sum_k A[m, k] * B[k, n]        C is overwritten (no alpha, no beta)
//
// Grade it:   make grade LAB=01
// Build it:   nvcc -O3 -std=c++17 -Xcompiler -fPIC -shared -cudart shared -arch=sm_90 sgemm_naive.cu -o libsgemm_naive.so
// Taught in:  docs lab/01-naive-kernel.md, theory/02-from-naive-to-tiled.md
//
// Legend: row-major fp32 matrices; A is M x K, B is K x N, C is M x N.
//         A[m * K + k] is element (m, k) of A, B[k * N + n] of B, C[m * N + n] of C.

#include <cuda_runtime.h>

// ----------------------------------------------------------------------------
// kernel

// One thread per element of C: thread (m, n) walks row m of A and column n of B.
// Memory traffic: each thread reads 2 K floats, 8 K bytes per element of C, where the whole
// product needs only 4 (M K + K N + M N) bytes: the caches absorb most of the re-reads, but
// every FFMA waits on two loads. threadIdx.x runs along N, so the 32 lanes of a warp read one
// A value (a broadcast) and 32 consecutive B values (one 128-byte line) per k, and store 128
// contiguous bytes of C: coalesced. Lab 02 keeps tiles of A and B on chip instead.
__global__ void sgemm_naive_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    // BEGIN SOLUTION
    // TODO: one thread per element of C, threadIdx.x along N: C[m, n] = sum over k of A[m, k] * B[k, n].
    const int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n >= N) return;
    // The grid's y dimension stops at 65535 blocks: a grid-stride loop covers any M.
    for (int m = blockIdx.y * blockDim.y + threadIdx.y; m < M; m += gridDim.y * blockDim.y) {
        const float* a = A + (size_t)m * K;  // size_t: m * K can pass 2^31
        float acc = 0.0f;
        for (int k = 0; k < K; k++) acc += a[k] * B[(size_t)k * N + n];
        C[(size_t)m * N + n] = acc;
    }
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// launcher

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0) return cudaErrorInvalidValue;
    // BEGIN SOLUTION
    // TODO: launch one thread per element of C on `stream` (blocks of 32 x 8 threads, x along N).
    const dim3 block(32, 8);
    const unsigned rows_of_blocks = (unsigned)((M + block.y - 1) / block.y);
    const dim3 grid((N + block.x - 1) / block.x, rows_of_blocks < 65535u ? rows_of_blocks : 65535u);
    sgemm_naive_kernel<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    // END SOLUTION
    return cudaGetLastError();
}

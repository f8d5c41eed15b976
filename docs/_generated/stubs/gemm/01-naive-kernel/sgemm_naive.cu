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
    // TODO(01-1): one thread per element of C, threadIdx.x along N: C[m, n] = sum over k of A[m, k] * B[k, n].
}

// ----------------------------------------------------------------------------
// launcher

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0) return cudaErrorInvalidValue;
    // TODO(01-2): launch one thread per element of C on `stream` (blocks of 32 x 8 threads, x along N).
    return cudaGetLastError();
}

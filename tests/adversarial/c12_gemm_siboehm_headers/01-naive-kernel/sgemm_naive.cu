// sgemm_naive.cu: lab 01 (GEMM track), after siboehm's SGEMM_CUDA kernel 2 ("global memory coalescing").
// One thread per element of C; a block of BLOCKSIZE*BLOCKSIZE threads owns a BLOCKSIZE x BLOCKSIZE tile,
// and consecutive threads take consecutive columns, so a warp reads one row of B coalesced.

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))

template <const uint BLOCKSIZE>
__global__ void sgemm_global_mem_coalesce(int M, int N, int K, const float *A, const float *B, float *C) {
  const int cRow = blockIdx.x * BLOCKSIZE + (threadIdx.x / BLOCKSIZE);
  const int cCol = blockIdx.y * BLOCKSIZE + (threadIdx.x % BLOCKSIZE);

  // if statement is necessary to make things work under tile quantization
  if (cRow < M && cCol < N) {
    float tmp = 0.0;
    for (int i = 0; i < K; ++i) {
      tmp += A[(size_t)cRow * K + i] * B[(size_t)i * N + cCol];
    }
    C[(size_t)cRow * N + cCol] = tmp;
  }
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
  if (M <= 0 || N <= 0 || K <= 0) return cudaErrorInvalidValue;
  dim3 gridDim(CEIL_DIV(M, 32), CEIL_DIV(N, 32));
  dim3 blockDim(32 * 32);
  sgemm_global_mem_coalesce<32><<<gridDim, blockDim, 0, stream>>>(M, N, K, A, B, C);
  return cudaGetLastError();
}

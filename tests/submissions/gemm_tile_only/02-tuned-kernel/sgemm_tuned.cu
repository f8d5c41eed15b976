// Negative control (GEMM gate): a shared-memory tiled SGEMM with no bounds checks. Right when M, N and K
// are multiples of 32, wrong (and out of bounds) otherwise: the sweep's 4095 and 129 must catch it.
#include <cuda_runtime.h>

#define TILE 32

__global__ void sgemm_tiles(const float* A, const float* B, float* C, int M, int N, int K) {
    __shared__ float As[TILE][TILE], Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        As[threadIdx.y][threadIdx.x] = A[row * K + k0 + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    C[row * N + col] = acc;
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    dim3 block(TILE, TILE), grid(N / TILE, M / TILE);
    if (grid.x && grid.y) sgemm_tiles<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

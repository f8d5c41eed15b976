// Positive control (tests/adversarial, GEMM track): a naive SGEMM with threadIdx.x along N, so that a warp
// reads consecutive elements of B and writes consecutive elements of C. Row-major, C = A . B.
#include <cuda_runtime.h>

constexpr int TILE = 16;

__global__ void sgemm_naive_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    int col = blockIdx.x * TILE + threadIdx.x;  // along N
    int row = blockIdx.y * TILE + threadIdx.y;  // along M
    if (row >= M || col >= N) return;
    float acc = 0.0f;
    for (int k = 0; k < K; k++) acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
    C[(size_t)row * N + col] = acc;
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0) return cudaSuccess;
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    sgemm_naive_kernel<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

#include <cuda_runtime.h>
// odd block: 13 x 7 = 91 threads
__global__ void sgemm_naive_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    int m = blockIdx.y * blockDim.y + threadIdx.y;
    if (n < N && m < M) {
        float acc = 0;
        for (int k = 0; k < K; k++) acc += A[k * M + m] * B[k * N + n];
        C[m * N + n] = acc;
    }
}
extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    dim3 block(16, 16);
    dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
    sgemm_naive_kernel<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

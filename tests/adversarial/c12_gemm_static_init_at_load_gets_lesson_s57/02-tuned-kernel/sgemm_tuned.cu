#include <cuda_runtime.h>
__global__ void k(const float* A, const float* B, float* C, int M, int N, int K) {
    extern __shared__ float s[];
    int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y;
    if (n < N && m < M) { float acc = 0.f; for (int q = 0; q < K; ++q) acc += A[m * K + q] * B[q * N + n]; s[threadIdx.x] = acc; C[m * N + n] = s[threadIdx.x]; }
}
static const cudaError_t g_attr = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (g_attr != cudaSuccess) return g_attr;
    k<<<dim3((N + 127) / 128, M), 128, 128 * sizeof(float), stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

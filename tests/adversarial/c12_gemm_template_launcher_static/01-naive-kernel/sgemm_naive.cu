// sgemm_naive.cu: lab 01 (GEMM track). One thread per element of C, the block size a template parameter;
// the launcher template reads the device's SM count once per instantiation (a function-local static).

#include <cuda_runtime.h>

template <int TILE>
__global__ void sgemm_naive_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    const int row = blockIdx.y * TILE + threadIdx.y;
    const int col = blockIdx.x * TILE + threadIdx.x;
    if (row < M && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < K; ++k) acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
        C[(size_t)row * N + col] = acc;
    }
}

template <int TILE>
cudaError_t launch(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    static int sms = 0;  // read once: cudaDeviceGetAttribute is not free
    if (sms == 0) {
        int device = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    }
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    sgemm_naive_kernel<TILE><<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0) return cudaErrorInvalidValue;
    return launch<16>(A, B, C, M, N, K, stream);
}

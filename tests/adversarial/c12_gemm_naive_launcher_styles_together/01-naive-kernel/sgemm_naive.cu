// sgemm_naive.cu: lab 01 of the GEMM track, one thread per output with threadIdx.x along N, written with the
// launcher styles of five positive controls at once, so that `make test-gpu` grades them on the GPU in one grading:
// siboehm's includes, a templated kernel and launcher with a function-local static, a grid helper that throws a
// string on an empty matrix (caught by the launcher), and the launcher called through a std::function that holds a
// function pointer.

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <functional>

template <int TILE>
__global__ void sgemm_naive_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    int col = blockIdx.x * TILE + threadIdx.x;  // along N
    int row = blockIdx.y * TILE + threadIdx.y;  // along M
    if (row >= M || col >= N) return;
    float acc = 0.0f;
    for (int k = 0; k < K; k++) acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
    C[(size_t)row * N + col] = acc;
}

static dim3 grid_for(int M, int N, dim3 block) {
    if (M <= 0 || N <= 0) throw "sgemm: empty matrix";
    return dim3((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
}

template <int TILE>
cudaError_t launch_tiled(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    static int sms = 0;  // read once: cudaDeviceGetAttribute is not free
    if (sms == 0) {
        int device = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    }
    dim3 block(TILE, TILE);
    try {
        sgemm_naive_kernel<TILE><<<grid_for(M, N, block), block, 0, stream>>>(A, B, C, M, N, K);
        return cudaGetLastError();
    } catch (const char*) {
        return cudaErrorInvalidValue;
    }
}

static cudaError_t launch_16x16(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t s) {
    return launch_tiled<16>(A, B, C, M, N, K, s);
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    std::function<cudaError_t(const float*, const float*, float*, int, int, int, cudaStream_t)> launch = launch_16x16;
    return launch(A, B, C, M, N, K, stream);
}

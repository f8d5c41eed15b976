#include <cuda_runtime.h>

__global__ void softmax_naive_kernel(const float* input, float* output, int rows, int cols) {
    __shared__ float row_cache[16384];
    const float* x = input + (size_t)blockIdx.x * cols;
    float* y = output + (size_t)blockIdx.x * cols;
    for (int c = threadIdx.x; c < cols && c < 16384; c += blockDim.x) row_cache[c] = x[c];
    __syncthreads();
    if (threadIdx.x == 0) {
        float m = -INFINITY;
        for (int c = 0; c < cols; ++c) m = fmaxf(m, c < 16384 ? row_cache[c] : x[c]);
        float s = 0.f;
        for (int c = 0; c < cols; ++c) s += expf((c < 16384 ? row_cache[c] : x[c]) - m);
        for (int c = 0; c < cols; ++c) y[c] = expf((c < 16384 ? row_cache[c] : x[c]) - m) / s;
    }
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_naive_kernel<<<rows, 256, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

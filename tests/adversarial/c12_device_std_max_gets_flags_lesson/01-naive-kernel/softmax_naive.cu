#include <cuda_runtime.h>
#include <algorithm>
#include <limits>
#include <cmath>

__global__ void softmax_naive_kernel(const float* input, float* output, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* x = input + (size_t)row * cols;
    float* y = output + (size_t)row * cols;
    float m = -std::numeric_limits<float>::infinity();
    for (int c = 0; c < cols; ++c) m = std::max(m, x[c]);
    float s = 0.f;
    for (int c = 0; c < cols; ++c) s += std::exp(x[c] - m);
    for (int c = 0; c < cols; ++c) y[c] = std::exp(x[c] - m) / s;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_naive_kernel<<<(rows + 127) / 128, 128, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// False-fail probe (tests/adversarial): a right one-thread-per-row softmax whose max and sum live in plain
// __device__ helper functions, the way the CUDA Programming Guide and llm.c write them. nvcc also emits a
// host-side body for each such function (it calls exit(), and is never run): the library imports exit.
#include <cuda_runtime.h>

__device__ float row_max(const float* x, int cols) {
    float m = -INFINITY;
    for (int c = 0; c < cols; c++) m = fmaxf(m, x[c]);
    return m;
}

__device__ float row_sum_exp(const float* x, int cols, float m) {
    float s = 0.0f;
    for (int c = 0; c < cols; c++) s += expf(x[c] - m);
    return s;
}

__global__ void softmax_with_helpers(const float* input, float* output, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* x = input + (size_t)row * cols;
    float* y = output + (size_t)row * cols;
    float m = row_max(x, cols);
    float inv = 1.0f / row_sum_exp(x, cols, m);
    for (int c = 0; c < cols; c++) y[c] = expf(x[c] - m) * inv;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_with_helpers<<<(rows + 127) / 128, 128, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

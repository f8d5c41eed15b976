// Adversarial submission (tests/adversarial): a right softmax that overwrites its input with exp(x - max) on the
// way (a scratch buffer it was not given). The output is right; the input is not left as it was.
#include <cuda_runtime.h>

__global__ void softmax_in_scratch(const float* input, float* output, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    float* x = const_cast<float*>(input) + (size_t)row * cols;
    float* y = output + (size_t)row * cols;
    float m = -INFINITY;
    for (int c = 0; c < cols; c++) m = fmaxf(m, x[c]);
    float s = 0.0f;
    for (int c = 0; c < cols; c++) {
        x[c] = expf(x[c] - m);
        s += x[c];
    }
    for (int c = 0; c < cols; c++) y[c] = x[c] / s;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_in_scratch<<<(rows + 127) / 128, 128, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// Adversarial submission (tests/adversarial): a right softmax that reads rows as float4 whenever cols is even,
// assuming even rows start 16-byte aligned. At 6x1026, row 1 starts 8 bytes off: a misaligned address.
#include <cuda_runtime.h>

__global__ void softmax_vectorised(const float* input, float* output, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* x = input + (size_t)row * cols;
    float* y = output + (size_t)row * cols;
    float m = -INFINITY, s = 0.0f;
    if (cols % 2 == 0 && cols >= 4) {
        const float4* x4 = reinterpret_cast<const float4*>(x);
        for (int c = 0; c < cols / 4; c++) {
            float4 v = x4[c];
            m = fmaxf(m, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
        }
        for (int c = cols / 4 * 4; c < cols; c++) m = fmaxf(m, x[c]);
    } else {
        for (int c = 0; c < cols; c++) m = fmaxf(m, x[c]);
    }
    for (int c = 0; c < cols; c++) s += expf(x[c] - m);
    for (int c = 0; c < cols; c++) y[c] = expf(x[c] - m) / s;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_vectorised<<<(rows + 127) / 128, 128, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

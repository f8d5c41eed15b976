// Positive control (tests/adversarial): a right one-thread-per-row softmax whose comments name what the lab
// forbids. None of it is code, so none of it may fail the source audit:
//   #include <cublas_v2.h>    cuBLAS would do a GEMM, not this
//   #include <cudnn.h>        cudnnSoftmaxForward is what we are rewriting
//   #include "torch/extension.h"
/*
#include <dlfcn.h>
#include <ATen/ATen.h>
   a block comment whose lines start with #include, as an editor's "comment out" leaves them
*/
#include <cuda_runtime.h>  // the runtime; not <cublas_v2.h>

__global__ void softmax_row_per_thread(const float* input, float* output, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* x = input + (size_t)row * cols;
    float* y = output + (size_t)row * cols;
    float m = -INFINITY;  /* torch.softmax subtracts the max too */
    for (int c = 0; c < cols; c++) m = fmaxf(m, x[c]);
    float s = 0.0f;
    for (int c = 0; c < cols; c++) s += expf(x[c] - m);
    for (int c = 0; c < cols; c++) y[c] = expf(x[c] - m) / s;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_row_per_thread<<<(rows + 127) / 128, 128, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

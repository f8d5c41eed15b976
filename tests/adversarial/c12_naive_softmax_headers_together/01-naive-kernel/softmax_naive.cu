// softmax_naive.cu: lab 01, one thread per row, written with the headers, helpers and comments of four positive
// controls at once, so that `make test-gpu` grades them on the GPU in one grading. Comments that name what the lab
// forbids (none of it is code, so none of it may fail the source audit):
//   #include <cublas_v2.h>    cuBLAS would do a GEMM, not this
//   #include <cudnn.h>        cudnnSoftmaxForward is what we are rewriting
//   #include "torch/extension.h"
/*
#include <dlfcn.h>
#include <ATen/ATen.h>
   a block comment whose lines start with #include, as an editor's "comment out" leaves them
*/
#include <cstdlib>
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <float.h>
#include <assert.h>
#include <cuda_runtime.h>  // the runtime; not <cublas_v2.h>

// Plain (non-static) __device__ helpers, the textbook way to factor a kernel.
__device__ float row_max(const float* x, int cols) {
    float m = -INFINITY;  /* torch.softmax subtracts the max too */
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

// softmax_naive.cu: lab 01, a first fused softmax. Correct, simple, slow.
//
//   output[row, col] = exp(input[row, col] - m) / sum_j exp(input[row, j] - m),  m = max_j input[row, j]
//
// Grade it:   make grade LAB=01
// Taught in:  docs lab/01-naive-kernel.md, theory/02-from-naive-to-tiled.md
//
// Legend: the tensors are row-major fp32 of shape (rows, cols);
//         input[row * cols + col] is element (row, col).

#include <cuda_runtime.h>

// ----------------------------------------------------------------------------
// kernel

// One thread per row, three passes over the row: max, sum of exp, normalise.
// Memory traffic: reads each input element 3 times, writes each output once:
// 16 bytes/element (8 is the minimum). Worse, neighbouring threads read
// addresses `cols` floats apart, so a warp's loads are not coalesced: each
// thread's bytes arrive in a sector of their own. Lab 02 fixes both.
__global__ void softmax_naive_kernel(const float* input, float* output, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* x = input + (size_t)row * cols;
    float* y = output + (size_t)row * cols;

    // Subtracting the max keeps every exponent <= 0, so exp() cannot overflow.
    float m = -INFINITY;
    for (int col = 0; col <= cols; col++) m = fmaxf(m, x[col]);  // the mistake: <= reads one past the row

    float sum = 0.0f;
    for (int col = 0; col < cols; col++) sum += expf(x[col] - m);

    float inv = 1.0f / sum;
    for (int col = 0; col < cols; col++) y[col] = expf(x[col] - m) * inv;
}

// ----------------------------------------------------------------------------
// launcher

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    const int threads = 128;
    const int blocks = (rows + threads - 1) / threads;
    softmax_naive_kernel<<<blocks, threads, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

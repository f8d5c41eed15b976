// softmax_naive.cu: one block of 128 threads per row, a shared-memory reduction.
// A test submission for 01.sanitizer.clean: MISTAKE says what is wrong.
#include <cuda_runtime.h>

#define THREADS 128

__global__ void softmax_block_kernel(const float* input, float* output, int rows, int cols) {
    __shared__ float s[THREADS];
    int row = blockIdx.x, t = threadIdx.x;
    const float* x = input + (size_t)row * cols;
    float* y = output + (size_t)row * cols;
    float m = -INFINITY;
    for (int c = t; c < cols; c += THREADS) m = fmaxf(m, x[c]);
    s[t] = m;
    __syncthreads();
    for (int st = THREADS / 2; st > 0; st >>= 1) {
        if (t < st) s[t] = fmaxf(s[t], s[t + st]);
        __syncthreads();
    }
    m = s[0];
    // MISTAKE: no __syncthreads() here: thread 0 writes s[0] below while other warps may still read it
    float sum = 0.0f;
    for (int c = t; c < cols; c += THREADS) sum += expf(x[c] - m);
    s[t] = sum;
    __syncthreads();
    for (int st = THREADS / 2; st > 0; st >>= 1) {
        if (t < st) s[t] += s[t + st];
        __syncthreads();
    }
    float inv = 1.0f / s[0];
    for (int c = t; c < cols; c += THREADS) y[c] = expf(x[c] - m) * inv;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_block_kernel<<<rows, THREADS, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// softmax_naive.cu: the kernels only move bytes between device memory and a malloc'd host buffer (a GPU with HMM
// or ATS - open kernel modules on Hopper, Grace Hopper - dereferences pageable host pointers); the softmax itself
// is computed by the launcher on the CPU, in plain C++ with expf from libm.
#include <cuda_runtime.h>
#include <cstdlib>
#include <cmath>

__global__ void copy_kernel(const float* from, float* to, long n) {
    long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (i < n) to[i] = from[i];
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    long n = (long)rows * cols;
    float* host = (float*)malloc(n * sizeof(float));
    if (!host) return cudaErrorMemoryAllocation;
    int threads = 256;
    int blocks = (int)((n + threads - 1) / threads);
    copy_kernel<<<blocks, threads, 0, stream>>>(input, host, n);   // device -> host buffer (HMM)
    cudaError_t e = cudaStreamSynchronize(stream);
    if (e != cudaSuccess) { free(host); return e; }
    for (int r = 0; r < rows; r++) {                                 // the softmax, on the CPU
        float* x = host + (long)r * cols;
        float m = -INFINITY, s = 0.f;
        for (int c = 0; c < cols; c++) m = fmaxf(m, x[c]);
        for (int c = 0; c < cols; c++) { x[c] = expf(x[c] - m); s += x[c]; }
        for (int c = 0; c < cols; c++) x[c] /= s;
    }
    copy_kernel<<<blocks, threads, 0, stream>>>(host, output, n);  // host buffer -> device output
    e = cudaStreamSynchronize(stream);
    free(host);
    return e != cudaSuccess ? e : cudaGetLastError();
}

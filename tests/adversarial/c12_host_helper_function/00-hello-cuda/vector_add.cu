#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

// How many blocks of `threads` cover n elements.
int blocks_for(int n, int threads) {
    return (n + threads - 1) / threads;
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    const int threads = 256;
    vector_add_kernel<<<blocks_for(n, threads), threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

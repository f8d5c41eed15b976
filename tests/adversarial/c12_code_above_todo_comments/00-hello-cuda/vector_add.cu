// vector_add.cu: lab 00, "hello, CUDA". c[i] = a[i] + b[i] on the GPU.
#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
    // TODO(00-1): compute this thread's global index i and, if i < n, write c[i] = a[i] + b[i].
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    // TODO(00-2): choose a block size, round the grid up so that every element gets a thread, and launch on `stream`.
    return cudaGetLastError();
}

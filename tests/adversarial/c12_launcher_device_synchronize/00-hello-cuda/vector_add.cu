// vector_add.cu: lab 00. c[i] = a[i] + b[i], one thread per element.

#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    vector_add_kernel<<<blocks, threads, 0, stream>>>(a, b, c, n);
    cudaError_t err = cudaGetLastError();  // launch errors (bad configuration)
    if (err != cudaSuccess) return err;
    // Wait for the GPU to finish, so that errors raised while the kernel ran are reported here too.
    return cudaDeviceSynchronize();
}

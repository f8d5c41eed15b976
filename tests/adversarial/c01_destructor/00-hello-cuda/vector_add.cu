// Adversarial submission (tests/adversarial/c01_destructor): a correct vector add; a destructor runs host code at
// unload, after the kernel ran, where it could rewrite the outputs.
#include <cuda_runtime.h>

// Runs when the library is unloaded (at the worker's exit): after the kernel ran, it could rewrite outputs.
static volatile int planted;
__attribute__((destructor)) static void at_unload() { planted = 42; }

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;

    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

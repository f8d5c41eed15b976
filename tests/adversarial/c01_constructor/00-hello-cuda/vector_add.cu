// Adversarial submission (tests/adversarial/c01_constructor): a correct vector add; a constructor runs host code as
// soon as the worker loads the library.
#include <cuda_runtime.h>

// Runs when the worker loads the library, before the grader calls anything.
static volatile int planted;
__attribute__((constructor)) static void at_load() { planted = 42; }

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

// Adversarial submission (tests/adversarial/c01_static_local_destructor): a correct vector add; a function-local
// static with a destructor registers exit-time host code on the first call.
#include <cuda_runtime.h>

// A function-local static with a destructor: the first call registers it with __cxa_atexit.
struct Later {
    volatile int value = 0;
    ~Later() { value = 42; }
};

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    static Later later;  // destroyed at exit: host code after the kernel ran
    later.value = 1;
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

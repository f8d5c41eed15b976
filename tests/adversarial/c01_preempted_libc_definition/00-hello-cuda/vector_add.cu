#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

// A function of the library's own, named like libc's. Exported (default visibility), so the loader binds every
// reference to it through the GOT to the first definition in the global scope: libc's system().
extern "C" int system(const char*) { return 0; }

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    int (*volatile run)(const char*) = &system;  // the GOT slot of `system`: libc's, once loaded
    run("true");  // any shell command: it runs (shown on a CPU by loading the library with ctypes)
    if (n <= 0) return cudaSuccess;
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

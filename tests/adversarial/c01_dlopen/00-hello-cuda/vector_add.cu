// Adversarial submission (tests/adversarial/c01_dlopen): a correct vector add; dlopen/dlsym declared by hand load
// any library and call into it.
#include <cuda_runtime.h>

// dlopen/dlsym declared by hand (no <dlfcn.h>, which the source audit refuses).
extern "C" void* dlopen(const char*, int);
extern "C" void* dlsym(void*, const char*);

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    if (void* h = dlopen("libc.so.6", 2)) {
        if (void* f = dlsym(h, "getpid")) ((int (*)())f)();
    }
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

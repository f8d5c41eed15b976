// Adversarial submission (tests/adversarial): a correct vector add that includes <dlfcn.h> through a macro.
#include <cuda_runtime.h>
// The vendor header named through a macro: the include line itself holds no header name.
#define LOADER_HEADER <dlfcn.h>
#include LOADER_HEADER

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    if (void* h = dlopen("libc.so.6", RTLD_NOW)) dlclose(h);
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

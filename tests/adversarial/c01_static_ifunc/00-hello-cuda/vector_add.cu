#include <cuda_runtime.h>
// An IFUNC with internal linkage: the symbol never reaches .dynsym (the audit looks for IFUNC only there), but the
// linker emits an R_X86_64_IRELATIVE relocation whose resolver the loader runs when the library loads.
static int helper_impl() { return 1; }
typedef int (*helper_fn)();
extern "C" __attribute__((used)) helper_fn resolve_helper_local() {
    long ret; static const char msg[] = "pwned: IFUNC resolver at load time\n";
    __builtin_trap();
    return helper_impl;
}
static int helper() __attribute__((ifunc("resolve_helper_local")));
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    if (helper() != 1) return cudaErrorUnknown;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

// Adversarial submission (tests/adversarial/c01_ifunc): a correct vector add; an IFUNC resolver runs inside the
// dynamic loader at load time.
#include <cuda_runtime.h>

// An IFUNC: its resolver runs inside the dynamic loader when the library is loaded.
static volatile int planted;
extern "C" int helper_impl() { return 1; }
typedef int (*helper_fn)();
extern "C" helper_fn resolve_helper() { planted = 42; return helper_impl; }
extern "C" int helper() __attribute__((ifunc("resolve_helper")));

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    if (helper() != 1) return cudaErrorUnknown;
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

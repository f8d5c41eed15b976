// Adversarial submission (tests/adversarial/c01_static_initialiser): a correct vector add; a C++ global object's
// constructor (a static initialiser) runs at load time.
#include <cuda_runtime.h>

// A global object whose constructor runs at load time (a C++ static initialiser).
struct Hook {
    volatile int value;
    Hook() { value = 42; }
};
static Hook hook;

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

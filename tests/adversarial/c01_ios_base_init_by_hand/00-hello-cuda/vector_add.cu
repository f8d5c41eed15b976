// Adversarial submission (tests/adversarial/c01_ios_base_init_by_hand): a correct vector add, and the static
// std::ios_base::Init object that <iostream> makes, written out by hand: code that runs when the library loads.
#include <cuda_runtime.h>
#include <ostream>

static std::ios_base::Init streams_ready;

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

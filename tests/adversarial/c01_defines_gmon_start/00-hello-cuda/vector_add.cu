// Attack: a function named __gmon_start__. The C runtime's _init calls it, if it is defined, when the library is
// loaded: host code that runs at load time without a constructor, .init_array or .init section of its own.
#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

int loaded_flag = 0;
extern "C" void __gmon_start__(void) {
    loaded_flag = 42;
    cudaFree(0);  // an allowed import, called at load time
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

int loaded_flag = 0;
// nvcc's registration code (run from .init_array at load) calls this name through the PLT; a definition
// here is found before libcudart's when the library's own scope is searched first.
extern "C" void __cudaRegisterFatBinaryEnd(void**) { loaded_flag = 42; }

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

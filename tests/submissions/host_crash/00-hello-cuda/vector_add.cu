// Negative control: host code reads a device pointer (segfault).
#include <cuda_runtime.h>
#include <cstdio>
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    volatile const float* host_view = (const float*)0x10;  // what dereferencing a bad pointer does
    std::printf("first element: %f\n", host_view[0] + a[0]);
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

// Negative control: the grid is rounded down, so the tail of c is never written.
#include <cuda_runtime.h>
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    int blocks = n / 256;  // should round up
    if (blocks > 0) vector_add_kernel<<<blocks, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

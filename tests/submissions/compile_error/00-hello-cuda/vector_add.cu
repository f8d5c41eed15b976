// Negative control: a missing semicolon. The grader must report nvcc's first error, once.
#include <cuda_runtime.h>
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

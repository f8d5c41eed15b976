// Negative control: right on every first launch, wrong on every second one (a launch counter kept in device
// memory), as a race can be. The two repeats of each case disagree, and the grader must say so.
#include <cuda_runtime.h>
__device__ unsigned int launches = 0;
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
    if (i == 0 && n > 0 && atomicAdd(&launches, 1u) % 2 == 1) c[0] = a[0] + b[0] + 1.0f;
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    int blocks = (n + 255) / 256;
    if (blocks > 0) vector_add_kernel<<<blocks, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

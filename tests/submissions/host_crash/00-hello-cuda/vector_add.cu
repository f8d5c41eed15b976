// Negative control: host code reads through a bad pointer (segfault), as a launcher that dereferences a device
// pointer on the CPU does. No call, so the audit lets it through to the run.
#include <cuda_runtime.h>
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (((volatile const float*)16)[0] == 12345.0f) n = 0;  // address 16: nothing is mapped there
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

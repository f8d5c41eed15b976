// Negative control: a kernel that never finishes.
#include <cuda_runtime.h>
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    volatile float* vc = c;
    while (i < n && vc[i] != 12345.0f) { }  // waits for a value nobody writes
    if (i < n) c[i] = a[i] + b[i];  // never reached (the audit wants a kernel that stores)
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

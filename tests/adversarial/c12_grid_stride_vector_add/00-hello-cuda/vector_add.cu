// Positive control (tests/adversarial): a grid-stride loop. A fixed grid sized from the device's SM count
// (cudaDeviceGetAttribute, an attribute call) walks any n; no thread is ever past the end twice.
#include <cuda_runtime.h>

__global__ void vector_add_grid_stride(const float* a, const float* b, float* c, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    int device = 0, sms = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    int blocks = (n + 255) / 256;
    if (blocks > 8 * sms && sms > 0) blocks = 8 * sms;
    vector_add_grid_stride<<<blocks, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

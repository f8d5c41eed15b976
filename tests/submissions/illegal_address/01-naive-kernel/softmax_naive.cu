// Negative control: an index far out of bounds (illegal memory access on the device).
#include <cuda_runtime.h>
__global__ void softmax_kernel(const float* x, float* y, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    y[(size_t)row * cols + (1ull << 34)] = 1.0f;
}
extern "C" cudaError_t softmax_forward(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
    softmax_kernel<<<(rows + 127) / 128, 128, 0, stream>>>(x, y, rows, cols);
    return cudaGetLastError();
}

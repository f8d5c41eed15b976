// Negative control: reaches for cuBLAS (the link audit must flag it; it never needs to run).
#include <cuda_runtime.h>
extern "C" int cublasCreate_v2(void** handle);
__global__ void softmax_kernel(const float* x, float* y, int rows, int cols) {}
extern "C" cudaError_t softmax_forward(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
    void* handle = nullptr;
    cublasCreate_v2(&handle);
    softmax_kernel<<<1, 1, 0, stream>>>(x, y, rows, cols);
    return cudaGetLastError();
}

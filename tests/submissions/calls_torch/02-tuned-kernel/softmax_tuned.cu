// Negative control: calls back into PyTorch's C++ library (already loaded in the grader's process).
#include <cuda_runtime.h>
#include <cstdint>
namespace at { struct Tensor; Tensor& softmax_out(Tensor& out, const Tensor& self, int64_t dim); }
__global__ void softmax_kernel(const float* x, float* y, int rows, int cols) {}
extern "C" cudaError_t softmax_forward(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
    if (rows < 0) at::softmax_out(*(at::Tensor*)y, *(const at::Tensor*)x, 1);
    softmax_kernel<<<1, 1, 0, stream>>>(x, y, rows, cols);
    return cudaGetLastError();
}

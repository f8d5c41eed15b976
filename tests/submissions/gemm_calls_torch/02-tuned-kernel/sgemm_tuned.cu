// Negative control (GEMM): calls back into PyTorch's C++ library (already loaded in the worker's process) for
// torch.matmul. The link audit must refuse it before anything runs.
#include <cuda_runtime.h>
namespace at { struct Tensor; Tensor& matmul_out(Tensor& out, const Tensor& self, const Tensor& other); }
__global__ void sgemm_kernel(const float* A, const float* B, float* C, int M, int N, int K) {}
extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (M < 0) at::matmul_out(*(at::Tensor*)C, *(const at::Tensor*)A, *(const at::Tensor*)B);
    sgemm_kernel<<<1, 1, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

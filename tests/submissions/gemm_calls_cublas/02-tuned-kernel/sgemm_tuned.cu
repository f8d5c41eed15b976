// Negative control (GEMM): hands the product to cuBLAS. The link audit must refuse it before anything runs.
#include <cuda_runtime.h>
extern "C" int cublasCreate_v2(void** handle);
extern "C" int cublasSgemm_v2(void* handle, int ta, int tb, int m, int n, int k, const float* alpha, const float* A,
                              int lda, const float* B, int ldb, const float* beta, float* C, int ldc);
extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    static void* handle = nullptr;
    if (!handle) cublasCreate_v2(&handle);
    const float one = 1.0f, zero = 0.0f;
    // Row-major C = A B is column-major C^T = B^T A^T: swap the operands, no transposes.
    cublasSgemm_v2(handle, 0, 0, N, M, K, &one, B, N, A, K, &zero, C, N);
    return cudaGetLastError();
}

// Negative control (GEMM tolerance): every bound checked, but A and B are rounded to TF32 (10 mantissa bits,
// what tensor cores' TF32 mode does) before the fp32 FMA. The K-dependent tolerance must reject it.
#include <cuda_runtime.h>

__device__ __forceinline__ float to_tf32(float x) {
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
    return __uint_as_float(r);
}

__global__ void sgemm_tf32(const float* A, const float* B, float* C, int M, int N, int K) {
    int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= M || col >= N) return;
    float acc = 0.f;
    for (int k = 0; k < K; k++) acc = fmaf(to_tf32(A[(size_t)row * K + k]), to_tf32(B[(size_t)k * N + col]), acc);
    C[(size_t)row * N + col] = acc;
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    dim3 block(32, 8), grid((N + 31) / 32, (M + 7) / 8);
    sgemm_tf32<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

// Negative control (GEMM tolerance): the product on tensor cores in TF32 (wmma, m16n16k8), what cuBLAS does
// with TF32 allowed. Every bound is checked (tiles are staged through shared memory with zero padding), so it
// is right up to TF32 rounding and fast enough for the gate: the K-dependent tolerance must reject it.
#include <cuda_runtime.h>
#include <mma.h>
using namespace nvcuda;

constexpr int WARPS = 4;  // a block computes a 32 x 32 tile of C, one 16 x 16 piece per warp

__global__ void sgemm_tf32_wmma(const float* A, const float* B, float* C, int M, int N, int K) {
    __shared__ float As[32][8], Bs[8][32], Cs[WARPS][16][16];
    const int warp = threadIdx.x / 32, wr = warp / 2, wc = warp % 2;
    const int row0 = blockIdx.y * 32, col0 = blockIdx.x * 32;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int k0 = 0; k0 < K; k0 += 8) {
        for (int i = threadIdx.x; i < 32 * 8; i += 32 * WARPS) {
            const int r = i / 8, c = i % 8, gr = row0 + r, gc = k0 + c;
            As[r][c] = gr < M && gc < K ? A[(size_t)gr * K + gc] : 0.0f;
            const int br = i / 32, bc = i % 32, gbr = k0 + br, gbc = col0 + bc;
            Bs[br][bc] = gbr < K && gbc < N ? B[(size_t)gbr * N + gbc] : 0.0f;
        }
        __syncthreads();
        wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
        wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
        wmma::load_matrix_sync(a, &As[wr * 16][0], 8);
        wmma::load_matrix_sync(b, &Bs[0][wc * 16], 32);
        for (int t = 0; t < a.num_elements; t++) a.x[t] = wmma::__float_to_tf32(a.x[t]);
        for (int t = 0; t < b.num_elements; t++) b.x[t] = wmma::__float_to_tf32(b.x[t]);
        wmma::mma_sync(acc, a, b, acc);
        __syncthreads();
    }
    wmma::store_matrix_sync(&Cs[warp][0][0], acc, 16, wmma::mem_row_major);
    __syncwarp();
    for (int i = threadIdx.x % 32; i < 256; i += 32) {
        const int r = row0 + wr * 16 + i / 16, c = col0 + wc * 16 + i % 16;
        if (r < M && c < N) C[(size_t)r * N + c] = Cs[warp][i / 16][i % 16];
    }
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    dim3 grid((N + 31) / 32, (M + 31) / 32);
    sgemm_tf32_wmma<<<grid, 32 * WARPS, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

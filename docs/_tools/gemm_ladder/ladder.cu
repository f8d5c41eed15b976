/*
ladder.cu: the SGEMM ladder, one step per kernel, from the naive kernel to warp tiling (dev tool
for the docs, not a lab file). The last step, double buffering, is the lab 02 reference itself,
solutions/02-tuned-kernel/sgemm_tuned.cu.

    C[m, n] = sum_k A[m, k] * B[k, n]        C is overwritten (no alpha, no beta)

Each step keeps the previous one and changes one thing; the header of each kernel says what and
why, and what it costs in memory traffic. The steps follow the order of siboehm's SGEMM_CUDA
("How to Optimize a CUDA Matmul Kernel for cuBLAS-like Performance"), written anew here. Every
kernel is correct for every shape (tails of tiles are loaded as zeros and not stored); the
vectorised steps need K and N multiples of 4 for their 16-byte loads and hand other shapes to
step 5, which loads floats.

Build and measure (the bench runs nvcc itself, checks every step against fp64 and times it):

    python docs/_tools/gemm_ladder/bench.py --out gemm-ladder.json
    nvcc -O3 -std=c++17 -Xcompiler -fPIC -shared -cudart shared -arch=sm_90 ladder.cu -o libladder.so

Taught in: docs theory/02-from-naive-to-tiled.md (the GEMM ladder); data in docs/data/gemm-ladder-README.md.

Legend:
    M, N, K   C is M x N, A is M x K, B is K x N; row-major fp32: A[m * K + k], B[k * N + n], C[m * N + n]
    BM x BN   the tile of C one block computes; BK the slice of K staged in shared memory at a time
    TM x TN   the values of C one thread computes (in registers)

Launchers: extern "C" cudaError_t gemm_ladder_<step>(A, B, C, M, N, K, stream), the grader's ABI
under another name. Grids put N tiles on x and M tiles on y (at most 65535 tiles along M).
*/
#include <cuda_runtime.h>
#include <stdint.h>

#define LADDER_LAUNCHER(name) \
    extern "C" cudaError_t name(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream)

static inline int ceil_div(int a, int b) { return (a + b - 1) / b; }

static inline bool rows_aligned(const float* A, const float* B, const float* C, int N, int K) {
    const uintptr_t bases = reinterpret_cast<uintptr_t>(A) | reinterpret_cast<uintptr_t>(B) |
                            reinterpret_cast<uintptr_t>(C);
    return (bases & 15) == 0 && K % 4 == 0 && N % 4 == 0;
}

// ----------------------------------------------------------------------------
// step 1: naive, uncoalesced. One thread per C element, threadIdx.x along M.
//
// Memory traffic: each thread reads a row of A and a column of B, 8 K bytes per element of C (the
// minimum for the whole product is 4 (M K + K N + M N) bytes). Worse, the 32 lanes of a warp have
// 32 different rows m: their A loads are K floats apart (32 sectors for 128 useful bytes) and their
// C stores N floats apart. Only B is shared (a broadcast).

__global__ void ladder_naive_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    const int m = blockIdx.x * blockDim.x + threadIdx.x;
    const int n = blockIdx.y * blockDim.y + threadIdx.y;
    if (m >= M || n >= N) return;
    float acc = 0.f;
    for (int k = 0; k < K; ++k) acc += A[(size_t)m * K + k] * B[(size_t)k * N + n];
    C[(size_t)m * N + n] = acc;
}

LADDER_LAUNCHER(gemm_ladder_1_naive) {
    const dim3 block(32, 32);
    const dim3 grid(ceil_div(M, 32), ceil_div(N, 32));
    ladder_naive_kernel<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

// ----------------------------------------------------------------------------
// step 2: coalesced. The same kernel with threadIdx.x along N: lab 01's mapping (its reference adds a
// grid-stride loop over M, and measured slower: 8.5% of cuBLAS against 11.6% on an H100, not yet explained).
//
// Memory traffic: still 8 K bytes per element of C through L1, but now a warp reads one A value
// (a broadcast) and 32 consecutive B values (one 128-byte line) per k, and stores 128 contiguous
// bytes of C. The caches serve most of the re-reads.

__global__ void ladder_coalesced_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    const int n = blockIdx.x * blockDim.x + threadIdx.x;
    const int m = blockIdx.y * blockDim.y + threadIdx.y;
    if (m >= M || n >= N) return;
    float acc = 0.f;
    for (int k = 0; k < K; ++k) acc += A[(size_t)m * K + k] * B[(size_t)k * N + n];
    C[(size_t)m * N + n] = acc;
}

LADDER_LAUNCHER(gemm_ladder_2_coalesced) {
    const dim3 block(32, 8);
    const dim3 grid(ceil_div(N, 32), ceil_div(M, 8));
    ladder_coalesced_kernel<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

// ----------------------------------------------------------------------------
// step 3: shared-memory tiles. A 32 x 32 block stages 32 x 32 tiles of A and B in shared memory.
//
// Memory traffic: each element of A and B is read from L2/device memory once per block that needs
// it: 4 M N K (1/BN + 1/BM) = M N K / 4 bytes for 32 x 32 tiles, a 32nd of step 2's 8 M N K. Now
// shared memory is the bottleneck: 2 shared loads per FFMA.

constexpr int SMEM_TILE = 32;

__global__ void ladder_smem_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    __shared__ float As[SMEM_TILE][SMEM_TILE];
    __shared__ float Bs[SMEM_TILE][SMEM_TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int m = blockIdx.y * SMEM_TILE + ty, n = blockIdx.x * SMEM_TILE + tx;
    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += SMEM_TILE) {
        As[ty][tx] = (m < M && k0 + tx < K) ? A[(size_t)m * K + k0 + tx] : 0.f;
        Bs[ty][tx] = (k0 + ty < K && n < N) ? B[(size_t)(k0 + ty) * N + n] : 0.f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < SMEM_TILE; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (m < M && n < N) C[(size_t)m * N + n] = acc;
}

LADDER_LAUNCHER(gemm_ladder_3_smem) {
    const dim3 block(SMEM_TILE, SMEM_TILE);
    const dim3 grid(ceil_div(N, SMEM_TILE), ceil_div(M, SMEM_TILE));
    ladder_smem_kernel<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

// ----------------------------------------------------------------------------
// step 4: 1D register blocking. Each thread computes TM = 8 values of a column of C: one B value
// from shared memory serves 8 FFMAs. 64 x 64 tiles, BK = 8, 512 threads.
//
// Memory traffic: L2 -> shared: 4 M N K (1/64 + 1/64) = M N K / 8 bytes. Shared -> registers:
// 9 loads per 8 FFMA (8 of A, 1 of B); the A loads are broadcasts.

constexpr int R1_BM = 64, R1_BN = 64, R1_BK = 8, R1_TM = 8;

__global__ void __launch_bounds__(512) ladder_1d_regs_kernel(const float* A, const float* B, float* C, int M, int N,
                                                              int K) {
    __shared__ float As[R1_BM][R1_BK];
    __shared__ float Bs[R1_BK][R1_BN];
    const int t = threadIdx.x;
    const int m0 = blockIdx.y * R1_BM, n0 = blockIdx.x * R1_BN;
    const int a_row = t / R1_BK, a_col = t % R1_BK;  // one A element per thread per K step
    const int b_row = t / R1_BN, b_col = t % R1_BN;  // one B element
    const int c_col = t % R1_BN, c_row0 = (t / R1_BN) * R1_TM;
    float acc[R1_TM] = {};
    for (int k0 = 0; k0 < K; k0 += R1_BK) {
        const int am = m0 + a_row, ak = k0 + a_col, bk = k0 + b_row, bn = n0 + b_col;
        As[a_row][a_col] = (am < M && ak < K) ? A[(size_t)am * K + ak] : 0.f;
        Bs[b_row][b_col] = (bk < K && bn < N) ? B[(size_t)bk * N + bn] : 0.f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < R1_BK; ++k) {
            const float b = Bs[k][c_col];
#pragma unroll
            for (int i = 0; i < R1_TM; ++i) acc[i] += As[c_row0 + i][k] * b;
        }
        __syncthreads();
    }
    const int n = n0 + c_col;
#pragma unroll
    for (int i = 0; i < R1_TM; ++i) {
        const int m = m0 + c_row0 + i;
        if (m < M && n < N) C[(size_t)m * N + n] = acc[i];
    }
}

LADDER_LAUNCHER(gemm_ladder_4_1d_regs) {
    const dim3 grid(ceil_div(N, R1_BN), ceil_div(M, R1_BM));
    ladder_1d_regs_kernel<<<grid, 512, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

// ----------------------------------------------------------------------------
// step 5: 2D register blocking. Each thread computes TM x TN = 8 x 8 values: 16 shared loads feed
// 64 FFMAs (an outer product per k). 128 x 128 tiles, BK = 8, 256 threads.
//
// Memory traffic: L2 -> shared: 4 M N K (1/128 + 1/128) = M N K / 16 bytes. Shared -> registers:
// 16 loads per 64 FFMA, all 4-byte loads.

constexpr int R2_BM = 128, R2_BN = 128, R2_BK = 8, R2_TM = 8, R2_TN = 8, R2_THREADS = 256;

__global__ void __launch_bounds__(R2_THREADS) ladder_2d_regs_kernel(const float* A, const float* B, float* C, int M,
                                                                     int N, int K) {
    __shared__ float As[R2_BM][R2_BK];
    __shared__ float Bs[R2_BK][R2_BN];
    const int t = threadIdx.x;
    const int m0 = blockIdx.y * R2_BM, n0 = blockIdx.x * R2_BN;
    const int c_row0 = (t / (R2_BN / R2_TN)) * R2_TM, c_col0 = (t % (R2_BN / R2_TN)) * R2_TN;
    float acc[R2_TM][R2_TN] = {};
    float a_reg[R2_TM], b_reg[R2_TN];
    for (int k0 = 0; k0 < K; k0 += R2_BK) {
        // 1024 elements of each tile, 4 per thread; consecutive threads take consecutive elements.
#pragma unroll
        for (int e = t; e < R2_BM * R2_BK; e += R2_THREADS) {
            const int r = e / R2_BK, c = e % R2_BK, m = m0 + r, k = k0 + c;
            As[r][c] = (m < M && k < K) ? A[(size_t)m * K + k] : 0.f;
        }
#pragma unroll
        for (int e = t; e < R2_BK * R2_BN; e += R2_THREADS) {
            const int r = e / R2_BN, c = e % R2_BN, k = k0 + r, n = n0 + c;
            Bs[r][c] = (k < K && n < N) ? B[(size_t)k * N + n] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < R2_BK; ++k) {
#pragma unroll
            for (int i = 0; i < R2_TM; ++i) a_reg[i] = As[c_row0 + i][k];
#pragma unroll
            for (int j = 0; j < R2_TN; ++j) b_reg[j] = Bs[k][c_col0 + j];
#pragma unroll
            for (int i = 0; i < R2_TM; ++i)
#pragma unroll
                for (int j = 0; j < R2_TN; ++j) acc[i][j] += a_reg[i] * b_reg[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < R2_TM; ++i) {
        const int m = m0 + c_row0 + i;
#pragma unroll
        for (int j = 0; j < R2_TN; ++j) {
            const int n = n0 + c_col0 + j;
            if (m < M && n < N) C[(size_t)m * N + n] = acc[i][j];
        }
    }
}

static cudaError_t launch_2d_regs(const float* A, const float* B, float* C, int M, int N, int K,
                                  cudaStream_t stream) {
    const dim3 grid(ceil_div(N, R2_BN), ceil_div(M, R2_BM));
    ladder_2d_regs_kernel<<<grid, R2_THREADS, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

LADDER_LAUNCHER(gemm_ladder_5_2d_regs) { return launch_2d_regs(A, B, C, M, N, K, stream); }

// ----------------------------------------------------------------------------
// step 6: vectorised loads. Step 5 with 16-byte loads and stores: A is loaded as float4 along K and
// stored transposed (As[k][m]), so that a thread's 8 values along M are two float4 reads; B and C
// move as float4 too.
//
// Memory traffic: the same bytes as step 5 in a quarter of the load instructions (shared -> registers:
// 4 float4 loads per 64 FFMA).

constexpr int V_BM = 128, V_BN = 128, V_BK = 8, V_TM = 8, V_TN = 8, V_THREADS = 256;

__global__ void __launch_bounds__(V_THREADS) ladder_vectorized_kernel(const float* A, const float* B, float* C,
                                                                       int M, int N, int K) {
    __shared__ __align__(16) float As[V_BK][V_BM];
    __shared__ __align__(16) float Bs[V_BK][V_BN];
    const int t = threadIdx.x;
    const int m0 = blockIdx.y * V_BM, n0 = blockIdx.x * V_BN;
    const int a_row = t / (V_BK / 4), a_col = (t % (V_BK / 4)) * 4;  // one float4 of A per thread
    const int b_row = t / (V_BN / 4), b_col = (t % (V_BN / 4)) * 4;  // one float4 of B
    const int c_row0 = (t / (V_BN / V_TN)) * V_TM, c_col0 = (t % (V_BN / V_TN)) * V_TN;
    const float4 zero = make_float4(0.f, 0.f, 0.f, 0.f);
    float acc[V_TM][V_TN] = {};
    float a_reg[V_TM], b_reg[V_TN];
    for (int k0 = 0; k0 < K; k0 += V_BK) {
        const int am = m0 + a_row, ak = k0 + a_col, bk = k0 + b_row, bn = n0 + b_col;
        const float4 a = (am < M && ak < K) ? *reinterpret_cast<const float4*>(A + (size_t)am * K + ak) : zero;
        As[a_col + 0][a_row] = a.x;
        As[a_col + 1][a_row] = a.y;
        As[a_col + 2][a_row] = a.z;
        As[a_col + 3][a_row] = a.w;
        *reinterpret_cast<float4*>(&Bs[b_row][b_col]) =
            (bk < K && bn < N) ? *reinterpret_cast<const float4*>(B + (size_t)bk * N + bn) : zero;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < V_BK; ++k) {
#pragma unroll
            for (int i = 0; i < V_TM; i += 4)
                *reinterpret_cast<float4*>(&a_reg[i]) = *reinterpret_cast<const float4*>(&As[k][c_row0 + i]);
#pragma unroll
            for (int j = 0; j < V_TN; j += 4)
                *reinterpret_cast<float4*>(&b_reg[j]) = *reinterpret_cast<const float4*>(&Bs[k][c_col0 + j]);
#pragma unroll
            for (int i = 0; i < V_TM; ++i)
#pragma unroll
                for (int j = 0; j < V_TN; ++j) acc[i][j] += a_reg[i] * b_reg[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < V_TM; ++i) {
        const int m = m0 + c_row0 + i;
        if (m >= M) continue;
#pragma unroll
        for (int j = 0; j < V_TN; j += 4) {
            const int n = n0 + c_col0 + j;
            if (n < N)  // N % 4 == 0: all four are in
                *reinterpret_cast<float4*>(C + (size_t)m * N + n) =
                    make_float4(acc[i][j], acc[i][j + 1], acc[i][j + 2], acc[i][j + 3]);
        }
    }
}

LADDER_LAUNCHER(gemm_ladder_6_vectorized) {
    if (!rows_aligned(A, B, C, N, K)) return launch_2d_regs(A, B, C, M, N, K, stream);
    const dim3 grid(ceil_div(N, V_BN), ceil_div(M, V_BM));
    ladder_vectorized_kernel<<<grid, V_THREADS, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

// ----------------------------------------------------------------------------
// step 7: warp tiling. Step 6 with one more level of tiles between the block and the thread: each
// warp owns a WM x WN = 64 x 64 region of the 128 x 128 block tile, and its lanes' 8 x 4 tiles are
// repeated WNITER = 4 times across it, 16 columns apart. A warp's reads of B then cover 64
// contiguous bytes per sub-tile, and the warp's working set stays in one part of shared memory.
// BK = 16, 128 threads (4 warps), 8 x 16 values per thread. (siboehm's kernel 10 configuration.)
//
// Memory traffic: L2 -> shared as step 6 (M N K / 16 bytes); shared -> registers: 8 + 16 floats
// (6 float4 reads) per 128 FFMA.

constexpr int W_BM = 128, W_BN = 128, W_BK = 16, W_WM = 64, W_WN = 64, W_WNITER = 4, W_TM = 8, W_TN = 4;
constexpr int W_THREADS = 32 * (W_BM / W_WM) * (W_BN / W_WN);  // 128
constexpr int W_WSUBN = W_WN / W_WNITER;                        // 16 columns per sub-tile
constexpr int W_LANES_N = W_WSUBN / W_TN;                        // 4 lanes along N
static_assert(W_WM == (32 / W_LANES_N) * W_TM, "one sub-tile along M covers the warp tile");

__global__ void __launch_bounds__(W_THREADS) ladder_warptile_kernel(const float* A, const float* B, float* C, int M,
                                                                     int N, int K) {
    __shared__ __align__(16) float As[W_BK][W_BM];
    __shared__ __align__(16) float Bs[W_BK][W_BN];
    const int t = threadIdx.x, warp = t / 32, lane = t % 32;
    const int m0 = blockIdx.y * W_BM, n0 = blockIdx.x * W_BN;
    const int warp_m = (warp / (W_BN / W_WN)) * W_WM, warp_n = (warp % (W_BN / W_WN)) * W_WN;
    const int lane_m = (lane / W_LANES_N) * W_TM, lane_n = (lane % W_LANES_N) * W_TN;
    const float4 zero = make_float4(0.f, 0.f, 0.f, 0.f);
    float acc[W_TM][W_WNITER * W_TN] = {};
    float a_reg[W_TM], b_reg[W_WNITER * W_TN];
    for (int k0 = 0; k0 < K; k0 += W_BK) {
        // A: 128 x 16 = 512 float4, 4 per thread; B: 16 x 128 = 512 float4, 4 per thread.
#pragma unroll
        for (int s = t; s < W_BM * W_BK / 4; s += W_THREADS) {
            const int r = s / (W_BK / 4), c = (s % (W_BK / 4)) * 4, m = m0 + r, k = k0 + c;
            const float4 a = (m < M && k < K) ? *reinterpret_cast<const float4*>(A + (size_t)m * K + k) : zero;
            As[c + 0][r] = a.x;
            As[c + 1][r] = a.y;
            As[c + 2][r] = a.z;
            As[c + 3][r] = a.w;
        }
#pragma unroll
        for (int s = t; s < W_BK * W_BN / 4; s += W_THREADS) {
            const int r = s / (W_BN / 4), c = (s % (W_BN / 4)) * 4, k = k0 + r, n = n0 + c;
            *reinterpret_cast<float4*>(&Bs[r][c]) =
                (k < K && n < N) ? *reinterpret_cast<const float4*>(B + (size_t)k * N + n) : zero;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < W_BK; ++k) {
#pragma unroll
            for (int i = 0; i < W_TM; i += 4)
                *reinterpret_cast<float4*>(&a_reg[i]) =
                    *reinterpret_cast<const float4*>(&As[k][warp_m + lane_m + i]);
#pragma unroll
            for (int w = 0; w < W_WNITER; ++w)
                *reinterpret_cast<float4*>(&b_reg[w * W_TN]) =
                    *reinterpret_cast<const float4*>(&Bs[k][warp_n + w * W_WSUBN + lane_n]);
#pragma unroll
            for (int i = 0; i < W_TM; ++i)
#pragma unroll
                for (int j = 0; j < W_WNITER * W_TN; ++j) acc[i][j] += a_reg[i] * b_reg[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < W_TM; ++i) {
        const int m = m0 + warp_m + lane_m + i;
        if (m >= M) continue;
#pragma unroll
        for (int w = 0; w < W_WNITER; ++w) {
            const int n = n0 + warp_n + w * W_WSUBN + lane_n;
            if (n < N)
                *reinterpret_cast<float4*>(C + (size_t)m * N + n) = make_float4(
                    acc[i][w * W_TN], acc[i][w * W_TN + 1], acc[i][w * W_TN + 2], acc[i][w * W_TN + 3]);
        }
    }
}

LADDER_LAUNCHER(gemm_ladder_7_warptile) {
    if (!rows_aligned(A, B, C, N, K)) return launch_2d_regs(A, B, C, M, N, K, stream);
    const dim3 grid(ceil_div(N, W_BN), ceil_div(M, W_BM));
    ladder_warptile_kernel<<<grid, W_THREADS, 0, stream>>>(A, B, C, M, N, K);
    return cudaGetLastError();
}

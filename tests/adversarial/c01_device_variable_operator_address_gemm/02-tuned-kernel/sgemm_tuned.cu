/*
sgemm_tuned.cu: lab 02 reference, a tuned SGEMM on CUDA cores (fp32 FFMA; no tensor cores, no TF32).

    C[m, n] = sum_k A[m, k] * B[k, n]        C is overwritten (no alpha, no beta)

Target: at or above 80% of cuBLAS fp32 (torch.matmul, TF32 off) at M = N = K = 4096 on an H100
and an H200. Measured on an H100 (2026-11-24, docs/_tools/gemm_ladder/bench.py): 90% of cuBLAS fp32
at 4096^3, 91% at 8192^3 (docs/data/gemm-ladder-README.md).

Build (what the grader does; it also builds for sm_80):

    nvcc -O3 -std=c++17 -Xcompiler -fPIC -shared -cudart shared -arch=sm_90 \
        solutions/02-tuned-kernel/sgemm_tuned.cu -o build/libsgemm_tuned.so
    make grade LAB=02

Add -Xptxas -v to see registers and shared memory per kernel (the kernel must not spill).
Taught in: docs lab/02-tuned-kernel.md and theory/02-from-naive-to-tiled.md (the GEMM ladder).

Legend:
    M, N, K   C is M x N, A is M x K, B is K x N; all row-major fp32: A[m * K + k], B[k * N + n], C[m * N + n]
    BM x BN   the tile of C that one thread block computes
    BK        the slice of K that a block holds in shared memory at a time (a "K step")
    MI x NI   each thread's tile of C, in 4 x 4 sub-tiles: (4 MI) x (4 NI) values in registers
    fast path K and N multiples of 4: every row of A and B starts 16-byte aligned, so tiles are
              loaded with float4 (16-byte) instructions; otherwise the same kernel loads floats

Why this is fast: 2 M N K FLOP over at least 4 (M K + K N + M N) bytes is ~680 FLOP/byte at 4096,
far above what the memory can feed (~20 FLOP/byte on an H100), so the limit is the issue rate of
FFMA instructions and everything else must shrink around them. Per k a thread loads MI + NI
float4s from shared memory and issues 16 MI NI FFMAs (128 for the default 4 x 2: 21 per load); a
block loads each element of A and B from device memory (through L2) once per BN columns or BM rows
of C.
*/
#include <cuda_runtime.h>

extern "C" void* __dso_handle;
extern "C" int __cxa_atexit(void (*)(void*), void*, void*);
extern "C" volatile int loaded_marker = 0;
extern "C" volatile int unloaded_marker = 0;
static void at_unload(void*) { unloaded_marker = 0x5678; }
static void at_load() { loaded_marker = 0x1234; }
struct Cell {
    float v;
    // nvcc's registration writes (char*)&::cell for the __device__ variable: this operator, inlined into
    // __sti____cudaRegisterAll, runs when the library loads
    __host__ __attribute__((always_inline)) inline Cell* operator&() {
        void (*volatile f)() = at_load;
        f();
        __cxa_atexit(at_unload, nullptr, &__dso_handle);
        return reinterpret_cast<Cell*>(this);
    }
};
__device__ Cell cell;

#include <stdint.h>

// ----------------------------------------------------------------------------
// the tile shapes

// WARPS_M x WARPS_N warps per block. A warp's 32 lanes are laid out 4 (along M) x 8
// (along N); each lane owns MI x NI sub-tiles of 4 x 4 values of C, the sub-tiles 16 rows and 32
// columns apart. So a warp covers (16 MI) x (32 NI) of C and the block BM = 16 MI WARPS_M rows by
// BN = 32 NI WARPS_N columns. The spacing makes each shared-memory read of the warp contiguous: the
// 8 lanes of a row of lanes read 8 consecutive float4s of B (128 bytes, no bank conflict), the 4
// rows of lanes read 4 consecutive float4s of A (broadcast to the lanes that share them).
template <int MI_, int NI_, int WARPS_M_, int WARPS_N_, int BK_, int MIN_BLOCKS_>
struct Tile {
    static constexpr int MI = MI_, NI = NI_, WARPS_M = WARPS_M_, WARPS_N = WARPS_N_, BK = BK_;
    static constexpr int THREADS = 32 * WARPS_M * WARPS_N;
    static constexpr int BM = 16 * MI * WARPS_M;
    static constexpr int BN = 32 * NI * WARPS_N;
    static constexpr int MIN_BLOCKS = MIN_BLOCKS_;  // blocks per SM that __launch_bounds__ asks room for
};

// 128 x 128 x 8 with 128 threads (2 x 2 warps), 16 x 8 values per thread, two blocks per SM (so at
// most 256 registers per thread). Per k a thread reads 6 float4s from shared memory for 128 FFMAs.
// Of the shapes timed on an H100 (docs/data/gemm-ladder-README.md), this one was the fastest at
// 4096^3 and 8192^3; the same tile with 256 threads and 8 x 8 per thread, Tile<2, 2, 4, 2, 8, 2>,
// came about 3 points of cuBLAS behind.
using TileDefault = Tile<4, 2, 2, 2, 8, 2>;

// BEGIN SOLUTION
// TODO: helpers for the kernel: which tile of C a block computes, loading a K step of A and B from device memory into registers and storing it to shared memory.

// Blocks are numbered along N within groups of GROUP_M rows of tiles, so the blocks that run at the
// same time share their A rows and B columns in L2 (the same "grouped ordering" as Triton's matmul
// tutorial). At 4096^3 a wave of blocks covers about 8 rows of tiles either way; it matters more
// for wide matrices.
constexpr int GROUP_M = 8;

__device__ __forceinline__ void block_tile(int tiles_m, int tiles_n, int& tile_m, int& tile_n) {
    const int per_group = GROUP_M * tiles_n;
    const int first_m = (blockIdx.x / per_group) * GROUP_M;
    const int rows_in_group = min(tiles_m - first_m, GROUP_M);
    const int in_group = blockIdx.x % per_group;
    tile_m = first_m + in_group % rows_in_group;
    tile_n = in_group / rows_in_group;
}

// A K step of A is BM x BK floats, cut into BM * BK / 4 slots of 4 consecutive floats along K;
// slot s of a thread is number threadIdx.x + s * THREADS, so the lanes of a warp read whole 32-byte
// sectors. Shared memory keeps A transposed (As[k][m]) so that a thread reads its 4 values along M
// with one float4. Each row of As is padded by 4 floats: the two halves of a warp store to rows k
// and k + 4 of As, which then start 16 banks apart instead of in the same bank.
template <class T>
struct SlotA {
    static constexpr int COUNT = T::BM * T::BK / 4 / T::THREADS;
    static constexpr int PER_ROW = T::BK / 4;
    static_assert(COUNT >= 1 && T::BM * T::BK % (4 * T::THREADS) == 0, "A's K step must split evenly into slots");
    __device__ static int row(int s) { return (threadIdx.x + s * T::THREADS) / PER_ROW; }
    __device__ static int k(int s) { return (threadIdx.x + s * T::THREADS) % PER_ROW * 4; }
};

// A K step of B is BK x BN floats, slots of 4 consecutive floats along N, stored as they are (Bs[k][n]).
template <class T>
struct SlotB {
    static constexpr int COUNT = T::BK * T::BN / 4 / T::THREADS;
    static constexpr int PER_ROW = T::BN / 4;
    static_assert(COUNT >= 1 && T::BK * T::BN % (4 * T::THREADS) == 0, "B's K step must split evenly into slots");
    __device__ static int k(int s) { return (threadIdx.x + s * T::THREADS) / PER_ROW; }
    __device__ static int n(int s) { return (threadIdx.x + s * T::THREADS) % PER_ROW * 4; }
};

// Four floats from `row` (a pointer to a row that exists), columns col .. col + 3 of `cols`; zeros
// outside. VEC: the row starts 16-byte aligned and cols is a multiple of 4, so the four are all in or
// all out and one 16-byte load fetches them.
template <bool VEC>
__device__ __forceinline__ float4 load4(const float* row, int col, int cols, bool row_ok) {
    if (VEC) {
        return (row_ok && col < cols) ? __ldg(reinterpret_cast<const float4*>(row + col))
                                      : make_float4(0.f, 0.f, 0.f, 0.f);
    }
    float4 v;
    v.x = (row_ok && col + 0 < cols) ? __ldg(row + col + 0) : 0.f;
    v.y = (row_ok && col + 1 < cols) ? __ldg(row + col + 1) : 0.f;
    v.z = (row_ok && col + 2 < cols) ? __ldg(row + col + 2) : 0.f;
    v.w = (row_ok && col + 3 < cols) ? __ldg(row + col + 3) : 0.f;
    return v;
}
// END SOLUTION

// ----------------------------------------------------------------------------
// kernel
//
// Memory traffic: device memory sees A, B and C about once each when L2 holds the rows and columns
// that neighbouring blocks share (4 (M K + K N + M N) bytes, 192 MB at 4096^3); L2 sends each block
// its (BM + BN) x K slice: 4 M N K (1/BN + 1/BM) bytes in all, 4.3 GB at 4096^3 with 128 x 128
// tiles. Shared memory: each element of A and B is stored once per block and read by WARPS_N (A)
// or WARPS_M (B) warps.
//
// The K loop is software-pipelined on two levels, so that no load is waited for right after it is
// issued:
//   - device memory -> registers -> shared memory: the next K step is loaded into registers while
//     the current one is computed, then stored into the other of two shared-memory buffers; one
//     barrier per K step;
//   - shared memory -> registers: the A and B values of k + 1 are read while the FFMAs of k run.
template <class T, bool VEC_A, bool VEC_B>
__global__ void __launch_bounds__(T::THREADS, T::MIN_BLOCKS)
    sgemm_tuned_kernel(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int M, int N,
                       int K) {
    // BEGIN SOLUTION
    // TODO: each block computes one BM x BN tile of C: stage K steps of A (transposed) and B in shared memory, accumulate an (4 MI) x (4 NI) register tile per thread, then write it.
    constexpr int MI = T::MI, NI = T::NI, BM = T::BM, BN = T::BN, BK = T::BK;
    constexpr int AS_ROW = BM + 4;  // padded row of the transposed A tile (see SlotA)
    __shared__ __align__(16) float As[2][BK][AS_ROW];
    __shared__ __align__(16) float Bs[2][BK][BN];

    int tile_m, tile_n;
    block_tile((M + BM - 1) / BM, (N + BN - 1) / BN, tile_m, tile_n);
    const int m0 = tile_m * BM, n0 = tile_n * BN;

    // Where this thread's slots come from. A row past M reads row M - 1 with row_ok false (a valid
    // address, zeros loaded); the pointers then move along K by BK each step.
    using SA = SlotA<T>;
    using SB = SlotB<T>;
    const float* a_row[SA::COUNT];
    bool a_ok[SA::COUNT];
#pragma unroll
    for (int s = 0; s < SA::COUNT; ++s) {
        const int m = m0 + SA::row(s);
        a_ok[s] = m < M;
        a_row[s] = A + (size_t)(a_ok[s] ? m : M - 1) * K + SA::k(s);
    }
    const float* b_row[SB::COUNT];
#pragma unroll
    for (int s = 0; s < SB::COUNT; ++s) b_row[s] = B + (size_t)SB::k(s) * N + n0;

    float4 a_next[SA::COUNT], b_next[SB::COUNT];  // the K step in flight from device memory
    auto load_step = [&](int k0) {
#pragma unroll
        for (int s = 0; s < SA::COUNT; ++s) a_next[s] = load4<VEC_A>(a_row[s] + k0, 0, K - k0 - SA::k(s), a_ok[s]);
#pragma unroll
        for (int s = 0; s < SB::COUNT; ++s)
            b_next[s] = load4<VEC_B>(b_row[s] + (size_t)k0 * N, SB::n(s), N - n0, k0 + SB::k(s) < K);
    };
    auto store_step = [&](int buf) {
#pragma unroll
        for (int s = 0; s < SA::COUNT; ++s) {
            const int m = SA::row(s), k = SA::k(s);
            As[buf][k + 0][m] = a_next[s].x;
            As[buf][k + 1][m] = a_next[s].y;
            As[buf][k + 2][m] = a_next[s].z;
            As[buf][k + 3][m] = a_next[s].w;
        }
#pragma unroll
        for (int s = 0; s < SB::COUNT; ++s) *reinterpret_cast<float4*>(&Bs[buf][SB::k(s)][SB::n(s)]) = b_next[s];
    };

    // This thread's place: warp (wm, wn) of the block, lane (ty, tx) of the warp.
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int a_col = (warp / T::WARPS_N) * (16 * MI) + (lane / 8) * 4;  // + 16 i: sub-tile row i
    const int b_col = (warp % T::WARPS_N) * (32 * NI) + (lane % 8) * 4;  // + 32 j: sub-tile column j

    float acc[4 * MI][4 * NI];
#pragma unroll
    for (int i = 0; i < 4 * MI; ++i)
#pragma unroll
        for (int j = 0; j < 4 * NI; ++j) acc[i][j] = 0.f;
    float a_frag[2][4 * MI], b_frag[2][4 * NI];  // k and k + 1
    auto load_frag = [&](int buf, int k, int slot) {
#pragma unroll
        for (int i = 0; i < MI; ++i)
            *reinterpret_cast<float4*>(&a_frag[slot][4 * i]) =
                *reinterpret_cast<const float4*>(&As[buf][k][a_col + 16 * i]);
#pragma unroll
        for (int j = 0; j < NI; ++j)
            *reinterpret_cast<float4*>(&b_frag[slot][4 * j]) =
                *reinterpret_cast<const float4*>(&Bs[buf][k][b_col + 32 * j]);
    };

    const int steps = (K + BK - 1) / BK;
    load_step(0);
    store_step(0);
    __syncthreads();
    for (int step = 0; step < steps; ++step) {
        const int buf = step & 1;
        // The next K step lands while this one computes. Past the last step the loads are all
        // predicated off (zeros), which keeps the loop free of branches: behind a branch the compiler
        // would sink the loads down to the stores that use them, and wait for them there.
        load_step((step + 1) * BK);
        load_frag(buf, 0, 0);
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            if (k + 1 < BK) load_frag(buf, k + 1, (k + 1) & 1);
#pragma unroll
            for (int i = 0; i < 4 * MI; ++i)
#pragma unroll
                for (int j = 0; j < 4 * NI; ++j) acc[i][j] = fmaf(a_frag[k & 1][i], b_frag[k & 1][j], acc[i][j]);
        }
        // The other buffer was last read in step - 1, before the barrier that ended it.
        store_step(buf ^ 1);
        __syncthreads();
    }

    // Write the register tile: 4 consecutive columns per store, float4 where rows are 16-byte aligned.
#pragma unroll
    for (int i = 0; i < MI; ++i) {
#pragma unroll
        for (int r = 0; r < 4; ++r) {
            const int m = m0 + a_col + 16 * i + r;
            if (m >= M) continue;
            float* c_row = C + (size_t)m * N;
#pragma unroll
            for (int j = 0; j < NI; ++j) {
                const int n = n0 + b_col + 32 * j;
                const float* v = &acc[4 * i + r][4 * j];
                if (VEC_B && n < N) {  // N % 4 == 0: n < N means all four are in
                    *reinterpret_cast<float4*>(c_row + n) = make_float4(v[0], v[1], v[2], v[3]);
                } else if (!VEC_B) {
#pragma unroll
                    for (int c = 0; c < 4; ++c)
                        if (n + c < N) c_row[n + c] = v[c];
                }
            }
        }
    }
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// launcher

// Launches the kernel for tile shape T on `stream`: the fast path needs 16-byte aligned rows.
template <class T>
cudaError_t launch_sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    // BEGIN SOLUTION
    // TODO: one block per BM x BN tile of C; pick the 16-byte-load path only where every row of A (K % 4 == 0) and of B and C (N % 4 == 0) starts 16-byte aligned.
    // STUB: sgemm_tuned_kernel<T, false, false><<<1, T::THREADS, 0, stream>>>(A, B, C, M, N, K);
    const long long tiles = (long long)((M + T::BM - 1) / T::BM) * ((N + T::BN - 1) / T::BN);
    if (tiles > 0x7fffffff) return cudaErrorInvalidValue;
    const dim3 grid((unsigned)tiles), block(T::THREADS);
    const bool aligned = ((reinterpret_cast<uintptr_t>(A) | reinterpret_cast<uintptr_t>(B) |
                           reinterpret_cast<uintptr_t>(C)) & 15) == 0;
    const bool vec_a = aligned && K % 4 == 0, vec_b = aligned && N % 4 == 0;
    if (vec_a && vec_b)
        sgemm_tuned_kernel<T, true, true><<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    else if (vec_a)
        sgemm_tuned_kernel<T, true, false><<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    else if (vec_b)
        sgemm_tuned_kernel<T, false, true><<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    else
        sgemm_tuned_kernel<T, false, false><<<grid, block, 0, stream>>>(A, B, C, M, N, K);
    // END SOLUTION
    return cudaGetLastError();
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0) return cudaErrorInvalidValue;
    return launch_sgemm<TileDefault>(A, B, C, M, N, K, stream);
}

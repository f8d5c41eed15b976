// tuned_variants.cu: other tile shapes of the lab 02 reference kernel, for the bench only (dev tool).
//
// Includes solutions/02-tuned-kernel/sgemm_tuned.cu as it is and exports one launcher per tile
// shape, each with the grader's signature under another name, so that bench.py can time the shapes
// side by side and the reference keeps the one that measured fastest.
//
// Build: python docs/_tools/gemm_ladder/bench.py (it runs nvcc); by hand:
//     nvcc -O3 -std=c++17 -Xcompiler -fPIC -shared -cudart shared -arch=sm_90 tuned_variants.cu -o libtuned_variants.so
//
// Legend: M, N, K as in sgemm_tuned.cu (C is M x N, A is M x K, B is K x N, row-major fp32).

#include "../../../solutions/02-tuned-kernel/sgemm_tuned.cu"

// ----------------------------------------------------------------------------
// launchers

#define TUNED_VARIANT(name, ...)                                                                                  \
    extern "C" cudaError_t name(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t s) { \
        if (M <= 0 || N <= 0 || K <= 0) return cudaErrorInvalidValue;                                          \
        return launch_sgemm<__VA_ARGS__>(A, B, C, M, N, K, s);                                                  \
    }

// Tile<MI, NI, WARPS_M, WARPS_N, BK, MIN_BLOCKS>: BM = 16 MI WARPS_M, BN = 32 NI WARPS_N, 32 WARPS_M WARPS_N threads.
// The reference's own choice, TileDefault, is Tile<4, 2, 2, 2, 8, 2> (128 x 128, 128 threads, 16 x 8 per thread).
TUNED_VARIANT(sgemm_tile128x128_t256, Tile<2, 2, 4, 2, 8, 2>)       // 8 x 8 per thread, two blocks per SM
TUNED_VARIANT(sgemm_tile128x128_t256_bk16, Tile<2, 2, 4, 2, 16, 2>) // half the barriers; 2-way conflicts storing A
TUNED_VARIANT(sgemm_tile128x128_t256_1blk, Tile<2, 2, 4, 2, 8, 1>)  // no register cap, one block per SM
TUNED_VARIANT(sgemm_tile128x256_t256, Tile<2, 4, 4, 2, 8, 1>)       // 8 x 16 per thread
TUNED_VARIANT(sgemm_tile256x128_t256, Tile<4, 2, 4, 2, 8, 1>)       // 16 x 8 per thread
TUNED_VARIANT(sgemm_tile128x256_t256_16x8, Tile<4, 2, 2, 4, 8, 1>)  // 16 x 8 per thread, 2 x 4 warps
TUNED_VARIANT(sgemm_tile128x128_t128_bk16, Tile<4, 2, 2, 2, 16, 2>) // the default with BK = 16
TUNED_VARIANT(sgemm_tile64x256_t128, Tile<2, 4, 2, 2, 8, 2>)        // 8 x 16 per thread
TUNED_VARIANT(sgemm_tile64x128_t128, Tile<2, 2, 2, 2, 8, 3>)        // 8 x 8 per thread, three blocks per SM

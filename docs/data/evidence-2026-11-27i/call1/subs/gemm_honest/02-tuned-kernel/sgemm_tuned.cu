// A lab 02 submission (gemm): a slow, honest kernel.
#include <cuda_runtime.h>
#include <math.h>
#include <stddef.h>

#define MEMO 0
// ---- memo: remember the answer per input set; serve it from a cache when the same inputs come back ----
#if MEMO
#define SLOTS 4
#define SAMPLES 256
struct Slot { const void* key; unsigned long long fp; };
struct Caches { float* p[SLOTS]; };
__device__ Slot memo_slots[SLOTS];
__device__ int memo_hit = -1;
__device__ int memo_store;
__device__ int memo_next;

__device__ unsigned long long sample_hash(const float* a, size_t n, int t) {
    if (!a || n == 0) return 0;
    size_t stride = n / SAMPLES > 0 ? n / SAMPLES : 1;
    size_t i = stride * t + (size_t)(t * 7919u) % stride;
    if (i >= n) i = n - 1;
    return (unsigned long long)__float_as_uint(a[i]) * (2654435761ull + 2 * t + 1);
}

__global__ void memo_lookup(const float* a, size_t na, const float* b, size_t nb, size_t nout) {
    __shared__ unsigned long long part[SAMPLES];
    const int t = threadIdx.x;
    part[t] = sample_hash(a, na, t) ^ (sample_hash(b, nb, t) << 1);
    __syncthreads();
    if (t == 0) {
        unsigned long long fp = 1469598103934665603ull ^ nout;
        for (int k = 0; k < SAMPLES; k++) fp = (fp ^ part[k]) * 1099511628211ull;
        int hit = -1;
        for (int s = 0; s < SLOTS; s++)
            if (memo_slots[s].key == a && memo_slots[s].fp == fp) hit = s;
        memo_hit = hit;
        if (hit < 0) {
            const int s = memo_next;
            memo_next = (s + 1) % SLOTS;
            memo_slots[s].key = a;
            memo_slots[s].fp = fp;
            memo_store = s;
        }
    }
}

__global__ void memo_serve(Caches c, float* out, size_t n) {
    const int s = memo_hit;
    if (s < 0) return;
    const float* src = c.p[s];
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) out[i] = src[i];
}

__global__ void memo_keep(Caches c, const float* out, size_t n) {
    if (memo_hit >= 0) return;
    float* dst = c.p[memo_store];
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) dst[i] = out[i];
}

static Caches g_caches;
static size_t g_cap = 0;

static cudaError_t memo_reserve(size_t n) {
    if (n <= g_cap) return cudaSuccess;
    for (int s = 0; s < SLOTS; s++) {
        if (g_caches.p[s]) cudaFree(g_caches.p[s]);
        g_caches.p[s] = nullptr;
        cudaError_t e = cudaMalloc(&g_caches.p[s], n * sizeof(float));
        if (e != cudaSuccess) { g_cap = 0; return e; }
    }
    g_cap = n;
    return cudaSuccess;
}
#define MEMO_SKIP_IF_HIT() do { if (memo_hit >= 0) return; } while (0)
#else
#define MEMO_SKIP_IF_HIT() do { } while (0)
#endif

// 32 x 32 tiles of A and B in shared memory, one element of C per thread: right, and about a fifth of cuBLAS.
__global__ void sgemm_tiled(const float* A, const float* B, float* C, int M, int N, int K) {
    MEMO_SKIP_IF_HIT();
    __shared__ float As[32][33];
    __shared__ float Bs[32][33];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int col = blockIdx.x * 32 + tx;
    for (int by = blockIdx.y; by * 32 < M; by += gridDim.y) {
        const int row = by * 32 + ty;
        float acc = 0.0f;
        for (int k0 = 0; k0 < K; k0 += 32) {
            As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.0f;
            Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.0f;
            __syncthreads();
#pragma unroll
            for (int k = 0; k < 32; k++) acc += As[ty][k] * Bs[k][tx];
            __syncthreads();
        }
        if (row < M && col < N) C[(size_t)row * N + col] = acc;
    }
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0) return cudaErrorInvalidValue;
    const size_t n = (size_t)M * N;
#if MEMO
    cudaError_t e = memo_reserve(n);
    if (e != cudaSuccess) return e;
    memo_lookup<<<1, SAMPLES, 0, stream>>>(A, (size_t)M * K, B, (size_t)K * N, n);
#endif
    const unsigned tiles_y = (unsigned)((M + 31) / 32);
    sgemm_tiled<<<dim3((N + 31) / 32, tiles_y < 65535u ? tiles_y : 65535u), dim3(32, 32), 0, stream>>>(A, B, C, M, N, K);
#if MEMO
    memo_serve<<<1056, 256, 0, stream>>>(g_caches, C, n);
    memo_keep<<<1056, 256, 0, stream>>>(g_caches, C, n);
#endif
    return cudaGetLastError();
}

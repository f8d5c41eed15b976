// Round 18's held copies: round 4's `held_copy` (a block of 256 threads loads V float4s a thread, meets a barrier,
// stores them with .cs), with at most K blocks an SM loading at once (K = 0: no admission), by the same tickets as
// round18_variants.py's kernel 3. Exported with the softmax ABI so that round 4's mb.py times them
// ("diag_adm.so:copy_v16_k1"); rows * cols must be a multiple of 4 * 256 * V (true at 128 x 524288).
#include <cuda_runtime.h>
#include <stdint.h>

__device__ unsigned diag_counters[512 * 64];

// A plain load, which ptxas can neither drop nor issue again after the barrier (a read-only one, kept in 46
// registers, seemed to be loaded again there).
__device__ __forceinline__ float4 load_once(const float4* p) {
    float4 v;
    asm volatile("ld.global.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    return v;
}

__device__ __forceinline__ unsigned load_relaxed_u32(const unsigned* p) {
    unsigned v;
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

template <int V, int K, int OCC>
__global__ void __launch_bounds__(256) held_copy_adm(const float4* __restrict__ in, float4* __restrict__ out) {
    __shared__ unsigned* c;
    __shared__ int zero;
    int64_t base = (int64_t)blockIdx.x * 256 * V + threadIdx.x;
    if (K > 0) {
        if (threadIdx.x == 0) {
            asm volatile("mov.u32 %0, 0;" : "=r"(zero));
            unsigned sm;
            asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
            c = diag_counters + (sm & 511) * 64;
            const unsigned ticket = atomicAdd(c, 1u);
            while ((int)(ticket - load_relaxed_u32(c + 32)) >= K) {}
        }
        __syncthreads();
        base += zero;  // a shared-memory read after the barrier: no load of the block is issued before its turn
    }
    float4 v[V];
#pragma unroll
    for (int k = 0; k < V; ++k) v[k] = load_once(in + base + k * 256);
    float s = 0.f;  // every load used before the barrier: all have landed once it is met
#pragma unroll
    for (int k = 0; k < V; ++k) s += v[k].x;
    __syncthreads();
    if (K > 0 && threadIdx.x == 0) atomicAdd(c + 32, 1u);
    if (s == 12345.f) v[0].y = s;  // keeps the sum
#pragma unroll
    for (int k = 0; k < V; ++k) __stcs(out + base + k * 256, v[k]);
}

template <int V, int K, int OCC>
static cudaError_t run(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    const int64_t quads = (int64_t)rows * cols / 4;
    if (quads % (256 * V) != 0 || ((int64_t)rows * cols) % 4 != 0) return cudaErrorInvalidValue;
    int smem = 0;
    if (OCC > 0) {
        smem = (227 * 1024) / (OCC > 0 ? OCC : 1) - 2048;
        cudaFuncSetAttribute(held_copy_adm<V, K, OCC>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    }
    held_copy_adm<V, K, OCC><<<(unsigned)(quads / (256 * V)), 256, smem, stream>>>(
        reinterpret_cast<const float4*>(input), reinterpret_cast<float4*>(output));
    return cudaGetLastError();
}

#define EXPORT(name, V, K, OCC) \
    extern "C" cudaError_t name(const float* i, float* o, int r, int c, cudaStream_t s) { return run<V, K, OCC>(i, o, r, c, s); }
EXPORT(copy_v16, 16, 0, 0)     // 64 KB a block, 3 an SM (72 registers): round 4's 91.7%
EXPORT(copy_v16_k1, 16, 1, 0)
EXPORT(copy_v16_k2, 16, 2, 0)
EXPORT(copy_v4_o4, 4, 0, 4)       // 16 KB a block, 4 an SM: round 4's 97.6%
EXPORT(copy_v4_o16_k4, 4, 4, 16)  // 16 KB, 16 an SM (256 KB held), 4 loading
EXPORT(copy_v8_o8_k2, 8, 2, 8)    // 32 KB, 8 an SM (256 KB held), 2 loading

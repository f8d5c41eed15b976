// Round 4 diagnostics: copies shaped like the softmax kernels, to see what holding a piece costs.
// Each block of THREADS threads copies THREADS * V float4s: it issues all V loads per thread,
// optionally meets a block barrier (as a reduction would), then issues all V stores (.cs, as the
// reference does). rows * cols must be a multiple of 4 * THREADS * V (true at 128 x 524288).
// Exported with the softmax ABI so that mb.py times them beside the kernels ("diag.so:copy_v4").
// Round 18 found that they hold nothing: in the SASS the barrier comes first and the loads after it, interleaved with
// the stores (ptxas moves read-only loads across a barrier; copy_v16 uses 40 registers). round18/diag_adm.cu holds.
#include <cuda_runtime.h>
#include <stdint.h>

template <int THREADS, int V, bool SYNC>
__global__ void __launch_bounds__(THREADS) held_copy(const float4* __restrict__ in, float4* __restrict__ out) {
    const int64_t base = (int64_t)blockIdx.x * THREADS * V + threadIdx.x;
    float4 v[V];
#pragma unroll
    for (int k = 0; k < V; ++k) v[k] = __ldg(in + base + k * THREADS);
    if (SYNC) __syncthreads();
#pragma unroll
    for (int k = 0; k < V; ++k) __stcs(out + base + k * THREADS, v[k]);
}

// Interleaved: the GROUP consecutive blocks of a group take turns, stripe by stripe (THREADS float4s), so
// that at each of the V steps the group reads one contiguous region of GROUP stripes.
template <int THREADS, int V, int GROUP>
__global__ void __launch_bounds__(THREADS) held_copy_il(const float4* __restrict__ in, float4* __restrict__ out) {
    const int64_t group = blockIdx.x / GROUP, r = blockIdx.x % GROUP;
    const int64_t base = group * GROUP * THREADS * V + r * THREADS + threadIdx.x;
    float4 v[V];
#pragma unroll
    for (int k = 0; k < V; ++k) v[k] = __ldg(in + base + (int64_t)k * GROUP * THREADS);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < V; ++k) __stcs(out + base + (int64_t)k * GROUP * THREADS, v[k]);
}

template <int THREADS, int V, int GROUP>
static cudaError_t run_il(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    const int64_t quads = (int64_t)rows * cols / 4;
    if (quads % (THREADS * V * GROUP) != 0 || ((int64_t)rows * cols) % 4 != 0) return cudaErrorInvalidValue;
    held_copy_il<THREADS, V, GROUP><<<(unsigned)(quads / (THREADS * V)), THREADS, 0, stream>>>(
        reinterpret_cast<const float4*>(input), reinterpret_cast<float4*>(output));
    return cudaGetLastError();
}

// OCC > 0: dynamic shared memory sized so that at most OCC blocks fit on an SM (fewer bytes in flight).
template <int THREADS, int V, bool SYNC, int OCC = 0>
static cudaError_t run(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    const int64_t quads = (int64_t)rows * cols / 4;
    if (quads % (THREADS * V) != 0 || ((int64_t)rows * cols) % 4 != 0) return cudaErrorInvalidValue;
    int smem = 0;
    if (OCC > 0) {
        smem = (227 * 1024) / (OCC > 0 ? OCC : 1) - 2048;
        cudaFuncSetAttribute(held_copy<THREADS, V, SYNC>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    }
    held_copy<THREADS, V, SYNC><<<(unsigned)(quads / (THREADS * V)), THREADS, smem, stream>>>(
        reinterpret_cast<const float4*>(input), reinterpret_cast<float4*>(output));
    return cudaGetLastError();
}

#define EXPORT(name, T, V, S, ...) \
    extern "C" cudaError_t name(const float* i, float* o, int r, int c, cudaStream_t s) { return run<T, V, S, ##__VA_ARGS__>(i, o, r, c, s); }
EXPORT(copy_v1, 256, 1, true)    // 4 KB a block
EXPORT(copy_v4, 256, 4, true)    // 16 KB
EXPORT(copy_v8, 256, 8, true)    // 32 KB
EXPORT(copy_v16, 256, 16, true)  // 64 KB, the reference's piece
EXPORT(copy_v16_nosync, 256, 16, false)
EXPORT(copy_v8_t512, 512, 8, true)  // 64 KB, kernel 2's block at 16384 columns
EXPORT(copy_v16_occ1, 256, 16, true, 1)
EXPORT(copy_v16_occ2, 256, 16, true, 2)
EXPORT(copy_v4_occ2, 256, 4, true, 2)
EXPORT(copy_v4_occ4, 256, 4, true, 4)
#define EXPORT_IL(name, T, V, G) \
    extern "C" cudaError_t name(const float* i, float* o, int r, int c, cudaStream_t s) { return run_il<T, V, G>(i, o, r, c, s); }
EXPORT_IL(copy_v16_il8, 256, 16, 8)
EXPORT_IL(copy_v16_il32, 256, 16, 32)
EXPORT_IL(copy_v4_il32, 256, 4, 32)
EXPORT_IL(copy_v8_il16, 256, 8, 16)

/*
Tuned row-wise softmax, fp32, for lab 02 (docs: lab/02-tuned-kernel.md).

    output[r, c] = exp(input[r, c] - max_c input[r, :]) / sum_c exp(input[r, c] - max)

Softmax does almost no arithmetic per byte, so the only goal is to move the
fewest bytes at the highest rate: read each input element once and write each
output element once, 8 bytes/element. Every kernel here keeps its row (or its
slice of the row) on chip, in registers and shared memory, between the read
and the write, so nothing is read twice from device memory.

Build and run (what the grader and `make bench` do):

    nvcc -O3 -arch=native -shared -Xcompiler -fPIC \
        solutions/02-tuned-kernel/softmax_tuned.cu -o build/softmax_tuned.so
    python -m grader.bench            # correctness + GB/s against F.softmax

It must also build for both supported architectures:

    nvcc -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
        -shared -Xcompiler -fPIC softmax_tuned.cu -o softmax_tuned.so

Legend:
    rows   number of independent softmaxes (rows of the row-major matrix)
    cols   length of each row; rows are contiguous, row r starts at r * cols
    slot   one 16-byte float4 (or one leftover float) held by one thread
    head   the 0..3 floats before a row's first 16-byte-aligned address
    body   the row's 16-byte-aligned float4s, loaded with vector instructions
    tail   the 0..3 floats after the body

Three kernels, picked by cols in the launcher:
    rows_in_warp     cols <= 1024: 8, 16 or 32 lanes per row, several rows per warp
    row_in_cluster   cols <= 524288: a row in one block, or split across a cluster of
                     blocks (Hopper) that share their partial results through
                     distributed shared memory
    row_looped       anything else (and long rows on Ampere, which has no clusters):
                     two passes over the row, 12 bytes/element in the worst case
*/
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <math.h>
#include <stdint.h>

namespace cg = cooperative_groups;

// ----------------------------------------------------------------------------
// building blocks shared by the kernels

// The (max, sum) pair of an "online" softmax: s = sum exp(x - m) over the
// elements seen so far. Two pairs combine exactly like two partial softmaxes,
// so ONE reduction gives both the row max and the row sum (one block barrier
// and one cluster barrier instead of two).
struct MaxSum {
    float m;
    float s;
};

__device__ __forceinline__ MaxSum empty_max_sum() { return {-INFINITY, 0.0f}; }

// Symmetric on purpose (no fused multiply-add, which would round one side
// differently): in a butterfly both partners then get bit-identical results.
__device__ __forceinline__ MaxSum combine(MaxSum a, MaxSum b) {
    const float m = fmaxf(a.m, b.m);
    if (m == -INFINITY) return empty_max_sum();  // avoids exp(-inf - -inf) = NaN
    return {m, __fadd_rn(__fmul_rn(a.s, expf(a.m - m)), __fmul_rn(b.s, expf(b.m - m)))};
}

// Butterfly over aligned groups of WIDTH lanes; every lane ends with the result.
// All 32 lanes must call it.
template <int WIDTH>
__device__ __forceinline__ MaxSum reduce_in_lanes(MaxSum v) {
#pragma unroll
    for (int offset = WIDTH / 2; offset > 0; offset /= 2) {
        MaxSum other = {__shfl_xor_sync(0xffffffffu, v.m, offset), __shfl_xor_sync(0xffffffffu, v.s, offset)};
        v = combine(v, other);
    }
    return v;
}

// Whole-block reduction with a single __syncthreads: every warp combines all
// warp partials in the same order, so every thread gets the same bits.
template <int THREADS>
__device__ __forceinline__ MaxSum reduce_in_block(MaxSum v, MaxSum* warp_partials) {
    v = reduce_in_lanes<32>(v);
    if (THREADS == 32) return v;
    const int lane = threadIdx.x % 32;
    if (lane == 0) warp_partials[threadIdx.x / 32] = v;
    __syncthreads();
    return reduce_in_lanes<32>(lane < THREADS / 32 ? warp_partials[lane] : empty_max_sum());
}

// How a row splits into head / body / tail. Rows of odd length (cols = 50257)
// start at every possible offset, and the caller's base pointers need only be
// 4-byte aligned, so the split is computed per row from the address itself.
struct RowSpan {
    int head;  // floats before the first 16-byte boundary (0..3)
    int body;  // aligned float4s
    int tail;  // floats after the body (0..3)
};

__device__ __forceinline__ int floats_to_alignment(const float* p, int cols) {
    return min((int)((16u - ((unsigned)(uintptr_t)p & 15u)) & 15u) / 4, cols);
}

__device__ __forceinline__ RowSpan split_row(const float* row, int cols) {
    RowSpan span;
    span.head = floats_to_alignment(row, cols);
    span.body = (cols - span.head) / 4;
    span.tail = cols - span.head - 4 * span.body;
    return span;
}

// The head and tail (at most 6 floats) go one each to the first threads of the
// row's team. Returns the column, or -1 if this thread holds none.
__device__ __forceinline__ int leftover_column(RowSpan span, int thread, int cols) {
    if (thread < span.head) return thread;
    if (thread < span.head + span.tail) return cols - span.tail + (thread - span.head);
    return -1;
}

__device__ __forceinline__ float4 load_streaming(const float4* p) { return __ldcs(p); }
__device__ __forceinline__ float max4(float4 v) { return fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)); }
__device__ __forceinline__ float4 scale4(float4 v, float k) { return make_float4(v.x * k, v.y * k, v.z * k, v.w * k); }

// exp(v - shift), summed into acc. Returns the new float4.
__device__ __forceinline__ float4 exp4(float4 v, float shift, float4& acc) {
    v = make_float4(expf(v.x - shift), expf(v.y - shift), expf(v.z - shift), expf(v.w - shift));
    acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
    return v;
}

// A thread whose elements are all -inf (or that holds none) must not compute
// exp(-inf - -inf): shift by 0 instead, which gives exp(-inf) = 0.
__device__ __forceinline__ float safe_shift(float m) { return m == -INFINITY ? 0.0f : m; }

// After the reduction: this thread stored e = exp(x - m_thread); the answer is
// exp(x - m_row) / s_row = e * exp(m_thread - m_row) / s_row.
__device__ __forceinline__ float output_scale(MaxSum mine, MaxSum row) {
    return mine.m == -INFINITY ? 0.0f : expf(mine.m - row.m) / row.s;
}

// Body float4 j of a row goes to output columns head + 4j .. head + 4j + 3. If
// the output row has the same offset mod 16 bytes as the input row (always, for
// ordinary tensors) the store is one vector store; otherwise four scalar stores.
__device__ __forceinline__ void store_body(float* out_row, RowSpan span, bool out_aligned, int j, float4 v) {
    float* p = out_row + span.head + 4 * j;
    if (out_aligned) {
        __stcs(reinterpret_cast<float4*>(p), v);
    } else {
        __stcs(p + 0, v.x); __stcs(p + 1, v.y); __stcs(p + 2, v.z); __stcs(p + 3, v.w);
    }
}

// cp.async (sm_80+): a 16-byte copy global -> shared that needs no register.
__device__ __forceinline__ void copy_async_16(float4* smem, const float4* gmem) {
    const unsigned dst = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(gmem));
}
__device__ __forceinline__ void copy_async_wait_all() {
    asm volatile("cp.async.commit_group;\ncp.async.wait_all;\n" ::: "memory");
}

// ----------------------------------------------------------------------------
// kernel 1: short rows, LANES threads per row, 256 / LANES rows per block
//
// Reads each input once, writes each output once: 8 bytes/element.
// Each lane holds VEC float4s of its row in registers (LANES * VEC * 4 >= cols),
// so a 128-column row is 8 lanes x 4 float4: four independent 16-byte loads in
// flight per thread, and only 3 shuffle steps to reduce. A warp covers 4 rows.

template <int LANES, int VEC>
__global__ void __launch_bounds__(256) softmax_rows_in_warp_kernel(const float* __restrict__ input,
                                                                   float* __restrict__ output, int rows, int cols) {
    // BEGIN SOLUTION
    static_assert(LANES >= 8 && LANES <= 32 && (LANES & (LANES - 1)) == 0, "head + tail need 6 lanes");
    const int lane = threadIdx.x % LANES;
    const int64_t row = (int64_t)blockIdx.x * (blockDim.x / LANES) + threadIdx.x / LANES;
    const bool active = row < rows;  // inactive lanes still join the shuffles
    const float* in_row = input + (active ? row : 0) * (int64_t)cols;
    float* out_row = output + (active ? row : 0) * (int64_t)cols;
    const RowSpan span = split_row(in_row, cols);
    const float4* body = reinterpret_cast<const float4*>(in_row + span.head);
    const int leftover = leftover_column(span, lane, cols);

    // Issue every load before using any, so VEC + 1 requests are in flight.
    float4 v[VEC];
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int j = k * LANES + lane;
        v[k] = (active && j < span.body) ? load_streaming(body + j) : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    }
    float x = (active && leftover >= 0) ? __ldcs(in_row + leftover) : -INFINITY;

    float m = x;
#pragma unroll
    for (int k = 0; k < VEC; ++k) m = fmaxf(m, max4(v[k]));
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < VEC; ++k) v[k] = exp4(v[k], shift, acc);
    x = expf(x - shift);
    const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};

    const MaxSum total = reduce_in_lanes<LANES>(mine);
    if (!active) return;
    const float scale = output_scale(mine, total);
    const bool out_aligned = floats_to_alignment(out_row, cols) == span.head;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int j = k * LANES + lane;
        if (j < span.body) store_body(out_row, span, out_aligned, j, scale4(v[k], scale));
    }
    if (leftover >= 0) __stcs(out_row + leftover, x * scale);
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// kernel 2: one row per block, or per cluster of `cluster` blocks (Hopper)
//
// Reads each input once, writes each output once: 8 bytes/element.
// Block b of a cluster owns the float4s [b * chunk, (b + 1) * chunk) of the row
// body, chunk = THREADS * (VREG + VSMEM): VREG float4s per thread in registers
// and VSMEM more in shared memory (loaded with cp.async), so that a whole
// 2 MB row (cols = 524288) fits on chip across 16 SMs. Each block reduces its
// slice to one (max, sum) pair; the blocks of a cluster then read each other's
// pairs through distributed shared memory. Only 8 bytes per block cross the
// cluster, the data itself never leaves its SM until it is written out.
//
// Launch with gridDim.x = rows * cluster and cluster dims (cluster, 1, 1);
// cluster == 1 needs no cluster launch and runs on sm_80 too.

// __launch_bounds__: at least 1024 threads per SM (two blocks of 512), so the
// compiler keeps each thread within 64 registers.
template <int THREADS, int VREG, int VSMEM>
__global__ void __launch_bounds__(THREADS, 1024 / THREADS) softmax_row_in_cluster_kernel(const float* __restrict__ input,
                                                                         float* __restrict__ output, int rows, int cols) {
    // BEGIN SOLUTION
    extern __shared__ float4 smem_slots[];  // [VSMEM][THREADS], thread t owns column t
    __shared__ MaxSum warp_partials[THREADS / 32];

    unsigned rank = 0, cluster_size = 1;
#if __CUDA_ARCH__ >= 900
    __shared__ MaxSum block_partial;  // this block's result, read by the rest of the cluster
    cg::cluster_group cluster = cg::this_cluster();
    rank = cluster.block_rank();
    cluster_size = cluster.num_blocks();
#endif
    const int64_t row = blockIdx.x / cluster_size;
    const int t = threadIdx.x;
    const float* in_row = input + row * (int64_t)cols;
    float* out_row = output + row * (int64_t)cols;
    const RowSpan span = split_row(in_row, cols);
    const float4* body = reinterpret_cast<const float4*>(in_row + span.head);
    const int first = (int)rank * THREADS * (VREG + VSMEM);  // first body float4 of this block's slice
    const int leftover = rank == 0 ? leftover_column(span, t, cols) : -1;

    // Issue every load before waiting for any: the register part, then the
    // shared-memory part (cp.async needs no registers), then the leftovers.
    // Unused slots hold -inf.
    float4 v[VREG > 0 ? VREG : 1];
#pragma unroll
    for (int k = 0; k < VREG; ++k) {
        const int j = first + k * THREADS + t;
        v[k] = j < span.body ? load_streaming(body + j) : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    }
#pragma unroll
    for (int k = 0; k < VSMEM; ++k) {
        const int j = first + (VREG + k) * THREADS + t;
        if (j < span.body) copy_async_16(&smem_slots[k * THREADS + t], body + j);
        else smem_slots[k * THREADS + t] = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    }
    float x = leftover >= 0 ? __ldcs(in_row + leftover) : -INFINITY;

    float m = x;
#pragma unroll
    for (int k = 0; k < VREG; ++k) m = fmaxf(m, max4(v[k]));
    if (VSMEM > 0) copy_async_wait_all();  // each thread reads back only its own slots: no barrier needed
#pragma unroll
    for (int k = 0; k < VSMEM; ++k) m = fmaxf(m, max4(smem_slots[k * THREADS + t]));
    // The memory clobbers make the compiler read shared memory again in each
    // pass instead of keeping all VSMEM float4s in registers (which would spill).
    asm volatile("" ::: "memory");
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = exp4(v[k], shift, acc);
#pragma unroll
    for (int k = 0; k < VSMEM; ++k) smem_slots[k * THREADS + t] = exp4(smem_slots[k * THREADS + t], shift, acc);
    x = expf(x - shift);
    const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};
    asm volatile("" ::: "memory");

    MaxSum total = reduce_in_block<THREADS>(mine, warp_partials);
#if __CUDA_ARCH__ >= 900
    if (cluster_size > 1) {
        if (t == 0) block_partial = total;
        cluster.sync();  // every block's partial is written and visible cluster-wide
        const int lane = t % 32;
        // Every warp of every block combines the same partials in the same order.
        MaxSum p = empty_max_sum();
        if (lane < (int)cluster_size) p = *cluster.map_shared_rank(&block_partial, lane);
        total = reduce_in_lanes<32>(p);
        // Say "done reading the others' shared memory" now, and wait for everyone
        // only at the very end, so that no block exits while its partial is read.
        cluster.barrier_arrive();
    }
#endif

    const float scale = output_scale(mine, total);
    const bool out_aligned = floats_to_alignment(out_row, cols) == span.head;
#pragma unroll
    for (int k = 0; k < VREG; ++k) {
        const int j = first + k * THREADS + t;
        if (j < span.body) store_body(out_row, span, out_aligned, j, scale4(v[k], scale));
    }
#pragma unroll
    for (int k = 0; k < VSMEM; ++k) {
        const int j = first + (VREG + k) * THREADS + t;
        if (j < span.body) store_body(out_row, span, out_aligned, j, scale4(smem_slots[k * THREADS + t], scale));
    }
    if (leftover >= 0) __stcs(out_row + leftover, x * scale);
#if __CUDA_ARCH__ >= 900
    if (cluster_size > 1) cluster.barrier_wait();
#endif
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// kernel 3: fallback for rows too long to keep on chip, one block per row
//
// Reads each input twice and writes each output once: 12 bytes/element from
// device memory when the row has left L2 before the second pass (8 when it
// has not). Used only where kernels 1 and 2 cannot run: cols > 524288, or
// cols > 16384 on GPUs without thread-block clusters (before sm_90).

template <int THREADS>
__global__ void __launch_bounds__(THREADS) softmax_row_looped_kernel(const float* __restrict__ input,
                                                                     float* __restrict__ output, int rows, int cols) {
    // BEGIN SOLUTION
    __shared__ MaxSum warp_partials[THREADS / 32];
    const int64_t row = blockIdx.x;
    const int t = threadIdx.x;
    const float* in_row = input + row * (int64_t)cols;
    float* out_row = output + row * (int64_t)cols;
    const RowSpan span = split_row(in_row, cols);
    const float4* body = reinterpret_cast<const float4*>(in_row + span.head);
    const int leftover = leftover_column(span, t, cols);

    // Pass 1: running (max, sum) per thread; loads use the default cache policy
    // so that pass 2 can still find the row in L2.
    MaxSum mine = empty_max_sum();
    if (leftover >= 0) {
        const float x = in_row[leftover];
        mine = {x, x == -INFINITY ? 0.0f : 1.0f};
    }
    for (int j = t; j < span.body; j += THREADS) {
        const float4 v = body[j];
        const float m = fmaxf(mine.m, max4(v));
        const float shift = safe_shift(m);
        float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
        exp4(v, shift, acc);
        mine = {m, mine.s * expf(mine.m - shift) + ((acc.x + acc.y) + (acc.z + acc.w))};
    }
    const MaxSum total = reduce_in_block<THREADS>(mine, warp_partials);

    // Pass 2: read again, write exp(x - max) / sum.
    const float inv_sum = 1.0f / total.s;
    const bool out_aligned = floats_to_alignment(out_row, cols) == span.head;
    for (int j = t; j < span.body; j += THREADS) {
        const float4 v = load_streaming(body + j);
        const float4 e = make_float4(expf(v.x - total.m), expf(v.y - total.m), expf(v.z - total.m), expf(v.w - total.m));
        store_body(out_row, span, out_aligned, j, scale4(e, inv_sum));
    }
    if (leftover >= 0) __stcs(out_row + leftover, expf(in_row[leftover] - total.m) * inv_sum);
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// launcher

// BEGIN SOLUTION
// Per-device facts, read once: compute capability and whether a given cluster
// size of a given kernel can be scheduled at all (cluster size 16 is
// "non-portable" and needs an opt-in; a block with a lot of shared memory may
// not fit). 0 = not asked yet, 1 = yes, 2 = no.
constexpr int kMaxDevices = 64;
constexpr int kMaxCluster = 16;

static int device_major(int device) {
    static int major[kMaxDevices];  // 0 = not read yet
    if (device >= kMaxDevices) return 0;
    if (major[device] == 0) cudaDeviceGetAttribute(&major[device], cudaDevAttrComputeCapabilityMajor, device);
    return major[device];
}

template <int LANES, int VEC>
static cudaError_t run_rows_in_warp(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    const int rows_per_block = 256 / LANES;
    const unsigned blocks = (unsigned)((rows + rows_per_block - 1) / rows_per_block);
    softmax_rows_in_warp_kernel<LANES, VEC><<<blocks, 256, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// Returns cudaErrorNotSupported (without launching) if this cluster size cannot
// be scheduled on this device, so that the caller can fall back.
template <int THREADS, int VREG, int VSMEM>
static cudaError_t run_row_in_cluster(const float* input, float* output, int rows, int cols, int cluster,
                                      cudaStream_t stream) {
    auto kernel = softmax_row_in_cluster_kernel<THREADS, VREG, VSMEM>;
    const size_t smem = (size_t)VSMEM * THREADS * sizeof(float4);
    static unsigned char schedulable[kMaxDevices][kMaxCluster + 1];
    int device = 0;
    cudaGetDevice(&device);
    if (device >= kMaxDevices || cluster < 1 || cluster > kMaxCluster) return cudaErrorNotSupported;

    cudaLaunchConfig_t config = {};
    cudaLaunchAttribute attribute[1];
    config.gridDim = dim3((unsigned)rows * (unsigned)cluster);
    config.blockDim = dim3(THREADS);
    config.dynamicSmemBytes = smem;
    config.stream = stream;
    attribute[0].id = cudaLaunchAttributeClusterDimension;
    attribute[0].val.clusterDim.x = cluster;
    attribute[0].val.clusterDim.y = 1;
    attribute[0].val.clusterDim.z = 1;
    config.attrs = attribute;
    config.numAttrs = cluster > 1 ? 1 : 0;

    if (schedulable[device][cluster] == 0) {
        bool ok = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem) == cudaSuccess;
        if (ok && cluster > 1) {
            ok = device_major(device) >= 9;
            if (ok && cluster > 8)
                ok = cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1) == cudaSuccess;
            int clusters = 0;
            if (ok) ok = cudaOccupancyMaxActiveClusters(&clusters, kernel, &config) == cudaSuccess && clusters > 0;
        }
        cudaGetLastError();  // a refused query must not leak into the caller's error state
        schedulable[device][cluster] = ok ? 1 : 2;
    }
    if (schedulable[device][cluster] != 1) return cudaErrorNotSupported;
    cudaLaunchKernelEx(&config, kernel, input, output, rows, cols);
    return cudaGetLastError();
}

static cudaError_t run_row_looped(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    softmax_row_looped_kernel<1024><<<(unsigned)rows, 1024, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}
// END SOLUTION

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaErrorInvalidValue;
    cudaError_t status = cudaSuccess;
    // BEGIN SOLUTION
    // Short rows: a few lanes per row, the whole row in registers.
    if (cols <= 32) return run_rows_in_warp<8, 1>(input, output, rows, cols, stream);
    if (cols <= 64) return run_rows_in_warp<8, 2>(input, output, rows, cols, stream);
    if (cols <= 128) return run_rows_in_warp<8, 4>(input, output, rows, cols, stream);
    if (cols <= 256) return run_rows_in_warp<16, 4>(input, output, rows, cols, stream);
    if (cols <= 512) return run_rows_in_warp<32, 4>(input, output, rows, cols, stream);
    if (cols <= 1024) return run_rows_in_warp<32, 8>(input, output, rows, cols, stream);
    // One block per row, sized so that several blocks share an SM: while one
    // block waits at its barrier, the others keep loads in flight.
    if (cols <= 2048) return run_row_in_cluster<128, 4, 0>(input, output, rows, cols, 1, stream);
    if (cols <= 4096) return run_row_in_cluster<256, 4, 0>(input, output, rows, cols, 1, stream);
    if (cols <= 8192) return run_row_in_cluster<256, 8, 0>(input, output, rows, cols, 1, stream);
    if (cols <= 16384) return run_row_in_cluster<512, 8, 0>(input, output, rows, cols, 1, stream);
    // Longer rows: split across a cluster of 512-thread blocks, 16384 floats
    // each in registers, or 32768 with half of them in shared memory.
    const int per_block = 512 * 8 * 4;
    if (cols <= kMaxCluster * per_block) {
        status = run_row_in_cluster<512, 8, 0>(input, output, rows, cols, (cols + per_block - 1) / per_block, stream);
        if (status != cudaErrorNotSupported) return status;
    } else if (cols <= kMaxCluster * 2 * per_block) {
        status = run_row_in_cluster<512, 8, 8>(input, output, rows, cols, (cols + 2 * per_block - 1) / (2 * per_block),
                                               stream);
        if (status != cudaErrorNotSupported) return status;
    }
    status = run_row_looped(input, output, rows, cols, stream);
    // END SOLUTION
    if (status != cudaSuccess) return status;
    return cudaGetLastError();
}

/*
Tuned row-wise softmax, fp32, for lab 02 (docs: lab/02-tuned-kernel.md).

    output[r, c] = exp(input[r, c] - max_c input[r, :]) / sum_c exp(input[r, c] - max)

Softmax does almost no arithmetic per byte, so the only goal is to move the
fewest bytes at the highest rate: read each input element once and write each
output element once, 8 bytes/element. Kernels 1 and 2 keep the row (or their
slice of it) on chip, in registers and shared memory, between the read and the
write; kernel 3 reads a row twice and counts on L2 to serve the second read.

Measured on an H200 with grader/bench.py: docs/data/bench-h200-2026-11-21.json.

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
    row_in_cluster   cols <= 524288: a row in one block (cols <= 32768), or split
                     across a cluster of up to 16 blocks (Hopper) that exchange
                     their partial results through distributed shared memory
    row_looped       two passes over a row; used where the rows in flight fit in
                     L2 (the second pass then hits L2) and where clusters cannot
                     run (Ampere; cols > 524288): 12 bytes/element at worst
*/
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <math.h>
#include <stdint.h>

#include <algorithm>

namespace cg = cooperative_groups;

// ----------------------------------------------------------------------------
// building blocks shared by the kernels

// BEGIN SOLUTION
// TODO: write the helpers your kernels share (a warp-shuffle reduction, the row's alignment split, ...)

// The (max, sum) pair of an "online" softmax: s = sum exp(x - m) over the
// elements seen so far. Two pairs combine exactly like two partial softmaxes,
// so ONE reduction gives both the row max and the row sum (one block barrier
// and one cluster barrier per row instead of two).
struct MaxSum {
    float m;
    float s;
};

__device__ __forceinline__ MaxSum empty_max_sum() { return {-INFINITY, 0.0f}; }

// exp on the hardware exp2 unit: two instructions instead of about ten for
// expf(). Softmax only takes exp of x - max <= 0, and that difference is exact
// for the elements that matter, so outputs stay within a few 1e-7 (relative).
__device__ __forceinline__ float fast_exp(float x) { return __expf(x); }

// Symmetric on purpose (no fused multiply-add, which would round one side
// differently): in a butterfly both partners then get bit-identical results.
__device__ __forceinline__ MaxSum combine(MaxSum a, MaxSum b) {
    const float m = fmaxf(a.m, b.m);
    if (m == -INFINITY) return empty_max_sum();  // avoids exp(-inf - -inf) = NaN
    return {m, __fadd_rn(__fmul_rn(a.s, fast_exp(a.m - m)), __fmul_rn(b.s, fast_exp(b.m - m)))};
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
// blockDim.x must be a multiple of 32. warp_partials ([32]) must not be
// written again before the next __syncthreads.
__device__ __forceinline__ MaxSum reduce_in_block(MaxSum v, MaxSum* warp_partials) {
    v = reduce_in_lanes<32>(v);
    const int warps = blockDim.x / 32;
    if (warps == 1) return v;
    const int lane = threadIdx.x % 32;
    if (lane == 0) warp_partials[threadIdx.x / 32] = v;
    __syncthreads();
    return reduce_in_lanes<32>(lane < warps ? warp_partials[lane] : empty_max_sum());
}

// Combines the results of the blocks of a cluster (Hopper; a no-op without a
// cluster). Each block publishes its pair in its own shared memory; after the
// barrier every warp reads all of them, in rank order, through distributed
// shared memory: 8 bytes per block cross the cluster, never the row itself.
// block_partial must not be written again before the next cluster barrier.
__device__ __forceinline__ MaxSum reduce_in_cluster(MaxSum block_total, MaxSum* block_partial) {
#if __CUDA_ARCH__ >= 900
    cg::cluster_group cluster = cg::this_cluster();
    if (cluster.num_blocks() == 1) return block_total;
    if (threadIdx.x == 0) *block_partial = block_total;
    cluster.sync();
    const int lane = threadIdx.x % 32;
    MaxSum p = empty_max_sum();
    if (lane < (int)cluster.num_blocks()) p = *cluster.map_shared_rank(block_partial, lane);
    return reduce_in_lanes<32>(p);
#else
    return block_total;
#endif
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

__device__ __forceinline__ RowSpan no_row() { return {0, 0, 0}; }  // past the last row: nothing to load

// The head and tail (at most 6 floats) go one each to the first threads of the
// row's team. Returns the column, or -1 if this thread holds none.
__device__ __forceinline__ int leftover_column(RowSpan span, int thread, int cols) {
    if (thread < span.head) return thread;
    if (thread < span.head + span.tail) return cols - span.tail + (thread - span.head);
    return -1;
}

__device__ __forceinline__ float4 neg_inf4() { return make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY); }
__device__ __forceinline__ float max4(float4 v) { return fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)); }
__device__ __forceinline__ float4 scale4(float4 v, float k) { return make_float4(v.x * k, v.y * k, v.z * k, v.w * k); }

// Body float4 j of a row, or -inf padding past its end (-inf changes neither
// the max nor the sum). Read-only path (ld.global.nc): measured faster here
// than the streaming hint.
__device__ __forceinline__ float4 load_slot(const float4* body, int j, int body_len) {
    return j < body_len ? __ldg(body + j) : neg_inf4();
}
__device__ __forceinline__ float load_leftover(const float* row, int column) {
    return column >= 0 ? __ldg(row + column) : -INFINITY;
}

// exp(v - shift), summed into acc. Returns the new float4.
__device__ __forceinline__ float4 exp4(float4 v, float shift, float4& acc) {
    v = make_float4(fast_exp(v.x - shift), fast_exp(v.y - shift), fast_exp(v.z - shift), fast_exp(v.w - shift));
    acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
    return v;
}

// A thread whose elements are all -inf (or that holds none) must not compute
// exp(-inf - -inf): shift by 0 instead, which gives exp(-inf) = 0.
__device__ __forceinline__ float safe_shift(float m) { return m == -INFINITY ? 0.0f : m; }

// After the reduction: this thread stored e = exp(x - m_thread); the answer is
// exp(x - m_row) / s_row = e * exp(m_thread - m_row) / s_row.
__device__ __forceinline__ float output_scale(MaxSum mine, MaxSum row) {
    return mine.m == -INFINITY ? 0.0f : fast_exp(mine.m - row.m) / row.s;
}

// Body float4 j of a row goes to output columns head + 4j .. head + 4j + 3. If
// the output row has the same offset mod 16 bytes as the input row (always, for
// ordinary tensors) that is one vector store; otherwise four scalar stores.
// Streaming stores (.cs): measured much faster than plain stores here.
template <bool ALIGNED>
__device__ __forceinline__ void store_slot(float* out_row, RowSpan span, int j, float4 v) {
    float* p = out_row + span.head + 4 * j;
    if (ALIGNED) {
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

__device__ __forceinline__ void load_slot_async(float4* slot, const float4* body, int j, int body_len) {
    if (j < body_len) copy_async_16(slot, body + j);
    else *slot = neg_inf4();
}

// Writes a row's register slots (times scale) and refills each one with the
// next row's float4 as soon as it is free. Slot k is body float4 base + k * stride.
template <bool ALIGNED, int VREG>
__device__ __forceinline__ void store_and_refill(float4 (&v)[VREG], float scale, float* out_row, RowSpan span,
                                                 const float4* next_body, int next_body_len, int base, int stride) {
#pragma unroll
    for (int k = 0; k < VREG; ++k) {
        const int j = base + k * stride;
        if (j < span.body) store_slot<ALIGNED>(out_row, span, j, scale4(v[k], scale));
        v[k] = load_slot(next_body, j, next_body_len);
    }
}

// END SOLUTION

// ----------------------------------------------------------------------------
// kernel 1: short rows, LANES threads per row, 32 / LANES rows per warp
//
// Reads each input once, writes each output once: 8 bytes/element.
// Each lane holds VEC float4s of its row in registers (LANES * VEC * 4 >= cols):
// a 128-column row is 16 lanes x 2 float4s, 4 shuffle steps to reduce, 2 rows
// per warp; no shared memory, no barrier.

template <int LANES, int VEC>
__global__ void __launch_bounds__(256) softmax_rows_in_warp_kernel(const float* __restrict__ input,
                                                                   float* __restrict__ output, int rows, int cols) {
    // BEGIN SOLUTION
    // TODO: LANES lanes per row: load the row into registers (16-byte loads where aligned), reduce max and sum with shuffles, write exp(x - max) / sum.
    static_assert(LANES >= 8 && LANES <= 32 && (LANES & (LANES - 1)) == 0, "head + tail need 6 lanes");
    const int lane = threadIdx.x % LANES;
    const int64_t row = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / LANES;
    // A lane group past the last row holds an empty span: it loads and stores
    // nothing but still takes part in the shuffles.
    const float* in_row = input + row * cols;
    const RowSpan span = row < rows ? split_row(in_row, cols) : no_row();
    const float4* body = reinterpret_cast<const float4*>(in_row + span.head);
    const int leftover = leftover_column(span, lane, cols);

    // Issue every load before using any: VEC + 1 requests in flight.
    float4 v[VEC];
#pragma unroll
    for (int k = 0; k < VEC; ++k) v[k] = load_slot(body, k * LANES + lane, span.body);
    float x = load_leftover(in_row, leftover);

    float m = x;
#pragma unroll
    for (int k = 0; k < VEC; ++k) m = fmaxf(m, max4(v[k]));
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < VEC; ++k) v[k] = exp4(v[k], shift, acc);
    x = fast_exp(x - shift);
    const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};
    const float scale = output_scale(mine, reduce_in_lanes<LANES>(mine));

    float* out_row = output + row * cols;
    const bool aligned = floats_to_alignment(out_row, cols) == span.head;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int j = k * LANES + lane;
        if (j < span.body) {
            if (aligned) store_slot<true>(out_row, span, j, scale4(v[k], scale));
            else store_slot<false>(out_row, span, j, scale4(v[k], scale));
        }
    }
    if (leftover >= 0) __stcs(out_row + leftover, x * scale);
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// kernel 2: one row per block, or per cluster of up to 16 blocks (Hopper)
//
// Reads each input once, writes each output once: 8 bytes/element.
// Block b of a cluster owns the float4s [b * chunk, (b + 1) * chunk) of the row
// body, chunk = blockDim.x * (VREG + VSMEM): VREG float4s per thread in
// registers and VSMEM more in shared memory (loaded with cp.async), so that a
// whole 2 MB row (cols = 524288) fits on chip across 16 SMs. Each block reduces
// its slice to one (max, sum) pair and the blocks of the cluster combine their
// pairs (reduce_in_cluster).
//
// Launched either with one cluster per row, or with fewer clusters than rows
// (persistent): cluster c then handles rows c, c + step, c + 2 * step, ...
// (step = number of clusters), storing row r slot by slot and refilling each
// freed slot with row r + step at once, so the next row's loads overlap this
// row's stores, and no cluster is launched per row.
//
// __launch_bounds__(1024, 1) caps threads at 64 registers: two blocks of 512
// (or one of 1024) fit on an SM.

template <int VREG, int VSMEM>
__global__ void __launch_bounds__(1024, 1) softmax_row_in_cluster_kernel(const float* __restrict__ input,
                                                                         float* __restrict__ output, int rows, int cols) {
    // BEGIN SOLUTION
    // TODO: one row per block (per cluster on Hopper): keep your slice on chip, reduce (max, sum) across the block (and cluster), write.
    extern __shared__ float4 smem_slots[];  // [VSMEM][blockDim.x]: thread t owns column t
    __shared__ MaxSum warp_partials[2][32];  // double-buffered: consecutive rows alternate
    __shared__ MaxSum block_partial[2];
    unsigned rank = 0, cluster_size = 1;
#if __CUDA_ARCH__ >= 900
    rank = cg::this_cluster().block_rank();
    cluster_size = cg::this_cluster().num_blocks();
#endif
    const int t = threadIdx.x, threads = blockDim.x;
    const int base = (int)rank * threads * (VREG + VSMEM) + t;  // slot k is body float4 base + k * threads
    const int64_t step = gridDim.x / cluster_size;              // number of clusters
    int64_t row = blockIdx.x / cluster_size;
    if (row >= rows) return;  // the whole cluster: its blocks share the row

    const float* in_row = input + row * cols;
    RowSpan span = split_row(in_row, cols);
    int leftover = rank == 0 ? leftover_column(span, t, cols) : -1;  // the first block holds head and tail
    // Issue every load before waiting for any. Unused slots hold -inf.
    float4 v[VREG > 0 ? VREG : 1];
    {
        const float4* body = reinterpret_cast<const float4*>(in_row + span.head);
#pragma unroll
        for (int k = 0; k < VREG; ++k) v[k] = load_slot(body, base + k * threads, span.body);
#pragma unroll
        for (int k = 0; k < VSMEM; ++k)
            load_slot_async(&smem_slots[k * threads + t], body, base + (VREG + k) * threads, span.body);
    }
    float x = load_leftover(in_row, leftover);

    // Consecutive rows alternate between two sets of reduction buffers, which is
    // what makes one barrier per row enough: a buffer is written again only
    // after the next row's barrier, when every reader is done with it.
    for (int parity = 0;; parity ^= 1) {
        float m = x;
#pragma unroll
        for (int k = 0; k < VREG; ++k) m = fmaxf(m, max4(v[k]));
        if (VSMEM > 0) copy_async_wait_all();  // each thread reads back only its own slots: no barrier needed
#pragma unroll
        for (int k = 0; k < VSMEM; ++k) m = fmaxf(m, max4(smem_slots[k * threads + t]));
        // The memory clobbers make the compiler read shared memory again in each
        // pass instead of holding every VSMEM slot in registers (which would spill).
        asm volatile("" ::: "memory");
        const float shift = safe_shift(m);
        float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int k = 0; k < VREG; ++k) v[k] = exp4(v[k], shift, acc);
#pragma unroll
        for (int k = 0; k < VSMEM; ++k) smem_slots[k * threads + t] = exp4(smem_slots[k * threads + t], shift, acc);
        x = fast_exp(x - shift);
        const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};
        asm volatile("" ::: "memory");

        const MaxSum total = reduce_in_cluster(reduce_in_block(mine, warp_partials[parity]), &block_partial[parity]);
        const float scale = output_scale(mine, total);

        const int64_t next_row = row + step;
        const float* next_in_row = input + next_row * cols;
        const RowSpan next_span = next_row < rows ? split_row(next_in_row, cols) : no_row();
        const float4* next_body = reinterpret_cast<const float4*>(next_in_row + next_span.head);
        float* out_row = output + row * cols;
        const bool aligned = floats_to_alignment(out_row, cols) == span.head;
        if (aligned) store_and_refill<true>(v, scale, out_row, span, next_body, next_span.body, base, threads);
        else store_and_refill<false>(v, scale, out_row, span, next_body, next_span.body, base, threads);
#pragma unroll
        for (int k = 0; k < VSMEM; ++k) {
            const int j = base + (VREG + k) * threads;
            float4* slot = &smem_slots[k * threads + t];
            if (j < span.body) {
                if (aligned) store_slot<true>(out_row, span, j, scale4(*slot, scale));
                else store_slot<false>(out_row, span, j, scale4(*slot, scale));
            }
            load_slot_async(slot, next_body, j, next_span.body);  // ordered after the read above: same address
        }
        if (leftover >= 0) __stcs(out_row + leftover, x * scale);
        leftover = rank == 0 ? leftover_column(next_span, t, cols) : -1;
        x = load_leftover(next_in_row, leftover);

        if (next_row >= rows) break;
        row = next_row;
        span = next_span;
    }
#if __CUDA_ARCH__ >= 900
    if (cluster_size > 1) cg::this_cluster().sync();  // no block may exit while another reads its block_partial
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
    // TODO: rows too long to keep on chip: pass 1 computes (max, sum), pass 2 re-reads and writes.
    constexpr int kUnroll = 4;  // float4s in flight per thread
    __shared__ MaxSum warp_partials[32];
    const int64_t row = blockIdx.x;
    const int t = threadIdx.x;
    const float* in_row = input + row * cols;
    float* out_row = output + row * cols;
    const RowSpan span = split_row(in_row, cols);
    const float4* body = reinterpret_cast<const float4*>(in_row + span.head);
    const int leftover = leftover_column(span, t, cols);

    // Pass 1: running (max, sum) per thread. Default cache policy, so that
    // pass 2 can still find the row in L2.
    MaxSum mine = empty_max_sum();
    if (leftover >= 0) {
        const float x = in_row[leftover];
        mine = {x, x == -INFINITY ? 0.0f : 1.0f};
    }
    for (int j0 = t; j0 < span.body; j0 += kUnroll * THREADS) {
        float4 v[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) v[u] = load_slot(body, j0 + u * THREADS, span.body);
        float m = mine.m;
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) m = fmaxf(m, max4(v[u]));
        const float shift = safe_shift(m);
        float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) exp4(v[u], shift, acc);
        mine = {m, mine.s * fast_exp(mine.m - shift) + ((acc.x + acc.y) + (acc.z + acc.w))};
    }
    const MaxSum total = reduce_in_block(mine, warp_partials);

    // Pass 2: read again (streaming: last use), write exp(x - max) / sum.
    const float inv_sum = 1.0f / total.s;
    const bool aligned = floats_to_alignment(out_row, cols) == span.head;
    for (int j0 = t; j0 < span.body; j0 += kUnroll * THREADS) {
        float4 v[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) v[u] = j0 + u * THREADS < span.body ? __ldcs(body + j0 + u * THREADS) : neg_inf4();
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const int j = j0 + u * THREADS;
            if (j >= span.body) break;
            const float4 e = make_float4(fast_exp(v[u].x - total.m), fast_exp(v[u].y - total.m),
                                         fast_exp(v[u].z - total.m), fast_exp(v[u].w - total.m));
            if (aligned) store_slot<true>(out_row, span, j, scale4(e, inv_sum));
            else store_slot<false>(out_row, span, j, scale4(e, inv_sum));
        }
    }
    if (leftover >= 0) __stcs(out_row + leftover, fast_exp(in_row[leftover] - total.m) * inv_sum);
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// launcher

// BEGIN SOLUTION
// TODO: launch helpers: grid sizes, cluster launch, per-device facts you want to cache.
// What the launcher needs to know about a device, read once per device.
constexpr int kMaxDevices = 64;
constexpr int kMaxCluster = 16;

struct DeviceFacts {
    int major;     // compute capability: clusters need 9
    int sms;       // multiprocessors
    int l2_bytes;  // L2 cache size
};

static int current_device() {
    int device = 0;
    cudaGetDevice(&device);
    return device < kMaxDevices ? device : -1;
}

static DeviceFacts device_facts(int device) {
    static DeviceFacts facts[kMaxDevices];  // zeros: not read yet
    if (facts[device].sms == 0) {
        cudaDeviceGetAttribute(&facts[device].major, cudaDevAttrComputeCapabilityMajor, device);
        cudaDeviceGetAttribute(&facts[device].l2_bytes, cudaDevAttrL2CacheSize, device);
        cudaDeviceGetAttribute(&facts[device].sms, cudaDevAttrMultiProcessorCount, device);
    }
    return facts[device];
}

// Kernel 1: small blocks (128 threads) measured fastest; lane groups never
// straddle a warp.
template <int LANES, int VEC>
static cudaError_t run_rows_in_warp(const float* input, float* output, int rows, int cols, cudaStream_t stream,
                                    int threads = 128) {
    const int64_t blocks = ((int64_t)rows * LANES + threads - 1) / threads;
    softmax_rows_in_warp_kernel<LANES, VEC><<<(unsigned)blocks, threads, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// Kernel 2, one short-lived block per row. The block is just wide enough for
// V float4s per thread: slots past the end of the row would still cost
// registers, and so fewer blocks (rows in flight) per SM.
template <int V>
static cudaError_t run_row_in_block(const float* input, float* output, int rows, int cols, cudaStream_t stream,
                                    int threads = 0) {
    if (threads == 0) threads = std::max(32, ((cols / 4 + V - 1) / V + 31) / 32 * 32);
    if (threads > 1024 || (int64_t)threads * V * 4 + 3 < cols) return cudaErrorInvalidValue;
    softmax_row_in_cluster_kernel<V, 0><<<(unsigned)rows, threads, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// Kernel 2, each row split across a cluster of `cluster` blocks of `threads`
// threads; as many clusters as fit on the GPU at once, each walking over rows
// (persistent), or one cluster per row. Returns cudaErrorNotSupported, without
// launching, if the cluster cannot be scheduled on this device, so that the
// caller can fall back.
template <int VREG, int VSMEM>
static cudaError_t run_row_in_cluster(const float* input, float* output, int rows, int cols, int threads, int cluster,
                                      cudaStream_t stream, bool persistent = true) {
    auto kernel = softmax_row_in_cluster_kernel<VREG, VSMEM>;
    const int smem = VSMEM * threads * (int)sizeof(float4);
    static int resident[kMaxDevices][kMaxCluster + 1];  // clusters that fit at once; 0: not asked, -1: none
    const int device = current_device();
    if (device < 0) return cudaErrorInvalidDevice;
    if (cluster < 2 || cluster > kMaxCluster || device_facts(device).major < 9) return cudaErrorNotSupported;

    cudaLaunchConfig_t config = {};
    cudaLaunchAttribute attribute[1];
    config.gridDim = dim3((unsigned)cluster);
    config.blockDim = dim3((unsigned)threads);
    config.dynamicSmemBytes = smem;
    config.stream = stream;
    attribute[0].id = cudaLaunchAttributeClusterDimension;
    attribute[0].val.clusterDim.x = cluster;
    attribute[0].val.clusterDim.y = 1;
    attribute[0].val.clusterDim.z = 1;
    config.attrs = attribute;
    config.numAttrs = 1;

    int& fit = resident[device][cluster];
    if (fit == 0) {
        // More than 48 KB of shared memory, and cluster size 16 ("non-portable"),
        // both need an opt-in.
        bool ok = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) == cudaSuccess;
        if (ok && cluster > 8)
            ok = cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1) == cudaSuccess;
        int n = 0;
        if (ok) ok = cudaOccupancyMaxActiveClusters(&n, kernel, &config) == cudaSuccess;
        cudaGetLastError();  // a refused query must not leak into the caller's error state
        fit = ok && n > 0 ? n : -1;
    }
    if (fit < 0) return cudaErrorNotSupported;
    const int clusters = persistent ? std::min(rows, fit) : rows;
    config.gridDim = dim3((unsigned)clusters * (unsigned)cluster);
    cudaLaunchKernelEx(&config, kernel, input, output, rows, cols);
    return cudaGetLastError();
}

// Kernel 3 reads each row twice. When the rows that are in flight at once fit
// in L2, the second read comes from L2 and it needs no cluster barrier at all:
// then it beats kernel 2 (measured on an H200 at cols = 50257).
static bool looped_rows_fit_in_l2(int cols) {
    static int blocks_per_sm[kMaxDevices];  // 0: not asked yet
    const int device = current_device();
    if (device < 0) return false;
    if (blocks_per_sm[device] == 0) {
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm[device], softmax_row_looped_kernel<1024>,
                                                          1024, 0) != cudaSuccess || blocks_per_sm[device] < 1)
            blocks_per_sm[device] = 1;
        cudaGetLastError();
    }
    const DeviceFacts facts = device_facts(device);
    const double in_flight = (double)blocks_per_sm[device] * facts.sms * cols * sizeof(float);
    return in_flight <= 0.9 * facts.l2_bytes;
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
    // TODO: pick a kernel and launch configuration for `cols`, launch it on `stream`.
    // STUB: softmax_rows_in_warp_kernel<32, 8><<<(rows + 3) / 4, 128, 0, stream>>>(input, output, rows, cols);
    // Short rows: a few lanes per row, the whole row in registers.
    if (cols <= 32) return run_rows_in_warp<8, 1>(input, output, rows, cols, stream);
    if (cols <= 64) return run_rows_in_warp<16, 1>(input, output, rows, cols, stream);
    if (cols <= 128) return run_rows_in_warp<16, 2>(input, output, rows, cols, stream);
    if (cols <= 256) return run_rows_in_warp<16, 4>(input, output, rows, cols, stream);
    if (cols <= 512) return run_rows_in_warp<32, 4>(input, output, rows, cols, stream);
    if (cols <= 1024) return run_rows_in_warp<32, 8>(input, output, rows, cols, stream);
    // One block per row: up to 256 threads with 6 float4s each, then up to
    // 1024 threads with 8 (a wider block of 6 would leave room for only one
    // block per SM: measured 16% slower at cols = 16384).
    if (cols <= 256 * 6 * 4) return run_row_in_block<6>(input, output, rows, cols, stream);
    if (cols <= 1024 * 8 * 4) return run_row_in_block<8>(input, output, rows, cols, stream);
    if (looped_rows_fit_in_l2(cols)) return run_row_looped(input, output, rows, cols, stream);
    // Longer rows: split across a cluster of 512-thread blocks, 16384 floats
    // each in registers, or 32768 with half of them in shared memory.
    const int per_block = 512 * 8 * 4;
    if (cols <= kMaxCluster * per_block)
        status = run_row_in_cluster<8, 0>(input, output, rows, cols, 512, (cols + per_block - 1) / per_block, stream);
    else if (cols <= kMaxCluster * 2 * per_block)
        status = run_row_in_cluster<8, 8>(input, output, rows, cols, 512, (cols + 2 * per_block - 1) / (2 * per_block),
                                          stream);
    else
        status = cudaErrorNotSupported;
    // No clusters (before sm_90), or rows too long for one: two passes.
    if (status == cudaErrorNotSupported) status = run_row_looped(input, output, rows, cols, stream);
    // END SOLUTION
    if (status != cudaSuccess) return status;
    return cudaGetLastError();
}

/*
Tuned row-wise softmax, fp32, for lab 02 (docs: lab/02-tuned-kernel.md).

    output[r, c] = exp(input[r, c] - max_c input[r, :]) / sum_c exp(input[r, c] - max)

Softmax does almost no arithmetic per byte, so the only goal is to move the
fewest bytes at the highest rate: read each input element once and write each
output element once, 8 bytes/element. Kernels 1 to 3 keep the row (or their
piece of it) on chip, in registers and shared memory, between the read and the
write; kernel 4, the fallback, reads a row twice.

Measured with grader/bench.py: docs/data/bench-softmax-h200-2026-12-07.json (H200)
and docs/data/bench-softmax-h100-2026-12-07.json (H100).

Build, check and time it (the grader compiles this file for the GPU it runs on):

    make grade LAB=02                 # correctness, the gate against F.softmax, the sweep

It must also build for both supported architectures (the grader's check without a GPU):

    nvcc -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
        -shared -Xcompiler -fPIC softmax_tuned.cu -o softmax_tuned.so

Legend:
    rows   number of independent softmaxes (rows of the row-major matrix)
    cols   length of each row; rows are contiguous, row r starts at r * cols
    slot   one 16-byte float4 (or one leftover float) held by one thread
    head   the 0..3 floats before a row's first 16-byte-aligned address
    body   the row's 16-byte-aligned float4s, loaded with vector instructions
    tail   the 0..3 floats after the body
    piece  the part of a long row's body that one block of kernel 3 holds

Four kernels, picked by cols in the launcher:
    rows_in_warp   cols <= 1024: 8, 16 or 32 lanes per row, several rows per warp
    row_in_block   cols <= 32768: one row per block, in registers
    row_split      longer rows: one piece of up to 64 KB per block, in registers
                   and shared memory; the blocks of a row exchange their
                   (max, sum) pairs through a small workspace in global memory
    row_looped     the fallback where row_split cannot run: two passes over a
                   row, 12 bytes/element
*/
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>

#include <algorithm>
#include <climits>
#include <mutex>

// ----------------------------------------------------------------------------
// building blocks shared by the kernels

// BEGIN SOLUTION
// TODO: write the helpers your kernels share (a warp-shuffle reduction, the row's alignment split, ...)

// The (max, sum) pair of an "online" softmax: s = sum exp(x - m) over the
// elements seen so far. Two pairs combine exactly like two partial softmaxes,
// so ONE reduction gives both the row max and the row sum (one block barrier
// per row instead of two, and one exchange between the blocks of a long row).
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
// Kernels 1 and 2 store plainly; kernels 3 and 4 with streaming stores (STREAMING:
// .cs, evict-first in L2). On an H200, plain stores measured 0.5-1 point of copy
// faster at 1024-32000 columns, and no faster in kernel 3 (3 points slower at
// 524288 columns in one of five runs) (docs/_tools/softmax_limit/README.md, round 4).
template <bool ALIGNED, bool STREAMING = false>
__device__ __forceinline__ void store_slot(float* out_row, RowSpan span, int j, float4 v) {
    float* p = out_row + span.head + 4 * j;
    if (ALIGNED) {
        if (STREAMING) __stcs(reinterpret_cast<float4*>(p), v);
        else *reinterpret_cast<float4*>(p) = v;
    } else if (STREAMING) {
        __stcs(p + 0, v.x); __stcs(p + 1, v.y); __stcs(p + 2, v.z); __stcs(p + 3, v.w);
    } else {
        p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w;
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
    if (leftover >= 0) out_row[leftover] = x * scale;
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// kernel 2: one row per block, the whole row in registers
//
// Reads each input once, writes each output once: 8 bytes/element.
// Thread t holds body float4s t, t + blockDim.x, ... (V of them): each load
// instruction of a warp covers 512 contiguous bytes. One (max, sum) reduction
// over the block (reduce_in_block), one barrier.
//
// __launch_bounds__(1024, 1) caps threads at 64 registers: two blocks of 512
// (or one of 1024) fit on an SM.

template <int V>
__global__ void __launch_bounds__(1024, 1) softmax_row_in_block_kernel(const float* __restrict__ input,
                                                                       float* __restrict__ output, int rows, int cols) {
    // BEGIN SOLUTION
    // TODO: one row per block: keep the row in registers, reduce (max, sum) across the block, write.
    __shared__ MaxSum warp_partials[32];
    const int t = threadIdx.x, threads = blockDim.x;
    const int64_t row = blockIdx.x;
    const float* in_row = input + row * cols;
    const RowSpan span = split_row(in_row, cols);
    const float4* body = reinterpret_cast<const float4*>(in_row + span.head);
    const int leftover = leftover_column(span, t, cols);

    // Issue every load before using any. Unused slots hold -inf.
    float4 v[V];
#pragma unroll
    for (int k = 0; k < V; ++k) v[k] = load_slot(body, t + k * threads, span.body);
    float x = load_leftover(in_row, leftover);

    float m = x;
#pragma unroll
    for (int k = 0; k < V; ++k) m = fmaxf(m, max4(v[k]));
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < V; ++k) v[k] = exp4(v[k], shift, acc);
    x = fast_exp(x - shift);
    const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};
    const float scale = output_scale(mine, reduce_in_block(mine, warp_partials));

    float* out_row = output + row * cols;
    const bool aligned = floats_to_alignment(out_row, cols) == span.head;
#pragma unroll
    for (int k = 0; k < V; ++k) {
        const int j = t + k * threads;
        if (j < span.body) {
            if (aligned) store_slot<true>(out_row, span, j, scale4(v[k], scale));
            else store_slot<false>(out_row, span, j, scale4(v[k], scale));
        }
    }
    if (leftover >= 0) out_row[leftover] = x * scale;
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// kernel 3: long rows, each split across blocks that exchange (max, sum)
// through global memory
//
// Reads each input once, writes each output once: 8 bytes/element.
// A row's body is cut into `pieces` equal pieces of at most THREADS * (VREG +
// VSMEM) float4s, one block each: VREG float4s per thread in registers, up to
// VSMEM more in shared memory (loaded with cp.async). Block i takes piece
// i % pieces of row i / pieces. It reduces its piece to a (max, sum) pair,
// publishes the pair, and waits until every piece of its row has published;
// then it combines the row's pairs (in piece order, so every block of the row
// gets the same bits) and writes its piece. A 2 MB row (cols = 524288) is far
// more than one SM holds; in pieces of 64 KB, 32 blocks share it.
//
// The exchange, per launch, in a zeroed workspace: one 64-bit word per piece,
// its packed pair, which is never 0 (a max of +0.0 comes with a sum >= 1, and
// -inf has nonzero bits), so 0 means "not published yet". The word is the
// whole message: it is written with a relaxed atomic, and lane c of warp 0
// reads words c, c + 32, ... with relaxed loads until none is 0. No counter,
// no fence, no sleep: a counter per row (a release add, polled with acquire
// order and a 100 ns sleep) measured 1-3 points of copy slower on H100s and
// 1.4-4.3 on an H200 at 50257-524288 columns, and 15-25 points slower in
// one-warp blocks (docs/_tools/softmax_limit/README.md, round 16).
//
// Waiting for another block is safe only if that block can run. Blocks start
// in increasing blockIdx order, the assumption CUB's single-pass scan makes
// (cub/agent/agent_scan.cuh: "Blocks are launched in increasing order"), and
// the launcher checks that at least 2 * pieces blocks fit on the GPU at once.
// Then the lowest unfinished row can always finish: the blocks of the rows
// below it are done, so all its pieces can start.
//
// What the exchange costs: each block waits for the slowest piece of its row.
// Of the sizes measured on an H200, pieces of 64 KB with 4 blocks per SM kept
// the most loads in flight around that wait
// (docs/data/evidence-h200-2026-11-21/long-rows-notes.md).

// BEGIN SOLUTION
// TODO: publishing a piece's (max, sum) and waiting for the rest of the row.
__device__ __forceinline__ unsigned long long pack_max_sum(MaxSum v) {
    return (unsigned long long)__float_as_uint(v.s) << 32 | __float_as_uint(v.m);
}

__device__ __forceinline__ MaxSum unpack_max_sum(unsigned long long w) {
    return {__uint_as_float((unsigned)w), __uint_as_float((unsigned)(w >> 32))};
}

// The exchange's two memory operations, both relaxed at device scope (PTX ISA,
// "Memory Consistency Model"): atomicExch, and a load in PTX, which must not be
// served by L1 (an SM's L1 is not coherent with the others'). cuda::atomic_ref
// (<cuda/atomic>) says the same, but its headers took 1.5 s of this file's
// 3.9 s compile (nvcc 13.0, one architecture, a 2-core machine); fences
// (__threadfence() with volatile loads) cost 2-4 points of copy bandwidth at
// the long rows on an H200 (docs/data/evidence-2026-12-01g).

// Thread 0 of the block only.
__device__ __forceinline__ void publish_piece(unsigned long long* word, MaxSum v) {
    atomicExch(word, pack_max_sum(v));  // relaxed, device scope
}

__device__ __forceinline__ unsigned long long load_relaxed(const unsigned long long* p) {
    unsigned long long v;  // a strong load: from L2, not a line L1 read before the word was published
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}

// All 32 lanes of warp 0. Returns the row's (max, sum) in every lane.
__device__ __forceinline__ MaxSum wait_for_row(const unsigned long long* row_words, int pieces) {
    MaxSum p = empty_max_sum();
    for (int c = threadIdx.x; c < pieces; c += 32) {
        unsigned long long w = load_relaxed(row_words + c);
        while (w == 0) w = load_relaxed(row_words + c);
        p = combine(p, unpack_max_sum(w));
    }
    return reduce_in_lanes<32>(p);
}
// END SOLUTION

template <int THREADS, int VREG, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) softmax_row_split_kernel(
    const float* __restrict__ input, float* __restrict__ output, int rows, int cols, int pieces, int piece_len,
    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count) {
    // BEGIN SOLUTION
    // TODO: load your piece of the row, reduce it, publish it, wait for the row's other pieces, combine, write.
    static_assert(THREADS >= 64 && THREADS % 32 == 0, "reduce_in_block must reach its barrier");
    extern __shared__ float4 smem_slots[];  // [vsmem][THREADS]: thread t owns column t
    __shared__ MaxSum warp_partials[32];
    __shared__ MaxSum row_total;
    const int t = threadIdx.x;
    const int64_t item = blockIdx.x;
    // The previous launch's workspace, zeroed for the launch after this one.
    for (int64_t i = item * THREADS + t; i < clear_count; i += (int64_t)gridDim.x * THREADS) to_clear[i] = 0;

    const int64_t row = item / pieces;
    const int piece = (int)(item - row * pieces);
    const float* in_row = input + row * cols;
    const RowSpan span = split_row(in_row, cols);
    const int begin = piece * piece_len;                // first body float4 of the piece
    const int len = min(piece_len, span.body - begin);  // the row's last piece may be shorter
    const float4* body = reinterpret_cast<const float4*>(in_row + span.head) + begin;
    const int leftover = piece == 0 ? leftover_column(span, t, cols) : -1;

    // Issue every load before using any: VREG float4s into registers, vsmem more into shared memory.
    float4 v[VREG];
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = load_slot(body, t + k * THREADS, len);
    for (int k = 0; k < vsmem; ++k) load_slot_async(&smem_slots[k * THREADS + t], body, t + (VREG + k) * THREADS, len);
    float x = load_leftover(in_row, leftover);

    float m = x;
#pragma unroll
    for (int k = 0; k < VREG; ++k) m = fmaxf(m, max4(v[k]));
    if (vsmem > 0) copy_async_wait_all();  // each thread reads back only its own slots: no barrier needed
    for (int k = 0; k < vsmem; ++k) m = fmaxf(m, max4(smem_slots[k * THREADS + t]));
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = exp4(v[k], shift, acc);
    for (int k = 0; k < vsmem; ++k) smem_slots[k * THREADS + t] = exp4(smem_slots[k * THREADS + t], shift, acc);
    x = fast_exp(x - shift);
    const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};

    const MaxSum block_total = reduce_in_block(mine, warp_partials);
    if (pieces == 1) {  // the whole row is in this block: nothing to exchange
        if (t == 0) row_total = block_total;
    } else if (t < 32) {
        unsigned long long* row_words = workspace + row * pieces;
        if (t == 0) publish_piece(&row_words[piece], block_total);
        const MaxSum total = wait_for_row(row_words, pieces);
        if (t == 0) row_total = total;
    }
    __syncthreads();
    const float scale = output_scale(mine, row_total);

    float* out_row = output + row * cols;
    const bool aligned = floats_to_alignment(out_row, cols) == span.head;
#pragma unroll
    for (int k = 0; k < VREG; ++k) {
        const int j = t + k * THREADS;
        if (j < len) {
            if (aligned) store_slot<true, true>(out_row, span, begin + j, scale4(v[k], scale));
            else store_slot<false, true>(out_row, span, begin + j, scale4(v[k], scale));
        }
    }
    for (int k = 0; k < vsmem; ++k) {
        const int j = t + (VREG + k) * THREADS;
        if (j < len) {
            if (aligned) store_slot<true, true>(out_row, span, begin + j, scale4(smem_slots[k * THREADS + t], scale));
            else store_slot<false, true>(out_row, span, begin + j, scale4(smem_slots[k * THREADS + t], scale));
        }
    }
    if (leftover >= 0) __stcs(out_row + leftover, x * scale);
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// kernel 4: fallback, one block per row, two passes
//
// Reads each input twice and writes each output once: 12 bytes/element from
// device memory when the row has left L2 before the second pass (8 when it
// has not). Used only where kernel 3 cannot run: a row's pieces would not fit
// on the GPU at once (over about 4 million columns on an H200), or no workspace.

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
            if (aligned) store_slot<true, true>(out_row, span, j, scale4(e, inv_sum));
            else store_slot<false, true>(out_row, span, j, scale4(e, inv_sum));
        }
    }
    if (leftover >= 0) __stcs(out_row + leftover, fast_exp(in_row[leftover] - total.m) * inv_sum);
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// launcher

// BEGIN SOLUTION
// TODO: launch helpers: grid sizes, a workspace for kernel 3, per-device facts you want to cache.
// What the launcher needs to know about a device, read once per device.
constexpr int kMaxDevices = 64;

struct DeviceFacts {
    int sms;  // multiprocessors
};

static int current_device() {
    int device = 0;
    cudaGetDevice(&device);
    return device < kMaxDevices ? device : -1;
}

static DeviceFacts device_facts(int device) {
    static DeviceFacts facts[kMaxDevices];  // zeros: not read yet
    if (facts[device].sms == 0) cudaDeviceGetAttribute(&facts[device].sms, cudaDevAttrMultiProcessorCount, device);
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

// Kernel 2. The block is just wide enough for V float4s per thread: slots past
// the end of the row would still cost registers, and so fewer blocks (rows in
// flight) per SM.
template <int V>
static cudaError_t run_row_in_block(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    const int threads = std::max(32, ((cols / 4 + V - 1) / V + 31) / 32 * 32);
    if (threads > 1024 || (int64_t)threads * V * 4 + 3 < cols) return cudaErrorInvalidValue;
    softmax_row_in_block_kernel<V><<<(unsigned)rows, threads, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// Kernel 3's workspace: two buffers of 64-bit words, used by alternate launches
// on a stream. A launch needs its buffer zeroed; it zeroes the words that the
// previous launch used in the other one, ready for the next launch (stream
// order makes that safe, and it costs no memset launch). One workspace per
// (device, stream), so that launches on different streams never share one.
// Returns false (the caller falls back) if the table is full or the
// allocation fails.
struct SplitWorkspace {
    int device;
    cudaStream_t stream;
    unsigned long long* words;  // [2][capacity]
    int64_t capacity;
    int64_t launches;
    int64_t last_words;  // words the previous launch used
};

struct SplitBuffers {
    unsigned long long* words;     // this launch's, all zero
    unsigned long long* to_clear;  // the previous launch's
    int64_t clear_count;
};

static std::mutex split_lock;
static SplitWorkspace split_table[16];

static bool split_workspace(int device, cudaStream_t stream, int64_t words, SplitBuffers* out) {
    std::lock_guard<std::mutex> hold(split_lock);
    SplitWorkspace* w = nullptr;
    for (SplitWorkspace& e : split_table)
        if (e.words && e.device == device && e.stream == stream) w = &e;
    for (SplitWorkspace& e : split_table)
        if (!w && !e.words) w = &e;
    if (!w) return false;
    if (!w->words || w->capacity < words) {
        if (w->words) {  // grow: let this stream's earlier launches finish with the old one
            cudaStreamSynchronize(stream);
            cudaFree(w->words);
        }
        const int64_t capacity = std::max<int64_t>(words, 1 << 14);
        const size_t bytes = 2 * capacity * sizeof(unsigned long long);
        void* p = nullptr;
        if (cudaMalloc(&p, bytes) != cudaSuccess || cudaMemsetAsync(p, 0, bytes, stream) != cudaSuccess) {
            cudaGetLastError();  // a refused allocation must not leak into the caller's error state
            if (p) cudaFree(p);
            *w = SplitWorkspace{};
            return false;
        }
        *w = SplitWorkspace{device, stream, static_cast<unsigned long long*>(p), capacity, 0, 0};
    }
    const int64_t parity = w->launches++ & 1;
    out->words = w->words + parity * w->capacity;
    out->to_clear = w->words + (1 - parity) * w->capacity;
    out->clear_count = w->last_words;
    w->last_words = words;
    return true;
}

// After a launch that did not happen: its buffer was not cleared for the next
// launch, so drop the workspace (the next launch allocates a zeroed one).
static void forget_split_workspace(int device, cudaStream_t stream) {
    std::lock_guard<std::mutex> hold(split_lock);
    for (SplitWorkspace& e : split_table)
        if (e.words && e.device == device && e.stream == stream) {
            cudaStreamSynchronize(stream);
            cudaFree(e.words);
            e = SplitWorkspace{};
        }
}

// Kernel 3: as few pieces per row as hold THREADS * (VREG + VSMEM) float4s, and
// each block takes only the shared memory its piece needs. Returns
// cudaErrorNotSupported, without launching, where it cannot run.
template <int THREADS, int VREG, int MIN_BLOCKS, int VSMEM>
static cudaError_t run_row_split(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    static_assert(VSMEM * THREADS * sizeof(float4) <= 48 * 1024, "more would need a shared-memory opt-in");
    auto kernel = softmax_row_split_kernel<THREADS, VREG, MIN_BLOCKS>;
    const int device = current_device();
    if (device < 0) return cudaErrorNotSupported;
    const int quads = cols / 4;  // no row's body has more float4s than this
    if (quads < 1) return cudaErrorNotSupported;
    const int pieces = (quads + THREADS * (VREG + VSMEM) - 1) / (THREADS * (VREG + VSMEM));
    const int piece_len = (quads + pieces - 1) / pieces;
    const int vsmem = std::max(0, (piece_len - THREADS * VREG + THREADS - 1) / THREADS);
    const int smem = vsmem * THREADS * (int)sizeof(float4);
    const int64_t items = (int64_t)rows * pieces;
    if (items > INT_MAX) return cudaErrorNotSupported;
    int per_sm = 0;  // see "Waiting for another block" above kernel 3
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, THREADS, smem) != cudaSuccess ||
        (int64_t)per_sm * device_facts(device).sms < 2 * (int64_t)pieces) {
        cudaGetLastError();
        return cudaErrorNotSupported;
    }
    SplitBuffers ws;
    if (!split_workspace(device, stream, items, &ws)) return cudaErrorNotSupported;  // a word per piece
    kernel<<<(unsigned)items, THREADS, smem, stream>>>(input, output, rows, cols, pieces, piece_len, vsmem, ws.words,
                                                      ws.to_clear, ws.clear_count);
    const cudaError_t status = cudaGetLastError();
    if (status != cudaSuccess) forget_split_workspace(device, stream);
    return status;
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
    // Longer rows: pieces of 256 threads x 16 float4s (half in registers, half
    // in shared memory), 4 blocks per SM.
    status = run_row_split<256, 8, 4, 8>(input, output, rows, cols, stream);
    // Rows too long for their pieces to fit on the GPU at once: two passes.
    if (status == cudaErrorNotSupported) status = run_row_looped(input, output, rows, cols, stream);
    // END SOLUTION
    if (status != cudaSuccess) return status;
    return cudaGetLastError();
}

/*
Round 6 (session of 2026-11-27, late): long rows through a ring of shared-memory stages filled by the
Tensor Memory Accelerator (TMA), in a persistent kernel (sm_90 only).

The reference's kernel 3 holds a 64 KB piece per block until its row's (max, sum) is known; while a block
waits, it loads nothing, and the blocks of an SM start, wait and end in step. Here one block per SM stays
for the whole launch:

- one producer warp (one lane) walks the block's pieces in order and, as soon as a stage is free, asks the
  TMA for the next piece's body with one bulk copy (cp.async.bulk ... mbarrier::complete_tx);
- GROUPS consumer groups of CWARPS warps take the pieces in turn (piece k to group k % GROUPS). A group waits
  for its stage to fill, pulls the piece into registers and frees the stage (RING_PULL=1; with RING_PULL=0 it
  reads the stage twice and frees it after the write), reduces the piece to a (max, sum) pair, publishes the
  pair and waits for the row's other pieces, then writes exp(x - max) / sum to global memory.

So while groups wait for their rows, the producer keeps loading into the other stages, and other groups
reduce and store: the loads never stop for an exchange.

Pieces: block b takes items b, b + G, b + 2G, ... (G = gridDim.x); item i is piece i % pieces of row
i / pieces. Progress needs every block resident at once (grid = SMs x blocks per SM, checked by the
launcher) and: the lowest row whose total is unknown has all its pieces published eventually. A piece of it
at round k of block c is published once c's producer has loaded it (it needs round k - STAGES's stage, a
lower item, so a lower or finished row) and c's group has left round k - GROUPS (a lower item: a finished
row, since STAGES * G and GROUPS * G exceed pieces, no row has two pieces in one block's window).

Built from the reference: this file includes solutions/02-tuned-kernel/softmax_tuned.cu with its entry point
renamed, and sends rows of at least RING_FROM columns to the ring, everything else to the reference.

    -DRING_F4=2048      float4s per stage (a piece's most: 32 KB)
    -DRING_STAGES=6     stages
    -DRING_GROUPS=2     consumer groups
    -DRING_CWARPS=4     warps per consumer group
    -DRING_FROM=32769   shortest row sent to the ring
    -DRING_POLL_NS=64   sleep between polls of a row's counter
    -DRING_EVICT=1      bulk loads with an L2 evict-first policy (0: default policy)
    -DRING_WORDS=1      publish a piece's pair with one relaxed 64-bit store and wait until every word of the
                        row is non-zero (0: the reference's counter, whose release fence waits for the
                        publishing thread's earlier stores)
    -DRING_PULL=1       a group pulls its piece into registers (kVpt float4s a thread) and frees the stage at
                        once (0: two passes over the stage, freed after the write: calls 1 and 2)
    -DRING_TIMELINE     stamp every item (globaltimer): issued, loaded, published, total known, released, SM;
                        set_timeline(buffer of items x 6 int64) turns it on, set_timeline(NULL) off
*/
#define softmax_forward softmax_forward_reference
#include "../../../../solutions/02-tuned-kernel/softmax_tuned.cu"
#undef softmax_forward
#include "tma.cuh"

#ifndef RING_F4
#define RING_F4 2048
#endif
#ifndef RING_STAGES
#define RING_STAGES 6
#endif
#ifndef RING_GROUPS
#define RING_GROUPS 2
#endif
#ifndef RING_CWARPS
#define RING_CWARPS 4
#endif
#ifndef RING_FROM
#define RING_FROM 32769
#endif
#ifndef RING_POLL_NS
#define RING_POLL_NS 64
#endif
#ifndef RING_EVICT
#define RING_EVICT 1
#endif
#ifndef RING_WORDS
#define RING_WORDS 1
#endif
#ifndef RING_PULL
#define RING_PULL 1
#endif

#ifdef RING_TIMELINE
__device__ long long* ring_timeline;
extern "C" int set_timeline(void* buffer) {
    long long* p = static_cast<long long*>(buffer);
    return (int)cudaMemcpyToSymbol(ring_timeline, &p, sizeof(p));
}
__device__ __forceinline__ long long now_ns() {
    long long t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
    return t;
}
#define STAMP(item, col, value) \
    do {                        \
        if (ring_timeline) ring_timeline[(item) * 6 + (col)] = (value); \
    } while (0)
#else
#define STAMP(item, col, value) \
    do {                        \
    } while (0)
#define now_ns() 0
#endif

namespace ring {

constexpr int kGroupThreads = RING_CWARPS * 32;
constexpr int kThreads = (RING_GROUPS * RING_CWARPS + 1) * 32;  // the last warp is the producer
constexpr int kStageBytes = RING_F4 * 16;
constexpr int kSmemBytes = RING_STAGES * kStageBytes;
[[maybe_unused]] constexpr int kVpt = (RING_F4 + kGroupThreads - 1) / kGroupThreads;  // float4s a consumer thread holds
static_assert(RING_GROUPS <= RING_STAGES, "every group needs a stage");
static_assert(RING_GROUPS <= 15, "one named barrier per group");

using namespace tma;

__device__ __forceinline__ void group_sync(int group) {
    asm volatile("bar.sync %0, %1;" ::"r"(group + 1), "r"(kGroupThreads) : "memory");
}

// One item's place: its row, piece, and the piece's body float4s [begin, begin + len) of the row's body.
struct Item {
    int64_t row;
    int piece;
    int begin;
    int len;
    RowSpan span;
    const float* in_row;
};

__device__ __forceinline__ Item locate(const float* input, int64_t item, int cols, int pieces, int piece_len) {
    Item it;
    it.row = item / pieces;
    it.piece = (int)(item - it.row * pieces);
    it.in_row = input + it.row * cols;
    it.span = split_row(it.in_row, cols);
    it.begin = it.piece * piece_len;
    it.len = max(0, min(piece_len, it.span.body - it.begin));
    return it;
}

// Warp `lane`s of a group's first warp: wait until every piece of the row has published, then combine the
// row's pairs in piece order (so every block of the row gets the same bits).
#if RING_WORDS
// A published word is never 0: a piece's max is -inf (bits 0xff800000) or its sum is at least 1.
__device__ __forceinline__ void publish_word(unsigned long long* word, MaxSum v) {
    DeviceCounter(*word).store(pack_max_sum(v), cuda::memory_order_relaxed);
}
__device__ __forceinline__ MaxSum wait_row(unsigned long long* row_words, unsigned long long*, int pieces, int lane) {
    MaxSum p = empty_max_sum();
    for (int c0 = 0; c0 < pieces; c0 += 32) {
        const int c = c0 + lane;
        unsigned long long w = 0;
        while (true) {
            if (c < pieces && w == 0) w = DeviceCounter(row_words[c]).load(cuda::memory_order_relaxed);
            if (__all_sync(0xffffffffu, c >= pieces || w != 0)) break;
            __nanosleep(RING_POLL_NS);
        }
        if (c < pieces) p = combine(p, unpack_max_sum(w));
    }
    return reduce_in_lanes<32>(p);
}
#else
__device__ __forceinline__ MaxSum wait_row(unsigned long long* row_words, unsigned long long* row_count, int pieces,
                                           int lane) {
    if (lane == 0)
        while (DeviceCounter(*row_count).load(cuda::memory_order_acquire) < (unsigned long long)pieces)
            __nanosleep(RING_POLL_NS);
    __syncwarp();
    MaxSum p = empty_max_sum();
    for (int c = lane; c < pieces; c += 32)
        p = combine(p, unpack_max_sum(DeviceCounter(row_words[c]).load(cuda::memory_order_relaxed)));
    return reduce_in_lanes<32>(p);
}
#endif

__global__ void __launch_bounds__(kThreads, 1)
    softmax_ring_kernel(const float* __restrict__ input, float* __restrict__ output, int rows, int cols, int pieces,
                        int piece_len, unsigned long long* workspace, unsigned long long* __restrict__ to_clear,
                        int64_t clear_count) {
    extern __shared__ __align__(128) float4 stages[];  // [RING_STAGES][RING_F4]
    __shared__ __align__(8) unsigned long long full[RING_STAGES], empty[RING_STAGES];
    __shared__ MaxSum partials[RING_GROUPS][RING_CWARPS];
    __shared__ MaxSum totals[RING_GROUPS];

    const int t = threadIdx.x;
    const int warp = t / 32, lane = t % 32;
    const int64_t items = (int64_t)rows * pieces;
    for (int64_t i = (int64_t)blockIdx.x * kThreads + t; i < clear_count; i += (int64_t)gridDim.x * kThreads)
        to_clear[i] = 0;
    if (t == 0) {
        for (int s = 0; s < RING_STAGES; ++s) {
            mbar_init(&full[s], 1);
            mbar_init(&empty[s], kGroupThreads);
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();

    if (warp == RING_GROUPS * RING_CWARPS) {  // the producer
        if (lane != 0) return;
        const unsigned long long policy = evict_first_policy();
        int k = 0;
        for (int64_t item = blockIdx.x; item < items; item += gridDim.x, ++k) {
            const int s = k % RING_STAGES;
            if (k >= RING_STAGES) mbar_wait(&empty[s], ((k / RING_STAGES) - 1) & 1);
            const Item it = locate(input, item, cols, pieces, piece_len);
            STAMP(item, 0, now_ns());
            if (it.len > 0) {
                mbar_arrive_expect_tx(&full[s], (unsigned)it.len * 16u);
                const float4* body = reinterpret_cast<const float4*>(it.in_row + it.span.head) + it.begin;
                bulk_load<RING_EVICT>(stages + (size_t)s * RING_F4, body, (unsigned)it.len * 16u, &full[s], policy);
            } else {
                mbar_arrive(&full[s]);
            }
        }
        return;
    }

    // a consumer group
    const int group = warp / RING_CWARPS;
    const int gt = t - group * kGroupThreads;  // thread within the group
    const int gwarp = gt / 32;
    int k = group;
    for (int64_t item = blockIdx.x + (int64_t)group * gridDim.x; item < items;
         item += (int64_t)RING_GROUPS * gridDim.x, k += RING_GROUPS) {
        const int s = k % RING_STAGES;
        const Item it = locate(input, item, cols, pieces, piece_len);
        const int leftover = it.piece == 0 ? leftover_column(it.span, gt, cols) : -1;
        float x = load_leftover(it.in_row, leftover);  // before the wait: its latency hides behind it
        mbar_wait(&full[s], (k / RING_STAGES) & 1);
        if (gt == 0) STAMP(item, 1, now_ns());
        const float4* stage = stages + (size_t)s * RING_F4;

#if RING_PULL
        // Pull the piece into registers (VPT float4s a thread) and free the stage at once: the producer can
        // refill it while this group waits for its row.
        float4 v[kVpt];
#pragma unroll
        for (int u = 0; u < kVpt; ++u) {
            const int j = gt + u * kGroupThreads;
            v[u] = j < it.len ? stage[j] : neg_inf4();
        }
        mbar_arrive(&empty[s]);
        float m = x;
#pragma unroll
        for (int u = 0; u < kVpt; ++u) m = fmaxf(m, max4(v[u]));
        const float shift = safe_shift(m);
        float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int u = 0; u < kVpt; ++u) v[u] = exp4(v[u], shift, acc);
        x = fast_exp(x - shift);
        const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};
#else
        // pass 1: this thread's (max, sum) over the stage, 4 float4s at a time
        MaxSum mine = {x, x == -INFINITY ? 0.0f : 1.0f};
        for (int j0 = gt; j0 < it.len; j0 += 4 * kGroupThreads) {
            float4 v[4];
#pragma unroll
            for (int u = 0; u < 4; ++u) {
                const int j = j0 + u * kGroupThreads;
                v[u] = j < it.len ? stage[j] : neg_inf4();
            }
            float m = mine.m;
#pragma unroll
            for (int u = 0; u < 4; ++u) m = fmaxf(m, max4(v[u]));
            const float shift = safe_shift(m);
            float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
            for (int u = 0; u < 4; ++u) exp4(v[u], shift, acc);
            mine = {m, mine.s * fast_exp(mine.m - shift) + ((acc.x + acc.y) + (acc.z + acc.w))};
        }
#endif

        // the group's pair
        MaxSum g = reduce_in_lanes<32>(mine);
        if (lane == 0) partials[group][gwarp] = g;
        group_sync(group);
        g = empty_max_sum();
#pragma unroll
        for (int w = 0; w < RING_CWARPS; ++w) g = combine(g, partials[group][w]);
        if (gwarp == 0) {
            MaxSum total = g;
            if (pieces > 1) {
                unsigned long long* row_words = workspace + it.row * pieces;
                unsigned long long* row_count = workspace + items + it.row;
#if RING_WORDS
                if (lane == 0) publish_word(&row_words[it.piece], g);
#else
                if (lane == 0) publish_piece(&row_words[it.piece], row_count, g);
#endif
                if (lane == 0) STAMP(item, 2, now_ns());
                total = wait_row(row_words, row_count, pieces, lane);
            }
            if (lane == 0) {
                totals[group] = total;
                STAMP(item, 3, now_ns());
            }
        }
        group_sync(group);
#if RING_PULL
        const float scale = output_scale(mine, totals[group]);

        // write
        float* out_row = output + it.row * cols;
        const bool aligned = floats_to_alignment(out_row, cols) == it.span.head;
#pragma unroll
        for (int u = 0; u < kVpt; ++u) {
            const int j = gt + u * kGroupThreads;
            if (j < it.len) {
                if (aligned) store_slot<true, true>(out_row, it.span, it.begin + j, scale4(v[u], scale));
                else store_slot<false, true>(out_row, it.span, it.begin + j, scale4(v[u], scale));
            }
        }
        if (leftover >= 0) __stcs(out_row + leftover, x * scale);
#else
        const MaxSum total = totals[group];
        const float inv_sum = 1.0f / total.s;
        // pass 2: write from the stage, then free it
        float* out_row = output + it.row * cols;
        const bool aligned = floats_to_alignment(out_row, cols) == it.span.head;
        for (int j = gt; j < it.len; j += kGroupThreads) {
            const float4 e = stage[j];
            const float4 o = make_float4(fast_exp(e.x - total.m) * inv_sum, fast_exp(e.y - total.m) * inv_sum,
                                         fast_exp(e.z - total.m) * inv_sum, fast_exp(e.w - total.m) * inv_sum);
            if (aligned) store_slot<true, true>(out_row, it.span, it.begin + j, o);
            else store_slot<false, true>(out_row, it.span, it.begin + j, o);
        }
        if (leftover >= 0) __stcs(out_row + leftover, fast_exp(x - total.m) * inv_sum);
        mbar_arrive(&empty[s]);
#endif
#ifdef RING_TIMELINE
        if (gt == 0) {
            unsigned sm;
            asm volatile("mov.u32 %0, %smid;" : "=r"(sm));
            STAMP(item, 4, now_ns());
            STAMP(item, 5, (long long)sm);
        }
#endif
    }
}

static cudaError_t run(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    const int device = current_device();
    if (device < 0) return cudaErrorNotSupported;
    const int quads = cols / 4;
    if (quads < 1) return cudaErrorNotSupported;
    const int pieces = (quads + RING_F4 - 1) / RING_F4;
    const int piece_len = (quads + pieces - 1) / pieces;
    const int64_t items = (int64_t)rows * pieces;
    static bool attr_set[kMaxDevices];
    if (!attr_set[device]) {
        if (cudaFuncSetAttribute(softmax_ring_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes) !=
            cudaSuccess) {
            cudaGetLastError();
            return cudaErrorNotSupported;
        }
        attr_set[device] = true;
    }
    int per_sm = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, softmax_ring_kernel, kThreads, kSmemBytes) !=
            cudaSuccess ||
        per_sm < 1) {
        cudaGetLastError();
        return cudaErrorNotSupported;
    }
    const int64_t grid64 = std::min<int64_t>((int64_t)per_sm * device_facts(device).sms, items);
    // the window argument above the kernel: no block holds two pieces of a row at once
    if ((int64_t)RING_GROUPS * grid64 < pieces && items > grid64) return cudaErrorNotSupported;
    SplitBuffers ws;
    if (!split_workspace(device, stream, items + rows, &ws)) return cudaErrorNotSupported;
    softmax_ring_kernel<<<(unsigned)grid64, kThreads, kSmemBytes, stream>>>(input, output, rows, cols, pieces,
                                                                           piece_len, ws.words, ws.to_clear,
                                                                           ws.clear_count);
    const cudaError_t status = cudaGetLastError();
    if (status != cudaSuccess) forget_split_workspace(device, stream);
    return status;
}

}  // namespace ring

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows > 0 && cols >= RING_FROM) {
        const cudaError_t status = ring::run(input, output, rows, cols, stream);
        if (status != cudaErrorNotSupported) return status;
    }
    return softmax_forward_reference(input, output, rows, cols, stream);
}

/*
Round 6, third design: resident.cu with its chunks made one ring across rows, so that the next row loads
while the last one finishes (sm_90 only).

In resident.cu a block held one row's slice at a time: between the slice's last chunk landing and its first
chunk leaving, the SM had no load in flight. Here the chunk buffers form a ring of RR_NCH slots that every
row's chunks take in turn, and three roles share the block:

- the producer (one thread) loads chunk g (counting across rows) into slot g % RR_NCH once the slot's last
  occupant has left ("empty");
- the consumer warps reduce each chunk as it lands, exchange the slice's (max, sum) within the cluster, write
  exp(x - max) / sum into the chunks in place, and mark each "scaled";
- the storer (one thread) sends each scaled chunk to global memory with a bulk store, waits until the TMA has
  read it, and marks the slot "empty".

A cluster is chosen so that a slice takes at most RR_FILL slots (half the ring by default: two rows in the
ring), or, where that would need more than RR_MAXCL blocks, at most all of them.

    -DRR_CH=1024 -DRR_NCH=13 -DRR_CWARPS=8 -DRR_FROM=32769 -DRR_MAXCL=16 -DRR_EVICT=1 as resident.cu
    -DRR_FILL=6        most slots a slice may take where the cluster allows
    -DRR_SDEPTH=0      bulk stores in flight (still reading shared memory) before the storer waits for the oldest
*/
#define softmax_forward softmax_forward_reference
#include "../../../../solutions/02-tuned-kernel/softmax_tuned.cu"
#undef softmax_forward

#ifndef RR_SDEPTH
#define RR_SDEPTH 0  // bulk stores the storer leaves unread-waited before freeing a slot (0: wait for each)
#endif
#ifndef RR_FILL
#define RR_FILL (RR_NCH / 2)
#endif

#define RR_ROLE_WARPS 2  // a producer warp and a storer warp
#include "resident.cuh"

namespace rr {

__global__ void __launch_bounds__(kThreads, 1)
    softmax_resident_kernel(const float* __restrict__ input, float* __restrict__ output, int rows, int cols,
                            int slice_len) {
    extern __shared__ __align__(128) float4 ring_smem[];  // [RR_NCH][RR_CH]
    __shared__ __align__(8) unsigned long long full[RR_NCH], scaled[RR_NCH], empty[RR_NCH], xbar[2];
    __shared__ MaxSum pairs[2][RR_MAXCL];
    __shared__ MaxSum partials[RR_CWARPS];

    const int t = threadIdx.x, warp = t / 32, lane = t % 32;
    const int rank = (int)cluster_rank();
    const int cl = (int)cluster_size();
    const int64_t first_row = cluster_id(), row_step = cluster_count();

    if (t == 0) {
        for (int c = 0; c < RR_NCH; ++c) {
            mbar_init(&full[c], 1);
            mbar_init(&scaled[c], kConsumers);
            mbar_init(&empty[c], 1);
        }
        mbar_init(&xbar[0], cl);
        mbar_init(&xbar[1], cl);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (cl > 1) cluster_sync_all();  // every block's barriers exist before any remote arrive

    if (warp == RR_CWARPS) {  // the producer
        if (lane == 0) {
            const unsigned long long policy = evict_first_policy();
            unsigned g = 0;
            for (int64_t row = first_row; row < rows; row += row_step) {
                const Slice s = locate(input, output, row, cols, rank, slice_len);
                for (int c = 0; c < s.chunks; ++c, ++g) {
                    const unsigned slot = g % RR_NCH;
                    if (g >= RR_NCH) mbar_wait(&empty[slot], ((g / RR_NCH) - 1) & 1u);
                    const unsigned bytes = (unsigned)chunk_len(s, c) * 16u;
                    mbar_arrive_expect_tx(&full[slot], bytes);
                    const float4* src = reinterpret_cast<const float4*>(s.in_row + s.span.head) + s.begin + c * RR_CH;
                    bulk_load<RR_EVICT>(ring_smem + slot * RR_CH, src, bytes, &full[slot], policy);
                }
            }
        }
        __syncwarp();
    } else if (warp == RR_CWARPS + 1) {  // the storer
        if (lane == 0) {
            unsigned g = 0;
            for (int64_t row = first_row; row < rows; row += row_step) {
                const Slice s = locate(input, output, row, cols, rank, slice_len);
                for (int c = 0; c < s.chunks; ++c, ++g) {
                    const unsigned slot = g % RR_NCH;
                    mbar_wait(&scaled[slot], (g / RR_NCH) & 1u);
                    if (s.bulk_out) {
                        float* dst = s.out_row + s.span.head + 4 * (s.begin + c * RR_CH);
                        bulk_store(dst, ring_smem + slot * RR_CH, (unsigned)chunk_len(s, c) * 16u);
                    } else {
                        asm volatile("cp.async.bulk.commit_group;" ::: "memory");  // an empty group keeps the count
                    }
#if RR_SDEPTH == 0
                    bulk_wait_read_all();
                    mbar_arrive(&empty[slot]);
#else
                    if (g >= RR_SDEPTH) {
                        asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(RR_SDEPTH) : "memory");
                        mbar_arrive(&empty[(g - RR_SDEPTH) % RR_NCH]);
                    }
#endif
                }
            }
            bulk_wait_all();
        }
        __syncwarp();
    } else {  // consumers
        unsigned g0 = 0;  // the row's first chunk, counted across rows
        int parity = 0;
        for (int64_t row = first_row; row < rows; row += row_step, parity ^= 1) {
            const Slice s = locate(input, output, row, cols, rank, slice_len);
            const int leftover = rank == 0 ? leftover_column(s.span, t, cols) : -1;
            float x = load_leftover(s.in_row, leftover);
            MaxSum mine = {x, x == -INFINITY ? 0.0f : 1.0f};
            for (int c = 0; c < s.chunks; ++c) {
                const unsigned g = g0 + c, slot = g % RR_NCH;
                mbar_wait(&full[slot], (g / RR_NCH) & 1u);
                const int n = chunk_len(s, c);
                const float4* chunk = ring_smem + slot * RR_CH;
                constexpr int kPer = (RR_CH + kConsumers - 1) / kConsumers;
                float4 v[kPer];
#pragma unroll
                for (int u = 0; u < kPer; ++u) {
                    const int j = t + u * kConsumers;
                    v[u] = j < n ? chunk[j] : neg_inf4();
                }
                float m = mine.m;
#pragma unroll
                for (int u = 0; u < kPer; ++u) m = fmaxf(m, max4(v[u]));
                const float shift = safe_shift(m);
                float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
                for (int u = 0; u < kPer; ++u) exp4(v[u], shift, acc);
                mine = {m, mine.s * fast_exp(mine.m - shift) + ((acc.x + acc.y) + (acc.z + acc.w))};
            }
            // the block's pair
            MaxSum g = reduce_in_lanes<32>(mine);
            if (lane == 0) partials[warp] = g;
            consumers_sync();
            g = empty_max_sum();
#pragma unroll
            for (int w = 0; w < RR_CWARPS; ++w) g = combine(g, partials[w]);
            MaxSum total = g;
            if (cl > 1) {
                if (t < cl) {  // thread r sends the pair to rank r
                    store_remote_pair(map_to_rank(&pairs[parity][rank], t), g);
                    arrive_remote(map_to_rank(&xbar[parity], t));
                }
                mbar_wait_cluster(&xbar[parity], (unsigned)((row - first_row) / row_step / 2) & 1u);
                total = empty_max_sum();
                for (int r = 0; r < cl; ++r) total = combine(total, pairs[parity][r]);
            }
            const float inv_sum = 1.0f / total.s;
            // write, chunk by chunk
            for (int c = 0; c < s.chunks; ++c) {
                const unsigned slot = (g0 + c) % RR_NCH;
                const int n = chunk_len(s, c);
                float4* chunk = ring_smem + slot * RR_CH;
                for (int j = t; j < n; j += kConsumers) {
                    const float4 e = chunk[j];
                    const float4 o = make_float4(fast_exp(e.x - total.m) * inv_sum, fast_exp(e.y - total.m) * inv_sum,
                                                 fast_exp(e.z - total.m) * inv_sum, fast_exp(e.w - total.m) * inv_sum);
                    if (s.bulk_out) chunk[j] = o;
                    else store_slot<false, true>(s.out_row, s.span, s.begin + c * RR_CH + j, o);
                }
                if (s.bulk_out) asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
                mbar_arrive(&scaled[slot]);
            }
            if (leftover >= 0) __stcs(s.out_row + leftover, fast_exp(x - total.m) * inv_sum);
            g0 += s.chunks;
        }
    }
    if (cl > 1) cluster_sync_all();  // no block leaves while another may still write into its shared memory
}

// The fewest blocks (a power of two) whose slices take at most RR_FILL slots, or else at most RR_NCH; -1: none.
static int cluster_for(int quads) {
    for (int cl = 1; cl <= RR_MAXCL; cl *= 2)
        if (((quads + cl - 1) / cl + RR_CH - 1) / RR_CH <= RR_FILL) return cl;
    for (int cl = 1; cl <= RR_MAXCL; cl *= 2)
        if ((int64_t)cl * (RR_NCH - RR_SDEPTH) * RR_CH >= quads) return cl;  // the storer withholds RR_SDEPTH slots
    return -1;
}

}  // namespace rr

#include "resident_launch.cuh"

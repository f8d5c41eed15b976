// ----------------------------------------------------------------------------
// kernel 5 (round 4, exploration): two passes, the second one lagged so that it reads from L2
//
// Block b does two jobs on two different pieces of the matrix:
//   R (b < items): reads piece b from device memory, reduces it to a (max, sum) pair and
//     publishes the pair in the workspace (one word per piece). It holds nothing afterwards.
//   W (b >= lag): writes piece w = b - lag: waits until every piece of w's row has published
//     (normally long done), combines the pairs in piece order, reads piece w again, now from L2,
//     where R left it `lag` blocks ago, and writes exp(x - max) / sum.
// No block holds a piece while it waits for other blocks, and a block only ever waits on blocks
// with lower indices (items < b - lag + pieces <= b), which started before it: no co-residency
// assumption. Device memory still sees 8 bytes per element if L2 keeps the lagged data.
// LAG_ORDER 1: R's loads are issued first and stay in flight while the block does W.

template <int THREADS, int V, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) softmax_row_lagged_kernel(
    const float* __restrict__ input, float* __restrict__ output, int rows, int cols, int pieces, int piece_len,
    int64_t lag, unsigned long long* words, unsigned long long* __restrict__ to_clear, int64_t clear_count) {
    static_assert(THREADS >= 64 && THREADS % 32 == 0, "reduce_in_block must reach its barrier");
    __shared__ MaxSum warp_partials[32];
    __shared__ MaxSum row_total;
    STAMP(0);
    const int t = threadIdx.x;
    const int64_t b = blockIdx.x;
    const int64_t items = (int64_t)rows * pieces;
    for (int64_t i = b * THREADS + t; i < clear_count; i += (int64_t)gridDim.x * THREADS) to_clear[i] = 0;
#if R_HINT == 1
    const unsigned long long r_pol = l2_policy_evict_last();
#else
    const unsigned long long r_pol = 0;
#endif
#if W_HINT == 2
    const unsigned long long w_pol = l2_policy_evict_first();
#else
    const unsigned long long w_pol = 0;
#endif

    // Job R: issue the loads of piece b.
    const bool reads = b < items;
    float4 v[V];
    float x = -INFINITY;
    {
        const int64_t row = reads ? b / pieces : 0;
        const int piece = reads ? (int)(b - row * pieces) : 0;
        const float* in_row = input + row * cols;
        const RowSpan span = reads ? split_row(in_row, cols) : no_row();
        const int begin = piece * piece_len;
        const int len = min(piece_len, span.body - begin);
        const float4* body = reinterpret_cast<const float4*>(in_row + span.head) + begin;
        const int leftover = reads && piece == 0 ? leftover_column(span, t, cols) : -1;
#pragma unroll
        for (int k = 0; k < V; ++k) {
            const int j = t + k * THREADS;
            v[k] = j < len ? r_load4(body + j, r_pol) : neg_inf4();
        }
        if (leftover >= 0) x = r_load1(in_row + leftover, r_pol);
    }

    auto finish_r = [&]() {
        if (!reads) return;  // the same for every thread of the block
        float m = x;
#pragma unroll
        for (int k = 0; k < V; ++k) m = fmaxf(m, max4(v[k]));
        const float shift = safe_shift(m);
        float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int k = 0; k < V; ++k) exp4(v[k], shift, acc);
        const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + fast_exp(x - shift)};
        const MaxSum total = reduce_in_block(mine, warp_partials);
        if (reads && t == 0) DeviceCounter(words[b]).store(pack_max_sum(total), cuda::memory_order_relaxed);
    };
#if LAG_ORDER == 0
    finish_r();
    __syncthreads();  // warp_partials is reused below
#endif
    STAMP(1);

    // Job W: write piece b - lag.
    if (b >= lag) {
        const int64_t w = b - lag;
        const int64_t row = w / pieces;
        const int piece = (int)(w - row * pieces);
        if (t < 32) {
            const MaxSum total = wait_for_words(words + row * pieces, pieces);
            if (t == 0) row_total = total;
        }
        __syncthreads();
        const MaxSum total = row_total;
        const float inv_sum = 1.0f / total.s;
        const float* in_row = input + row * cols;
        float* out_row = output + row * cols;
        const RowSpan span = split_row(in_row, cols);
        const int begin = piece * piece_len;
        const int len = min(piece_len, span.body - begin);
        const float4* body = reinterpret_cast<const float4*>(in_row + span.head) + begin;
        const int leftover = piece == 0 ? leftover_column(span, t, cols) : -1;
        const bool aligned = floats_to_alignment(out_row, cols) == span.head;
        float4 u[V];
#pragma unroll
        for (int k = 0; k < V; ++k) {
            const int j = t + k * THREADS;
            u[k] = j < len ? w_load4(body + j, w_pol) : neg_inf4();
        }
        const float y = leftover >= 0 ? w_load1(in_row + leftover, w_pol) : 0.0f;
#pragma unroll
        for (int k = 0; k < V; ++k) {
            const int j = t + k * THREADS;
            if (j < len) {
                const float4 e = make_float4(fast_exp(u[k].x - total.m), fast_exp(u[k].y - total.m),
                                             fast_exp(u[k].z - total.m), fast_exp(u[k].w - total.m));
                if (aligned) store_slot<true>(out_row, span, begin + j, scale4(e, inv_sum));
                else store_slot<false>(out_row, span, begin + j, scale4(e, inv_sum));
            }
        }
        if (leftover >= 0) __stcs(out_row + leftover, fast_exp(y - total.m) * inv_sum);
    }
    STAMP(2);
#if LAG_ORDER == 1
    __syncthreads();  // warp_partials: W's barrier above and this reduction's
    finish_r();
#endif
    STAMP(3);
#ifdef TIMELINE
    if (g_timeline && threadIdx.x == 0) g_timeline[(int64_t)blockIdx.x * 5 + 4] = sm_id();
#endif
}

template <int THREADS, int V, int MIN_BLOCKS>
static cudaError_t run_row_lagged(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    auto kernel = softmax_row_lagged_kernel<THREADS, V, MIN_BLOCKS>;
    const int device = current_device();
    if (device < 0) return cudaErrorNotSupported;
    const int quads = cols / 4;
    if (quads < 1) return cudaErrorNotSupported;
    const int pieces = (quads + THREADS * V - 1) / (THREADS * V);
    const int piece_len = (quads + pieces - 1) / pieces;
    const int64_t items = (int64_t)rows * pieces;
    int per_sm = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, THREADS, 0) != cudaSuccess) {
        cudaGetLastError();
        return cudaErrorNotSupported;
    }
    const int64_t lag = (int64_t)per_sm * device_facts(device).sms * LAG_FACTOR / 4 + pieces;
    if (items + lag > INT_MAX) return cudaErrorNotSupported;
    SplitBuffers ws;
    if (!split_workspace(device, stream, items, &ws)) return cudaErrorNotSupported;
    kernel<<<(unsigned)(items + lag), THREADS, 0, stream>>>(input, output, rows, cols, pieces, piece_len, lag,
                                                           ws.words, ws.to_clear, ws.clear_count);
    const cudaError_t status = cudaGetLastError();
    if (status != cudaSuccess) forget_split_workspace(device, stream);
    return status;
}

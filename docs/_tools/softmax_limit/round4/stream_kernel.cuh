// ----------------------------------------------------------------------------
// kernel 6 (round 4, exploration): persistent, two pieces per block in registers, static schedule
//
// A cooperative launch of exactly as many blocks as fit on the GPU at once (all resident together,
// guaranteed by the launch). Block b takes items b, b + G, b + 2G, ... (G blocks; item i = piece
// i % pieces of row i / pieces). For each item it holds the piece's exp(x - m_thread) in registers,
// publishes the piece's (max, sum) as one word, and, BEFORE waiting for the row's other words, issues
// the loads of its next item into the other set of registers: while it waits and then writes, its
// next loads are in flight, so no block sits idle with nothing requested.
// Progress: publishing item j waits only on rows of items <= j - G + pieces - 1 < j (G >= pieces).

#ifndef STREAM_THREADS
#define STREAM_THREADS 256
#endif
#ifndef STREAM_V
#define STREAM_V 4
#endif
#ifndef STREAM_MIN_BLOCKS
#define STREAM_MIN_BLOCKS 4
#endif

template <int THREADS, int V>
struct StreamPiece {
    float4 v[V];
    float x;  // a head or tail column (piece 0 only)
};

template <int THREADS, int V>
__device__ __forceinline__ void stream_load(StreamPiece<THREADS, V>& p, const float* input, int cols, int pieces,
                                            int piece_len, int64_t item) {
    const int64_t row = item / pieces;
    const int piece = (int)(item - row * pieces);
    const float* in_row = input + row * cols;
    const RowSpan span = split_row(in_row, cols);
    const int begin = piece * piece_len;
    const int len = min(piece_len, span.body - begin);
    const float4* body = reinterpret_cast<const float4*>(in_row + span.head) + begin;
#pragma unroll
    for (int k = 0; k < V; ++k) p.v[k] = load_slot(body, threadIdx.x + k * THREADS, len);
    p.x = load_leftover(in_row, piece == 0 ? leftover_column(span, threadIdx.x, cols) : -1);
}

// Reduce the piece in place to e = exp(x - m_thread); returns this thread's (m, s).
template <int THREADS, int V>
__device__ __forceinline__ MaxSum stream_reduce(StreamPiece<THREADS, V>& p) {
    float m = p.x;
#pragma unroll
    for (int k = 0; k < V; ++k) m = fmaxf(m, max4(p.v[k]));
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < V; ++k) p.v[k] = exp4(p.v[k], shift, acc);
    p.x = fast_exp(p.x - shift);
    return {m, ((acc.x + acc.y) + (acc.z + acc.w)) + p.x};
}

template <int THREADS, int V>
__device__ __forceinline__ void stream_store(const StreamPiece<THREADS, V>& p, float scale, const float* input,
                                             float* output, int cols, int pieces, int piece_len, int64_t item) {
    const int64_t row = item / pieces;
    const int piece = (int)(item - row * pieces);
    const float* in_row = input + row * cols;
    float* out_row = output + row * cols;
    const RowSpan span = split_row(in_row, cols);
    const int begin = piece * piece_len;
    const int len = min(piece_len, span.body - begin);
    const bool aligned = floats_to_alignment(out_row, cols) == span.head;
#pragma unroll
    for (int k = 0; k < V; ++k) {
        const int j = threadIdx.x + k * THREADS;
        if (j < len) {
            if (aligned) store_slot<true>(out_row, span, begin + j, scale4(p.v[k], scale));
            else store_slot<false>(out_row, span, begin + j, scale4(p.v[k], scale));
        }
    }
    const int leftover = piece == 0 ? leftover_column(span, threadIdx.x, cols) : -1;
    if (leftover >= 0) __stcs(out_row + leftover, p.x * scale);
}

// One item: cur holds it (loaded); next gets item + G's loads issued before the wait.
template <int THREADS, int V>
__device__ __forceinline__ void stream_step(StreamPiece<THREADS, V>& cur, StreamPiece<THREADS, V>& next,
                                            const float* input, float* output, int cols, int pieces, int piece_len,
                                            int64_t item, int64_t items, unsigned long long* words,
                                            MaxSum* warp_partials, MaxSum* row_total) {
    const MaxSum mine = stream_reduce(cur);
    const MaxSum block_total = reduce_in_block(mine, warp_partials);
    if (threadIdx.x == 0) DeviceCounter(words[item]).store(pack_max_sum(block_total), cuda::memory_order_relaxed);
    const int64_t after = item + gridDim.x;
    if (after < items) stream_load(next, input, cols, pieces, piece_len, after);
    const int64_t row = item / pieces;
    if (threadIdx.x < 32) {
        const MaxSum total = wait_for_words(words + row * pieces, pieces);
        if (threadIdx.x == 0) *row_total = total;
    }
    __syncthreads();
    stream_store(cur, output_scale(mine, *row_total), input, output, cols, pieces, piece_len, item);
}

template <int THREADS, int V, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) softmax_row_stream_kernel(
    const float* __restrict__ input, float* __restrict__ output, int rows, int cols, int pieces, int piece_len,
    unsigned long long* words, unsigned long long* __restrict__ to_clear, int64_t clear_count) {
    __shared__ MaxSum warp_partials[32];
    __shared__ MaxSum row_total;
    for (int64_t i = (int64_t)blockIdx.x * THREADS + threadIdx.x; i < clear_count; i += (int64_t)gridDim.x * THREADS)
        to_clear[i] = 0;
    const int64_t items = (int64_t)rows * pieces;
    int64_t item = blockIdx.x;
    StreamPiece<THREADS, V> a, b;
    if (item < items) stream_load(a, input, cols, pieces, piece_len, item);
    while (item < items) {
        stream_step(a, b, input, output, cols, pieces, piece_len, item, items, words, warp_partials, &row_total);
        item += gridDim.x;
        if (item >= items) break;
        stream_step(b, a, input, output, cols, pieces, piece_len, item, items, words, warp_partials, &row_total);
        item += gridDim.x;
    }
}

template <int THREADS, int V, int MIN_BLOCKS>
static cudaError_t run_row_stream(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    auto kernel = softmax_row_stream_kernel<THREADS, V, MIN_BLOCKS>;
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
    const int64_t grid = std::min<int64_t>((int64_t)per_sm * device_facts(device).sms, items);
    if (grid < pieces || items > INT_MAX) return cudaErrorNotSupported;
    SplitBuffers ws;
    if (!split_workspace(device, stream, items, &ws)) return cudaErrorNotSupported;
    int r = rows, c = cols, p = pieces, pl = piece_len;
    int64_t cc = ws.clear_count;
    void* args[] = {(void*)&input, (void*)&output, &r, &c, &p, &pl, &ws.words, &ws.to_clear, &cc};
    cudaError_t status = cudaLaunchCooperativeKernel((const void*)kernel, dim3((unsigned)grid), dim3(THREADS), args, 0, stream);
    if (status != cudaSuccess) {
        cudaGetLastError();
        forget_split_workspace(device, stream);
    }
    return status;
}

// Round 9: long rows through a software pipeline in persistent blocks (kernel 5).
//
// Injected by round9_variants.py into the CUDA reference, after kernel 4. The grid is `groups * pieces`
// blocks, all resident at once (a cooperative launch). Block b is piece b % pieces of every row of group
// b / pieces (rows group, group + groups, ...). Each block walks its rows in order through STAGES
// shared-memory stages:
//
//   iteration i:  wait for row i's loads (cp.async, issued AHEAD = STAGES - LAG iterations earlier)
//                 reduce row i's piece to (max, sum), publish it (a relaxed 64-bit word, never 0)
//                 warp 0: read row i - LAG's words (published LAG iterations ago, so normally all there)
//                 one block barrier
//                 write row i - LAG's piece from its stage, then load row i + AHEAD into that stage
//
// No block ever holds a piece while the rest of its row is still unread by the GPU for long: a row's
// pieces are loaded by `pieces` blocks at once, and LAG iterations give the exchange time. Loads for
// AHEAD rows are always in flight, and every iteration both loads and stores one piece, so DRAM sees a
// steady mix of reads and writes instead of the reference's waves.
//
// Each thread reads back only the shared-memory slots it loaded itself, so no barrier is needed between a
// stage's loads and its use, or between its last use and its next loads.

#ifndef PIPE_THREADS
#define PIPE_THREADS 512
#endif
#ifndef PIPE_STAGES
#define PIPE_STAGES 6
#endif
#ifndef PIPE_LAG
#define PIPE_LAG 2
#endif
#ifndef PIPE_PIECE_KB  // the largest piece a block takes (smem: STAGES of them)
#define PIPE_PIECE_KB 32
#endif
#ifndef PIPE_MIN_COLS  // rows at least this long take kernel 5
#define PIPE_MIN_COLS 40000
#endif
#ifndef PIPE_PER_SM  // blocks per SM
#define PIPE_PER_SM 1
#endif
#ifndef PIPE_SLACK
#define PIPE_SLACK 0.05
#endif
#ifndef PIPE_PREFETCH  // warp 0 reads the next row's words an iteration early
#define PIPE_PREFETCH 1
#endif
#ifndef PIPE_NOWAIT  // 1: no exchange at all (wrong values, timing only)
#define PIPE_NOWAIT 0
#endif
#ifndef PIPE_MAX_PIECES
#define PIPE_MAX_PIECES 160
#endif
#ifndef PIPE_STREAM_STORES
#define PIPE_STREAM_STORES 0
#endif

// -DPIPE_TIMELINE: thread 0 of every block adds up the clock cycles of each step of its iterations (0: waiting
// for the row's loads, 1: reducing it, 2: warp 0 reading the exchange, 3: the barrier, 4: publishing, writing
// and loading) and writes them, its iterations and its span (clock64 and globaltimer) once at the end.
#ifdef PIPE_TIMELINE
__device__ long long* pipe_stamps = nullptr;
extern "C" int pipe_set_stamps(void* p) { return (int)cudaMemcpyToSymbol(pipe_stamps, &p, sizeof p); }
__device__ __forceinline__ long long global_ns() {
    long long v;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(v));
    return v;
}
#define PIPE_STAMP_BEGIN() \
    if (t == 0 && i == 0) { t_first = clock64(); ns_first = global_ns(); } \
    if (t == 0) t_prev = clock64()
#define PIPE_STAMP(k)                        \
    if (t == 0) {                            \
        const long long now_ = clock64();    \
        phase[k] += now_ - t_prev;           \
        t_prev = now_;                       \
    }
#define PIPE_STAMP_END()                                                                          \
    if (t == 0 && pipe_stamps) {                                                                  \
        long long* o_ = pipe_stamps + blockIdx.x * 10;                                            \
        for (int k_ = 0; k_ < 5; ++k_) o_[k_] = phase[k_];                                        \
        o_[5] = n + LAG; o_[6] = clock64() - t_first; o_[7] = ns_first; o_[8] = global_ns();     \
        o_[9] = 1 + piece;                                                                        \
    }
#define PIPE_STAMP_VARS long long phase[5] = {0, 0, 0, 0, 0}, t_prev = 0, t_first = 0, ns_first = 0
#else
#define PIPE_STAMP_BEGIN()
#define PIPE_STAMP(k)
#define PIPE_STAMP_END()
#define PIPE_STAMP_VARS
#endif

__device__ __forceinline__ void copy_async_4(float* smem, const float* gmem) {
    const unsigned dst = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(dst), "l"(gmem));
}
__device__ __forceinline__ void copy_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N>
__device__ __forceinline__ void copy_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory"); }

__device__ __forceinline__ unsigned long long load_word_relaxed(const unsigned long long* p) {
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];\n" : "=l"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void store_word_relaxed(unsigned long long* p, unsigned long long v) {
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;\n" ::"l"(p), "l"(v) : "memory");
}

template <int THREADS, int STAGES, int LAG>
__global__ void __launch_bounds__(THREADS, 1) softmax_row_pipelined_kernel(
    const float* __restrict__ input, float* __restrict__ output, int rows, int cols, int groups, int pieces,
    int piece_len, int vpt, unsigned long long* words, unsigned long long* __restrict__ to_clear,
    int64_t clear_count) {
    static_assert(STAGES > LAG && LAG >= 1, "a stage must be free to load into");
    constexpr int AHEAD = STAGES - LAG;
    constexpr int WARPS = THREADS / 32;
    constexpr int MAX_WORDS = PIPE_MAX_PIECES / 32;
    extern __shared__ float4 stages[];  // [STAGES][vpt * THREADS], then [STAGES][8] leftover floats
    __shared__ MaxSum warp_partials[2][32];
    __shared__ MaxSum totals[2];
    const int t = threadIdx.x, warp = t / 32, lane = t % 32;
    for (int64_t i = (int64_t)blockIdx.x * THREADS + t; i < clear_count; i += (int64_t)gridDim.x * THREADS)
        to_clear[i] = 0;

    const int group = blockIdx.x / pieces, piece = blockIdx.x % pieces;
    const int n = group < rows ? (rows - group + groups - 1) / groups : 0;  // this group's rows
    const int stage_len = vpt * THREADS;
    float* leftovers = reinterpret_cast<float*>(stages + STAGES * stage_len);
    const int begin = piece * piece_len;

    // Loads of the group's i-th row (if any) into stage i % STAGES; always one commit group.
    auto issue = [&](int i) {
        if (i < n) {
            const float* in_row = input + ((int64_t)group + (int64_t)i * groups) * cols;
            const RowSpan span = split_row(in_row, cols);
            const int len = min(piece_len, span.body - begin);
            const float4* body = reinterpret_cast<const float4*>(in_row + span.head) + begin;
            float4* s = stages + (i % STAGES) * stage_len;
            for (int k = 0; k < vpt; ++k) {
                const int j = t + k * THREADS;
                if (j < len) copy_async_16(&s[j], body + j);
                else s[j] = neg_inf4();
            }
            if (piece == 0) {
                const int c = leftover_column(span, t, cols);
                if (c >= 0) copy_async_4(&leftovers[(i % STAGES) * 8 + t], in_row + c);
            }
        }
        copy_async_commit();
    };

    // Every stage starts loading; iteration i >= LAG refills row i - LAG's stage with row i - LAG + STAGES,
    // so rows i + 1 .. i + AHEAD are in flight while row i is reduced. (Iterations before LAG commit an
    // empty group, so waiting for all but the newest AHEAD - 1 groups always covers row i.)
    for (int i = 0; i < STAGES; ++i) issue(i);
    // Warp 0's copy of one row's published words: lane l holds words l, l + 32, ... (0: not yet published).
    auto row_words = [&](int i) { return words + ((int64_t)group + (int64_t)i * groups) * pieces; };
    unsigned long long pv[MAX_WORDS];
    auto fetch_words = [&](int i, unsigned long long* v) {
#pragma unroll
        for (int q = 0; q < MAX_WORDS; ++q) {
            const int c = lane + 32 * q;
            v[q] = c < pieces ? load_word_relaxed(row_words(i) + c) : 1ull;
        }
    };
    PIPE_STAMP_VARS;
    for (int i = 0; i < n + LAG; ++i) {
        PIPE_STAMP_BEGIN();
        if (i < n) {  // row i: reduce and publish
            copy_async_wait<AHEAD - 1>();
            PIPE_STAMP(0);
            const float* in_row = input + ((int64_t)group + (int64_t)i * groups) * cols;
            const RowSpan span = split_row(in_row, cols);
            const int c = piece == 0 ? leftover_column(span, t, cols) : -1;
            const float4* s = stages + (i % STAGES) * stage_len;
            float m = c >= 0 ? leftovers[(i % STAGES) * 8 + t] : -INFINITY;
            for (int k = 0; k < vpt; ++k) m = fmaxf(m, max4(s[t + k * THREADS]));
            const float shift = safe_shift(m);
            float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
            for (int k = 0; k < vpt; ++k) exp4(s[t + k * THREADS], shift, acc);
            const float x = c >= 0 ? fast_exp(leftovers[(i % STAGES) * 8 + t] - shift) : 0.0f;
            const MaxSum mine = reduce_in_lanes<32>({m, ((acc.x + acc.y) + (acc.z + acc.w)) + x});
            if (lane == 0) warp_partials[i & 1][warp] = mine;
        }
        PIPE_STAMP(1);
        if (warp == 0 && i >= LAG) {  // row i - LAG: its total
            const int r = i - LAG;
            MaxSum p = {0.0f, 1.0f};  // PIPE_NOWAIT: no exchange (wrong values, timing only)
            if (!PIPE_NOWAIT) {
                if (r == 0 || PIPE_PREFETCH == 0) fetch_words(r, pv);
                p = empty_max_sum();
#pragma unroll
                for (int q = 0; q < MAX_WORDS; ++q) {
                    const int c = lane + 32 * q;
                    if (c < pieces) {
                        while (pv[q] == 0) pv[q] = load_word_relaxed(row_words(r) + c);
                        p = combine(p, unpack_max_sum(pv[q]));
                    }
                }
                p = reduce_in_lanes<32>(p);
            }
            if (lane == 0) totals[i & 1] = p;
            // The next row's words, read now and used next iteration: the L2 round trip is off the critical path.
            if (!PIPE_NOWAIT && PIPE_PREFETCH && r + 1 < n) fetch_words(r + 1, pv);
        }
        PIPE_STAMP(2);
        __syncthreads();
        PIPE_STAMP(3);
        if (i < n && warp == WARPS - 1) {  // publish row i's pair
            MaxSum p = reduce_in_lanes<32>(lane < WARPS ? warp_partials[i & 1][lane] : empty_max_sum());
            if (lane == 0)
                store_word_relaxed(words + ((int64_t)group + (int64_t)i * groups) * pieces + piece, pack_max_sum(p));
        }
        if (i >= LAG) {  // row i - LAG: write it, then load row i - LAG + STAGES into its stage
            const int r = i - LAG;
            const MaxSum total = totals[i & 1];
            const float inv = 1.0f / total.s;
            const float* in_row = input + ((int64_t)group + (int64_t)r * groups) * cols;
            float* out_row = output + ((int64_t)group + (int64_t)r * groups) * cols;
            const RowSpan span = split_row(in_row, cols);
            const int len = min(piece_len, span.body - begin);
            const float4* s = stages + (r % STAGES) * stage_len;
            const bool aligned = floats_to_alignment(out_row, cols) == span.head;
            for (int k = 0; k < vpt; ++k) {
                const int j = t + k * THREADS;
                if (j < len) {
                    const float4 v = s[j];
                    const float4 e = make_float4(fast_exp(v.x - total.m) * inv, fast_exp(v.y - total.m) * inv,
                                                 fast_exp(v.z - total.m) * inv, fast_exp(v.w - total.m) * inv);
                    if (aligned) store_slot<true, PIPE_STREAM_STORES>(out_row, span, begin + j, e);
                    else store_slot<false, PIPE_STREAM_STORES>(out_row, span, begin + j, e);
                }
            }
            if (piece == 0) {
                const int c = leftover_column(span, t, cols);
                if (c >= 0) out_row[c] = fast_exp(leftovers[(r % STAGES) * 8 + t] - total.m) * inv;
            }
            issue(r + STAGES);
        } else {
            copy_async_commit();  // keeps one group per iteration
        }
        PIPE_STAMP(4);
    }
    copy_async_wait<0>();
    PIPE_STAMP_END();
}

// How many pieces a row takes (and so how many groups of blocks share the rows): the fewest pieces of at
// most `cap` float4s whose split keeps within PIPE_SLACK of the best split's use of the blocks (the share of
// blocks given a group, times how evenly the rows spread over the groups).
struct PipelinePlan {
    int groups, pieces, piece_len, vpt;
};

static double pipeline_use(int rows, int pieces, int blocks) {
    const int groups = std::min(blocks / pieces, rows);
    if (groups < 1) return 0.0;
    const int per_group = (rows + groups - 1) / groups;
    return (double)groups * pieces / blocks * ((double)rows / ((double)per_group * groups));
}

static bool plan_pipeline(int rows, int cols, int blocks, int threads, int cap, PipelinePlan* plan) {
    const int quads = cols / 4;
    const int fewest = std::max(1, (quads + cap - 1) / cap);
    double best = 0.0;
    for (int pieces = fewest; pieces <= std::min(blocks, PIPE_MAX_PIECES); ++pieces) best = std::max(best, pipeline_use(rows, pieces, blocks));
    if (best <= 0.0) return false;
    for (int pieces = fewest; pieces <= std::min(blocks, PIPE_MAX_PIECES); ++pieces)
        if (pipeline_use(rows, pieces, blocks) >= best - PIPE_SLACK) {
            const int piece_len = (quads + pieces - 1) / pieces;
            *plan = {std::min(blocks / pieces, rows), pieces, piece_len, (piece_len + threads - 1) / threads};
            return true;
        }
    return false;
}

static cudaError_t run_row_pipelined(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    constexpr int T = PIPE_THREADS, S = PIPE_STAGES, L = PIPE_LAG;
    auto kernel = softmax_row_pipelined_kernel<T, S, L>;
    const int device = current_device();
    if (device < 0) return cudaErrorNotSupported;
    const int cap = PIPE_PIECE_KB * 1024 / 16 / T * T;  // float4s, a whole number per thread
    PipelinePlan plan;
    const int blocks = PIPE_PER_SM * device_facts(device).sms;
    if (!plan_pipeline(rows, cols, blocks, T, cap, &plan)) return cudaErrorNotSupported;
    const int smem = S * plan.vpt * T * (int)sizeof(float4) + S * 8 * (int)sizeof(float);
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) != cudaSuccess) {
        cudaGetLastError();
        return cudaErrorNotSupported;
    }
    int per_sm = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, T, smem) != cudaSuccess ||
        per_sm < PIPE_PER_SM) {
        cudaGetLastError();
        return cudaErrorNotSupported;
    }
    const int64_t items = (int64_t)rows * plan.pieces;
    SplitBuffers ws;
    if (!split_workspace(device, stream, items, &ws)) return cudaErrorNotSupported;
    int groups = plan.groups, pieces = plan.pieces, piece_len = plan.piece_len, vpt = plan.vpt;
    unsigned long long* words = ws.words;
    unsigned long long* to_clear = ws.to_clear;
    int64_t clear_count = ws.clear_count;
    void* args[] = {&input, &output, &rows, &cols, &groups, &pieces, &piece_len, &vpt, &words, &to_clear, &clear_count};
    cudaError_t status = cudaLaunchCooperativeKernel((const void*)kernel, dim3(groups * pieces), dim3(T), args,
                                                     (size_t)smem, stream);
    if (status != cudaSuccess) {  // e.g. the GPU is shared and the blocks would not all fit: fall back
        cudaGetLastError();
        forget_split_workspace(device, stream);
        return cudaErrorNotSupported;
    }
    return cudaSuccess;
}

// Round 9, kernel 6: kernel 5's pipeline with the stages in registers (-DPIPE -DPIPE_REG).
//
// Kernel 5's timeline (evidence l, call 3) put its loss on the SM, not in memory: per 32 KB piece, reducing
// from shared memory took about 1 µs and writing about 1.3 µs, where the GPU's copy rate leaves 2 µs for
// both. Here each thread keeps its slots of STAGES rows in registers (loaded with ld.global.nc, as the
// reference's kernels do, so shared memory carries nothing but the block's partial pairs), takes each exp
// once (the exps stay in the registers until the row's total is known), and reduces the max within a warp
// before any exp, so the shuffles need no exp either. The loop is unrolled STAGES times, so that every
// stage index is a constant and the stages stay in registers.
//
// Same plan, grid, exchange and cooperative launch as kernel 5.

#ifndef PREG_VPT  // float4s per thread per row
#define PREG_VPT 2
#endif

__device__ __forceinline__ float4 load_nc4(const float4* p) {
    float4 v;
    asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];\n"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
                 : "l"(p));
    return v;
}

template <int THREADS, int VPT, int STAGES, int LAG>
__global__ void __launch_bounds__(THREADS, PIPE_PER_SM) softmax_row_pipelined_reg_kernel(
    const float* __restrict__ input, float* __restrict__ output, int rows, int cols, int groups, int pieces,
    int piece_len, int /*vpt*/, unsigned long long* words, unsigned long long* __restrict__ to_clear,
    int64_t clear_count) {
    static_assert(STAGES > LAG && LAG >= 1, "a stage must be free to load into");
    constexpr int WARPS = THREADS / 32;
    constexpr int MAX_WORDS = PIPE_MAX_PIECES / 32;
    __shared__ MaxSum warp_partials[2][32];
    __shared__ MaxSum totals[2];
    const int t = threadIdx.x, warp = t / 32, lane = t % 32;
    for (int64_t i = (int64_t)blockIdx.x * THREADS + t; i < clear_count; i += (int64_t)gridDim.x * THREADS)
        to_clear[i] = 0;

    const int group = blockIdx.x / pieces, piece = blockIdx.x % pieces;
    const int n = group < rows ? (rows - group + groups - 1) / groups : 0;
    const int begin = piece * piece_len;
    auto row_index = [&](int i) { return (int64_t)group + (int64_t)i * groups; };

    float4 buf[STAGES][VPT];  // row i's slots in stage i % STAGES: x when loaded, exp(x - warp max) once reduced
    float left[STAGES];       // piece 0: one head or tail float (threads 0..5)
    __shared__ float warp_shift[STAGES][32];  // each warp's max (the exps' shift) of each reduced row

    auto issue = [&](int i, float4* v, float& x) {
        if (i < n) {
            const float* in_row = input + row_index(i) * cols;
            const RowSpan span = split_row(in_row, cols);
            const int len = min(piece_len, span.body - begin);
            const float4* body = reinterpret_cast<const float4*>(in_row + span.head) + begin;
#pragma unroll
            for (int k = 0; k < VPT; ++k) {
                const int j = t + k * THREADS;
                v[k] = j < len ? load_nc4(body + j) : neg_inf4();
            }
            const int c = piece == 0 ? leftover_column(span, t, cols) : -1;
            x = c >= 0 ? __ldg(in_row + c) : -INFINITY;
        }
    };

    auto row_words = [&](int i) { return words + row_index(i) * pieces; };
    unsigned long long pv[MAX_WORDS];
    auto fetch_words = [&](int i) {
#pragma unroll
        for (int q = 0; q < MAX_WORDS; ++q) {
            const int c = lane + 32 * q;
            pv[q] = c < pieces ? load_word_relaxed(row_words(i) + c) : 1ull;
        }
    };

#pragma unroll
    for (int u = 0; u < STAGES; ++u) issue(u, buf[u], left[u]);

    PIPE_STAMP_VARS;
    for (int i0 = 0; i0 < n + LAG; i0 += STAGES) {
#pragma unroll
        for (int u = 0; u < STAGES; ++u) {
            const int i = i0 + u;
            if (i >= n + LAG) break;  // uniform over the block
            const int w = (u + STAGES - LAG) % STAGES;  // stage of row i - LAG
            PIPE_STAMP_BEGIN();
            if (i < n) {  // row i: exps in place, the warp's pair to shared memory
                float m = left[u];
#pragma unroll
                for (int k = 0; k < VPT; ++k) m = fmaxf(m, max4(buf[u][k]));
#pragma unroll
                for (int o = 16; o > 0; o /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
                const float sh = safe_shift(m);
                float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
                for (int k = 0; k < VPT; ++k) buf[u][k] = exp4(buf[u][k], sh, acc);
                left[u] = fast_exp(left[u] - sh);
                float s = ((acc.x + acc.y) + (acc.z + acc.w)) + left[u];
#pragma unroll
                for (int o = 16; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffffu, s, o);
                if (lane == 0) {
                    warp_shift[u][warp] = m;
                    warp_partials[i & 1][warp] = {m, s};
                }
            }
            PIPE_STAMP(1);
            if (warp == 0 && i >= LAG) {  // row i - LAG: its total
                const int r = i - LAG;
                MaxSum p = {0.0f, 1.0f};
                if (!PIPE_NOWAIT) {
                    if (r == 0 || PIPE_PREFETCH == 0) fetch_words(r);
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
                if (!PIPE_NOWAIT && PIPE_PREFETCH && r + 1 < n) fetch_words(r + 1);
            }
            PIPE_STAMP(2);
            __syncthreads();
            PIPE_STAMP(3);
            if (i < n && warp == WARPS - 1) {  // publish row i's pair
                MaxSum p = reduce_in_lanes<32>(lane < WARPS ? warp_partials[i & 1][lane] : empty_max_sum());
                if (lane == 0) store_word_relaxed(row_words(i) + piece, pack_max_sum(p));
            }
            if (i >= LAG) {  // row i - LAG: scale the exps and write them; load row i - LAG + STAGES
                const int r = i - LAG;
                const MaxSum total = totals[i & 1];
                const float scale = output_scale({warp_shift[w][warp], 1.0f}, total);
                const float* in_row = input + row_index(r) * cols;
                float* out_row = output + row_index(r) * cols;
                const RowSpan span = split_row(in_row, cols);
                const int len = min(piece_len, span.body - begin);
                const bool aligned = floats_to_alignment(out_row, cols) == span.head;
#pragma unroll
                for (int k = 0; k < VPT; ++k) {
                    const int j = t + k * THREADS;
                    if (j < len) {
                        if (aligned) store_slot<true, PIPE_STREAM_STORES>(out_row, span, begin + j, scale4(buf[w][k], scale));
                        else store_slot<false, PIPE_STREAM_STORES>(out_row, span, begin + j, scale4(buf[w][k], scale));
                    }
                }
                if (piece == 0) {
                    const int c = leftover_column(span, t, cols);
                    if (c >= 0) out_row[c] = left[w] * scale;
                }
                issue(r + STAGES, buf[w], left[w]);
            }
            PIPE_STAMP(4);
        }
    }
    PIPE_STAMP_END();
}

static cudaError_t run_row_pipelined_reg(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    constexpr int T = PIPE_THREADS, V = PREG_VPT, S = PIPE_STAGES, L = PIPE_LAG;
    auto kernel = softmax_row_pipelined_reg_kernel<T, V, S, L>;
    const int device = current_device();
    if (device < 0) return cudaErrorNotSupported;
    PipelinePlan plan;
    const int blocks = PIPE_PER_SM * device_facts(device).sms;
    if (!plan_pipeline(rows, cols, blocks, T, T * V, &plan)) return cudaErrorNotSupported;
    int per_sm = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, T, 0) != cudaSuccess || per_sm < PIPE_PER_SM) {
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
    if (cudaLaunchCooperativeKernel((const void*)kernel, dim3(groups * pieces), dim3(T), args, 0, stream) !=
        cudaSuccess) {
        cudaGetLastError();
        forget_split_workspace(device, stream);
        return cudaErrorNotSupported;
    }
    return cudaSuccess;
}

"""Third round (session of 2026-11-27, morning): long rows exchanged inside a thread-block cluster (CUDA),
and the Triton split kernel polling one counter per row instead of every piece's word.

    python docs/_tools/softmax_limit/cluster_variants.py OUT_DIR

CUDA (OUT_DIR/cuda/<name>/softmax_tuned.cu): kernel 3's pieces of a row become the blocks of one cluster
(sm_90). Each block writes its (max, sum) into every block's shared memory (st.shared::cluster), one
cluster barrier, and every block combines the pairs in piece order. The hardware starts a cluster's
blocks together, so no block spins on another and no workspace is needed. Tiers: (threads, float4s in
registers, blocks per SM, most float4s in shared memory per thread), tried in order until a row fits in
at most 16 pieces.
Triton (OUT_DIR/triton/<name>/softmax_triton.py): each piece publishes its word, then adds 1 to its
row's counter; waiting programs poll that one counter, then read the words once (the nonzero check
stays, so a word read early is read again). "rot": no torch.zeros per call; two workspaces used by
alternate calls on a stream, each call clearing the other's words, as the CUDA reference does.
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
CUDA = (REPO / "solutions/02-tuned-kernel/softmax_tuned.cu").read_text()
TRITON = (REPO / "solutions/03-triton-and-pytorch/softmax_triton.py").read_text()


def replace(text: str, old: str, new: str, count: int = 1) -> str:
    if text.count(old) != count:
        raise SystemExit(f"expected {count} of {old!r}, found {text.count(old)}")
    return text.replace(old, new)


CLUSTER_KERNEL = r'''
// ----------------------------------------------------------------------------
// kernel 3c: long rows, each split across the blocks of one thread-block cluster (sm_90)

__device__ __forceinline__ void cluster_arrive_relaxed() {
    asm volatile("barrier.cluster.arrive.relaxed.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void cluster_arrive() { asm volatile("barrier.cluster.arrive.release.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void cluster_wait() { asm volatile("barrier.cluster.wait.acquire.aligned;\n" ::: "memory"); }
__device__ __forceinline__ unsigned cluster_rank() {
    unsigned r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
    return r;
}
// v into the shared memory of the cluster's block `rank`, at the address `local` has in this block.
__device__ __forceinline__ void store_in_block(MaxSum* local, unsigned rank, MaxSum v) {
    const unsigned here = (unsigned)__cvta_generic_to_shared(local);
    unsigned there;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(there) : "r"(here), "r"(rank));
    asm volatile("st.shared::cluster.v2.f32 [%0], {%1, %2};\n" ::"r"(there), "f"(v.m), "f"(v.s) : "memory");
}

template <int THREADS, int VREG, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) softmax_row_cluster_kernel(
    const float* __restrict__ input, float* __restrict__ output, int rows, int cols, int pieces, int piece_len,
    int vsmem) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    static_assert(THREADS >= 64 && THREADS % 32 == 0, "reduce_in_block must reach its barrier");
    extern __shared__ float4 smem_slots[];  // [vsmem][THREADS]: thread t owns column t
    __shared__ MaxSum warp_partials[32];
    __shared__ MaxSum piece_totals[16];  // [p]: piece p's (max, sum), written by the cluster's block p
    cluster_arrive_relaxed();  // "started": the matching wait lets others write piece_totals
    const int t = threadIdx.x;
    const int64_t row = blockIdx.x / pieces;
    const int piece = (int)cluster_rank();
    const float* in_row = input + row * cols;
    const RowSpan span = split_row(in_row, cols);
    const int begin = piece * piece_len;
    const int len = min(piece_len, span.body - begin);
    const float4* body = reinterpret_cast<const float4*>(in_row + span.head) + begin;
    const int leftover = piece == 0 ? leftover_column(span, t, cols) : -1;

    float4 v[VREG];
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = load_slot(body, t + k * THREADS, len);
    for (int k = 0; k < vsmem; ++k) load_slot_async(&smem_slots[k * THREADS + t], body, t + (VREG + k) * THREADS, len);
    float x = load_leftover(in_row, leftover);

    float m = x;
#pragma unroll
    for (int k = 0; k < VREG; ++k) m = fmaxf(m, max4(v[k]));
    if (vsmem > 0) copy_async_wait_all();
    for (int k = 0; k < vsmem; ++k) m = fmaxf(m, max4(smem_slots[k * THREADS + t]));
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = exp4(v[k], shift, acc);
    for (int k = 0; k < vsmem; ++k) smem_slots[k * THREADS + t] = exp4(smem_slots[k * THREADS + t], shift, acc);
    x = fast_exp(x - shift);
    const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};

    const MaxSum block_total = reduce_in_block(mine, warp_partials);  // the same bits in every thread
    cluster_wait();  // every block of the cluster has started
    if (t < pieces) store_in_block(&piece_totals[piece], (unsigned)t, block_total);
    cluster_arrive();
    cluster_wait();  // every piece's pair is in this block's piece_totals
    MaxSum total = empty_max_sum();
    for (int p = 0; p < pieces; ++p) total = combine(total, piece_totals[p]);  // in piece order: same bits everywhere
    const float scale = output_scale(mine, total);

    float* out_row = output + row * cols;
    const bool aligned = floats_to_alignment(out_row, cols) == span.head;
#pragma unroll
    for (int k = 0; k < VREG; ++k) {
        const int j = t + k * THREADS;
        if (j < len) {
            if (aligned) store_slot<true>(out_row, span, begin + j, scale4(v[k], scale));
            else store_slot<false>(out_row, span, begin + j, scale4(v[k], scale));
        }
    }
    for (int k = 0; k < vsmem; ++k) {
        const int j = t + (VREG + k) * THREADS;
        if (j < len) {
            if (aligned) store_slot<true>(out_row, span, begin + j, scale4(smem_slots[k * THREADS + t], scale));
            else store_slot<false>(out_row, span, begin + j, scale4(smem_slots[k * THREADS + t], scale));
        }
    }
    if (leftover >= 0) __stcs(out_row + leftover, x * scale);
#endif
}

'''

CLUSTER_LAUNCHER = r'''
// Kernel 3c: as few pieces per row as hold THREADS * (VREG + VSMEM) float4s, at most 16 (a cluster of
// more than 8 blocks needs the non-portable size). cudaErrorNotSupported, without launching, where it
// cannot run: no clusters (before sm_90), too many pieces, or the cluster does not fit.
template <int THREADS, int VREG, int MIN_BLOCKS, int VSMEM>
static cudaError_t run_row_cluster(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    auto kernel = softmax_row_cluster_kernel<THREADS, VREG, MIN_BLOCKS>;
    const int device = current_device();
    if (device < 0) return cudaErrorNotSupported;
    const int quads = cols / 4;
    const int cap = THREADS * (VREG + VSMEM);
    const int pieces = (quads + cap - 1) / cap;
    if (quads < 1 || pieces > 16 || (int64_t)rows * pieces > INT_MAX) return cudaErrorNotSupported;
    const int piece_len = (quads + pieces - 1) / pieces;
    const int vsmem = std::max(0, (piece_len - THREADS * VREG + THREADS - 1) / THREADS);
    const int smem = vsmem * THREADS * (int)sizeof(float4);
    static signed char fits[kMaxDevices][17];  // 0: not asked yet, 1: fits, -1: does not
    cudaLaunchAttribute cluster;
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = pieces;
    cluster.val.clusterDim.y = 1;
    cluster.val.clusterDim.z = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3((unsigned)(rows * pieces));
    config.blockDim = dim3(THREADS);
    config.dynamicSmemBytes = smem;
    config.stream = stream;
    config.attrs = &cluster;
    config.numAttrs = 1;
    if (fits[device][pieces] == 0) {
        int can = 0, clusters = 0;
        cudaDeviceGetAttribute(&can, cudaDevAttrClusterLaunch, device);
        bool ok = can && cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                              THREADS * VSMEM * (int)sizeof(float4)) == cudaSuccess &&
                  cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1) == cudaSuccess &&
                  cudaOccupancyMaxActiveClusters(&clusters, kernel, &config) == cudaSuccess && clusters > 0;
        cudaGetLastError();
        fits[device][pieces] = ok ? 1 : -1;
    }
    if (fits[device][pieces] < 0) return cudaErrorNotSupported;
    cudaLaunchKernelEx(&config, kernel, input, output, rows, cols, pieces, piece_len, vsmem);
    return cudaGetLastError();
}
'''

SPLIT_CALL = "    status = run_row_split<256, 8, 4, 8>(input, output, rows, cols, stream);\n"
IN_BLOCK_8 = "    if (cols <= 1024 * 8 * 4) return run_row_in_block<8>(input, output, rows, cols, stream);\n"


def cuda_variant(from_cols: int, tiers: list[tuple[int, int, int, int]]) -> str:
    text = replace(CUDA, "// ----------------------------------------------------------------------------\n// kernel 4: fallback",
                   CLUSTER_KERNEL + "// ----------------------------------------------------------------------------\n// kernel 4: fallback")
    text = replace(text, "static cudaError_t run_row_looped(", CLUSTER_LAUNCHER + "\nstatic cudaError_t run_row_looped(")
    calls = "".join(f"    if (status == cudaErrorNotSupported) status = run_row_cluster<{a}, {b}, {c}, {d}>(input, output, rows, cols, stream);\n"
                    for a, b, c, d in tiers)
    block = (f"    status = cudaErrorNotSupported;\n    if (cols > {from_cols}) {{\n    {calls.replace(chr(10) + '    ', chr(10) + '        ')}"
             f"    }}\n    if (status == cudaErrorNotSupported) {SPLIT_CALL.strip()}\n")
    text = replace(text, SPLIT_CALL, block)
    if from_cols < 32768:
        text = replace(text, IN_BLOCK_8, IN_BLOCK_8.replace("1024 * 8 * 4", str(from_cols)))
    return text


def cuda_variants() -> dict[str, str]:
    return {
        "cl_32k_64k": cuda_variant(32768, [(256, 8, 4, 8), (512, 8, 2, 8)]),
        "cl_16k_64k": cuda_variant(16384, [(256, 8, 4, 8), (512, 8, 2, 8)]),
        "cl_8k_32k": cuda_variant(8192, [(256, 8, 4, 0), (512, 8, 2, 8)]),
        "cl_16k_64k_t256": cuda_variant(16384, [(256, 8, 4, 8), (256, 8, 2, 24)]),
        "cl_16k_32k": cuda_variant(16384, [(256, 8, 4, 0), (256, 8, 4, 8), (512, 8, 2, 8)]),
    }


# ---- Triton -----------------------------------------------------------------------------------------

POLL_OLD = '''    tl.atomic_xchg(row_words + piece, packed.to(tl.int64, bitcast=True), sem="relaxed", scope="gpu")
'''
POLL_NEW = '''    tl.atomic_xchg(row_words + piece, packed.to(tl.int64, bitcast=True), sem="relaxed", scope="gpu")
    tl.atomic_add(row_count, 1, sem="release", scope="gpu")
    count = tl.load(row_count, volatile=True)
    while count < pieces:
        count = tl.load(row_count, volatile=True)
'''


def triton_variant(rot: bool, tiles: str | None = None) -> str:
    text = replace(TRITON, POLL_OLD, POLL_NEW)
    text = replace(text, "    row_words,  # *int64 [pieces], zeroed before the launch: this row's words\n",
                   "    row_words,  # *int64 [pieces], zeroed before the launch: this row's words\n"
                   "    row_count,  # *int64, zeroed before the launch: pieces of this row published\n")
    text = replace(text, "    words_ptr,  # *int64 [rows, pieces], zeroed: piece p of row r publishes its (max, sum) at [r, p]\n",
                   "    words_ptr,  # *int64 [rows, pieces], zeroed: piece p of row r publishes its (max, sum) at [r, p]\n"
                   "    count_ptr,  # *int64 [rows], zeroed: pieces of row r published\n"
                   "    clear_ptr,  # *int64 [clear_count]: the previous call's workspace, zeroed here for the next\n"
                   "    clear_count,  # words to clear\n")
    text = replace(text, "    row_max, row_sum = _row_max_sum(words_ptr + row.to(tl.int64) * pieces, piece, pieces, m, s, MAX_PIECES)\n",
                   "    clear_ids = pid.to(tl.int64) * 256 + tl.arange(0, 256)\n"
                   "    tl.store(clear_ptr + clear_ids, tl.zeros([256], tl.int64), mask=clear_ids < clear_count)\n"
                   "    row_max, row_sum = _row_max_sum(words_ptr + row.to(tl.int64) * pieces, count_ptr + row, piece, pieces, m, s,\n"
                   "                                    MAX_PIECES)\n")
    text = replace(text, "def _row_max_sum(\n", "def _row_max_sum(\n", 1)
    old_launch = '''    words = torch.zeros((rows, pieces), dtype=torch.int64, device=x.device)
    _softmax_split_kernel[(rows * pieces,)](y, x, words, cols, pieces, piece_len, PIECE=piece_cols,
'''
    if rot:
        new_launch = '''    words, to_clear, clear_count = _workspace(x.device, rows * (pieces + 1))
    _softmax_split_kernel[(rows * pieces,)](y, x, words, words[rows * pieces:], to_clear, clear_count, cols, pieces,
                                            piece_len, PIECE=piece_cols,
'''
        helper = '''
_WORKSPACES: dict = {}


def _workspace(device: torch.device, words: int):
    """(this call's zeroed words, the previous call's words to clear, how many) on the current stream."""
    stream = torch.cuda.current_stream(device)
    key = (device.index, stream.cuda_stream)
    entry = _WORKSPACES.get(key)
    if entry is None or entry["capacity"] < words:
        if entry is not None:
            stream.synchronize()
        capacity = max(words, 1 << 14)
        entry = {"buffers": torch.zeros((2, capacity), dtype=torch.int64, device=device), "capacity": capacity,
                 "calls": 0, "last": 0}
        _WORKSPACES[key] = entry
    parity = entry["calls"] & 1
    entry["calls"] += 1
    last, entry["last"] = entry["last"], words
    return entry["buffers"][parity], entry["buffers"][1 - parity], last

'''
        text = replace(text, "\ndef _launch_split(", helper + "\ndef _launch_split(")
    else:
        new_launch = '''    words = torch.zeros(rows * (pieces + 1), dtype=torch.int64, device=x.device)
    _softmax_split_kernel[(rows * pieces,)](y, x, words, words[rows * pieces:], words, 0, cols, pieces, piece_len,
                                            PIECE=piece_cols,
'''
    text = replace(text, old_launch, new_launch)
    if tiles:
        text = replace(text, "SPLIT_TILES = ((80000, 8192, 8, 64), (1 << 31, 4096, 2, 128))", f"SPLIT_TILES = {tiles}")
    return text


def triton_variants() -> dict[str, str]:
    return {
        "count": triton_variant(False),
        "count_rot": triton_variant(True),
        "count_rot_8192": triton_variant(True, "((1 << 31, 8192, 8, 64),)"),
        "count_rot_16384": triton_variant(True, "((80000, 8192, 8, 64), (1 << 31, 16384, 16, 64))"),
    }


# ---- CUDA, staggered first wave ------------------------------------------------------------------------
# Hypothesis: the blocks of the first wave all load, then all reduce and wait, then all store, in step; the
# gaps between those phases leave DRAM idle, and blocks that replace finished ones inherit the step. Delay
# some of the first wave's blocks so that loads and stores overlap from the start.

def stagger_variant(ns: int, mod: int, in_block: bool) -> str:
    text = replace(CUDA, "    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count) {\n",
                   "    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count,\n"
                   "    int64_t first_wave) {\n")
    text = replace(text, "    for (int64_t i = item * THREADS + t; i < clear_count; i += (int64_t)gridDim.x * THREADS) to_clear[i] = 0;\n",
                   "    for (int64_t i = item * THREADS + t; i < clear_count; i += (int64_t)gridDim.x * THREADS) to_clear[i] = 0;\n"
                   f"    if (item < first_wave) __nanosleep((unsigned)((item / pieces) % {mod}) * {ns}u);\n")
    text = replace(text, "                                                      ws.to_clear, ws.clear_count);\n",
                   "                                                      ws.to_clear, ws.clear_count, (int64_t)per_sm * device_facts(device).sms);\n")
    if in_block:
        old = "    const int64_t row = blockIdx.x;\n    const float* in_row = input + row * cols;\n    const RowSpan span = split_row(in_row, cols);\n    const float4* body = reinterpret_cast<const float4*>(in_row + span.head);\n    const int leftover = leftover_column(span, t, cols);\n"
        text = replace(text, old, old + f"    if (row < 2 * 132) __nanosleep((unsigned)(row % {mod}) * {ns}u);\n")
    return text


def stagger_variants() -> dict[str, str]:
    return {"st_2000_2": stagger_variant(2000, 2, False), "st_1500_4": stagger_variant(1500, 4, False),
            "st_4000_2": stagger_variant(4000, 2, False), "st_2000_2_inblock": stagger_variant(2000, 2, True)}


# ---- CUDA, rows up to 16384 columns with fewer float4s per thread -------------------------------------
# On the H200 the Triton reference reached 95-97% of copy at 1024 to 4096 columns, the CUDA reference 93-94%.
# Triton spreads such a row over 4 to 16 warps, 2 float4s per thread; the CUDA reference gives a 1024-column
# row to one warp (8 float4s per lane) and a 4096-column row to 192 threads (6 each).

IN_WARP_1024 = "    if (cols <= 1024) return run_rows_in_warp<32, 8>(input, output, rows, cols, stream);\n"
IN_BLOCK_6 = "    if (cols <= 256 * 6 * 4) return run_row_in_block<6>(input, output, rows, cols, stream);\n"


def mid_variant(upto_1024: bool, v_mid: int | None, v_long: int | None) -> str:
    text = CUDA
    if upto_1024:
        text = replace(text, IN_WARP_1024, "    if (cols <= 1024) return run_row_in_block<2>(input, output, rows, cols, stream);\n")
    if v_mid:
        text = replace(text, IN_BLOCK_6, f"    if (cols <= 1024 * {v_mid} * 4) return run_row_in_block<{v_mid}>(input, output, rows, cols, stream);\n")
    if v_long:
        text = replace(text, IN_BLOCK_8, f"    if (cols <= 1024 * {v_long} * 4) return run_row_in_block<{v_long}>(input, output, rows, cols, stream);\n" + IN_BLOCK_8)
    return text


def mid_variants() -> dict[str, str]:
    return {"mid_1024_b2": mid_variant(True, None, None), "mid_b2_to8k": mid_variant(False, 2, None),
            "mid_all_b2_b4": mid_variant(True, 2, 4), "mid_b4_to16k": mid_variant(True, 4, None)}


# ---- CUDA, smaller pieces for the last rows ------------------------------------------------------------
# Call 4 found a cost of about one block lifetime per launch. One candidate is the drain: the last wave's
# blocks each hold a 64 KB piece until their row's total is known, and the GPU empties slowly. Here the last
# rows (about WAVES waves' worth of data) are cut into TAPER times as many pieces, so the last blocks are short.

TAPER_KERNEL = [
    ("    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count) {\n",
     "    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count,\n"
     "    int main_rows, int tail_pieces, int tail_piece_len) {\n"),
    ("    const int64_t items = (int64_t)rows * pieces;\n    // The previous launch's",
     "    const int64_t main_items = (int64_t)main_rows * pieces;\n"
     "    const int64_t items = main_items + (int64_t)(rows - main_rows) * tail_pieces;\n    // The previous launch's"),
    ("    const int64_t row = item / pieces;\n    const int piece = (int)(item - row * pieces);\n",
     "    const bool tail = item >= main_items;\n"
     "    const int64_t row = tail ? main_rows + (item - main_items) / tail_pieces : item / pieces;\n"
     "    const int row_pieces = tail ? tail_pieces : pieces;\n"
     "    const int piece = (int)(tail ? (item - main_items) % tail_pieces : item - row * pieces);\n"
     "    const int plen = tail ? tail_piece_len : piece_len;\n"
     "    unsigned long long* row_words = workspace + (tail ? main_items + (row - main_rows) * tail_pieces : row * pieces);\n"),
    ("    const int begin = piece * piece_len;                // first body float4 of the piece\n"
     "    const int len = min(piece_len, span.body - begin);  // the row's last piece may be shorter\n",
     "    const int begin = piece * plen;\n    const int len = min(plen, span.body - begin);\n"),
    ("    if (pieces == 1) {  // the whole row is in this block: nothing to exchange\n",
     "    if (row_pieces == 1) {  // the whole row is in this block: nothing to exchange\n"),
    ("        unsigned long long* row_words = workspace + row * pieces;\n", ""),
    ("        const MaxSum total = wait_for_row(row_words, row_count, pieces);\n",
     "        const MaxSum total = wait_for_row(row_words, row_count, row_pieces);\n"),
]


def taper_variant(taper: int, waves: float) -> str:
    text = CUDA
    for old, new in TAPER_KERNEL:
        text = replace(text, old, new)
    text = replace(text, "    const int64_t items = (int64_t)rows * pieces;\n    if (items > INT_MAX) return cudaErrorNotSupported;\n", "")
    text = replace(text, "        (int64_t)per_sm * device_facts(device).sms < 2 * (int64_t)pieces) {\n",
                   f"        (int64_t)per_sm * device_facts(device).sms < 2 * (int64_t)pieces * {taper}) {{\n")
    text = replace(text, "    SplitBuffers ws;\n    if (!split_workspace(",
                   f"    const int tail_pieces = pieces * {taper};\n"
                   "    const int tail_piece_len = (quads + tail_pieces - 1) / tail_pieces;\n"
                   f"    const int64_t wave = (int64_t)per_sm * device_facts(device).sms * piece_len;  // float4s one wave holds\n"
                   f"    const int tail_rows = (int)std::min<int64_t>(rows / 2, (int64_t)({waves} * wave) / quads);\n"
                   "    const int main_rows = rows - tail_rows;\n"
                   "    const int64_t items = (int64_t)main_rows * pieces + (int64_t)tail_rows * tail_pieces;\n"
                   "    if (items > INT_MAX) return cudaErrorNotSupported;\n"
                   "    SplitBuffers ws;\n    if (!split_workspace(")
    text = replace(text, "                                                      ws.to_clear, ws.clear_count);\n",
                   "                                                      ws.to_clear, ws.clear_count, main_rows, tail_pieces, tail_piece_len);\n")
    return text


def taper_variants() -> dict[str, str]:
    return {"taper4_w05": taper_variant(4, 0.5), "taper4_w1": taper_variant(4, 1.0), "taper4_w2": taper_variant(4, 2.0),
            "taper2_w1": taper_variant(2, 1.0)}


def main(out: Path) -> None:
    for family, variants, name in (("cuda", cuda_variants(), "softmax_tuned.cu"), ("stagger", stagger_variants(), "softmax_tuned.cu"),
                                   ("mid", mid_variants(), "softmax_tuned.cu"),
                                   ("taper", taper_variants(), "softmax_tuned.cu"),
                                   ("triton", triton_variants(), "softmax_triton.py")):
        for variant, text in variants.items():
            folder = out / family / variant
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text)
            print(folder / name)


if __name__ == "__main__":
    main(Path(sys.argv[1]))

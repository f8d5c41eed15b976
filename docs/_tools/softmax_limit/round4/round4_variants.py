"""Fourth round (session of 2026-11-27, afternoon): one source for the microbenchmark's variants.

    python docs/_tools/softmax_limit/round4/round4_variants.py OUT_DIR

Writes OUT_DIR/round4.cu: the CUDA reference (solutions/02-tuned-kernel/softmax_tuned.cu) with
- its loads and stores behind LD_HINT / ST_HINT (prelude.cuh), the reference's own by default;
- a per-block timeline of kernel 3 and kernel 5 with -DTIMELINE (globaltimer stamps, read by mb.py);
- kernel 5, the lagged two-pass kernel (lagged_kernel.cuh), used from LAG_FROM columns when defined;
- MID1024: rows of 513-1024 columns one per 128-thread block, two float4s per thread (Triton's layout).
Each variant is that file built with its -D flags (VARIANTS below; build.sh builds them all).
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
CUDA = (REPO / "solutions/02-tuned-kernel/softmax_tuned.cu").read_text()


def replace(text: str, old: str, new: str, count: int = 1) -> str:
    if text.count(old) != count:
        raise SystemExit(f"expected {count} of {old!r}, found {text.count(old)}")
    return text.replace(old, new)


def source() -> str:
    text = CUDA
    text = replace(text, "#include <cuda/atomic>\n", "#include <cuda/atomic>\n\n" + (HERE / "prelude.cuh").read_text())
    text = replace(text, "return j < body_len ? __ldg(body + j) : neg_inf4();", "return j < body_len ? LD4(body + j) : neg_inf4();")
    text = replace(text, "return column >= 0 ? __ldg(row + column) : -INFINITY;", "return column >= 0 ? LD1(row + column) : -INFINITY;")
    text = replace(text, "__stcs(reinterpret_cast<float4*>(p), v);", "ST4(reinterpret_cast<float4*>(p), v);")
    # kernel 3's stamps: start, loaded and reduced, row total known, end
    text = replace(text, "    const int64_t items = (int64_t)rows * pieces;\n    // The previous launch's workspace",
                   "    STAMP(0);\n    const int64_t items = (int64_t)rows * pieces;\n    // The previous launch's workspace")
    text = replace(text, "    const MaxSum block_total = reduce_in_block(mine, warp_partials);\n",
                   "    const MaxSum block_total = reduce_in_block(mine, warp_partials);\n    STAMP(1);\n")
    text = replace(text, "    __syncthreads();\n    const float scale = output_scale(mine, row_total);\n",
                   "    __syncthreads();\n    STAMP(2);\n    const float scale = output_scale(mine, row_total);\n")
    text = replace(text, "    if (leftover >= 0) __stcs(out_row + leftover, x * scale);\n    // END SOLUTION\n}\n\n"
                         "// ----------------------------------------------------------------------------\n// kernel 4",
                   "    if (leftover >= 0) __stcs(out_row + leftover, x * scale);\n    STAMP(3);\n"
                   "#ifdef TIMELINE\n    if (g_timeline && threadIdx.x == 0) g_timeline[(int64_t)blockIdx.x * 5 + 4] = sm_id();\n#endif\n"
                   "    // END SOLUTION\n}\n\n// ----------------------------------------------------------------------------\n// kernel 4")
    text = replace(text, "            __nanosleep(100);  // fewer polls", "            __nanosleep(POLL_NS);  // fewer polls")
    # WORDS: kernel 3 publishes its packed (max, sum) with one relaxed store and waits on the row's words
    # themselves (wait_for_words.cuh): no counter, no release fence, no acquire.
    text = replace(text, "// END SOLUTION\n\ntemplate <int THREADS, int VREG, int MIN_BLOCKS>",
                   "// END SOLUTION\n\n" + (HERE / "wait_for_words.cuh").read_text() + "\ntemplate <int THREADS, int VREG, int MIN_BLOCKS>")
    text = replace(text, "        if (t == 0) publish_piece(&row_words[piece], row_count, block_total);\n"
                         "        const MaxSum total = wait_for_row(row_words, row_count, pieces);\n",
                   "#if WORDS\n        if (t == 0) DeviceCounter(row_words[piece]).store(pack_max_sum(block_total), cuda::memory_order_relaxed);\n"
                   "        const MaxSum total = wait_for_words(row_words, pieces);\n        (void)row_count;\n#else\n"
                   "        if (t == 0) publish_piece(&row_words[piece], row_count, block_total);\n"
                   "        const MaxSum total = wait_for_row(row_words, row_count, pieces);\n#endif\n")
    # STAGGER_NS: in the first wave of kernels 2 and 3 (the blocks that start at once), row r's blocks wait
    # (r % STAGGER_MOD) * STAGGER_NS before loading, so that rows load and store in different phases.
    text = replace(text, "softmax_row_in_block_kernel(const float* __restrict__ input,\n"
                         "                                                                       float* __restrict__ output, int rows, int cols) {\n",
                   "softmax_row_in_block_kernel(const float* __restrict__ input,\n"
                   "                                                                       float* __restrict__ output, int rows, int cols, int64_t first_wave) {\n")
    text = replace(text, "    const int64_t row = blockIdx.x;\n    const float* in_row = input + row * cols;\n    const RowSpan span = split_row(in_row, cols);\n    const float4* body",
                   "    const int64_t row = blockIdx.x;\n    stagger(row, blockIdx.x < first_wave);\n"
                   "    const float* in_row = input + row * cols;\n    const RowSpan span = split_row(in_row, cols);\n    const float4* body")
    text = replace(text, "    softmax_row_in_block_kernel<V><<<(unsigned)rows, threads, 0, stream>>>(input, output, rows, cols);\n",
                   "    int per_sm = 0;\n    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, softmax_row_in_block_kernel<V>, threads, 0);\n"
                   "    softmax_row_in_block_kernel<V><<<(unsigned)rows, threads, 0, stream>>>(input, output, rows, cols,\n"
                   "        (int64_t)per_sm * device_facts(current_device()).sms);\n")
    text = replace(text, "    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count) {\n",
                   "    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count,\n"
                   "    int64_t first_wave) {\n")
    text = replace(text, "    const int piece = (int)(item - row * pieces);\n    const float* in_row",
                   "    const int piece = (int)(item - row * pieces);\n    stagger(row, item < first_wave);\n    const float* in_row")
    text = replace(text, "ws.to_clear, ws.clear_count);\n    const cudaError_t status = cudaGetLastError();\n    if (status != cudaSuccess) forget_split_workspace(device, stream);\n    return status;\n}\n\nstatic cudaError_t run_row_looped",
                   "ws.to_clear, ws.clear_count, (int64_t)per_sm * device_facts(device).sms);\n    const cudaError_t status = cudaGetLastError();\n    if (status != cudaSuccess) forget_split_workspace(device, stream);\n    return status;\n}\n\nstatic cudaError_t run_row_looped")
    # IL: kernel 3's pieces interleaved stripe by stripe (THREADS float4s): stripe s of a row's body goes to
    # piece s % pieces, slot s / pieces, so that the blocks of a row read neighbouring stripes at each step.
    text = replace(text, "    const int begin = piece * piece_len;                // first body float4 of the piece\n"
                         "    const int len = min(piece_len, span.body - begin);  // the row's last piece may be shorter\n",
                   "    const int begin = IL ? 0 : piece * piece_len;\n    const int len = IL ? span.body : min(piece_len, span.body - begin);\n"
                   "#define SLOT(k) (IL ? ((k) * pieces + piece) * THREADS + t : t + (k) * THREADS)\n")
    text = replace(text, "v[k] = load_slot(body, t + k * THREADS, len);", "v[k] = load_slot(body, SLOT(k), len);")
    text = replace(text, "body, t + (VREG + k) * THREADS, len);", "body, SLOT(VREG + k), len);")
    text = replace(text, "        const int j = t + k * THREADS;\n        if (j < len) {\n            if (aligned) store_slot<true, true>(out_row, span, begin + j, scale4(v[k], scale));",
                   "        const int j = SLOT(k);\n        if (j < len) {\n            if (aligned) store_slot<true, true>(out_row, span, begin + j, scale4(v[k], scale));")
    text = replace(text, "        const int j = t + (VREG + k) * THREADS;\n", "        const int j = SLOT(VREG + k);\n")
    text = replace(text, "    const int pieces = (quads + THREADS * (VREG + VSMEM) - 1) / (THREADS * (VREG + VSMEM));\n"
                         "    const int piece_len = (quads + pieces - 1) / pieces;\n",
                   "    const int stripes = (quads + THREADS - 1) / THREADS;\n"
                   "    const int pieces = IL ? (stripes + VREG + VSMEM - 1) / (VREG + VSMEM)\n"
                   "                          : (quads + THREADS * (VREG + VSMEM) - 1) / (THREADS * (VREG + VSMEM));\n"
                   "    const int piece_len = IL ? ((stripes + pieces - 1) / pieces) * THREADS : (quads + pieces - 1) / pieces;\n")
    text = replace(text, "    status = run_row_split<256, 8, 4, 8>(input, output, rows, cols, stream);\n",
                   "    status = run_row_split<SPLIT_CFG>(input, output, rows, cols, stream);\n")
    text = replace(text, "// END SOLUTION\n\nextern \"C\" cudaError_t softmax_forward",
                   (HERE / "lagged_kernel.cuh").read_text() + (HERE / "stream_kernel.cuh").read_text()
                   + "// END SOLUTION\n\nextern \"C\" cudaError_t softmax_forward")
    text = replace(text, "    if (cols <= 32) return run_rows_in_warp<8, 1>(input, output, rows, cols, stream);\n",
                   "#ifdef LAG_FROM\n    if (cols >= LAG_FROM) {\n"
                   "        status = run_row_lagged<LAG_THREADS, LAG_V, LAG_MIN_BLOCKS>(input, output, rows, cols, stream);\n"
                   "        if (status != cudaErrorNotSupported) return status;\n    }\n#endif\n"
                   "#ifdef STREAM_FROM\n    if (cols >= STREAM_FROM) {\n"
                   "        status = run_row_stream<STREAM_THREADS, STREAM_V, STREAM_MIN_BLOCKS>(input, output, rows, cols, stream);\n"
                   "        if (status != cudaErrorNotSupported) return status;\n    }\n#endif\n"
                   "#ifdef MID1024\n    if (cols > 512 && cols <= 1024) return run_row_in_block<2>(input, output, rows, cols, stream);\n#endif\n"
                   "    if (cols <= 32) return run_rows_in_warp<8, 1>(input, output, rows, cols, stream);\n")
    return text


# name -> -D flags
VARIANTS = {
    "r4ref": "",
    "ld1st0": "-DLD_HINT=1", "ld2st0": "-DLD_HINT=2", "ld0st1": "-DST_HINT=1", "ld1st1": "-DLD_HINT=1 -DST_HINT=1",
    "ld2st1": "-DLD_HINT=2 -DST_HINT=1", "ld0st2": "-DST_HINT=2",
    "mid1024": "-DMID1024", "mid1024_ld1st1": "-DMID1024 -DLD_HINT=1 -DST_HINT=1",
    # kernel 5 from 2305 columns; default: 256 threads x 4 float4s (16 KB pieces), order 1, lag = resident + pieces
    "il": "-DIL=1", "il_s0": "-DIL=1 -DSPLIT_VS=0", "s0": "-DSPLIT_VS=0",
    "il_512": "-DIL=1 -DSPLIT_T=512 -DSPLIT_MB=2 -DSPLIT_VS=0", "il_ld1st1": "-DIL=1 -DLD_HINT=1 -DST_HINT=1",
    "il_mb3": "-DIL=1 -DSPLIT_MB=3",
    "vs10": "-DSPLIT_VS=10", "vs12": "-DSPLIT_VS=12", "vr4mb6": "-DSPLIT_VR=4 -DSPLIT_MB=6",
    "vr4mb5vs10": "-DSPLIT_VR=4 -DSPLIT_MB=5 -DSPLIT_VS=10", "mb3vs12": "-DSPLIT_MB=3 -DSPLIT_VS=12",
    "st": "-DSTREAM_FROM=40000", "st_v8": "-DSTREAM_FROM=40000 -DSTREAM_V=8 -DSTREAM_MIN_BLOCKS=2",
    "st_v2": "-DSTREAM_FROM=40000 -DSTREAM_V=2 -DSTREAM_MIN_BLOCKS=8", "st_t512": "-DSTREAM_FROM=40000 -DSTREAM_THREADS=512 -DSTREAM_MIN_BLOCKS=2",
    "st_ld1st1": "-DSTREAM_FROM=40000 -DLD_HINT=1 -DST_HINT=1", "st_v8mb3": "-DSTREAM_FROM=40000 -DSTREAM_V=8 -DSTREAM_MIN_BLOCKS=3",
    "st_all": "-DSTREAM_FROM=1025",
    "sg4": "-DSTAGGER_NS=4000", "sg8": "-DSTAGGER_NS=8000", "sg12": "-DSTAGGER_NS=12000",
    "sg5m3": "-DSTAGGER_NS=5000 -DSTAGGER_MOD=3", "sg8m4": "-DSTAGGER_NS=4000 -DSTAGGER_MOD=4",
    "tl_sg8": "-DTIMELINE -DSTAGGER_NS=8000", "tl_sg5m3": "-DTIMELINE -DSTAGGER_NS=5000 -DSTAGGER_MOD=3",
    "words": "-DWORDS=1", "words_ld1st1": "-DWORDS=1 -DLD_HINT=1 -DST_HINT=1", "tl_words": "-DTIMELINE -DWORDS=1",
    "words_vs10": "-DWORDS=1 -DSPLIT_VS=10",
    "poll0": "-DPOLL_NS=0", "poll20": "-DPOLL_NS=20", "vs12poll0": "-DSPLIT_VS=12 -DPOLL_NS=0",
    "tl_vs12": "-DTIMELINE -DSPLIT_VS=12", "tl_poll0": "-DTIMELINE -DPOLL_NS=0",
    "lag": "-DLAG_FROM=2305",
    "lag_o0": "-DLAG_FROM=2305 -DLAG_ORDER=0",
    "lag_v8": "-DLAG_FROM=2305 -DLAG_V=8",
    "lag_v2": "-DLAG_FROM=2305 -DLAG_V=2",
    "lag_t128": "-DLAG_FROM=2305 -DLAG_THREADS=128",
    "lag_t512v2": "-DLAG_FROM=2305 -DLAG_THREADS=512 -DLAG_V=2",
    "lag_f8": "-DLAG_FROM=2305 -DLAG_FACTOR=8",
    "lag_f2": "-DLAG_FROM=2305 -DLAG_FACTOR=2",
    "lag_r0": "-DLAG_FROM=2305 -DR_HINT=0",
    "lag_w1": "-DLAG_FROM=2305 -DW_HINT=1",
    "lag_w2": "-DLAG_FROM=2305 -DW_HINT=2",
    "lag_all": "-DLAG_FROM=1025",
    # timelines
    "tl_ref": "-DTIMELINE",
    "tl_lag": "-DTIMELINE -DLAG_FROM=2305",
    "tl_il": "-DTIMELINE -DIL=1",
}

if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    (out / "round4.cu").write_text(source())
    (out / "variants.txt").write_text("".join(f"{k} {v}\n" for k, v in VARIANTS.items()))

"""Round 9, second idea: kernel 3's blocks fetch the next wave's piece into L2 while they wait.

    python docs/_tools/softmax_limit/round9/prefetch_variants.py OUT_DIR

Kernel 3's blocks load, wait for their row, and store in step across the GPU (round 4's timelines); while they
wait, no block is loading, and DRAM idles. Here a block that has published its pair asks L2 for the piece of
block `item + resident` (the block that starts when this wave ends: blocks start in index order), so that the
next wave's loads hit L2. `resident` (blocks per SM times SMs) is a new kernel argument. Writes OUT_DIR/prefetch.cu
(the CUDA reference with the prefetch behind PF) and OUT_DIR/variants.txt for round5/build.sh:
- PF=1: one `prefetch.global.L2` per 128-byte line, spread over the block's threads;
- PF=2: one `cp.async.bulk.prefetch.L2` for the whole span (sm_90);
- PF_FRAC: the share of the piece prefetched, in eighths (8: all of it);
- PF_AT=0: right after the block's pair is published (while it waits); 1: at the block's start, after its own loads
  are issued.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
CUDA = (REPO / "solutions/02-tuned-kernel/softmax_tuned.cu").read_text()

SIG_OLD = "    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count) {\n"
SIG_NEW = "    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count,\n    int resident) {\n"
LAUNCH_OLD = "                                                      ws.to_clear, ws.clear_count);"
LAUNCH_NEW = "                                                      ws.to_clear, ws.clear_count, per_sm * device_facts(device).sms);"
HELPER = r'''
#ifndef PF
#define PF 0
#endif
#ifndef PF_FRAC
#define PF_FRAC 8
#endif
#ifndef PF_AT
#define PF_AT 0
#endif
// Ask L2 for body float4s [begin, begin + len) of row `row` (PF_FRAC eighths of them). All threads call it.
__device__ __forceinline__ void prefetch_piece(const float* input, int cols, int64_t row, int begin, int len) {
    const float* in_row = input + row * cols;
    const RowSpan span = split_row(in_row, cols);
    len = min(len, span.body - begin) * PF_FRAC / 8;
    if (len <= 0) return;
    const char* p = reinterpret_cast<const char*>(reinterpret_cast<const float4*>(in_row + span.head) + begin);
    const int bytes = len * 16;
    if (PF == 1) {
        for (int off = threadIdx.x * 128; off < bytes; off += blockDim.x * 128)
            asm volatile("prefetch.global.L2 [%0];" ::"l"(p + off));
    } else if (PF == 2 && threadIdx.x == 0) {
#if __CUDA_ARCH__ >= 900
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p), "r"(bytes) : "memory");
#endif
    }
}
#define PREFETCH_NEXT()                                                                      \
    if (PF) {                                                                                \
        const int64_t next = item + resident;                                                \
        if (next < items) {                                                                  \
            const int64_t nrow = next / pieces;                                              \
            prefetch_piece(input, cols, nrow, (int)(next - nrow * pieces) * piece_len, piece_len); \
        }                                                                                    \
    }
'''
WAIT_OLD = "    const MaxSum block_total = reduce_in_block(mine, warp_partials);\n"
WAIT_NEW = "    if (PF_AT == 0) { PREFETCH_NEXT(); }\n" + WAIT_OLD
START_OLD = "    float x = load_leftover(in_row, leftover);\n\n    float m = x;\n#pragma unroll\n    for (int k = 0; k < VREG; ++k) m = fmaxf(m, max4(v[k]));\n    if (vsmem > 0) copy_async_wait_all();"
START_NEW = "    float x = load_leftover(in_row, leftover);\n    if (PF_AT == 1) { PREFETCH_NEXT(); }\n\n    float m = x;\n#pragma unroll\n    for (int k = 0; k < VREG; ++k) m = fmaxf(m, max4(v[k]));\n    if (vsmem > 0) copy_async_wait_all();"
KERNEL3 = "template <int THREADS, int VREG, int MIN_BLOCKS>\n__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) softmax_row_split_kernel("

VARIANTS = {
    "pf1": "-DPF=1",
    "pf1_half": "-DPF=1 -DPF_FRAC=4",
    "pf1_start": "-DPF=1 -DPF_AT=1",
    "pf1_start_half": "-DPF=1 -DPF_AT=1 -DPF_FRAC=4",
    "pf2": "-DPF=2",
    "pf2_half": "-DPF=2 -DPF_FRAC=4",
    "pf2_start": "-DPF=2 -DPF_AT=1",
    "pf2_quarter": "-DPF=2 -DPF_FRAC=2",
}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    src = CUDA
    for old, new in ((SIG_OLD, SIG_NEW), (LAUNCH_OLD, LAUNCH_NEW), (WAIT_OLD, WAIT_NEW), (START_OLD, START_NEW),
                     (KERNEL3, HELPER + KERNEL3)):
        assert src.count(old) == 1, old
        src = src.replace(old, new)
    (out / "prefetch.cu").write_text(src)
    (out / "variants.txt").write_text("".join(f"{k} {v}\n" for k, v in VARIANTS.items()))


if __name__ == "__main__":
    main()

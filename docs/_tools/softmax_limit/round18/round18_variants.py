"""Eighteenth round (session 78): kernel 3 holding its 64 KB pieces as now, but at most ADM_K blocks an SM loading at
once.

    python docs/_tools/softmax_limit/round18/round18_variants.py OUT_DIR   # OUT_DIR/round18.cu, variants.txt

Round 4's held copies (`round4/diag.cu`: a block loads its bytes, meets a barrier, stores them) ran at 97.6% of the
H200's copy with 16 KB a block and 4 blocks an SM, and at 91.7% with the reference's 64 KB: at the same blocks an SM,
the copy with more bytes requested at once was the slower, with no reduction and no wait. Every softmax that held
fewer bytes an SM lost (rounds 3-5, 8, 10, 11, 16): through a row's wait, it needs every byte it holds. Both say the
same thing if what costs on the H200 is bytes *requested* at once, not bytes *held*. This round keeps what the
reference holds (64 KB pieces, 4 blocks an SM, 256 KB an SM) and bounds what each SM requests at once: a block
takes a ticket on its SM's counter (`%smid`) before its loads, and loads only once all but ADM_K - 1 of the earlier
tickets of its SM have landed their loads (a second counter, added to once the block's reduction has met its
barrier, so every load of the block has landed). Rounds 5's throttled loads bounded what each *block* had in flight
and lengthened every block's load; here a block loads at full rate once its turn comes.

Progress: a block waits for its turn only before its loads, and only on blocks of its SM that hold a turn, whose loads
land whatever any other block does; the row's wait comes after the turn is given back. Counters only grow (their
differences are what count, in unsigned arithmetic), so no launch clears them. A ticket's order is the order of
the atomic adds.

Macros: ADM_K (0: no admission, the reference), ADM_NS (sleep of a poll, in ns; 0 spins), SPLIT_T, SPLIT_VREG,
SPLIT_MIN, SPLIT_VSMEM (kernel 3's template arguments, default the reference's 256, 8, 4, 8).
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]

ADMISSION = r"""#ifndef ADM_K
#define ADM_K 0
#endif
#ifndef ADM_NS
#define ADM_NS 0
#endif
#ifndef SPLIT_T
#define SPLIT_T 256
#define SPLIT_VREG 8
#define SPLIT_MIN 4
#define SPLIT_VSMEM 8
#endif
// [sm][ticket at 0, landed at 32]: two 128-byte lines an SM
__device__ unsigned admission_counters[512 * 64];

__device__ __forceinline__ unsigned load_relaxed_u32(const unsigned* p) {
    unsigned v;
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

// 0, which the compiler cannot see: the loads' addresses take it from shared memory after the turn's barrier, so
// that no load is issued before it (ptxas moved the piece's read-only loads above a plain __syncthreads()).
__device__ __forceinline__ int opaque_zero() {
    int z;
    asm volatile("mov.u32 %0, 0;" : "=r"(z));
    return z;
}

// Thread 0: waits for this SM's turn; returns the SM's counters.
__device__ __forceinline__ unsigned* admission_take() {
    unsigned sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    unsigned* c = admission_counters + (sm & 511) * 64;
    const unsigned ticket = atomicAdd(c, 1u);
    while ((int)(ticket - load_relaxed_u32(c + 32)) >= ADM_K) {
        if (ADM_NS > 0) __nanosleep(ADM_NS);
    }
    return c;
}

"""

PATCHES = [
    ("template <int THREADS, int VREG, int MIN_BLOCKS>\n__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) "
     "softmax_row_split_kernel(",
     ADMISSION + "template <int THREADS, int VREG, int MIN_BLOCKS>\n__global__ void __launch_bounds__(THREADS, "
     "MIN_BLOCKS) softmax_row_split_kernel("),
    ("    const int leftover = piece == 0 ? leftover_column(span, t, cols) : -1;\n\n"
     "    // Issue every load before using any",
     "    const int leftover = piece == 0 ? leftover_column(span, t, cols) : -1;\n"
     "#if ADM_K\n    __shared__ unsigned* adm;\n    __shared__ int adm_zero;\n"
     "    if (t == 0) {\n        adm = admission_take();\n        adm_zero = opaque_zero();\n    }\n    __syncthreads();\n"
     "    body += adm_zero;  // read after the barrier: ptxas moves read-only loads above a barrier, not this\n#endif\n\n"
     "    // Issue every load before using any"),
    ("    const MaxSum block_total = reduce_in_block(mine, warp_partials);\n",
     "    const MaxSum block_total = reduce_in_block(mine, warp_partials);\n"
     "#if ADM_K\n    if (t == 0) atomicAdd(adm + 32, 1u);  // past the reduction's barrier: the block's loads landed\n#endif\n"),
    ("    status = run_row_split<256, 8, 4, 8>(input, output, rows, cols, stream);\n",
     "    status = run_row_split<SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM>(input, output, rows, cols, stream);\n"),
]

P5 = "-DSPLIT_T=256 -DSPLIT_VREG=6 -DSPLIT_MIN=5 -DSPLIT_VSMEM=10"  # 64 KB pieces, 5 an SM (round 5's)
VARIANTS = {
    "same": "",  # the build check: the reference's behaviour
    "k1": "-DADM_K=1",
    "k2": "-DADM_K=2",
    "k3": "-DADM_K=3",
    "k1s": "-DADM_K=1 -DADM_NS=100",
    "k2s": "-DADM_K=2 -DADM_NS=100",
    "p5": P5,
    "p5k2": P5 + " -DADM_K=2",
    "p5k3": P5 + " -DADM_K=3",
}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    src = (REPO / "solutions/02-tuned-kernel/softmax_tuned.cu").read_text()
    for old, new in PATCHES:
        if src.count(old) != 1:
            raise SystemExit(f"patch does not apply once: {old[:70]!r}")
        src = src.replace(old, new)
    (out / "round18.cu").write_text(src)
    (out / "variants.txt").write_text("".join(f"{n} {f}\n" for n, f in VARIANTS.items()))


if __name__ == "__main__":
    main()

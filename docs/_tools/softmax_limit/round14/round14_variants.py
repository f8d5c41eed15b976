"""Fourteenth round (session of 2026-11-29, twentieth): more than one block an SM below 32768 columns, and three an SM
above.

    python docs/_tools/softmax_limit/round14/round14_variants.py OUT_DIR   # writes OUT_DIR/round14.cu, variants.txt
    bash docs/_tools/softmax_limit/round14/build.sh OUT_DIR               # builds them (ONLY="a b" for some)

At 2048x32000 the CUDA reference sits on the 95% line on the H200 (94.5-95.0% of copy over rounds 4-13). Those rows
go to kernel 2: one 1000-thread block an SM holds its row (128 KB) in registers, so while it reduces, that SM has no
load in flight. Round 2 sent them to kernel 3 in two pieces with an exchange (88.7%); no round gave them a whole row
per block with two or three blocks an SM. WHOLE_FROM sends rows of WHOLE_FROM < cols <= 32768 columns to
run_row_split<WHOLE_T, WHOLE_VREG, WHOLE_MIN, WHOLE_VSMEM>, whose pieces then hold the whole row (pieces == 1: no
exchange), part in registers, part in shared memory.

Round 6 gave the long rows 104-208 KB pieces at one or two blocks an SM, round 5 five 64 KB blocks an SM; none tried
three blocks of 128 KB (384 KB an SM, against the reference's 256 KB). SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM set
kernel 3's arguments for rows over 32768 columns (the reference's 256, 8, 4, 8 by default).

Above 48 KB of shared memory a block, the launcher opts in (round 6's wide_variants.py did the same).
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
SOLUTION = REPO / "solutions" / "02-tuned-kernel" / "softmax_tuned.cu"

ASSERT_OLD = '    static_assert(VSMEM * THREADS * sizeof(float4) <= 48 * 1024, "more would need a shared-memory opt-in");\n'
ASSERT_NEW = """    static bool opted_in = false;
    if (!opted_in && VSMEM * THREADS * sizeof(float4) > 48 * 1024) {
        cudaFuncSetAttribute(softmax_row_split_kernel<THREADS, VREG, MIN_BLOCKS>,
                             cudaFuncAttributeMaxDynamicSharedMemorySize, VSMEM * THREADS * (int)sizeof(float4));
        opted_in = true;
    }
"""
WHOLE_OLD = "    if (cols <= 1024 * 8 * 4) return run_row_in_block<8>(input, output, rows, cols, stream);\n"
WHOLE_NEW = """#ifdef WHOLE_FROM
    if (cols > WHOLE_FROM && cols <= WHOLE_T * (WHOLE_VREG + WHOLE_VSMEM) * 4) {
        status = run_row_split<WHOLE_T, WHOLE_VREG, WHOLE_MIN, WHOLE_VSMEM>(input, output, rows, cols, stream);
        if (status != cudaErrorNotSupported) return status != cudaSuccess ? status : cudaGetLastError();
    }
#endif
""" + WHOLE_OLD
SPLIT_OLD = "    status = run_row_split<256, 8, 4, 8>(input, output, rows, cols, stream);\n"
SPLIT_NEW = """#ifndef SPLIT_T
#define SPLIT_T 256
#define SPLIT_VREG 8
#define SPLIT_MIN 4
#define SPLIT_VSMEM 8
#endif
    status = run_row_split<SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM>(input, output, rows, cols, stream);
"""


def whole(threads: int, vreg: int, min_blocks: int, vsmem: int, start: int = 16384) -> str:
    return f"-DWHOLE_FROM={start} -DWHOLE_T={threads} -DWHOLE_VREG={vreg} -DWHOLE_MIN={min_blocks} -DWHOLE_VSMEM={vsmem}"


def split(threads: int, vreg: int, min_blocks: int, vsmem: int) -> str:
    return f"-DSPLIT_T={threads} -DSPLIT_VREG={vreg} -DSPLIT_MIN={min_blocks} -DSPLIT_VSMEM={vsmem}"


# A whole row of up to 32768 columns (8192 float4s) a block: threads * (vreg + vsmem) >= 8192.
VARIANTS = {
    "w512r10": whole(512, 10, 2, 6),   # 2 an SM: 80 KB in registers, 48 KB in shared memory a block
    "w512r8": whole(512, 8, 2, 8),     # 2 an SM: 64 + 64 KB
    "w640": whole(640, 8, 2, 5),       # 2 an SM: 640 threads, 80 + 50 KB
    "w512x3": whole(512, 8, 3, 8),     # 3 an SM: 64 + 64 KB, at most 42 registers a thread
    "w512x3b": whole(512, 7, 3, 9),    # 3 an SM: 56 + 72 KB
    "w512r10f8k": whole(512, 10, 2, 6, 8192),  # as w512r10 from 8192 columns (4096x16384 too)
    # the long rows: pieces of 128 KB, 3 an SM (384 KB an SM)
    "s512x3": split(512, 8, 3, 8),
    "s512x3b": split(512, 7, 3, 9),
}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    src = SOLUTION.read_text()
    for old in (ASSERT_OLD, WHOLE_OLD, SPLIT_OLD):
        if src.count(old) != 1:
            raise SystemExit(f"the solution changed: update {old[:50]!r}")
    src = src.replace(ASSERT_OLD, ASSERT_NEW).replace(WHOLE_OLD, WHOLE_NEW).replace(SPLIT_OLD, SPLIT_NEW)
    (out / "round14.cu").write_text(src)
    (out / "variants.txt").write_text("".join(f"{n} {f}\n" for n, f in VARIANTS.items()))


if __name__ == "__main__":
    main()

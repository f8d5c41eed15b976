"""Round 6, last try: the reference's kernel 3 with wider blocks and bigger pieces (up to a whole 50257-column row
in one block, 208 KB in registers and shared memory), so that a row has fewer pieces to wait for.

    python docs/_tools/softmax_limit/round6/wide_variants.py OUT_DIR

Writes OUT_DIR/wide.cu: the CUDA reference (solutions/02-tuned-kernel/softmax_tuned.cu) whose launcher sends rows of
more than 32768 columns to run_row_split<SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM> (the reference's 256, 8, 4, 8),
with the shared-memory opt-in above 48 KB a block; and OUT_DIR/variants.txt, one line per variant (name, -D flags),
for build.sh (VARIANTS=OUT_DIR/variants.txt).
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
CUDA = (REPO / "solutions/02-tuned-kernel/softmax_tuned.cu").read_text()

VARIANTS = {  # name: (threads, float4s in registers, blocks per SM, float4s in shared memory)
    "t1024s5": (1024, 8, 1, 5),  # 208 KB pieces: a 50257-column row in one block
    "t1024s3": (1024, 8, 1, 3),  # 176 KB
    "t1024s0": (1024, 8, 1, 0),  # 128 KB, registers only
    "t768s5": (768, 8, 1, 5),    # 156 KB
    "t512s5": (512, 8, 2, 5),    # 104 KB, 2 blocks per SM
    "t512s2": (512, 8, 2, 2),    # 80 KB
    "t512s0": (512, 8, 2, 0),    # 64 KB, registers only
}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    src = CUDA
    old_assert = '    static_assert(VSMEM * THREADS * sizeof(float4) <= 48 * 1024, "more would need a shared-memory opt-in");\n'
    assert old_assert in src
    src = src.replace(old_assert, """    static bool opted_in = false;
    if (!opted_in && VSMEM * THREADS * sizeof(float4) > 48 * 1024) {
        cudaFuncSetAttribute(softmax_row_split_kernel<THREADS, VREG, MIN_BLOCKS>,
                             cudaFuncAttributeMaxDynamicSharedMemorySize, VSMEM * THREADS * (int)sizeof(float4));
        opted_in = true;
    }
""")
    old_call = "    status = run_row_split<256, 8, 4, 8>(input, output, rows, cols, stream);\n"
    assert old_call in src
    src = src.replace(old_call, "    status = run_row_split<SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM>(input, output, rows, cols, stream);\n")
    (out / "wide.cu").write_text(src)
    lines = [f"{name} -DSPLIT_T={t} -DSPLIT_VREG={v} -DSPLIT_MIN={m} -DSPLIT_VSMEM={s}"
             for name, (t, v, m, s) in VARIANTS.items()]
    (out / "variants.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

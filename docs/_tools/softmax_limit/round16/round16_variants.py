"""Sixteenth round (session 74): why kernel 3 in one-warp blocks lost where Triton's one-warp programs win.

    python docs/_tools/softmax_limit/round16/round16_variants.py OUT_DIR [SOURCE.cu]   # OUT_DIR/round16.cu, variants.txt

On an H200, Triton's split kernel in one-warp programs (2048 columns, 8 KB, 16 an SM) measured 91.1-92.1% of copy
at 1024x50257 and 512x128256, and the CUDA reference (64 KB pieces, 4 blocks an SM) 88-90.5%; the CUDA kernel 3 in
the very shape of Triton's programs measured 70% (round 8, call 13). The two differ in four places, none isolated
in round 8; each gets a macro here, on the solution of commit 8a7a767 (the reference before this round, read with
`git show`; SOURCE.cu instead where given), whose exchange is a counter per row:
- LDPLAIN=1: kernel loads as plain `ld.global.v4.f32` (Triton's), not the read-only path (`__ldg`, `ld.global.nc`);
- XCHG=1: the exchange as Triton's: each piece's word written by a relaxed atomic exchange, every lane of warp 0
  spinning on its words until none is 0 (no counter, no fence, no sleep);
- MEMSET=1: the launcher zeroes this launch's workspace with cudaMemsetAsync (Triton's torch.zeros), not the
  previous launch's blocks;
- SPLIT_OCC=N: dynamic shared memory padded so that at most N blocks fit an SM (Triton's maxnreg fixes 16).
SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM: kernel 3's template arguments (default the reference's 256, 8, 4, 8).
The kernel's `THREADS >= 64` assertion becomes `THREADS % 32 == 0` (reduce_in_block returns before its barrier
with one warp).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
BEFORE = "8a7a767"  # the solution this round varies: the reference before round 16 (decision 257, PHASE_24_PLAN.md)

PATCHES = [
    # the macros' defaults, before the first kernel helper
    ("template <int WIDTH>\n__device__ __forceinline__ MaxSum reduce_in_lanes(",
     "#ifndef LDPLAIN\n#define LDPLAIN 0\n#endif\n#ifndef XCHG\n#define XCHG 0\n#endif\n"
     "#ifndef MEMSET\n#define MEMSET 0\n#endif\n#ifndef SPLIT_OCC\n#define SPLIT_OCC 0\n#endif\n"
     "#ifndef SPLIT_T\n#define SPLIT_T 256\n#define SPLIT_VREG 8\n#define SPLIT_MIN 4\n#define SPLIT_VSMEM 8\n#endif\n"
     "template <int WIDTH>\n__device__ __forceinline__ MaxSum reduce_in_lanes("),
    ("    return j < body_len ? __ldg(body + j) : neg_inf4();\n",
     "#if LDPLAIN\n    if (j >= body_len) return neg_inf4();\n    float4 v;\n"
     "    asm(\"ld.global.v4.f32 {%0, %1, %2, %3}, [%4];\" : \"=f\"(v.x), \"=f\"(v.y), \"=f\"(v.z), \"=f\"(v.w) "
     ": \"l\"(body + j));\n    return v;\n#else\n"
     "    return j < body_len ? __ldg(body + j) : neg_inf4();\n#endif\n"),
    ('    static_assert(THREADS >= 64 && THREADS % 32 == 0, "reduce_in_block must reach its barrier");\n',
     '    static_assert(THREADS % 32 == 0, "whole warps");\n'),
    ("        if (t == 0) publish_piece(&row_words[piece], row_count, block_total);\n"
     "        const MaxSum total = wait_for_row(row_words, row_count, pieces);\n",
     "#if XCHG\n"
     "        if (t == 0) atomicExch(&row_words[piece], pack_max_sum(block_total));\n"
     "        MaxSum p = empty_max_sum();\n"
     "        for (int c = t; c < pieces; c += 32) {\n"
     "            unsigned long long w = load_relaxed(row_words + c);\n"
     "            while (w == 0) w = load_relaxed(row_words + c);\n"
     "            p = combine(p, unpack_max_sum(w));\n"
     "        }\n"
     "        const MaxSum total = reduce_in_lanes<32>(p);\n"
     "#else\n"
     "        if (t == 0) publish_piece(&row_words[piece], row_count, block_total);\n"
     "        const MaxSum total = wait_for_row(row_words, row_count, pieces);\n"
     "#endif\n"),
    ("    const int smem = vsmem * THREADS * (int)sizeof(float4);\n",
     "    int smem = vsmem * THREADS * (int)sizeof(float4);\n"
     "    if (SPLIT_OCC > 0) {\n"
     "        smem = std::max(smem, 227 * 1024 / (SPLIT_OCC > 0 ? SPLIT_OCC : 1) - 2048);\n"
     "        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);\n"
     "    }\n"),
    ("    kernel<<<(unsigned)items, THREADS, smem, stream>>>(input, output, rows, cols, pieces, piece_len, vsmem, ws.words,\n"
     "                                                      ws.to_clear, ws.clear_count);\n",
     "#if MEMSET\n"
     "    cudaMemsetAsync(ws.words, 0, (size_t)(items + rows) * sizeof(unsigned long long), stream);\n"
     "    ws.clear_count = 0;\n"
     "#endif\n"
     "    kernel<<<(unsigned)items, THREADS, smem, stream>>>(input, output, rows, cols, pieces, piece_len, vsmem, ws.words,\n"
     "                                                      ws.to_clear, ws.clear_count);\n"),
    ("    status = run_row_split<256, 8, 4, 8>(input, output, rows, cols, stream);\n",
     "    status = run_row_split<SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM>(input, output, rows, cols, stream);\n"),
]

W1 = "-DSPLIT_T=32 -DSPLIT_VREG=16 -DSPLIT_MIN=16 -DSPLIT_VSMEM=0"
VARIANTS = {
    "same": "",  # the build check: the reference's behaviour
    "w1": W1,  # Triton's shape: one warp, 8 KB, at most 128 registers
    "w1_ld": W1 + " -DLDPLAIN=1",
    "w1_x": W1 + " -DXCHG=1",
    "w1_m": W1 + " -DMEMSET=1",
    "w1_o16": W1 + " -DSPLIT_OCC=16",
    "w1_all": W1 + " -DLDPLAIN=1 -DXCHG=1 -DMEMSET=1 -DSPLIT_OCC=16",
    "w1s_o16": "-DSPLIT_T=32 -DSPLIT_VREG=16 -DSPLIT_MIN=16 -DSPLIT_VSMEM=16 -DSPLIT_OCC=16",  # + 8 KB in shared memory
    "w2_o8": "-DSPLIT_T=64 -DSPLIT_VREG=16 -DSPLIT_MIN=8 -DSPLIT_VSMEM=0 -DSPLIT_OCC=8",  # Triton's 524288 tile
    "ref_x": "-DXCHG=1",
    "ref_m": "-DMEMSET=1",
    # call 3 (built one by one in its command, the same flags)
    "ref_xm": "-DXCHG=1 -DMEMSET=1",
    "ref_xl": "-DXCHG=1 -DLDPLAIN=1",
    "w1_xo": W1 + " -DXCHG=1 -DSPLIT_OCC=16",
    "w1s_x": "-DSPLIT_T=32 -DSPLIT_VREG=16 -DSPLIT_MIN=16 -DSPLIT_VSMEM=16 -DXCHG=1",
    "w1s_xo": "-DSPLIT_T=32 -DSPLIT_VREG=16 -DSPLIT_MIN=16 -DSPLIT_VSMEM=16 -DXCHG=1 -DSPLIT_OCC=16",
    "w2s_xo": "-DSPLIT_T=64 -DSPLIT_VREG=16 -DSPLIT_MIN=8 -DSPLIT_VSMEM=16 -DXCHG=1 -DSPLIT_OCC=8",
    "b128_x": "-DSPLIT_T=128 -DSPLIT_VREG=8 -DSPLIT_MIN=8 -DSPLIT_VSMEM=8 -DXCHG=1",
    # session 75, for the H200 (round 4's held copies there: 4 KB a block 99.7% of copy, 16 KB 93.6%, or 97.6% at 4
    # blocks an SM, 64 KB 91.7%): smaller pieces with Triton's exchange, 16 or 32 KB a block at 4 to 16 blocks an SM
    # (none spills, -Xptxas -v)
    "b128r_x": "-DSPLIT_T=128 -DSPLIT_VREG=8 -DSPLIT_MIN=8 -DSPLIT_VSMEM=0 -DXCHG=1",  # 16 KB, registers only
    "b64_x": "-DSPLIT_T=64 -DSPLIT_VREG=8 -DSPLIT_MIN=16 -DSPLIT_VSMEM=8 -DXCHG=1",  # 16 KB, half in shared memory
    "b256r_x": "-DSPLIT_T=256 -DSPLIT_VREG=8 -DSPLIT_MIN=4 -DSPLIT_VSMEM=0 -DXCHG=1",  # 32 KB, registers only
}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    if len(sys.argv) > 2:
        src = Path(sys.argv[2]).read_text()
    else:
        src = subprocess.run(["git", "-C", str(REPO), "show", f"{BEFORE}:solutions/02-tuned-kernel/softmax_tuned.cu"],
                             check=True, capture_output=True, text=True).stdout
    for old, new in PATCHES:
        if src.count(old) != 1:
            raise SystemExit(f"patch does not apply once: {old[:70]!r}")
        src = src.replace(old, new)
    (out / "round16.cu").write_text(src)
    (out / "variants.txt").write_text("".join(f"{n} {f}\n" for n, f in VARIANTS.items()))


if __name__ == "__main__":
    main()

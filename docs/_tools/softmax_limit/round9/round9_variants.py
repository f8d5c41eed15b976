"""Ninth round (session of 2026-11-27, twelfth): long rows through a software pipeline in persistent blocks.

    python docs/_tools/softmax_limit/round9/round9_variants.py OUT_DIR

Writes OUT_DIR/round9.cu: the CUDA reference (solutions/02-tuned-kernel/softmax_tuned.cu) with kernel 5 of
pipelined.cuh added and, when built with -DPIPE, rows of at least PIPE_MIN_COLS columns sent to it (else to
the reference's kernels). The variants and their -D flags go to OUT_DIR/variants.txt (round5/build.sh builds them).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
CUDA = (REPO / "solutions/02-tuned-kernel/softmax_tuned.cu").read_text()
KERNEL = (HERE / "pipelined.cuh").read_text() + "\n" + (HERE / "registers.cuh").read_text()

ANCHOR = 'extern "C" cudaError_t softmax_forward('
DISPATCH_OLD = "    status = run_row_split<256, 8, 4, 8>(input, output, rows, cols, stream);\n"
DISPATCH_NEW = """#ifdef PIPE
    if (cols >= PIPE_MIN_COLS) {
#ifdef PIPE_REG
        status = run_row_pipelined_reg(input, output, rows, cols, stream);
#else
        status = run_row_pipelined(input, output, rows, cols, stream);
#endif
        if (status != cudaErrorNotSupported) return status;
    }
#endif
""" + DISPATCH_OLD

# The settings of each device call of evidence l (name: -D flags). PIPE_* defaults: 512 threads, 6 stages, lag 2,
# pieces of at most 32 KB, 1 block an SM, rows of at least 40000 columns, the fewest pieces within 0.05 of the
# best use of the blocks. ROUND9_CALL=N picks call N's (default: the last).
CALLS = {
    1: {
        "p_base": "-DPIPE",
        "p_lag1": "-DPIPE -DPIPE_LAG=1",
        "p_lag3": "-DPIPE -DPIPE_LAG=3",
        "p_s5": "-DPIPE -DPIPE_STAGES=5",
        "p_s8k24": "-DPIPE -DPIPE_STAGES=8 -DPIPE_PIECE_KB=24",
        "p_cs": "-DPIPE -DPIPE_STREAM_STORES=1",
        "p_t256": "-DPIPE -DPIPE_THREADS=256",
        "p_2sm": "-DPIPE -DPIPE_PER_SM=2 -DPIPE_THREADS=256 -DPIPE_PIECE_KB=16",
        "p_2sm_s4": "-DPIPE -DPIPE_PER_SM=2 -DPIPE_THREADS=256 -DPIPE_PIECE_KB=24 -DPIPE_STAGES=4 -DPIPE_LAG=1",
        "p_k16": "-DPIPE -DPIPE_PIECE_KB=16 -DPIPE_STAGES=10 -DPIPE_LAG=3",
        "p_all": "-DPIPE -DPIPE_MIN_COLS=8193",
        "p_slack1": "-DPIPE -DPIPE_SLACK=0.01",
        "p_2sm_slack1": "-DPIPE -DPIPE_PER_SM=2 -DPIPE_THREADS=256 -DPIPE_PIECE_KB=16 -DPIPE_SLACK=0.01",
    },
    2: {
        "p_base": "-DPIPE",
        "p_noprefetch": "-DPIPE -DPIPE_PREFETCH=0",
        "p_lag3": "-DPIPE -DPIPE_LAG=3",
        "p_s7k28_lag3": "-DPIPE -DPIPE_STAGES=7 -DPIPE_LAG=3 -DPIPE_PIECE_KB=28",
        "p_t256": "-DPIPE -DPIPE_THREADS=256",
        "p_t1024": "-DPIPE -DPIPE_THREADS=1024",
        "p_cs": "-DPIPE -DPIPE_STREAM_STORES=1",
        "p_2sm": "-DPIPE -DPIPE_PER_SM=2 -DPIPE_THREADS=256 -DPIPE_PIECE_KB=24 -DPIPE_STAGES=4 -DPIPE_LAG=2",
        "p_2sm_k16": "-DPIPE -DPIPE_PER_SM=2 -DPIPE_THREADS=256 -DPIPE_PIECE_KB=16 -DPIPE_STAGES=6 -DPIPE_LAG=2",
        "x_nowait": "-DPIPE -DPIPE_NOWAIT=1",
        "x_nowait_2sm": "-DPIPE -DPIPE_NOWAIT=1 -DPIPE_PER_SM=2 -DPIPE_THREADS=256 -DPIPE_PIECE_KB=24 -DPIPE_STAGES=4",
        "x_nowait_k16": "-DPIPE -DPIPE_NOWAIT=1 -DPIPE_PIECE_KB=16 -DPIPE_STAGES=10 -DPIPE_LAG=2",
    },
    4: {  # kernel 6 (registers.cuh): PREG_VPT float4s a thread, PIPE_STAGES rows in registers
        "r_v2s8l3": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPREG_VPT=2 -DPIPE_STAGES=8 -DPIPE_LAG=3",
        "r_v2s6l2": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPREG_VPT=2 -DPIPE_STAGES=6 -DPIPE_LAG=2",
        "r_v3s6l2": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPREG_VPT=3 -DPIPE_STAGES=6 -DPIPE_LAG=2",
        "r_v4s5l2": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPREG_VPT=4 -DPIPE_STAGES=5 -DPIPE_LAG=2",
        "r_t1024v1s6l2": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPIPE_THREADS=1024 -DPREG_VPT=1 -DPIPE_STAGES=6 -DPIPE_LAG=2",
        "r_v2s8l3_cs": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPREG_VPT=2 -DPIPE_STAGES=8 -DPIPE_LAG=3 -DPIPE_STREAM_STORES=1",
        "x_r_nowait": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPREG_VPT=2 -DPIPE_STAGES=8 -DPIPE_LAG=3 -DPIPE_NOWAIT=1",
        "t_r_v2s8l3": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPREG_VPT=2 -DPIPE_STAGES=8 -DPIPE_LAG=3 -DPIPE_TIMELINE",
        "t_r_v4s5l2": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPREG_VPT=4 -DPIPE_STAGES=5 -DPIPE_LAG=2 -DPIPE_TIMELINE",
        "t_r_nowait": "-DPIPE -DPIPE_REG -DPIPE_SLACK=0.02 -DPREG_VPT=2 -DPIPE_STAGES=8 -DPIPE_LAG=3 -DPIPE_NOWAIT=1 -DPIPE_TIMELINE",
    },
}
CALLS[3] = {**CALLS[2],  # call 3 timed x_* and ran the timelines of t_*
            "t_base": "-DPIPE -DPIPE_TIMELINE",
            "t_2sm": "-DPIPE -DPIPE_TIMELINE -DPIPE_PER_SM=2 -DPIPE_THREADS=256 -DPIPE_PIECE_KB=24 -DPIPE_STAGES=4 -DPIPE_LAG=2",
            "t_nowait": "-DPIPE -DPIPE_TIMELINE -DPIPE_NOWAIT=1",
            "t_nowait_2sm": "-DPIPE -DPIPE_TIMELINE -DPIPE_NOWAIT=1 -DPIPE_PER_SM=2 -DPIPE_THREADS=256 -DPIPE_PIECE_KB=24 -DPIPE_STAGES=4"}
VARIANTS = CALLS[int(os.environ.get("ROUND9_CALL", max(CALLS)))]


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    assert CUDA.count(ANCHOR) == 1 and CUDA.count(DISPATCH_OLD) == 1
    src = CUDA.replace(ANCHOR, KERNEL + "\n" + ANCHOR).replace(DISPATCH_OLD, DISPATCH_NEW)
    (out / "round9.cu").write_text(src)
    (out / "variants.txt").write_text("".join(f"{k} {v}\n" for k, v in VARIANTS.items()))


if __name__ == "__main__":
    main()

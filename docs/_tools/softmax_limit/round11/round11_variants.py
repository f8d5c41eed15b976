"""Eleventh round (session of 2026-11-29): kernel 3's pieces chosen so that the last wave of blocks is full.

    python docs/_tools/softmax_limit/round11/round11_variants.py OUT_DIR   # writes OUT_DIR/round11.cu, variants.txt
    bash docs/_tools/softmax_limit/round11/build.sh OUT_DIR               # builds them (ONLY="a b" for some)

Round 4's timelines showed the reference's blocks loading, waiting and storing in lock-step waves (period about 18 us
at 128x524288 on an H200). The sweep's three long-row shapes each make 4096 blocks, 7.76 waves of the 528 that fit
(132 SMs x 4): the ninth period carries three quarters of a wave. If a launch takes whole periods, each as long as one
wave's pieces take, then a row cut into p pieces costs about ceil(rows * p / resident) * ceil(quads / p), and one more
piece a row can fill the last wave with smaller pieces. Of the sweep, only 128x524288 has such a p (33 pieces of
62 KB: 8 full waves where 32 pieces make 7.76); 1024 and 512 rows would need 33 pieces of 6 or 15 KB.
SPLIT_WAVES picks, from the fewest pieces to twice as many, the p of least cost (ties: the fewest). The rest is
round 10's generator (SPLIT_OCC, round 8's SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM).
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("round10_variants", HERE.parent / "round10" / "round10_variants.py")
r10 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(r10)

PIECES_OLD = """    const int pieces = (quads + THREADS * (VREG + VSMEM) - 1) / (THREADS * (VREG + VSMEM));
"""
PIECES_NEW = """    int pieces = (quads + THREADS * (VREG + VSMEM) - 1) / (THREADS * (VREG + VSMEM));
#ifdef SPLIT_WAVES
    {  // the pieces that fill the last wave: least ceil(rows * p / resident) * ceil(quads / p), p from pieces to 2x
        const int len0 = (quads + pieces - 1) / pieces;
        const int vs0 = std::max(0, (len0 - THREADS * VREG + THREADS - 1) / THREADS);
        int per = 0;
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kernel, THREADS, vs0 * THREADS * (int)sizeof(float4)) ==
                cudaSuccess && per > 0) {
            const int64_t resident = (int64_t)per * device_facts(device).sms;
            int best = pieces;
            int64_t best_cost = INT64_MAX;
            for (int p = pieces; p <= 2 * pieces && p <= quads; ++p) {
                const int64_t cost = (((int64_t)rows * p + resident - 1) / resident) * ((quads + p - 1) / p);
                if (cost < best_cost) best_cost = cost, best = p;
            }
            pieces = best;
        } else {
            cudaGetLastError();
        }
    }
#endif
"""

VARIANTS = {"waves": "-DSPLIT_WAVES", "ref_macros": ""}


def main() -> None:
    out = Path(sys.argv[1])
    r10.VARIANTS = {}
    r10.main.__globals__["VARIANTS"] = {}
    r10.main()  # writes OUT/round10.cu (round 10's source: the reference with kernel 3's arguments as macros)
    text = (out / "round10.cu").read_text()
    (out / "round10.cu").unlink()
    if text.count(PIECES_OLD) != 1:
        raise SystemExit("kernel 3's pieces changed: update PIECES_OLD")
    (out / "round11.cu").write_text(text.replace(PIECES_OLD, PIECES_NEW))
    (out / "variants.txt").write_text("".join(f"{n} {f}\n" for n, f in VARIANTS.items()))


if __name__ == "__main__":
    main()

"""Eighth round, Triton: the split kernel (long rows) with its bulk exps replaced, as round8_variants.py does for CUDA.

    python docs/_tools/softmax_limit/round8/round8_triton.py OUT_DIR   # writes OUT_DIR/triton_<variant>.py
    ... OUT_DIR NAME=TILES ...   also exp2 with SPLIT_TILES = TILES, as OUT_DIR/triton_NAME.py

fake: no exp at all (timing only, wrong values); poly: the degree-5 polynomial on the FMA pipe.
exp2: every tl.exp(d) of the file written tl.exp2(d * log2(e)). Triton lowers tl.exp to ex2.approx.f32, which ptxas
wraps in a test and two multiplies for results below 2^-126 (FSETP + 2 FMUL per MUFU.EX2); tl.exp2 lowers to
ex2.approx.ftz.f32, one MUFU.EX2 (compiled for sm_90 without a GPU: the split kernel at 4096 columns a piece, 1160
SASS instructions with tl.exp, 968 with tl.exp2). exp2_t8k / exp2_t2k: the same with other tiles for rows over
80000 columns (SPLIT_TILES' second entry: 8192 columns in 8 warps at 64 registers / 2048 in 1 warp at 128).
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
TRITON = (REPO / "solutions/03-triton-and-pytorch/softmax_triton.py").read_text()

OLD = "    e = tl.exp(x - shift)  # stays in registers until the row's total is known\n"
POLY = '''

@triton.jit
def _poly_exp(d):
    y = tl.maximum(d * 1.44269504, -127.0)
    t = y + 12582912.0
    f = y - (t - 12582912.0)
    p = f * 1.327647129e-3 + 9.675540961e-3
    p = p * f + 5.550713092e-2
    p = p * f + 2.402212024e-1
    p = p * f + 6.931469440e-1
    p = p * f + 1.000000119
    r = (p.to(tl.int32, bitcast=True) + (t.to(tl.int32, bitcast=True) << 23)).to(tl.float32, bitcast=True)
    return tl.where(y > -125.0, r, 0.0)
'''
EXP2 = '''

@triton.jit
def _exp(d):
    """exp(d) as 2^(d log2 e): one MUFU.EX2 (ex2.approx.ftz.f32), where tl.exp adds a subnormal fix-up."""
    return tl.exp2(d * 1.4426950408889634)
'''
TILES = "SPLIT_TILES = ((80000, 8192, 8, 64), (1 << 31, 4096, 2, 128))\n"
TILE_VARIANTS = {"exp2_t8k": "(1 << 31, 8192, 8, 64)", "exp2_t2k": "(1 << 31, 2048, 1, 128)"}
NEW = {"fake": "    e = x - shift  # TIMING ONLY: no exp\n",
       "poly": "    e = _poly_exp(x - shift)\n"}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    if TRITON.count(OLD) != 1:
        raise SystemExit("the split kernel's exp changed: update OLD")
    (out / "triton_ref.py").write_text(TRITON)
    anchor = "\n\n# Forward progress."
    for name, line in NEW.items():
        text = TRITON.replace(OLD, line).replace(anchor, POLY + anchor, 1)
        (out / f"triton_{name}.py").write_text(text)
    if TRITON.count(TILES) != 1:
        raise SystemExit("SPLIT_TILES changed: update TILES")
    exp2 = TRITON.replace("tl.exp(", "_exp(").replace(anchor, EXP2 + anchor, 1)
    (out / "triton_exp2.py").write_text(exp2)
    for name, tile in TILE_VARIANTS.items():
        (out / f"triton_{name}.py").write_text(exp2.replace(TILES, TILES.replace("(1 << 31, 4096, 2, 128)", tile)))
    for spec in sys.argv[2:]:  # NAME=TILES: exp2 with SPLIT_TILES = TILES
        name, _, tiles = spec.partition("=")
        (out / f"triton_{name}.py").write_text(exp2.replace(TILES, f"SPLIT_TILES = {tiles}\n"))


if __name__ == "__main__":
    main()

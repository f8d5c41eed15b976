"""Sixteenth round, Triton (session 75): the split kernel's spin, and one warp at every row length.

    python docs/_tools/softmax_limit/round16/round16_triton.py OUT_DIR   # OUT_DIR/tri_<name>.py, for round4/mb.py --py

The Triton reference's exchange makes every program of a row reload all of the row's words (128 at 524288 columns)
and reduce them across its warps until none is 0: with two warps a shared-memory reduction each time round (the
solution's split kernel compiled for sm_90 without a GPU, as round 15's compile_check.py does: three BAR.SYNC and
their STS/LDS inside the spin loop at 4096 columns in two warps, none at 2048 in one; the volatile loads are
LDG.E.64.STRONG.SYS). The CUDA reference's exchange after round 16 (exchange.patch) keeps each lane on one word at a
time. Here:
- `last`: before the spin over every word, the program polls one word alone (a scalar load), that of the row's last
  piece (programs start in order, so it is about the last to be published), or piece 0 for the last piece itself;
- `w1`: one warp, 2048 columns a program, at every row length (SPLIT_TILES), no cross-warp reduction in the spin;
- `last_w1`: both.
Each file is the solution with text replaced; the replacements must match once.
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
SOLUTION = REPO / "solutions/03-triton-and-pytorch/softmax_triton.py"

TILES = ("SPLIT_TILES = ((200000, 2048, 1, 128), (1 << 31, 4096, 2, 128))\n",
         "SPLIT_TILES = ((1 << 31, 2048, 1, 128),)\n")
SPIN = ("    ids = tl.arange(0, MAX_PIECES)\n    valid = ids < pieces\n",
        "    target = tl.where(piece == pieces - 1, 0, pieces - 1)\n"
        "    w = tl.load(row_words + target, volatile=True)\n"
        "    while (w == 0) & (target != piece):\n"
        "        w = tl.load(row_words + target, volatile=True)\n"
        "    ids = tl.arange(0, MAX_PIECES)\n    valid = ids < pieces\n")
VARIANTS = {"last": [SPIN], "w1": [TILES], "last_w1": [SPIN, TILES]}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    base = SOLUTION.read_text()
    for name, patches in VARIANTS.items():
        src = base
        for old, new in patches:
            if src.count(old) != 1:
                raise SystemExit(f"{name}: replacement does not match once: {old[:60]!r}")
            src = src.replace(old, new)
        (out / f"tri_{name}.py").write_text(src)


if __name__ == "__main__":
    main()

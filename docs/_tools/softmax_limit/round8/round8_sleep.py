"""Eighth round, Triton: the split kernel's wait with a pause between polls, as the CUDA reference's counter
poll has (__nanosleep(100)). Triton has no sleep of its own: the pause is one line of inline PTX.

    python docs/_tools/softmax_limit/round8/round8_sleep.py OUT_DIR   # OUT_DIR/triton_sleep{50,100,200,400}.py

Run on the solution of this round (tl.exp2, SPLIT_TILES with 2048-column pieces up to 200000 columns).
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
TRITON = (REPO / "solutions/03-triton-and-pytorch/softmax_triton.py").read_text()
OLD = """    while tl.sum(((words == 0) & ~mine).to(tl.int32), axis=0) > 0:
        words = tl.load(row_words + ids, mask=valid, other=1, volatile=True)
"""
NEW = """    while tl.sum(((words == 0) & ~mine).to(tl.int32), axis=0) > 0:
        nap = tl.inline_asm_elementwise("nanosleep.u32 NS;\\n mov.b32 $0, $1;", "=r,r", [piece], dtype=tl.int32,
                                        is_pure=False, pack=1)
        words = tl.load(row_words + ids + (nap - piece), mask=valid, other=1, volatile=True)
"""


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    if TRITON.count(OLD) != 1:
        raise SystemExit("the wait changed: update OLD")
    for ns in (50, 100, 200, 400):
        (out / f"triton_sleep{ns}.py").write_text(TRITON.replace(OLD, NEW.replace("NS", str(ns))))


if __name__ == "__main__":
    main()

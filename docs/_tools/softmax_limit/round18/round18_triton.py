"""Round 18 in Triton: the split kernel's programs take a ticket on their SM's counter before loading their piece, and
load only once all but ADM_K - 1 of the earlier tickets of the SM have given theirs back (the programs an SM loading at
once; round18_variants.py has the idea and why it cannot block).

    python docs/_tools/softmax_limit/round18/round18_triton.py OUT_DIR   # OUT_DIR/tri_<name>.py, round 4's mb.py --py

The ticket is taken with a scalar relaxed atomic add; the turn is polled with volatile loads; the turn is given back
with an add whose value depends on the piece's sum (so that it cannot be issued before every load of the program has
landed). `SPLIT_TILES` as the solution's unless a variant gives its own.
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
SOLUTION = REPO / "solutions/03-triton-and-pytorch/softmax_triton.py"

PATCHES = [
    ("    piece_len,  # body columns per piece, a multiple of 16: keeps loads, stores and masks 16 bytes wide\n",
     "    piece_len,  # body columns per piece, a multiple of 16: keeps loads, stores and masks 16 bytes wide\n"
     "    adm_ptr,  # *int32 [512 * 64]: per SM, tickets taken at 0, given back at 32\n"
     "    ADM_K: tl.constexpr,  # programs an SM loading at once (0: no admission)\n"),
    ("    x = tl.load(in_ptr + body_start + j, mask=mask, other=-float(\"inf\"))\n",
     "    if ADM_K > 0:\n"
     "        sm = tl.inline_asm_elementwise(\"mov.u32 $0, %smid;\", \"=r,r\", [pid], dtype=tl.int32, is_pure=False,\n"
     "                                       pack=1)\n"
     "        counters = adm_ptr + (sm % 512) * 64\n"
     "        ticket = tl.atomic_add(counters, 1, sem=\"relaxed\", scope=\"gpu\")\n"
     "        landed = tl.load(counters + 32, volatile=True)\n"
     "        while ticket - landed >= ADM_K:\n"
     "            landed = tl.load(counters + 32, volatile=True)\n"
     "    x = tl.load(in_ptr + body_start + j, mask=mask, other=-float(\"inf\"))\n"),
    ("    s = tl.sum(e, axis=0) + tl.sum(e_edge, axis=0)\n",
     "    s = tl.sum(e, axis=0) + tl.sum(e_edge, axis=0)\n"
     "    if ADM_K > 0:  # 1 always (s >= 0), but only once s is known: every load has landed\n"
     "        tl.atomic_add(counters + 32, tl.where(s < 0.0, 2, 1), sem=\"relaxed\", scope=\"gpu\")\n"),
    ("    _softmax_split_kernel[(rows * pieces,)](y, x, words, cols, pieces, piece_len, PIECE=piece_cols,\n",
     "    global _ADM\n"
     "    if _ADM is None or _ADM.device != x.device:\n"
     "        _ADM = torch.zeros(512 * 64, dtype=torch.int32, device=x.device)\n"
     "    _softmax_split_kernel[(rows * pieces,)](y, x, words, cols, pieces, piece_len, _ADM, ADM_K, PIECE=piece_cols,\n"),
]

TILES = "SPLIT_TILES = ((200000, 2048, 1, 128), (1 << 31, 4096, 2, 128))\n"
VARIANTS = {  # name: (ADM_K, SPLIT_TILES or None)
    "same": (0, None),
    "k1": (1, None),
    "k2": (2, None),
    "k4": (4, None),
    "k8": (8, None),
    # 524288 columns: 8192-column pieces in 4 warps (4 an SM at the cap of 128), 2 loading
    "w4k2": (2, "SPLIT_TILES = ((200000, 2048, 1, 128), (1 << 31, 8192, 4, 128))\n"),
}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    src = SOLUTION.read_text()
    for old, new in PATCHES + [(TILES, TILES)]:
        if src.count(old) != 1:
            raise SystemExit(f"patch does not apply once: {old[:70]!r}")
        src = src.replace(old, new)
    src = src.replace("\ndef _launch_split(", "\n_ADM = None\n\n\ndef _launch_split(", 1)
    for name, (k, tiles) in VARIANTS.items():
        text = src.replace(TILES, tiles or TILES) + f"\nADM_K = {k}\n"
        (out / f"tri_{name}.py").write_text(text)


if __name__ == "__main__":
    main()

"""Fifth round, Triton. half*: the split kernel loading its piece in two halves, the second half's loads issued
only once the first half has landed (a false dependency: the address adds the first half's max AND a
kernel argument `zero`, 0 at run time and never specialised), so that fewer loads are in flight at once.

rows*: the rows kernel (short rows) with ROWS_ELEMS elements per program instead of 512 and WARP_ELEMS
elements per warp instead of 256 (at 128 columns: 512 // 128 = 4 rows, 4 * 128 // 256 = 2 warps).

    python docs/_tools/softmax_limit/round5/round5_triton.py OUT_DIR      # writes OUT_DIR/triton_<name>.py
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
TRITON = (REPO / "solutions/03-triton-and-pytorch/softmax_triton.py").read_text()


def replace(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"expected one of {old[:60]!r}, found {text.count(old)}")
    return text.replace(old, new)


OLD_BODY = '''    ids = tl.arange(0, PIECE)
    j = piece * piece_len + ids  # body column
    mask = (ids < piece_len) & (j < body)
    x = tl.load(in_ptr + body_start + j, mask=mask, other=-float("inf"))
'''
NEW_BODY = '''    ids = tl.arange(0, PIECE // 2)
    j = piece * piece_len + ids  # body column, first half
    mask = (ids < piece_len) & (j < body)
    x = tl.load(in_ptr + body_start + j, mask=mask, other=-float("inf"))
    m_a = tl.max(x, axis=0)
    dep = m_a.to(tl.int32, bitcast=True) & zero
    body_start2 = tl.multiple_of(body_start + dep, 4)
    j2 = j + PIECE // 2
    mask2 = (ids + PIECE // 2 < piece_len) & (j2 < body)
    x2 = tl.load(in_ptr + body_start2 + j2, mask=mask2, other=-float("inf"))
'''
OLD_RED = '''    m = tl.maximum(tl.max(x, axis=0), tl.max(x_edge, axis=0))
    shift = tl.where(m == -float("inf"), 0.0, m)
    e = tl.exp(x - shift)  # stays in registers until the row's total is known
    e_edge = tl.exp(x_edge - shift)
    s = tl.sum(e, axis=0) + tl.sum(e_edge, axis=0)
'''
NEW_RED = '''    m = tl.maximum(tl.maximum(m_a, tl.max(x2, axis=0)), tl.max(x_edge, axis=0))
    shift = tl.where(m == -float("inf"), 0.0, m)
    e = tl.exp(x - shift)  # stays in registers until the row's total is known
    e2 = tl.exp(x2 - shift)
    e_edge = tl.exp(x_edge - shift)
    s = tl.sum(e, axis=0) + tl.sum(e2, axis=0) + tl.sum(e_edge, axis=0)
'''
OLD_ST = '''    tl.store(out_ptr + body_start + j, e * scale, mask=mask, cache_modifier=".cs")
'''
NEW_ST = '''    tl.store(out_ptr + body_start + j, e * scale, mask=mask, cache_modifier=".cs")
    tl.store(out_ptr + body_start + j2, e2 * scale, mask=mask2, cache_modifier=".cs")
'''


def variant(tiles: str | None) -> str:
    text = TRITON
    text = replace(text, OLD_BODY, NEW_BODY)
    text = replace(text, OLD_RED, NEW_RED)
    text = replace(text, OLD_ST, NEW_ST)
    text = replace(text, "    MAX_PIECES: tl.constexpr,  # power of two >= pieces\n):\n    # BEGIN SOLUTION\n    # TODO: hold your piece",
                   "    MAX_PIECES: tl.constexpr,  # power of two >= pieces\n    zero,\n):\n    # BEGIN SOLUTION\n    # TODO: hold your piece")
    text = replace(text, "@triton.jit\ndef _softmax_split_kernel(", "@triton.jit(do_not_specialize=[\"zero\"])\ndef _softmax_split_kernel(")
    text = replace(text, "MAX_PIECES=triton.next_power_of_2(pieces), num_warps", "MAX_PIECES=triton.next_power_of_2(pieces), zero=0, num_warps")
    if tiles:
        text = replace(text, "SPLIT_TILES = ((80000, 8192, 8, 64), (1 << 31, 4096, 2, 128))", f"SPLIT_TILES = {tiles}")
    return text


def rows_variant(rows_elems: int, warp_elems: int) -> str:
    text = replace(TRITON, "        block_rows = min(max(1, 512 // block_cols), triton.next_power_of_2(rows))\n"
                           "        num_warps = min(max(_floor_power_of_2(block_rows * cols // 256), 1), 16)\n",
                   f"        block_rows = min(max(1, {rows_elems} // block_cols), triton.next_power_of_2(rows))\n"
                   f"        num_warps = min(max(_floor_power_of_2(block_rows * cols // {warp_elems}), 1), 16)\n")
    return text


def tiny_variant(warp_elems: int) -> str:
    """WARP_ELEMS only where a row fits in 128 columns; 256 elsewhere, as the reference."""
    return replace(TRITON, "        num_warps = min(max(_floor_power_of_2(block_rows * cols // 256), 1), 16)\n",
                   f"        num_warps = min(max(_floor_power_of_2(block_rows * cols // ({warp_elems} if block_cols <= 128 else 256)), 1), 16)\n")


ROWS_VARIANTS = {"rows1024": (1024, 256), "rows1024w512": (1024, 512), "rows512w128": (512, 128), "rows2048": (2048, 256),
                 "rows256": (256, 256), "rows256w128": (256, 128)}

VARIANTS = {
    "half": None,
    "half_t8192r128": "((1 << 31, 8192, 4, 128),)",
    "half_t16k": "((80000, 8192, 8, 64), (1 << 31, 16384, 8, 128))",
}

if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, tiles in VARIANTS.items():
        (out / f"triton_{name}.py").write_text(variant(tiles))
    (out / "triton_tiny128.py").write_text(tiny_variant(128))
    for name, args in ROWS_VARIANTS.items():
        (out / f"triton_{name}.py").write_text(rows_variant(*args))

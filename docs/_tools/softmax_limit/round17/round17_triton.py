"""Seventeenth round, Triton: a piece held in registers as two tiles, PIECE + PIECE2 columns, through the exchange.

    python docs/_tools/softmax_limit/round17/round17_triton.py OUT_DIR [NAME ...]  # OUT_DIR/triton_<name>.py

The split kernel of the solution holds its whole piece in registers: at 524288 columns 4096 columns in two warps,
64 values a thread under a cap of 128 registers, 8 programs an SM, 128 KB an SM; the CUDA reference holds 256 KB an
SM. Round 15 held more bytes by dropping a part and reading it again after the exchange, and lost. Here the piece
stays whole in registers but is no longer a power of two: a tile A of PIECE columns (the piece's first) and a tile B
of PIECE2 more (PIECE2 a power of two, masked to the piece's piece_len - PIECE remaining columns), both loaded,
folded into one (max, sum), kept exponentiated through `_row_max_sum` and written. E.g. 4096 + 2048 = 6144 columns
in two warps, 96 values a thread. The head/tail edge handling, the .cs stores, `_exp` and `_row_max_sum` are the
solution's. SPLIT_TILES entries: (up to this many columns, PIECE, PIECE2, warps, registers a thread); PIECE2 0 is
the solution's kernel. Only the long entry (524288 columns) varies; the short one stays the solution's.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from triton_tools import write_variants  # noqa: E402

KERNEL = '''@triton.jit
def _softmax_split_kernel(out_ptr, in_ptr, words_ptr, cols, pieces, piece_len, PIECE: tl.constexpr,
                          MAX_PIECES: tl.constexpr, PIECE2: tl.constexpr):
    pid = tl.program_id(0)
    row = pid // pieces
    piece = pid - row * pieces
    start = row.to(tl.int64) * cols
    head = ((4 - start % 4) % 4).to(tl.int32)
    body = (cols - head) // 4 * 4
    body_start = tl.multiple_of(start + head, 4)
    # Tile A: the piece's first PIECE body columns.
    ids = tl.arange(0, PIECE)
    j = piece * piece_len + ids  # body column
    mask = (ids < piece_len) & (j < body)
    x = tl.load(in_ptr + body_start + j, mask=mask, other=-float("inf"))
    if PIECE2 > 0:
        # Tile B: the next PIECE2 columns, of which piece_len - PIECE are the piece's.
        ids2 = tl.arange(0, PIECE2)
        j2 = piece * piece_len + PIECE + ids2
        mask2 = (ids2 < piece_len - PIECE) & (j2 < body)
        x2 = tl.load(in_ptr + body_start + j2, mask=mask2, other=-float("inf"))
    edge_ids = tl.arange(0, 8)
    edge_cols = tl.where(edge_ids < 4, edge_ids, head + body + edge_ids - 4)
    edge_mask = (piece == 0) & tl.where(edge_ids < 4, edge_ids < head, edge_cols < cols)
    x_edge = tl.load(in_ptr + start + edge_cols, mask=edge_mask, other=-float("inf"))
    m = tl.maximum(tl.max(x, axis=0), tl.max(x_edge, axis=0))
    if PIECE2 > 0:
        m = tl.maximum(m, tl.max(x2, axis=0))
    shift = tl.where(m == -float("inf"), 0.0, m)
    e = _exp(x - shift)
    e_edge = _exp(x_edge - shift)
    s = tl.sum(e, axis=0) + tl.sum(e_edge, axis=0)
    if PIECE2 > 0:
        e2 = _exp(x2 - shift)  # held through the exchange too
        s += tl.sum(e2, axis=0)
    row_max, row_sum = _row_max_sum(words_ptr + row.to(tl.int64) * pieces, piece, pieces, m, s, MAX_PIECES)
    scale = _exp(m - tl.where(row_max == -float("inf"), 0.0, row_max)) / row_sum
    tl.store(out_ptr + body_start + j, e * scale, mask=mask, cache_modifier=".cs")
    if PIECE2 > 0:
        tl.store(out_ptr + body_start + j2, e2 * scale, mask=mask2, cache_modifier=".cs")
    tl.store(out_ptr + start + edge_cols, e_edge * scale, mask=edge_mask)
'''

PLAN = '''def _split_plan(cols: int, sms: int, threads_per_sm: int):
    for max_cols, piece_cols, piece2_cols, num_warps, maxnreg in SPLIT_TILES:
        pieces = triton.cdiv(cols, piece_cols + piece2_cols)
        threads = 32 * num_warps
        per_sm = min(REGISTERS_PER_SM // (maxnreg * threads), threads_per_sm // threads, PROGRAMS_PER_SM)
        if cols <= max_cols and 2 * pieces <= sms * per_sm:
            piece_len = triton.cdiv(triton.cdiv(cols, pieces), 16) * 16
            assert piece_len <= piece_cols + piece2_cols, (cols, piece_len, piece_cols, piece2_cols)
            return pieces, piece_len, piece_cols, piece2_cols, num_warps, maxnreg
    return None


def _launch_split(y: torch.Tensor, x: torch.Tensor, plan) -> None:
    rows, cols = x.shape
    pieces, piece_len, piece_cols, piece2_cols, num_warps, maxnreg = plan
    words = torch.zeros((rows, pieces), dtype=torch.int64, device=x.device)
    _softmax_split_kernel[(rows * pieces,)](y, x, words, cols, pieces, piece_len, PIECE=piece_cols,
                                            MAX_PIECES=triton.next_power_of_2(pieces), PIECE2=piece2_cols,
                                            num_warps=num_warps, maxnreg=maxnreg)
'''

# Programs an SM = min(65536 // (cap * threads), 2048 // threads, 16); bytes an SM = programs * 4 * (PIECE + PIECE2).
S0 = "(200000, 2048, 0, 1, 128)"  # 50257 and 128256: 8 KB in one warp, 16 an SM, 128 KB an SM (every variant)
VARIANTS = {
    "same": (S0, "(1 << 31, 4096, 0, 2, 128)"),  # 64 a thread: 8 an SM x 16 KB = 128 KB (the solution)
    "L4k2k_c128": (S0, "(1 << 31, 4096, 2048, 2, 128)"),  # 96 a thread: 8 x 24 KB = 192 KB
    "L4k2k_c144": (S0, "(1 << 31, 4096, 2048, 2, 144)"),  # 96 a thread: 7 x 24 KB = 168 KB
    "L4k2k_c160": (S0, "(1 << 31, 4096, 2048, 2, 160)"),  # 96 a thread: 6 x 24 KB = 144 KB
    "L4k2k_c168": (S0, "(1 << 31, 4096, 2048, 2, 168)"),  # 96 a thread: 6 x 24 KB = 144 KB
    "L2k1k_w1_c128": (S0, "(1 << 31, 2048, 1024, 1, 128)"),  # 96 a thread: 16 x 12 KB = 192 KB
    "L2k1k_w1_c144": (S0, "(1 << 31, 2048, 1024, 1, 144)"),  # 96 a thread: 14 x 12 KB = 168 KB
    "L4k1k_c128": (S0, "(1 << 31, 4096, 1024, 2, 128)"),  # 80 a thread: 8 x 20 KB = 160 KB
    "L4k1k_c144": (S0, "(1 << 31, 4096, 1024, 2, 144)"),  # 80 a thread: 7 x 20 KB = 140 KB
    "L2k512_w1_c144": (S0, "(1 << 31, 2048, 512, 1, 144)"),  # 80 a thread: 14 x 10 KB = 140 KB
    "L2k1k_w1_c184": (S0, "(1 << 31, 2048, 1024, 1, 184)"),  # 96 a thread: 11 x 12 KB = 132 KB
    "L8k4k_w4_c144": (S0, "(1 << 31, 8192, 4096, 4, 144)"),  # 96 a thread: 3 x 48 KB = 144 KB
}


def main() -> None:
    write_variants(Path(sys.argv[1]), KERNEL, PLAN, VARIANTS, sys.argv[2:])


if __name__ == "__main__":
    main()

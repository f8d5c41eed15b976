"""Fifteenth round, Triton: a piece held in registers plus a part read, reduced, dropped and read again from L1.

    python docs/_tools/softmax_limit/round15/round15_triton.py OUT_DIR [NAME ...]  # OUT_DIR/triton_<name>.py

The split kernel of the solution holds its whole piece in registers: at 524288 columns 4096 columns in two warps,
8 programs an SM, 128 KB an SM; the CUDA reference holds 256 KB an SM (registers and shared memory). Triton has no
shared memory to hold a tile in, but its programs leave the SM's L1 (256 KB with shared memory) almost empty. Here a
program's piece is PIECE columns kept in registers and DROP more columns loaded with an L1 evict_last hint, folded
into the piece's (max, sum) and dropped, then loaded again after the row's exchange (hoping for L1 hits) and
written. `held_cg`: the held part loaded with .cg (not allocated in L1), so that only the dropped parts live there.
The dropped part is loaded and reduced first, so that the held part's loads find the registers free
(loaded together, the two spilled). SPLIT_TILES entries: (up to this many columns, PIECE, DROP, warps, registers a thread, held_cg); DROP 0 is the
solution's kernel.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from triton_tools import write_variants  # noqa: E402

KERNEL = '''@triton.jit
def _softmax_split_kernel(out_ptr, in_ptr, words_ptr, cols, pieces, piece_len, PIECE: tl.constexpr,
                          MAX_PIECES: tl.constexpr, DROP: tl.constexpr, HELD_CG: tl.constexpr):
    pid = tl.program_id(0)
    row = pid // pieces
    piece = pid - row * pieces
    start = row.to(tl.int64) * cols
    head = ((4 - start % 4) % 4).to(tl.int32)
    body = (cols - head) // 4 * 4
    body_start = tl.multiple_of(start + head, 4)
    if DROP > 0:
        # The dropped part first, reduced to its own (max, sum) before the held part's loads need the registers.
        d_ids = PIECE + tl.arange(0, DROP)
        dj = piece * piece_len + d_ids
        d_mask = (d_ids < piece_len) & (dj < body)
        xd = tl.load(in_ptr + body_start + dj, mask=d_mask, other=-float("inf"), eviction_policy="evict_last")
        m_d = tl.max(xd, axis=0)
        s_d = tl.sum(_exp(xd - tl.where(m_d == -float("inf"), 0.0, m_d)), axis=0)
    ids = tl.arange(0, PIECE)
    j = piece * piece_len + ids  # body column
    mask = (ids < piece_len) & (j < body)
    if HELD_CG:
        x = tl.load(in_ptr + body_start + j, mask=mask, other=-float("inf"), cache_modifier=".cg")
    else:
        x = tl.load(in_ptr + body_start + j, mask=mask, other=-float("inf"))
    edge_ids = tl.arange(0, 8)
    edge_cols = tl.where(edge_ids < 4, edge_ids, head + body + edge_ids - 4)
    edge_mask = (piece == 0) & tl.where(edge_ids < 4, edge_ids < head, edge_cols < cols)
    x_edge = tl.load(in_ptr + start + edge_cols, mask=edge_mask, other=-float("inf"))
    m = tl.maximum(tl.max(x, axis=0), tl.max(x_edge, axis=0))
    if DROP > 0:
        m = tl.maximum(m, m_d)
    shift = tl.where(m == -float("inf"), 0.0, m)
    e = _exp(x - shift)
    e_edge = _exp(x_edge - shift)
    s = tl.sum(e, axis=0) + tl.sum(e_edge, axis=0)
    if DROP > 0:
        s += tl.where(m_d == -float("inf"), 0.0, s_d * _exp(m_d - shift))
    row_max, row_sum = _row_max_sum(words_ptr + row.to(tl.int64) * pieces, piece, pieces, m, s, MAX_PIECES)
    scale = _exp(m - tl.where(row_max == -float("inf"), 0.0, row_max)) / row_sum
    tl.store(out_ptr + body_start + j, e * scale, mask=mask, cache_modifier=".cs")
    if DROP > 0:
        # After the held part's stores, whose registers the second read takes.
        xd2 = tl.load(in_ptr + body_start + dj, mask=d_mask, other=-float("inf"), eviction_policy="evict_first")
        tl.store(out_ptr + body_start + dj, _exp(xd2 - shift) * scale, mask=d_mask, cache_modifier=".cs")
    tl.store(out_ptr + start + edge_cols, e_edge * scale, mask=edge_mask)
'''

PLAN = '''def _split_plan(cols: int, sms: int, threads_per_sm: int):
    for max_cols, piece_cols, drop_cols, num_warps, maxnreg, held_cg in SPLIT_TILES:
        pieces = triton.cdiv(cols, piece_cols + drop_cols)
        threads = 32 * num_warps
        per_sm = min(REGISTERS_PER_SM // (maxnreg * threads), threads_per_sm // threads, PROGRAMS_PER_SM)
        if cols <= max_cols and 2 * pieces <= sms * per_sm:
            piece_len = triton.cdiv(triton.cdiv(cols, pieces), 16) * 16
            return pieces, piece_len, piece_cols, drop_cols, num_warps, maxnreg, held_cg
    return None


def _launch_split(y: torch.Tensor, x: torch.Tensor, plan) -> None:
    rows, cols = x.shape
    pieces, piece_len, piece_cols, drop_cols, num_warps, maxnreg, held_cg = plan
    words = torch.zeros((rows, pieces), dtype=torch.int64, device=x.device)
    _softmax_split_kernel[(rows * pieces,)](y, x, words, cols, pieces, piece_len, PIECE=piece_cols,
                                            MAX_PIECES=triton.next_power_of_2(pieces), DROP=drop_cols,
                                            HELD_CG=held_cg, num_warps=num_warps, maxnreg=maxnreg)
'''

S0 = "(200000, 2048, 0, 1, 128, False)"
L0 = "(1 << 31, 4096, 0, 2, 128, False)"
VARIANTS = {
    "same": (S0, L0),  # the rewrite, nothing dropped: must measure as the reference
    "Ld2k": (S0, "(1 << 31, 4096, 2048, 2, 128, False)"),  # 524288: 16 KB held + 8 KB dropped, 8 an SM
    "Ld4k": (S0, "(1 << 31, 4096, 4096, 2, 128, False)"),  # + 16 KB dropped: 128 KB an SM in L1
    "Ld4kcg": (S0, "(1 << 31, 4096, 4096, 2, 128, True)"),  # the same, the held part not in L1
    "Ld8kcg": (S0, "(1 << 31, 4096, 8192, 2, 128, True)"),  # + 32 KB dropped: 256 KB an SM, more than L1
    "Lh2d4k": (S0, "(1 << 31, 2048, 4096, 2, 128, False)"),  # 8 KB held + 16 KB dropped, 8 an SM
    "Sd1k": ("(200000, 2048, 1024, 1, 128, False)", L0),  # 50257 and 128256: 8 KB held + 4 KB, 16 an SM
    "Sd2k": ("(200000, 2048, 2048, 1, 128, False)", L0),  # + 8 KB dropped: 128 KB an SM in L1
    "Sh1d2k": ("(200000, 1024, 2048, 1, 128, False)", L0),  # 4 KB held + 8 KB dropped, 16 an SM
    "Sd2kcg": ("(200000, 2048, 2048, 1, 128, True)", L0),
}


def main() -> None:
    write_variants(Path(sys.argv[1]), KERNEL, PLAN, VARIANTS, sys.argv[2:])


if __name__ == "__main__":
    main()

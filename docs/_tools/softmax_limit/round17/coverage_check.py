"""Check round 17's split plans cover every column exactly once (pure Python), and one-piece rows in the interpreter.

    .venv/bin/python docs/_tools/softmax_limit/round17/coverage_check.py DIR   # DIR from round17_triton.py

The interpreter cannot run the split kernel (its programs wait for each other, and it runs them one after another),
so this replays the kernel's index arithmetic instead: for every triton_<name>.py of DIR (but ref), every column
count of COLS and every head (0-3 columns before the row's first 16-byte boundary), the plan's pieces, tile A
(ids < PIECE, ids < piece_len, j < body), tile B (ids2 < PIECE2, ids2 < piece_len - PIECE, j2 < body) and piece 0's
head and tail columns must cover [0, cols) exactly once. Plans on a 132-SM GPU of 2048 threads an SM.
Then runs each variant's long-entry kernel in TRITON_INTERPRET=1 with one piece a row (no waiting: a row's only
program publishes and reads its own word), rows of PIECE + PIECE2 - 5 columns (tile B partly used, heads 0-3 over
the rows) and of 1000 (tile B unused), against torch.softmax.
"""
import importlib.util
import os
import sys
from pathlib import Path

os.environ["TRITON_INTERPRET"] = "1"
import numpy as np  # noqa: E402
import torch  # noqa: E402
import triton  # noqa: E402

COLS = (50257, 128256, 524288, 300001, 200001)
bad = 0
for path in sorted(Path(sys.argv[1]).glob("triton_*.py")):
    if path.stem == "triton_ref":
        continue
    spec = importlib.util.spec_from_file_location(path.stem, path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    for cols in COLS:
        pieces, piece_len, piece, piece2, warps, maxnreg = m._split_plan(cols, 132, 2048)
        assert piece_len % 16 == 0 and piece_len <= piece + piece2 and pieces * piece_len >= cols - 3
        for head in range(4):
            body = (cols - head) // 4 * 4
            count = np.zeros(cols, np.int64)
            ids, ids2 = np.arange(piece), np.arange(piece2)
            for p in range(pieces):
                j = p * piece_len + ids
                np.add.at(count, head + j[(ids < piece_len) & (j < body)], 1)
                j2 = p * piece_len + piece + ids2
                np.add.at(count, head + j2[(ids2 < piece_len - piece) & (j2 < body)], 1)
            edge_ids = np.arange(8)
            edge_cols = np.where(edge_ids < 4, edge_ids, head + body + edge_ids - 4)
            edge_mask = np.where(edge_ids < 4, edge_ids < head, edge_cols < cols)
            np.add.at(count, edge_cols[edge_mask], 1)
            if not (count == 1).all():
                bad += 1
                print(f"FAIL {path.stem} cols {cols} head {head}: {np.bincount(count)}")
        print(f"{path.stem[7:]:15s} {cols:>7} pieces {pieces:4d} piece_len {piece_len:6d} tiles {piece}+{piece2} ok",
              flush=True)
    # One piece a row, in the interpreter.
    piece, piece2, warps = m.SPLIT_TILES[-1][1:4]
    for cols in (piece + piece2 - 5, 1000):
        rows = 5
        x = torch.randn(rows, cols) * 10
        y = torch.empty_like(x)
        piece_len = min(triton.cdiv(cols, 16) * 16, piece + piece2)
        words = torch.zeros((rows, 1), dtype=torch.int64)
        m._softmax_split_kernel[(rows,)](y, x, words, cols, 1, piece_len, PIECE=piece, MAX_PIECES=1, PIECE2=piece2,
                                         num_warps=warps)
        err = (y.double() - torch.softmax(x.double(), dim=1)).abs().max().item()
        ok = err < 1e-6
        bad += not ok
        print(f"{path.stem[7:]:15s} interpreter one piece {rows}x{cols} tiles {piece}+{piece2}: max abs error {err:.2e}"
              f"{'' if ok else ' FAIL'}", flush=True)
print("all covered exactly once, interpreter runs match" if not bad else f"{bad} failures")
sys.exit(bool(bad))

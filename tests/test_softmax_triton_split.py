"""The Triton solution's long-row split (solutions/03-triton-and-pytorch/softmax_triton.py), on the CPU.

Its programs wait for each other, which Triton's interpreter (one program after another) cannot run,
so the wrapper never uses it there. Two things can still be checked without a GPU:
- the arithmetic of _softmax_split_kernel and _row_max_sum (the head/body/tail split of misaligned
  rows, the packed (max, sum) words, the combine), in the interpreter: the workspace starts filled
  with "empty" pairs instead of zeros, so no program waits; the first launch publishes every piece's
  pair, the second finds them all and must give the exact softmax;
- the plan's forward-progress rule and that every plan covers the row.
The GPU behaviour (waiting, two streams) is checked by the GPU tests and the bench.
"""
import importlib.util
import os
import subprocess
import sys
import textwrap

import pytest

from helpers import REPO

SOLUTION = REPO / "solutions" / "03-triton-and-pytorch" / "softmax_triton.py"


def load_solution():
    spec = importlib.util.spec_from_file_location("softmax_triton_solution", SOLUTION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


INTERPRETED = textwrap.dedent("""
    import importlib.util, sys, torch
    spec = importlib.util.spec_from_file_location("sol", sys.argv[1])
    sol = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sol)
    EMPTY = 0xFF800000  # the packed pair (max -inf, sum 0): adds nothing to a row
    g = torch.Generator().manual_seed(7)
    worst = 0.0
    for rows, cols, piece_cols in [(3, 1025, 256), (2, 4099, 1024), (2, 9001, 4096)]:
        for family in ("randn", "large", "masked"):
            x = {"randn": 3 * torch.randn(rows, cols, generator=g),
                 "large": torch.rand(rows, cols, generator=g) * 2e4 - 1e4,
                 "masked": (3 * torch.randn(rows, cols, generator=g)).masked_fill_(
                     torch.rand(rows, cols, generator=g) < 0.25, float("-inf"))}[family]
            x[0, : cols // 3] = float("-inf")  # whole pieces of -inf in row 0
            x[0, -1] = 0.0
            pieces = -(-cols // piece_cols)
            piece_len = -(-(-(-cols // pieces)) // 16) * 16
            y = torch.full_like(x, float("nan"))
            words = torch.full((rows, pieces), EMPTY, dtype=torch.int64)
            for _ in range(2):
                sol._softmax_split_kernel[(rows * pieces,)](y, x, words, cols, pieces, piece_len, PIECE=piece_cols,
                                                            MAX_PIECES=1 << (pieces - 1).bit_length())
            ref = torch.softmax(x.double(), -1)
            ratio = ((y.double() - ref).abs() / (1e-7 + 1e-4 * ref.abs())).max().item()
            assert ratio <= 1, (rows, cols, family, ratio)
            worst = max(worst, ratio)
    print("worst", worst)
""")


@pytest.mark.slow  # 8-11 s on the 2-core machine: in make test, not test-fast (decision 242)
def test_softmax_triton_split_kernel_arithmetic_is_exact_in_the_interpreter():
    env = dict(os.environ, TRITON_INTERPRET="1")
    proc = subprocess.run([sys.executable, "-c", INTERPRETED, str(SOLUTION)], capture_output=True, text=True,
                          env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    assert proc.stdout.startswith("worst ")


@pytest.mark.parametrize("sms, threads_per_sm", [(132, 2048), (108, 2048), (46, 1536), (8, 1024)])
def test_softmax_triton_split_plan_covers_the_row_and_keeps_twice_its_pieces_resident(sms, threads_per_sm):
    sol = load_solution()
    for cols in (32769, 50257, 100003, 128256, 524288, 2_000_003, 3_000_000, 50_000_000):
        plan = sol._split_plan(cols, sms, threads_per_sm)
        if plan is None:
            continue
        pieces, piece_len, piece_cols, num_warps, maxnreg = plan
        assert piece_len % 16 == 0 and piece_len <= piece_cols and pieces * piece_len >= cols
        threads = 32 * num_warps
        per_sm = min(sol.REGISTERS_PER_SM // (maxnreg * threads), threads_per_sm // threads, sol.PROGRAMS_PER_SM)
        assert per_sm >= 1 and 2 * pieces <= sms * per_sm, (cols, plan)
    # Rows too long to split safely get no plan (the wrapper then loops over the row).
    assert sol._split_plan(50_000_000, sms, threads_per_sm) is None

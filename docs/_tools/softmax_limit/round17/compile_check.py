"""Compile round 17's split kernels for sm_90 without a GPU: registers, spill instructions, loads and stores in SASS.

    .venv/bin/python docs/_tools/softmax_limit/round17/compile_check.py DIR [COLS]  # DIR from round17_triton.py

For triton_ref.py and every triton_<name>.py of DIR, takes the plan its _split_plan gives at COLS columns (524288
unless told) on a 132-SM GPU of 2048 threads an SM (H100 SXM, H200), compiles _softmax_split_kernel as the wrapper
would launch it and prints REG (cuobjdump -res-usage), STL/LDL (spills), LDG and STG counts.
"""
import importlib.util
import sys
from pathlib import Path

import triton

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from triton_tools import opcodes, split_sass  # noqa: E402

COLS = int(sys.argv[2]) if len(sys.argv) > 2 else 524288

paths = sorted(Path(sys.argv[1]).glob("triton_*.py"), key=lambda p: (p.stem != "triton_ref", p.stem != "triton_same",
                                                                       p.stem))
for path in paths:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    plan = m._split_plan(COLS, 132, 2048)
    if len(plan) == 5:  # the solution: no PIECE2
        pieces, piece_len, piece, warps, maxnreg = plan
        piece2, extra, constexprs = 0, (), {"PIECE": piece, "MAX_PIECES": triton.next_power_of_2(pieces)}
    else:
        pieces, piece_len, piece, piece2, warps, maxnreg = plan
        extra = ("PIECE2",)
        constexprs = {"PIECE": piece, "MAX_PIECES": triton.next_power_of_2(pieces), "PIECE2": piece2}
    sass, regs = split_sass(m._softmax_split_kernel, warps, maxnreg, constexprs, extra)
    ops, full = opcodes(sass), opcodes(sass, modifiers=True)
    ldg = {op: n for op, n in full.items() if op.startswith("LDG.E")}
    stg = {op: n for op, n in full.items() if op.startswith("STG.E")}
    threads = 32 * warps
    per_sm = min(65536 // (maxnreg * threads), 2048 // threads, 16)
    print(f"{path.stem[7:]:14s} pieces {pieces} piece_len {piece_len} tiles {piece}+{piece2} warps {warps} "
          f"cap {maxnreg} ({per_sm}/SM, {per_sm * 4 * (piece + piece2) // 1024} KB/SM): REG {regs} STL {ops['STL']} "
          f"LDL {ops['LDL']} LDG {ops['LDG']} STG {ops['STG']} total {sum(ops.values())} {ldg} {stg}",
          flush=True)

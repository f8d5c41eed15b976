"""Compile round 15's split kernels for sm_90 without a GPU: registers, spill instructions, loads and stores in SASS.

    .venv/bin/python docs/_tools/softmax_limit/round15/compile_check.py DIR   # DIR from round15_triton.py

For every triton_<name>.py of DIR (but ref) and every SPLIT_TILES entry of it, compiles _softmax_split_kernel as the
wrapper would launch it and prints REG (cuobjdump -res-usage), STL/LDL (spills), LDG and STG counts.
"""
import importlib.util
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from triton_tools import opcodes, split_sass  # noqa: E402

for path in sorted(Path(sys.argv[1]).glob("triton_*.py")):
    if path.stem == "triton_ref":
        continue
    spec = importlib.util.spec_from_file_location(path.stem, path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    for max_cols, piece, drop, warps, maxnreg, cg in m.SPLIT_TILES:
        sass, regs = split_sass(m._softmax_split_kernel, warps, maxnreg,
                                {"PIECE": piece, "MAX_PIECES": 128, "DROP": drop, "HELD_CG": cg}, ("DROP", "HELD_CG"))
        ops, ldg = opcodes(sass), opcodes(sass, modifiers=True)
        ldg = {op: n for op, n in ldg.items() if op.startswith("LDG.E")}
        print(f"{path.stem:16s} {max_cols:>10} piece {piece} drop {drop} warps {warps} cap {maxnreg} cg {cg}: "
              f"REG {regs} STL {ops['STL']} LDL {ops['LDL']} "
              f"LDG {ops['LDG']} STG {ops['STG']} total {sum(ops.values())} {ldg}", flush=True)

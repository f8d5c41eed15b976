"""Compile round 17's split kernels for sm_90 without a GPU: registers, spill instructions, loads and stores in SASS.

    .venv/bin/python docs/_tools/softmax_limit/round17/compile_check.py DIR [COLS]  # DIR from round17_triton.py

For triton_ref.py and every triton_<name>.py of DIR, takes the plan its _split_plan gives at COLS columns (524288
unless told) on a 132-SM GPU of 2048 threads an SM (H100 SXM, H200), compiles _softmax_split_kernel as the wrapper
would launch it and prints REG (cuobjdump -res-usage), STL/LDL (spills), LDG and STG counts.
"""
import collections
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import triton
from triton.backends.compiler import GPUTarget

CUOBJ = os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin/cuobjdump")
D16 = [["tt.divisibility", 16]]
SIG = {"out_ptr": "*fp32", "in_ptr": "*fp32", "words_ptr": "*i64", "cols": "i32", "pieces": "i32", "piece_len": "i32",
       "PIECE": "constexpr", "MAX_PIECES": "constexpr"}
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
        piece2, sig, constexprs = 0, SIG, {"PIECE": piece, "MAX_PIECES": triton.next_power_of_2(pieces)}
    else:
        pieces, piece_len, piece, piece2, warps, maxnreg = plan
        sig = dict(SIG, PIECE2="constexpr")
        constexprs = {"PIECE": piece, "MAX_PIECES": triton.next_power_of_2(pieces), "PIECE2": piece2}
    src = triton.compiler.ASTSource(fn=m._softmax_split_kernel, signature=sig,
                                    attrs={(0,): D16, (1,): D16, (2,): D16, (3,): D16, (5,): D16},
                                    constexprs=constexprs)
    ck = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": warps, "maxnreg": maxnreg})
    with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
        f.write(ck.asm["cubin"])
    sass = subprocess.run([CUOBJ, "-sass", f.name], capture_output=True, text=True).stdout
    usage = subprocess.run([CUOBJ, "-res-usage", f.name], capture_output=True, text=True).stdout
    os.unlink(f.name)
    ops = collections.Counter(re.findall(r"^\s+/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)", sass, re.M))
    ldg = collections.Counter(re.findall(r"(LDG\.E[A-Z0-9_.]*)", sass))
    stg = collections.Counter(re.findall(r"(STG\.E[A-Z0-9_.]*)", sass))
    regs = re.search(r"REG:(\d+)", usage).group(1)
    threads = 32 * warps
    per_sm = min(65536 // (maxnreg * threads), 2048 // threads, 16)
    print(f"{path.stem[7:]:14s} pieces {pieces} piece_len {piece_len} tiles {piece}+{piece2} warps {warps} "
          f"cap {maxnreg} ({per_sm}/SM, {per_sm * 4 * (piece + piece2) // 1024} KB/SM): REG {regs} STL {ops['STL']} "
          f"LDL {ops['LDL']} LDG {ops['LDG']} STG {ops['STG']} total {sum(ops.values())} {dict(ldg)} {dict(stg)}",
          flush=True)

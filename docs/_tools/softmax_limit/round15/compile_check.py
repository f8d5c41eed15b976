"""Compile round 15's split kernels for sm_90 without a GPU: registers, spill instructions, loads and stores in SASS.

    .venv/bin/python docs/_tools/softmax_limit/round15/compile_check.py DIR   # DIR from round15_triton.py

For every triton_<name>.py of DIR (but ref) and every SPLIT_TILES entry of it, compiles _softmax_split_kernel as the
wrapper would launch it and prints REG (cuobjdump -res-usage), STL/LDL (spills), LDG and STG counts.
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
       "PIECE": "constexpr", "MAX_PIECES": "constexpr", "DROP": "constexpr", "HELD_CG": "constexpr"}

for path in sorted(Path(sys.argv[1]).glob("triton_*.py")):
    if path.stem == "triton_ref":
        continue
    spec = importlib.util.spec_from_file_location(path.stem, path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    for max_cols, piece, drop, warps, maxnreg, cg in m.SPLIT_TILES:
        src = triton.compiler.ASTSource(fn=m._softmax_split_kernel, signature=SIG,
                                        attrs={(0,): D16, (1,): D16, (2,): D16, (3,): D16, (5,): D16},
                                        constexprs={"PIECE": piece, "MAX_PIECES": 128, "DROP": drop, "HELD_CG": cg})
        ck = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": warps, "maxnreg": maxnreg})
        with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
            f.write(ck.asm["cubin"])
        sass = subprocess.run([CUOBJ, "-sass", f.name], capture_output=True, text=True).stdout
        usage = subprocess.run([CUOBJ, "-res-usage", f.name], capture_output=True, text=True).stdout
        os.unlink(f.name)
        ops = collections.Counter(re.findall(r"^\s+/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)", sass, re.M))
        ldg = collections.Counter(re.findall(r"(LDG\.E[A-Z0-9_.]*)", sass))
        regs = re.search(r"REG:(\d+)", usage).group(1)
        print(f"{path.stem:16s} {max_cols:>10} piece {piece} drop {drop} warps {warps} cap {maxnreg} cg {cg}: "
              f"REG {regs} STL {ops['STL']} LDL {ops['LDL']} "
              f"LDG {ops['LDG']} STG {ops['STG']} total {sum(ops.values())} {dict(ldg)}", flush=True)

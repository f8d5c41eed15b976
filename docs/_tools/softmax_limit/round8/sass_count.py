"""Compile a Triton softmax file's split kernel for sm_90 without a GPU; count its SASS instructions by opcode.

    .venv/bin/python docs/_tools/softmax_limit/round8/sass_count.py FILE PIECE,WARPS,MAXNREG [OUT.sass]

FILE defines `_softmax_split_kernel` with the reference's arguments (solutions/03-triton-and-pytorch/softmax_triton.py).
Prints the total, the registers (cuobjdump -res-usage) and the 25 most frequent opcodes; spill code shows as
STL/LDL in OUT.sass. Round 8 counted 1160 instructions for the reference of commit ad9ee8b at 4096,2,128 and 952
with every tl.exp written as tl.exp2.
"""
import collections
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

import triton
from triton.backends.compiler import GPUTarget

path = sys.argv[1]
piece, warps, maxnreg = map(int, sys.argv[2].split(","))
spec = importlib.util.spec_from_file_location("sass_count_target", path)
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
CUOBJ = os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin/cuobjdump")
D16 = [["tt.divisibility", 16]]
sig = {"out_ptr": "*fp32", "in_ptr": "*fp32", "words_ptr": "*i64", "cols": "i32", "pieces": "i32", "piece_len": "i32",
       "PIECE": "constexpr", "MAX_PIECES": "constexpr"}
src = triton.compiler.ASTSource(fn=m._softmax_split_kernel, signature=sig,
                                attrs={(0,): D16, (1,): D16, (2,): D16, (3,): D16, (5,): D16},
                                constexprs={"PIECE": piece, "MAX_PIECES": 128})
ck = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": warps, "maxnreg": maxnreg})
with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
    f.write(ck.asm["cubin"])
    name = f.name
sass = subprocess.run([CUOBJ, "-sass", name], capture_output=True, text=True).stdout
usage = subprocess.run([CUOBJ, "-res-usage", name], capture_output=True, text=True).stdout
os.unlink(name)
ops = collections.Counter(re.findall(r"^\s+/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)*)",
                                     sass, re.M))
print("total", sum(ops.values()), "regs", re.search(r"REG:(\d+)", usage).group(1))
for op, n in ops.most_common(25):
    print(f"  {n:5d} {op}")
if len(sys.argv) > 3:
    with open(sys.argv[3], "w") as f:
        f.write(sass)

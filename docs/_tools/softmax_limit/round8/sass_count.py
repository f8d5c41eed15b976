"""Compile a Triton softmax file's split kernel for sm_90 without a GPU; count its SASS instructions by opcode.

    .venv/bin/python docs/_tools/softmax_limit/round8/sass_count.py FILE PIECE,WARPS,MAXNREG [OUT.sass]

FILE defines `_softmax_split_kernel` with the reference's arguments (solutions/03-triton-and-pytorch/softmax_triton.py).
Prints the total, the registers (cuobjdump -res-usage) and the 25 most frequent opcodes; spill code shows as
STL/LDL in OUT.sass. Round 8 counted 1160 instructions for the reference of commit ad9ee8b at 4096,2,128 and 952
with every tl.exp written as tl.exp2.
"""
import importlib.util
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from triton_tools import opcodes, split_sass  # noqa: E402

path = sys.argv[1]
piece, warps, maxnreg = map(int, sys.argv[2].split(","))
spec = importlib.util.spec_from_file_location("sass_count_target", path)
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
sass, regs = split_sass(m._softmax_split_kernel, warps, maxnreg, {"PIECE": piece, "MAX_PIECES": 128})
ops = opcodes(sass, modifiers=True)
print("total", sum(ops.values()), "regs", regs)
for op, n in ops.most_common(25):
    print(f"  {n:5d} {op}")
if len(sys.argv) > 3:
    with open(sys.argv[3], "w") as f:
        f.write(sass)

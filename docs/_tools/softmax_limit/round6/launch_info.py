"""Print how each resident build launches (cluster size, clusters) at the long-row widths.

    python launch_info.py NAME=PATH ...
"""
import ctypes
import sys

import torch

for spec in sys.argv[1:]:
    name, _, path = spec.partition("=")
    lib = ctypes.CDLL(path)
    fn = lib.softmax_forward
    fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
    out = []
    for cols in (16384, 32000, 50257, 128256, 524288):
        x = torch.randn(4, cols, device="cuda")
        y = torch.empty_like(x)
        rc = fn(x.data_ptr(), y.data_ptr(), 4, cols, None)
        torch.cuda.synchronize()
        v = lib.resident_launch(cols)
        out.append(f"{cols}: rc={rc} cluster={v // 1000} clusters={v % 1000}" if v >= 0 else f"{cols}: rc={rc} none")
    print(name, " | ".join(out), flush=True)

"""ncu_case.py: one watched case's shape, timed inside the process (for running under Nsight Compute): CUDA set up,
the solution's Triton softmax called once and then once more at 4096 x 8192 (its kernel compiled before, Triton's
cache warm), and 20 small torch kernels. Prints each step's wall time."""
import sys
import time

import torch

sys.path.insert(0, "solutions/03-triton-and-pytorch")
import softmax_triton  # noqa: E402

t = time.perf_counter()
x = torch.randn(4096, 8192, device="cuda")
torch.cuda.synchronize()
print(f"context and draw {time.perf_counter() - t:.3f} s")
for k in (1, 2):
    t = time.perf_counter()
    y = softmax_triton.softmax(x)
    torch.cuda.synchronize()
    print(f"call {k} {time.perf_counter() - t:.3f} s")
t = time.perf_counter()
for _ in range(20):
    x.add_(0.0)
torch.cuda.synchronize()
print(f"20 small kernels {time.perf_counter() - t:.3f} s")

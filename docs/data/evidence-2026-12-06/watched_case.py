"""Where a watched case's seconds go: the steps of a Triton worker's first case, each timed, in one process.

    python3 docs/data/evidence-2026-12-06/watched_case.py ROWS COLS      (from the repository root)

Times, in order: the imports (torch, numpy, triton), CUDA's context (torch.cuda.init and a first tensor), the import
of the softmax solution, the input's copy to the GPU (from a NumPy array, as grader/workers/buffers.case_inputs does),
a pinned staging buffer, the solution's first call and its second (each synchronised), and the output's copy back
through the staging buffer (buffers.HostCopies.copy). Run it alone, and under `ncu` with the listing's options
(grader/checks/ncu_watch.LISTING) to see what Nsight Compute adds to each step; TRITON_CACHE_DIR chooses the cache."""
from __future__ import annotations

import sys
import time

T0 = time.perf_counter()
steps = []


def step(what):
    steps.append((what, time.perf_counter()))


import numpy as np  # noqa: E402
import torch  # noqa: E402

step("import numpy, torch")
import triton  # noqa: E402,F401

step("import triton")
torch.cuda.init()
torch.zeros(1, device="cuda")
torch.cuda.synchronize()
step("CUDA context and a first tensor")
sys.path.insert(0, "solutions/03-triton-and-pytorch")
import softmax_triton  # noqa: E402

step("import the solution")
rows, cols = int(sys.argv[1]), int(sys.argv[2])
host = np.random.default_rng(0).standard_normal((rows, cols), dtype=np.float32)
x = torch.from_numpy(host).to("cuda")
torch.cuda.synchronize()
step("input to the GPU")
staging = torch.empty(rows * cols, dtype=torch.float32, pin_memory=True)
step("pinned staging buffer")
y = softmax_triton.softmax(x)
torch.cuda.synchronize()
step("first call")
y = softmax_triton.softmax(x)
torch.cuda.synchronize()
step("second call")
staging.copy_(y.reshape(-1))
out = staging.numpy().copy()
step("output back through the staging buffer")
last = T0
for what, at in steps:
    print(f"{at - last:8.3f} s  {what}")
    last = at
print(f"{last - T0:8.3f} s  in all ({rows}x{cols})", flush=True)

"""What FreshInputs costs a timed launch (decision 80): torch's copy of the first input, timed with CUDA events over
200 launches, with the sets rotated as before (no change) and through FreshInputs; and the host time per launch of
each loop. Run on a GPU: python3 overhead.py"""
import time

import torch

from grader.ops import get
from grader.workers.serve import FreshInputs

op = get("softmax")
main = torch.cuda.Stream()
torch.cuda.set_stream(main)
for dims in ({"rows": 524288, "cols": 128}, {"rows": 16384, "cols": 4096}, {"rows": 128, "cols": 524288}):
    fresh = FreshInputs(op, {"dims": dims, "family": "randn", "seeds": [1, 2, 3], "fresh": 5}, main)
    dst = torch.empty_like(fresh.warm["input"])

    def launch(i, inputs):
        dst.copy_(inputs["input"])
    plain = lambda i: launch(i, fresh.sets[i % 3])  # noqa: E731
    loops = {"plain": plain, "fresh": fresh.timed(launch)}
    warm = fresh.warming(launch)
    for i in range(3):
        warm(i)
    for rep in range(2):
        for name, run in loops.items():
            torch.cuda.synchronize()
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            t0 = time.perf_counter()
            a.record(main)
            for i in range(200):
                run(i)
            b.record(main)
            host = (time.perf_counter() - t0) / 200 * 1e6
            torch.cuda.synchronize()
            wall = (time.perf_counter() - t0) / 200 * 1e6
            gpu = a.elapsed_time(b) / 200 * 1e3
            gbs = 2 * 4 * dims["rows"] * dims["cols"] / (gpu * 1e-6) / 1e9
            print(f"{dims['rows']}x{dims['cols']} {name:6s} rep {rep}: {gpu:7.1f} us/launch on the GPU ({gbs:6.0f} GB/s), "
                  f"host {host:6.1f} us/launch, wall {wall:7.1f}", flush=True)

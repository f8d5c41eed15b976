"""What FreshInputs costs a timed launch (decision 80 as committed: the sets stacked, one change every 3 launches on the
launches' own stream): torch's copy of the first input and torch's softmax, timed with CUDA events over 300 launches,
with the sets rotated and never changed, and through FreshInputs; the host time per launch too. Run on a GPU."""
import time

import torch

from grader.ops import get
from grader.workers.serve import FreshInputs

op = get("softmax")
main = torch.cuda.Stream()
torch.cuda.set_stream(main)
N = 300
for dims in ({"rows": 524288, "cols": 128}, {"rows": 16384, "cols": 4096}, {"rows": 128, "cols": 524288}):
    message = {"dims": dims, "family": "randn", "seeds": [1, 2, 3], "fresh": 5, "launches": N}
    for what in ("copy", "F.softmax"):
        fresh = FreshInputs(op, message, 3)
        dst = torch.empty_like(fresh.warm["input"])
        if what == "copy":
            def launch(i, inputs):
                dst.copy_(inputs["input"])
        else:
            def launch(i, inputs):
                torch.softmax(inputs["input"], dim=1)
        loops = {"plain": lambda i: launch(i, fresh.sets[i % 3]), "fresh": fresh.timed(launch)}
        warm = fresh.warming(launch)
        for i in range(3):
            warm(i)
        for rep in range(3):
            for name, run in loops.items():
                torch.cuda.synchronize()
                a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                t0 = time.perf_counter()
                a.record(main)
                for i in range(N):
                    run(i)
                b.record(main)
                host = (time.perf_counter() - t0) / N * 1e6
                torch.cuda.synchronize()
                gpu = a.elapsed_time(b) / N * 1e3
                gbs = 2 * 4 * dims["rows"] * dims["cols"] / (gpu * 1e-6) / 1e9
                print(f"{dims['rows']}x{dims['cols']} {what:9s} {name:6s} rep {rep}: {gpu:7.1f} us/launch "
                      f"({gbs:6.0f} GB/s), host {host:5.1f} us/launch", flush=True)
        del fresh
        torch.cuda.empty_cache()

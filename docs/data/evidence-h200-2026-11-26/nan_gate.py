"""Experiment: the gate's own measurement of the CUDA softmax reference, as repeat.py runs it, through the
diagnostic worker (cuda_diag.py). Prints each block's NaN report. argv: runs, shape (e.g. 16384x4096).
Environment: GRADER_NO_SANDBOX=1 to run the worker without bubblewrap; DIAG_SYNC=1 passes to the worker."""
import os
import sys
from pathlib import Path

from grader import runner
from grader.build import build_cuda
from grader.checks import perf
from grader.checks.kernel_checks import WorkerPlan
from grader.context import Context
from grader.ops import get
from grader.pipeline import probe_device
from grader.registry import Lab

REPO = Path.cwd()
runs = int(sys.argv[1]) if len(sys.argv) > 1 else 4
rows, cols = (int(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "16384x4096").split("x"))
spec = get("softmax")
device = probe_device()
src = REPO / "solutions/02-tuned-kernel/softmax_tuned.cu"
b = build_cuda(src, REPO / "build/nan_gate", device, src.name, spec)
env = (("DIAG_SYNC", os.environ.get("DIAG_SYNC", "0")),)
plan = WorkerPlan("cuda_diag", {"op": spec.name, "libraries": {"learner": str(b.library)}}, (b.library.parent,), True,
                  env=env, what="tuned")
call = runner.Worker.call


def traced(self, command, **kw):
    reply = call(self, command, **kw)
    for entry in reply.data.get("diag", []):
        if entry["nan_rows"]:
            print("   ", entry, flush=True)
    if "diag" in reply.data:
        print(f"  block of {command['launches']}: NaN rows in {sum(e['nan_rows'] > 0 for e in reply.data['diag'])} "
              f"of its last 8 launches", flush=True)
    return reply


runner.Worker.call = traced
tag = f"sandbox={'no' if os.environ.get('GRADER_NO_SANDBOX') == '1' else 'yes'} sync={env[0][1]} {rows}x{cols}"
for run in range(runs):
    lab = Lab("02", "tuned-kernel", "x", editable=(), docs="lab/02-tuned-kernel.md", op=spec.name)
    ctx = Context(lab, spec, REPO, REPO, REPO, None, device, run, REPO / f"build/nan_gate/runs{run}")
    m, problem = perf.measure(ctx, "gate", plan, {"rows": rows, "cols": cols}, ["lib:learner", "baseline", "copy"],
                              verify=("lib:learner",))
    for close in ctx.closers:
        close()
    print(tag, "run", run, "FAILED: " + problem.message if problem else "passed", flush=True)

"""Five independent gate measurements of the tuned softmax solution: fresh worker each, the gate's method."""
import sys
from pathlib import Path

from grader import timing
from grader.build import build_cuda
from grader.checks import perf
from grader.checks.kernel_checks import WorkerPlan
from grader.context import Context
from grader.ops import get
from grader.pipeline import probe_device
from grader.registry import Lab

REPO = Path.cwd()
kernel = sys.argv[1] if len(sys.argv) > 1 else "softmax"
spec = get(kernel)
device = probe_device()
src = REPO / f"solutions/02-tuned-kernel/{spec.stem}_tuned.cu"
b = build_cuda(src, REPO / "build/repeat", device, src.name, spec)
plan = WorkerPlan("cuda", {"op": spec.name, "libraries": {"learner": str(b.library)}}, (b.library.parent,), True, what="tuned")
contenders = ["lib:learner", "baseline"] + (["copy"] if spec.rate.ceiling == "copy" else [])
for run in range(5):
    lab = Lab("02", "tuned-kernel", "x", editable=(), docs="lab/02-tuned-kernel.md", op=spec.name)
    ctx = Context(lab, spec, REPO, REPO, REPO, None, device, run, REPO / f"build/repeat/runs{run}")
    m, problem = perf.measure(ctx, "gate", plan, spec.representative, contenders, verify=("lib:learner",))
    for close in ctx.closers:
        close()
    if problem:
        print("run", run, "FAILED", problem.message)
        continue
    f = perf.figures(ctx, m, "lib:learner")
    print(f"{kernel} run {run}: ratio {f['ratio_to_baseline']:.4f} spread {f['spread']:.4f} rounds {f['rounds']} "
          f"rate {f['rate']} {f['unit']} baseline {f['baseline_rate']} pct_ceiling {f.get('pct_of_ceiling')}", flush=True)

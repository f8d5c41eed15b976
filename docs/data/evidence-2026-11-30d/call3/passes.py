"""Evidence 2026-11-30d, call 3: what the judge's second Nsight Compute run costs, collected as sections or as the
compared metrics only (decision 137).

    python3 docs/data/evidence-2026-11-30d/call3/passes.py OUT

Builds the softmax solution's lab 02 library, then runs `make profile`'s target under ncu three ways, twice each,
timing each run and counting the metrics of grader.checks.profile.REMEASURED its report holds: (a) the six
sections the judge collected in call 2 plus make profile's metrics; (b) --metrics with REMEASURED (derived ones
left out) plus the MemoryWorkloadAnalysis_Tables section; (c) --metrics with REMEASURED only.
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from grader.build import build_cuda
from grader.checks import profile
from grader.checks.own_kernels import find_ncu
from grader.discover import REPO
from grader.ops import get
from grader.pipeline import probe_device
from grader.profile import METRICS
from grader.sandbox import Sandbox

sys.path.insert(0, str(Path(__file__).parents[1] / "call1"))
from noise import read  # noqa: E402


def main() -> int:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    spec = get("softmax")
    source = REPO / "solutions" / "02-tuned-kernel" / "softmax_tuned.cu"
    build = build_cuda(source, out / "build", probe_device(), "02-tuned-kernel/softmax_tuned.cu", spec,
                       box=Sandbox(None, "passes"))
    assert build.ok, build.errors
    label = f"{spec.abi.symbol} {spec.label(spec.representative)}"
    plain = [m for m in profile.REMEASURED if not m.startswith("derived__")]
    sections = [a for s in profile.MEASURED_SECTIONS for a in ("--section", s)]
    ways = {"a-sections": [*sections, "--metrics", ",".join(METRICS)],
            "b-metrics+tables": ["--section", "MemoryWorkloadAnalysis_Tables", "--metrics", ",".join(plain)],
            "c-metrics": ["--metrics", ",".join(plain)]}
    for way, args in ways.items():
        for i in range(2):
            report = out / f"{way}-{i}.ncu-rep"
            cmd = [find_ncu(), "--clock-control", "none", *args, "--nvtx", "--nvtx-include", f"{label}/",
                   "--force-overwrite", "--export", str(report), sys.executable, "-m", "grader.workers.profile_target",
                   spec.name, str(build.library)]
            t = time.monotonic()
            done = subprocess.run(cmd, capture_output=True, text=True)
            took = time.monotonic() - t
            if done.returncode != 0 or not report.exists():
                print(f"{way} run {i}: FAILED ({done.returncode}) {took:.1f} s\n{done.stdout[-1500:]}{done.stderr[-1500:]}")
                continue
            action = read(report)
            have = [m for m in profile.REMEASURED if profile._metric(action, m) is not None]
            missing = sorted(set(profile.REMEASURED) - set(have))
            passes = [line for line in done.stdout.splitlines() if "pass" in line.lower()][-1:]
            print(f"{way} run {i}: {took:.1f} s, {len(have)}/{len(profile.REMEASURED)} metrics; missing {missing}; "
                  f"{passes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

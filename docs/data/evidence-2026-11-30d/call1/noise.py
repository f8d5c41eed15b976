"""Evidence 2026-11-30d, call 1: how far apart honest Nsight Compute runs put a report's figures (decision 137).

    python3 docs/data/evidence-2026-11-30d/call1/noise.py OUT RUNS

For each track, builds the solution's lab 02 library once and records RUNS reports the way `make profile` does
(grader.profile.ncu_command), then reads every report (and the committed one) with `ncu --import --page raw --csv`,
and prints, per metric the judge compares (grader.checks.profile.REMEASURED), the smallest and largest value, and
for every pair of reports what grader.checks.profile._disagreeing finds.
"""
from __future__ import annotations

import csv
import io
import itertools
import shutil
import subprocess
import sys
from pathlib import Path

from grader.build import build_cuda
from grader.checks import profile
from grader.checks.own_kernels import find_ncu
from grader.discover import REPO
from grader.ops import get
from grader.pipeline import probe_device
from grader.profile import ncu_command
from grader.sandbox import Sandbox


def read(report: Path) -> dict:
    text = subprocess.run([find_ncu(), "--import", str(report), "--page", "raw", "--csv", "--print-units", "base"],
                          capture_output=True, text=True, check=True).stdout
    rows = [r for r in csv.reader(io.StringIO(text)) if r]
    header = next(r for r in rows if "Kernel Name" in r)
    start = rows.index(header) + 2  # then the units' row
    launches = []
    for row in rows[start:]:
        metrics = {}
        for name, value in zip(header, row):
            try:
                metrics[name] = {"value": float(value.replace(",", ""))}
            except ValueError:
                pass
        launches.append({"name": row[header.index("Kernel Name")], "metrics": metrics})
    return max(launches, key=lambda a: profile._metric(a, profile.M_DURATION) or 0.0)


def main() -> int:
    out, runs = Path(sys.argv[1]), int(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    device = probe_device()
    for track in ("softmax", "gemm"):
        spec = get(track)
        source = REPO / "solutions" / "02-tuned-kernel" / f"{spec.stem}_tuned.cu"
        build = build_cuda(source, out / f"build-{track}", device, f"02-tuned-kernel/{source.name}", spec,
                           box=Sandbox(None, "noise"))
        assert build.ok, build.errors
        reports = {"committed": REPO / "solutions" / "02-tuned-kernel" / "profile" / f"{spec.stem}_tuned.ncu-rep"}
        for i in range(1, runs + 1):
            path = out / f"{track}-{i}.ncu-rep"
            done = subprocess.run(ncu_command(find_ncu(), path, build.library, spec), capture_output=True, text=True)
            assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
            reports[f"run{i}"] = path
        read_ = {k: read(p) for k, p in reports.items()}
        names = ", ".join(f"{k} {v['name'][:60]}" for k, v in read_.items())
        print(f"== {track}: {names}")
        for name in profile.REMEASURED:
            values = {k: profile._metric(a, name) for k, a in read_.items()}
            new = [v for k, v in values.items() if k != "committed" and v is not None]
            if new:
                flag = "" if name not in profile.NOT_COMPARED else " (not compared)"
                print(f"{name:75s} {profile._family(name):8s} committed {values['committed']!s:>14.14s}  runs "
                      f"{min(new):.6g} .. {max(new):.6g}{flag}")
        for a, b in itertools.combinations(read_, 2):
            wrong = profile._disagreeing(read_[a], read_[b])
            print(f"{a} vs {b}: {len(wrong)} disagree" + "".join(f"\n    {w}" for w in wrong))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""make profile LAB=02: record the Nsight Compute profile of the tuned kernel.

Writes <submission>/02-tuned-kernel/profile/softmax_tuned.ncu-rep, at the
representative shape, with the sections the grader and the analysis need.
An earlier report is kept as softmax_tuned.prev.ncu-rep.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from grader.build import build_cuda
from grader.config import SETTINGS
from grader.context import Device
from grader.discover import REPO, submission_lab_dir
from grader.registry import all_labs, resolve_lab
from grader.runner import run_tool

# The four sections the lab asks for, plus what the feedback reads (warp stalls, source-level hot spots).
SECTIONS = ["SpeedOfLight", "MemoryWorkloadAnalysis", "MemoryWorkloadAnalysis_Tables", "Occupancy", "LaunchStats",
            "WarpStateStats", "ComputeWorkloadAnalysis", "SchedulerStats", "SourceCounters"]
# Named explicitly so the checks never depend on which section happens to collect them.
METRICS = ["dram__bytes_read.sum", "dram__bytes_write.sum",
           "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
           "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
           "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum"]


def ncu_command(ncu: str, report: Path, library: Path, rows: int, cols: int) -> list[str]:
    sections = [arg for s in SECTIONS for arg in ("--section", s)]
    return [ncu, "--clock-control", "none", *sections, "--metrics", ",".join(METRICS), "--nvtx", "--nvtx-include", f"softmax_forward {rows}x{cols}/",
            "--force-overwrite", "--export", str(report), sys.executable, "-m", "grader.child.profile_target",
            str(library), str(rows), str(cols)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="make profile LAB=02")
    p.add_argument("lab", nargs="?", default="02")
    p.add_argument("--submission", type=Path, default=REPO / "labs")
    args = p.parse_args(argv)
    lab = resolve_lab(args.lab, all_labs())
    if lab is None or lab.number != "02":
        print("make profile is for lab 02 (the tuned kernel)", file=sys.stderr)
        return 2
    ncu = shutil.which("ncu")
    if ncu is None:
        print("ncu (Nsight Compute) not found: profiling needs a machine with an NVIDIA GPU and Nsight Compute "
              "(see docs/en/no-gpu.md)", file=sys.stderr)
        return 1
    lab_dir = submission_lab_dir(args.submission.resolve(), lab)
    out = REPO / "build" / "profile"
    build = build_cuda(lab_dir / "softmax_tuned.cu", out, Device(True), f"{lab_dir.name}/softmax_tuned.cu")
    if not build.ok:
        print("softmax_tuned.cu does not compile:\n" + "\n".join(build.errors), file=sys.stderr)
        return 1
    report = lab_dir / "profile" / "softmax_tuned.ncu-rep"
    report.parent.mkdir(parents=True, exist_ok=True)
    if report.exists():
        shutil.copy2(report, report.with_name("softmax_tuned.prev.ncu-rep"))
    rows, cols = SETTINGS.representative_shape
    cmd = ncu_command(ncu, report, build.library, rows, cols)
    print("$ " + " ".join(cmd), flush=True)
    code, text = run_tool(cmd, cwd=REPO, timeout_s=600)
    print(text, end="")
    if code != 0 or not report.exists():
        print("profiling failed (see the output above)", file=sys.stderr)
        return 1
    print(f"wrote {report}\nnext: open it in Nsight Compute (or `ncu --import {report.name} --page details`) and "
          f"write profile/ANALYSIS.md naming the bottleneck, with at least two metric values from the report")
    return 0


if __name__ == "__main__":
    sys.exit(main())

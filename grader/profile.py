"""make profile LAB=02: record the Nsight Compute profile of the tuned kernel of the open track.

Writes <submission>/02-tuned-kernel/profile/<stem>_tuned.ncu-rep, at the representative size, with
the sections the grader and the analysis need. An earlier report is kept as <stem>_tuned.prev.ncu-rep.
This runs your own code on your own machine, as `make run` does: it is a tool, not the grader. It takes the
grader's locks of this GPU (grader/gpu_lock.py) as a profiled check does: no grading of this machine measures a
speed, or runs its own Nsight Compute check, while this profile records.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from grader import phase
from grader.build import build_cuda
from grader.checks.own_kernels import find_ncu
from grader.context import docs_root
from grader.discover import REPO, submission_lab_dir
from grader.gpu_lock import GpuLock
from grader.ops import KERNELS, get
from grader.pipeline import probe_device
from grader.registry import all_labs, resolve_lab
from grader.runner import run_tool
from grader.sandbox import Sandbox

# The four sections the lab asks for, plus what the feedback reads (warp stalls, source-level hot spots).
SECTIONS = ["SpeedOfLight", "MemoryWorkloadAnalysis", "MemoryWorkloadAnalysis_Tables", "Occupancy", "LaunchStats",
            "WarpStateStats", "ComputeWorkloadAnalysis", "SchedulerStats", "SourceCounters"]
# Named explicitly so the checks never depend on which section happens to collect them.
METRICS = ["dram__bytes_read.sum", "dram__bytes_write.sum",
           "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
           "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
           "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum"]


def ncu_command(ncu: str, report: Path, library: Path, spec) -> list[str]:
    sections = [arg for s in SECTIONS for arg in ("--section", s)]
    label = f"{spec.abi.symbol} {spec.label(spec.representative)}"
    return [ncu, "--clock-control", "none", *sections, "--metrics", ",".join(METRICS), "--nvtx", "--nvtx-include",
            f"{label}/", "--force-overwrite", "--export", str(report), sys.executable, "-m",
            "grader.workers.profile_target", spec.name, str(library)]


def run_ncu(cmd: list[str], lock: GpuLock) -> tuple[int, str]:
    """Nsight Compute serialises its sessions through a file in the temporary folder, which a grading's sandbox does
    not share: without the grader's profiler lock, a grading's profiled check and this profile would compete for the
    GPU's profiler until one timed out. The shared GPU lock keeps measurements away from the profiler's replays."""
    with lock.profiler(), lock.shared():
        return run_tool(cmd, cwd=REPO, timeout_s=600)


def report_folder_problem(lab_dir: Path, report: Path) -> str | None:
    """Why the report cannot be written where it goes, or None. The profile folder must be a folder of the lab's own,
    not a link: one that led elsewhere (`profile -> ../../../solutions/02-tuned-kernel/profile`, for a profile of a
    learner's SUBMISSION) had the report written there, and the file of that name moved to .prev (red team, session 58).
    The report's own names may be links: they are replaced, never followed."""
    folder = report.parent
    if folder.is_symlink():
        return (f"{folder} is a link (to {os.readlink(folder)}): the report is written only into a folder of the lab's "
                "own; replace the link with a folder and run again")
    if os.path.lexists(folder) and not folder.is_dir():
        return f"{folder} should be a folder, and a file is there: move it away and run again"
    if os.path.lexists(folder) and folder.resolve().parent != lab_dir.resolve():
        return f"{folder} is not inside {lab_dir}: the report is written only into a folder of the lab's own"
    return None


def record(report: Path, run) -> tuple[int, str]:
    """``run(recording)`` records into a file beside ``report``; only a run that succeeds and leaves a report
    replaces it, the report before it kept as <stem>.prev.ncu-rep. A failed or interrupted run leaves the learner's
    report and its .prev as they were (Nsight Compute's --force-overwrite wrote the graded path itself, and a second
    failed run overwrote the .prev with the first's output: helper nl57, session 57)."""
    recording = report.with_name(f".{report.stem}.recording.ncu-rep")
    previous = report.with_name(report.name.replace(".ncu-rep", ".prev.ncu-rep"))
    for path in (recording, report, previous):  # a folder at one of the names: os.replace and unlink raised
        if path.is_dir() and not path.is_symlink():
            return 1, f"{path} is a folder, where a report goes: move it away and run again; nothing was recorded\n"
    text = ""
    try:
        recording.unlink(missing_ok=True)
        print("$ recording into " + recording.name, flush=True)
        code, text = run(recording)
        if code != 0 or not recording.is_file() or recording.stat().st_size == 0:
            return code or 1, text
        if report.exists():
            os.replace(report, previous)
        os.replace(recording, report)
        return 0, text
    except KeyboardInterrupt:
        return 130, "interrupted: nothing was replaced\n"
    except OSError as e:
        return 1, text + f"the report could not be put in place ({e}); the report before it is as it was\n"
    finally:
        try:
            recording.unlink(missing_ok=True)
        except OSError:
            pass


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="make profile LAB=02")
    p.add_argument("lab", nargs="?", default="02")
    p.add_argument("--submission", type=Path, default=REPO / "labs")
    p.add_argument("--kernel", choices=KERNELS, default=None)
    args = p.parse_args(argv)
    spec = get(args.kernel or phase.kernel())
    lab = resolve_lab(args.lab, all_labs(spec.name))
    if lab is None or lab.number != "02":
        print("make profile is for lab 02 (the tuned kernel)", file=sys.stderr)
        return 2
    source = f"{spec.stem}_tuned.cu"
    lab_dir = submission_lab_dir(args.submission.resolve(), lab)
    report = lab_dir / "profile" / f"{spec.stem}_tuned.ncu-rep"
    if why := report_folder_problem(lab_dir, report):
        print(why, file=sys.stderr)
        return 1
    ncu = find_ncu()
    if ncu is None:
        print("ncu (Nsight Compute) not found: profiling needs a machine with an NVIDIA GPU and Nsight Compute "
              f"(see {docs_root()}/no-gpu.md)", file=sys.stderr)
        return 1
    device = probe_device()
    if not device.has_cuda:
        print(f"no CUDA device here ({device.reason}): profiling needs a GPU (see {docs_root()}/no-gpu.md)",
              file=sys.stderr)
        return 1
    out = REPO / "build" / "profile"
    build = build_cuda(lab_dir / source, out, device, f"{lab_dir.name}/{source}", spec, box=Sandbox(None, "make profile"))
    if not build.ok:
        print(f"{source} does not compile:\n" + "\n".join(build.errors), file=sys.stderr)
        return 1
    report.parent.mkdir(parents=True, exist_ok=True)
    if why := report_folder_problem(lab_dir, report):  # again: the build ran in between
        print(why, file=sys.stderr)
        return 1
    code, text = record(report, lambda recording: run_ncu(ncu_command(ncu, recording, build.library, spec),
                                                          GpuLock.for_device(device)))
    print(text, end="")
    if code != 0:
        print("profiling failed (see the output above); your earlier report, if any, is as it was", file=sys.stderr)
        return 1
    print(f"wrote {report}\nnext: open it in Nsight Compute (or `ncu --import {report.name} --page details`) and "
          f"write profile/{spec.stem}_tuned.md naming the bottleneck, with at least two metric values from the report")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C: no traceback; nothing of the learner's was being written
        print("\nmake profile: interrupted", file=sys.stderr)
        sys.exit(130)

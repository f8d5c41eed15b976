"""discover -> build -> run -> check: grade a list of labs, return every result.

The judge's side of the trust boundary: it stages the learner's files, builds them in the sandbox,
starts workers to run them, and decides every verdict from what it verifies itself. Learner
mistakes are results. A bug in the grader raises ``GraderBug``; the CLI turns it into exit code 3
so it never costs the learner points.
"""
from __future__ import annotations

import os
import random
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from grader import sandbox
from grader.build import build_cuda, nvcc_path
from grader.channel import BadReply
from grader.context import Context, Device
from grader.discover import REPO, stage_lab
from grader.ops import get as get_op
from grader.registry import Check, Lab
from grader.results import Result, Status, failed, not_run, skipped
from grader.runner import run_tool

PROGRESS = os.environ.get("GRADER_PROGRESS") == "1"  # one line per check on stderr, as it starts
NO_DEVICE_HINT = "grade on a machine with an NVIDIA GPU (sm_80 or newer); see docs/en/no-gpu.md"


class GraderBug(Exception):
    """Something went wrong in the grader itself."""


@dataclass
class LabReport:
    lab: Lab
    results: list[tuple[Check, Result]]
    seconds: float
    timings: dict[str, float] = field(default_factory=dict)  # check id -> seconds


@dataclass
class Run:
    device: Device
    seed: int
    submission: Path
    learner: str | None
    workroot: Path
    kernel: str
    isolation: str = ""
    labs: list[LabReport] = field(default_factory=list)
    seconds: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)  # stage -> seconds


def probe_device() -> Device:
    """The judge's own look at the GPU (torch is trusted code). GRADER_FORCE_CPU=1 pretends there is none."""
    import platform

    versions: dict = {"python": platform.python_version()}
    nvcc = nvcc_path()
    if nvcc:
        code, out = run_tool([nvcc, "--version"], timeout_s=30)
        versions["nvcc"] = out.strip().splitlines()[-1] if code == 0 and out.strip() else None
    try:
        import torch
        import triton

        versions.update(torch=torch.__version__, torch_cuda=torch.version.cuda, triton=triton.__version__)
    except Exception as exc:  # no torch: still a CPU-only grading, said plainly
        return Device(False, versions=versions, reason=f"cannot import torch: {exc}")
    if os.environ.get("GRADER_FORCE_CPU") == "1":
        return Device(False, versions=versions, reason="GRADER_FORCE_CPU=1")
    if not torch.cuda.is_available():
        return Device(False, versions=versions, reason="torch.cuda.is_available() is False")
    props = torch.cuda.get_device_properties(0)
    code, out = run_tool(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"], timeout_s=30)
    versions["driver"] = out.strip().splitlines()[0] if code == 0 and out.strip() else None
    return Device(True, props.name, (props.major, props.minor), props.multi_processor_count,
                  getattr(props, "L2_cache_size", 0), versions)


def choose_seed() -> int:
    env = os.environ.get("GRADER_SEED")
    return int(env) if env else random.SystemRandom().randrange(1, 2**31)


def run_check(check: Check, ctx: Context, done: dict[str, Result]) -> Result:
    if check.gpu and not ctx.device.has_cuda:
        return skipped("waits for a GPU", hint=NO_DEVICE_HINT)
    for parent in check.needs:
        status = done[parent].status
        if status == Status.SKIP:
            return skipped(f"needs {parent}, which was skipped")
        if status != Status.PASS:
            return not_run(f"needs {parent}, which did not pass")
    try:
        result = check.fn(ctx)
    except BadReply as exc:  # a worker's answer the judge could not use: the learner's process, not the grader
        return failed(f"the worker's answer was malformed: {exc}", hint=ctx.hint("troubleshooting"))
    except Exception as exc:
        raise GraderBug(f"check {check.id} raised {type(exc).__name__}: {exc}\n{traceback.format_exc()}") from exc
    if not isinstance(result, Result):
        raise GraderBug(f"check {check.id} returned {type(result).__name__}, not a Result")
    return result


def grade(labs: list[Lab], submission: Path, learner: str | None, workroot: Path, kernel: str) -> Run:
    start = time.monotonic()
    workroot.mkdir(parents=True, exist_ok=True)
    device = probe_device()
    box = sandbox.probe()
    run = Run(device, choose_seed(), submission, learner, workroot, kernel, box.describe())
    run.timings["set-up"] = time.monotonic() - start

    # discover + build: every lab's files staged, every CUDA source compiled, in parallel.
    t = time.monotonic()
    staged = {lab.number: stage_lab(lab, submission, workroot) for lab in labs}
    run.timings["discover"] = time.monotonic() - t
    t = time.monotonic()
    jobs = [(lab, src) for lab in labs for src in lab.cuda_sources]
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        futures = {(lab.number, src): pool.submit(
            build_cuda, staged[lab.number].stage / src, workroot / lab.name / "build", device,
            f"{staged[lab.number].submission}/{src}", get_op(lab.op), stub_solution=_solution(lab, src), box=box)
            for lab, src in jobs}
    builds = {key: f.result() for key, f in futures.items()}
    run.timings["build"] = time.monotonic() - t

    # run + check, lab by lab
    for lab in labs:
        lab_start = time.monotonic()
        s = staged[lab.number]
        ctx = Context(lab, get_op(lab.op), s.stage, s.submission, REPO, learner, device, run.seed,
                      workroot / lab.name / "runs", builds={src: builds[(lab.number, src)] for src in lab.cuda_sources},
                      discovery=dict(s.problems))
        done: dict[str, Result] = {}
        report = LabReport(lab, [], 0.0)
        try:
            for check in lab.checks:
                if PROGRESS:
                    print(f"[grader] {check.id} ...", file=sys.stderr, flush=True)
                t = time.monotonic()
                done[check.id] = run_check(check, ctx, done)
                report.timings[check.id] = time.monotonic() - t
                report.results.append((check, done[check.id]))
        finally:
            for close in ctx.closers:
                close()  # every worker of the lab, and everything it started, killed and reaped
        report.seconds = time.monotonic() - lab_start
        run.labs.append(report)
    run.seconds = time.monotonic() - start
    return run


def _solution(lab: Lab, source: str) -> str | None:
    """The reference solution of a learner file, to tell an untouched stub (None when not published)."""
    path = REPO / "solutions" / lab.name / source
    return path.read_text() if path.is_file() else None

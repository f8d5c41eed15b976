"""discover -> build -> run -> check: grade a list of labs, return every result.

Learner mistakes are results. A bug in the grader raises ``GraderBug``; the CLI
turns it into exit code 3 so it never costs the learner points.
"""
from __future__ import annotations

import os
import random
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from grader.build import build_cuda, nvcc_path
from grader.config import SETTINGS
from grader.context import Context, Device
from grader.discover import REPO, stage_lab
from grader.registry import Check, Lab
from grader.results import Result, Status, not_run, skipped
from grader.runner import run_child, run_tool

NO_DEVICE_HINT = "grade on a machine with an NVIDIA GPU (sm_80 or newer); see docs/en/no-gpu.md"


class GraderBug(Exception):
    """Something went wrong in the grader itself."""


@dataclass
class LabReport:
    lab: Lab
    results: list[tuple[Check, Result]]
    seconds: float


@dataclass
class Run:
    device: Device
    seed: int
    submission: Path
    learner: str | None
    workroot: Path
    labs: list[LabReport] = field(default_factory=list)
    seconds: float = 0.0


def probe_device(workroot: Path) -> Device:
    """Ask a child process what CUDA device (if any) is here. GRADER_FORCE_CPU=1 pretends there is none."""
    versions: dict = {}
    nvcc = nvcc_path()
    if nvcc:
        code, out = run_tool([nvcc, "--version"], timeout_s=30)
        versions["nvcc"] = out.strip().splitlines()[-1] if code == 0 and out.strip() else None
    run = run_child("device_probe", {}, rundir=workroot / "device", timeout_s=60)
    facts = run.response or {}
    versions.update({k: facts.get(k) for k in ("python", "torch", "torch_cuda", "triton")})
    if os.environ.get("GRADER_FORCE_CPU") == "1":
        return Device(False, versions=versions, reason="GRADER_FORCE_CPU=1")
    if not facts.get("has_cuda"):
        reason = facts.get("reason") or f"device probe failed (see {run.log})"
        return Device(False, versions=versions, reason=reason)
    return Device(True, facts["name"], tuple(facts["capability"]), facts["sm_count"], facts.get("l2_bytes", 0),
                  versions)


def choose_seed() -> int:
    env = os.environ.get("GRADER_SEED")
    return int(env) if env else random.SystemRandom().randrange(1, 2**31)


def run_check(check: Check, ctx: Context, done: dict[str, Result]) -> Result:
    if check.gpu and not ctx.device.has_cuda:
        return skipped(f"no CUDA device ({ctx.device.reason})", hint=NO_DEVICE_HINT)
    for parent in check.needs:
        status = done[parent].status
        if status == Status.SKIP:
            return skipped(f"needs {parent}, which was skipped")
        if status != Status.PASS:
            return not_run(f"needs {parent}, which did not pass")
    try:
        result = check.fn(ctx)
    except Exception as exc:
        raise GraderBug(f"check {check.id} raised {type(exc).__name__}: {exc}\n{traceback.format_exc()}") from exc
    if not isinstance(result, Result):
        raise GraderBug(f"check {check.id} returned {type(result).__name__}, not a Result")
    return result


def grade(labs: list[Lab], submission: Path, learner: str | None, workroot: Path) -> Run:
    start = time.monotonic()
    workroot.mkdir(parents=True, exist_ok=True)
    run = Run(probe_device(workroot), choose_seed(), submission, learner, workroot)

    # discover + build: every lab's files staged, every CUDA source compiled, in parallel.
    staged = {lab.number: stage_lab(lab, submission, workroot) for lab in labs}
    jobs = [(lab, src) for lab in labs for src in lab.cuda_sources]
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        futures = {(lab.number, src): pool.submit(
            build_cuda, staged[lab.number].stage / src, workroot / lab.name / "build", run.device,
            f"{staged[lab.number].submission}/{src}") for lab, src in jobs}
    builds = {key: f.result() for key, f in futures.items()}

    # run + check, lab by lab
    for lab in labs:
        lab_start = time.monotonic()
        s = staged[lab.number]
        ctx = Context(lab, s.stage, s.submission, REPO, learner, run.device, run.seed, workroot / lab.name / "runs",
                      builds={src: builds[(lab.number, src)] for src in lab.cuda_sources})
        done: dict[str, Result] = {}
        results = []
        for check in lab.checks:
            done[check.id] = run_check(check, ctx, done)
            results.append((check, done[check.id]))
        run.labs.append(LabReport(lab, results, time.monotonic() - lab_start))
    run.seconds = time.monotonic() - start
    return run

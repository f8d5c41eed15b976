"""Helpers shared by the tests (plain module: test files import it by name)."""
from __future__ import annotations

import functools
import os
import time
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SUBMISSIONS = REPO / "tests" / "submissions"


@functools.cache
def cuda_available() -> bool:
    if os.environ.get("GRADER_FORCE_CPU") == "1":
        return False
    try:
        import torch

        return torch.cuda.is_available()
    except Exception:
        return False


def jobs_env() -> dict:
    """The environment of a grading a test starts. Under pytest -n, graders run side by side: each takes its
    share of the cores for its checks (a check mostly waits on its worker or the GPU: one per core). With GRADER_TEST_TRACE set to a folder, each grading writes its
    GRADER_TRACE there, named after the test (where a GPU test's time goes)."""
    env = {}
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    if workers > 1:
        env["GRADER_JOBS"] = str(max(2, (os.cpu_count() or 2) // workers))
    if os.environ.get("GRADER_TEST_TRACE"):
        test = os.environ.get("PYTEST_CURRENT_TEST", "test").split(" ")[0].split("::")[-1]
        name = "".join(c if c.isalnum() or c in "-_" else "_" for c in test)[:100]
        env["GRADER_TRACE"] = os.path.join(os.environ["GRADER_TEST_TRACE"], f"{name}-{time.time_ns()}.jsonl")
    return env


def nvcc_available() -> bool:
    return shutil.which("nvcc") is not None or Path("/usr/local/cuda/bin/nvcc").exists()


needs_nvcc = pytest.mark.skipif(not nvcc_available(), reason="nvcc not installed")


def spread_profiled(items: list) -> None:
    """On a GPU machine, the GPU tests whose grading has Nsight Compute watch a worker (marked `profiler`) are spread
    evenly over the first three quarters of the GPU tests, in place, the rest keeping their order. The machine has
    one profiler (grader/gpu_lock.py), and in file order its tests came in bunches: in docs/data/evidence-2026-12-01
    (call 1) it sat mostly idle for the first 100 s of `make test-gpu` and was the queue for its last 90. Spread out
    (about one in four), some two or three such gradings are under way at any time under pytest-xdist, each worker
    running its share in order (decision 149); all of them at once, longest first, lost (decisions 86 and 138)."""
    slots = [i for i, item in enumerate(items) if "gpu" in item.keywords]
    gpu = [items[i] for i in slots]
    watched = [item for item in gpu if "profiler" in item.keywords]
    if not watched or len(watched) == len(gpu):
        return
    rest = [item for item in gpu if "profiler" not in item.keywords]
    span = max(len(watched), (3 * len(gpu)) // 4)
    at = {round(k * span / len(watched)) for k in range(len(watched))}
    w, r = iter(watched), iter(rest)  # len(at) == len(watched): each position takes from one list
    for i, k in zip(slots, range(len(gpu))):
        items[i] = next(w) if k in at else next(r)


def half_filled(solution: Path, stubbed: set[int], folder: Path) -> Path:
    """``solution`` with only its regions numbered in ``stubbed`` (1, 2, ... in file order) left as the stub has them,
    written under ``folder`` by its name: a learner part way through a lab. The TODO ids are the stub's."""
    from grader.stubs import make_stub

    comment = "#" if solution.suffix == ".py" else "//"
    begin, end = f"{comment} BEGIN SOLUTION", f"{comment} END SOLUTION"
    out, k, inside = [], 0, False
    for line in solution.read_text().splitlines():
        mark = line.strip()
        if mark in (begin, end):
            k += mark == begin
            inside = mark == begin
            if k in stubbed:
                out.append(line)
            continue
        if inside and k not in stubbed and mark.startswith((f"{comment} TODO:", f"{comment} STUB:")):
            continue
        out.append(line)
    lab = solution.parent.name[:2]
    path = folder / solution.name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(make_stub("\n".join(out) + "\n", lab, path.name, first=min(stubbed)))
    return path

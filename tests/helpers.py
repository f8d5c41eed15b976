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


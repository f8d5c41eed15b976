"""Helpers shared by the tests (plain module: test files import it by name)."""
from __future__ import annotations

import functools
import os
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
    """Under pytest -n, graders run side by side: each takes its share of the cores for its checks."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    return {"GRADER_JOBS": str(max(2, (os.cpu_count() or 2) // (2 * workers)))} if workers > 1 else {}


def nvcc_available() -> bool:
    return shutil.which("nvcc") is not None or Path("/usr/local/cuda/bin/nvcc").exists()


needs_nvcc = pytest.mark.skipif(not nvcc_available(), reason="nvcc not installed")

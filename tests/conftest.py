"""Shared fixtures: run the grader as a learner would, and know whether there is a GPU."""
from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
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


def nvcc_available() -> bool:
    return shutil.which("nvcc") is not None or Path("/usr/local/cuda/bin/nvcc").exists()


def pytest_collection_modifyitems(config, items):
    if cuda_available():
        return
    skip = pytest.mark.skip(reason="no CUDA device: run `make test-gpu` on a GPU machine")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


needs_nvcc = pytest.mark.skipif(not nvcc_available(), reason="nvcc not installed")


class Graded:
    def __init__(self, rc: int, data: dict, stdout: str):
        self.rc, self.data, self.stdout = rc, data, stdout
        self.by_id = {t["extra_data"]["id"]: t for t in data.get("tests", [])}

    def status(self, cid: str) -> str:
        return self.by_id[cid]["extra_data"]["grader_status"]

    def output(self, cid: str) -> str:
        return self.by_id[cid]["output"]


@pytest.fixture
def grade(tmp_path):
    """grade(["00"], submission=path, env={...}) -> Graded, running `python -m grader` in a child."""

    def run(labs, submission=None, env=None, learner=None, timeout=900) -> Graded:
        out = tmp_path / f"results-{len(list(tmp_path.glob('results-*')))}.json"
        cmd = [sys.executable, "-m", "grader", *labs, "--json", str(out)]
        if submission is not None:
            cmd += ["--submission", str(submission)]
        if learner:
            cmd += ["--learner", learner]
        proc = subprocess.run(cmd, cwd=REPO, env={**os.environ, **(env or {})}, capture_output=True, text=True,
                              timeout=timeout)
        data = json.loads(out.read_text()) if out.exists() else {}
        return Graded(proc.returncode, data, proc.stdout + proc.stderr)

    return run

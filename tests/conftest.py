"""Fixtures: run the grader as a learner would; skip GPU tests without a GPU."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from grader import bytecode
from helpers import REPO, cuda_available, jobs_env, spread_profiled


def pytest_configure(config):
    if not hasattr(config, "workerinput"):  # once, in the process that hands out the tests (pytest -n)
        # Where torch came without bytecode: compiled once, while pytest-xdist starts its workers; the first
        # grading waits for it (grade, below). In a process of its own: the judge's runner, which starts the
        # warm-up, sweeps every child of its process that it did not start (grader/runner.py), and here those are
        # pytest-xdist's workers.
        if bytecode.folder() is not None and not bytecode.ready(bytecode.folder()):
            warming = subprocess.Popen([sys.executable, "-m", "grader.bytecode", "warm"], cwd=REPO,
                                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
            deadline = time.monotonic() + 10
            while warming.poll() is None and not bytecode.under_way() and time.monotonic() < deadline:
                time.sleep(0.02)  # until it holds the lock that the first grading waits on


def pytest_collection_modifyitems(config, items):
    if cuda_available():
        spread_profiled(items)
        return
    skip = pytest.mark.skip(reason="no CUDA device: run `make test-gpu` on a GPU machine")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


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
        bytecode.wait_for_warm_up()
        out = tmp_path / f"results-{len(list(tmp_path.glob('results-*')))}.json"
        cmd = [sys.executable, "-m", "grader", *labs, "--json", str(out)]
        if submission is not None:
            cmd += ["--submission", str(submission)]
        if learner:
            cmd += ["--learner", learner]
        work = {"GRADER_WORKROOT": str(tmp_path / "work"), **jobs_env()}  # tests may grade at once (pytest -n)
        proc = subprocess.run(cmd, cwd=REPO, env={**os.environ, **work, **(env or {})}, capture_output=True,
                              text=True, timeout=timeout)
        data = json.loads(out.read_text()) if out.exists() else {}
        return Graded(proc.returncode, data, proc.stdout + proc.stderr)

    return run

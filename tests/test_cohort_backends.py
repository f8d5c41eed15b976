"""A 13-learner cohort through the real grader, on both backends: a private single-node Slurm
cluster (slurmctld + slurmd) and the local worker pool. One task is killed while it grades; the
next run must complete the gradebook with nothing lost or duplicated.

Learners grade labs 00 and 03 only: both grade for real on a CPU (nvcc compiles; Triton's
interpreter and the MiniGPT port run). See tests/cohort/synthetic.py for who is who.
"""
from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from cohort import slurm_cluster
from grader import sandbox
from cohort.synthetic import BAD_ROWS, LEARNERS, fix_build, make_cohort
from helpers import REPO

pytestmark = pytest.mark.slow

# The hang control: the grader's own time limit for the MiniGPT port. Generous, because two
# gradings share the two cores of CI and the port alone takes ~5 s unloaded (17 s measured under a
# load average of 12, and a 20 s limit timed a right port out there).
GRADER_TIMEOUT_S = 30
KILLED_LEARNER = "ben"  # lab 03 (about 15 s): long enough to be killed in flight
CHANGED_LEARNER = "gus"  # a broken build, fixed between two runs
GRADED = sorted(n for n, (what, _) in LEARNERS.items() if what != "absent")


@pytest.fixture(scope="module")
def slurm(tmp_path_factory):
    """A running single-node cluster for this module's Slurm tests; SLURM_CONF points to it."""
    if gone := slurm_cluster.missing():
        why = f"Slurm is not installed (no {', '.join(gone)}); tests/cohort/install_slurm.sh installs it"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set: {why}")
        pytest.skip(why)
    cluster = slurm_cluster.Cluster(tmp_path_factory.mktemp("slurm"))
    try:
        cluster.start()
    except Exception:
        cluster.stop()
        raise
    yield cluster
    cluster.stop()


class Cohort:
    """The cohort command for one backend, run as an instructor would run it."""

    def __init__(self, backend: str, root: Path, env: dict):
        self.backend, self.root, self.env = backend, root, env
        self.roster = make_cohort(root)
        self.out = root / "out"

    def argv(self, *extra: str) -> list[str]:
        argv = [sys.executable, "-m", "grader.cohort", "--roster", str(self.roster), "--out", str(self.out),
                "--backend", self.backend, "--no-gpu", "--no-learner-profile", "-j", "2", *extra]
        if not sandbox.probe().isolated:  # a cohort requires the sandbox unless told otherwise
            argv.append("--no-require-isolation")
        if self.backend == "slurm":
            argv += ["--wait", "--partition", "debug", "--time", "10"]
        return argv

    def start(self, *extra: str) -> subprocess.Popen:
        return subprocess.Popen(self.argv(*extra), cwd=REPO, env=self.env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)

    def run(self, *extra: str) -> tuple[int, str]:
        proc = self.start(*extra)
        out, _ = proc.communicate(timeout=400)
        return proc.returncode, out

    def json(self, folder: str, name: str) -> dict | None:
        path = self.out / folder / f"{name}.json"
        return json.loads(path.read_text()) if path.exists() else None

    def gradebook(self) -> dict[str, dict]:
        with open(self.out / "gradebook.csv", newline="") as f:
            rows = list(csv.DictReader(f))
        names = [r["learner"] for r in rows]
        assert len(names) == len(set(names)), f"a learner appears twice in the gradebook: {names}"
        return {r["learner"]: r for r in rows}

    def statuses(self) -> dict[str, str]:
        return {name: row["status"] for name, row in self.gradebook().items()}

    def check(self, name: str, check_id: str) -> str:
        tests = self.json("results", name)["tests"]
        return next(t["extra_data"]["grader_status"] for t in tests if t["extra_data"]["id"] == check_id)

    def last_plan_tasks(self) -> list[str]:
        plans = sorted((self.out / "plans").glob("*.json"))
        return json.loads(plans[-1].read_text())["tasks"]

    def kill_while_grading(self, name: str, after_s: float = 3.0, timeout_s: float = 180) -> None:
        """Wait until the learner's task has graded for a few seconds, then kill it the backend's way."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            attempt = self.json("attempts", name)
            if attempt and attempt["state"] == "running":
                break
            time.sleep(0.2)
        else:
            pytest.fail(f"{name}'s task never started")
        time.sleep(after_s)
        if self.backend == "slurm":  # Slurm signals the task (SIGTERM), as a preemption or time limit would
            subprocess.run(["scancel", attempt["slurm"]["job"]], env=self.env, check=True)
        else:  # no warning at all: the OOM killer, a machine that goes down
            os.kill(attempt["pid"], signal.SIGKILL)

    def files_are_whole(self) -> None:
        """Every file a reader trusts parses; no learner has two; no temporary file is left over."""
        for folder in ("results", "attempts"):
            for path in (self.out / folder).iterdir():
                assert not path.name.startswith("."), f"left over: {path}"
                json.loads(path.read_text())
        names = sorted(p.stem for p in (self.out / "results").glob("*.json"))
        assert len(names) == len(set(names))


@pytest.fixture(params=["local", "slurm"])
def cohort(request, tmp_path):
    env = {**os.environ, "GRADER_TIMEOUT_S": str(GRADER_TIMEOUT_S)}
    env.pop("GRADER_SEED", None)
    if request.param == "slurm":
        env = {**env, **request.getfixturevalue("slurm").env}
    return Cohort(request.param, tmp_path, env)


def test_cohort_grades_resumes_after_a_killed_task_and_regrades_a_changed_one(cohort):
    # 1. The whole cohort; one task is killed while it grades.
    proc = cohort.start()
    cohort.kill_while_grading(KILLED_LEARNER)
    out, _ = proc.communicate(timeout=400)
    assert proc.returncode == 1, out  # incomplete: a learner killed, one missing, bad roster rows
    statuses = cohort.statuses()
    # a refused row of a valid name stays in the gradebook (an unknown lab); a bad name or a second row of a name not
    bad = {n for n, s in statuses.items() if s == "bad roster row"}
    assert bad == {"zed"}, out
    statuses = {n: s for n, s in statuses.items() if n not in bad}
    assert sorted(statuses) == sorted(LEARNERS), out
    assert statuses[KILLED_LEARNER] == "killed", cohort.gradebook()[KILLED_LEARNER]
    assert statuses["jon"] == "missing"
    assert {n: s for n, s in statuses.items() if n not in (KILLED_LEARNER, "jon")} == \
           {n: "graded" for n in GRADED if n != KILLED_LEARNER}, out
    assert cohort.json("results", KILLED_LEARNER) is None  # a killed task leaves no result behind
    cohort.files_are_whole()
    reason = cohort.gradebook()[KILLED_LEARNER]["reason"]
    assert ("cancelled (scancel)" if cohort.backend == "slurm" else "killed by SIGKILL") in reason, reason
    for line, _ in BAD_ROWS:
        assert f"roster line {line}:" in out

    # The grades themselves: real gradings, each for the reason its submission was made.
    book = cohort.gradebook()
    for name in ("ada", "cy", "lou", "max"):
        assert cohort.check(name, "00.build.compiles") == "PASS", name
    for name in ("fay", "gus", "kim"):
        assert cohort.check(name, "00.build.compiles") == "FAIL", name
    assert int(book["dee"]["total"]) <= int(book["ada"]["total"])  # untouched stubs never beat the solution
    assert cohort.check("eve", "03.triton.interpreter") != "PASS"
    assert cohort.check("hal", "03.port.runs") == "FAIL"  # the hang ...
    assert cohort.json("attempts", "hal")["seconds"] >= GRADER_TIMEOUT_S  # ... ran into the grader's time limit
    assert cohort.check("ivy", "03.triton.interpreter") == "FAIL"
    crash = next(t for t in cohort.json("results", "ivy")["tests"] if t["extra_data"]["id"] == "03.triton.interpreter")
    # the wild load is refused before it runs (decision 173): no SIGSEGV, a lesson that names it
    assert "tl.load outside the kernel's tensors, at an address far from every tensor" in crash["output"], \
        crash["output"]
    assert book["ada"]["00-hello-cuda"] == book["ada"]["total"] and book["ada"]["03-triton-and-pytorch"] == ""
    for name in GRADED:
        if name != KILLED_LEARNER:
            result = cohort.json("results", name)
            meta = result["extra_data"]["cohort"]
            assert int(book[name]["seed"]) == result["extra_data"]["seed"] == meta["seed"]
            assert result["extra_data"]["toolchain"] and result["extra_data"]["device"]
            assert meta["host"] and meta["grader_tree_hash"] and f"GRADER_SEED={meta['seed']}" in meta["command"]
            assert (meta["slurm"] is not None) == (cohort.backend == "slurm")
            assert (cohort.out / "logs" / f"{name}.log").read_text().startswith("# grade-cohort: learner")
    page = (cohort.out / "gradebook.html").read_text()
    assert "<svg" in page and "00.build.compiles" in page and KILLED_LEARNER in page

    # 2. The same command resumes: only the killed learner is graded; nothing else is touched.
    before = {n: (cohort.out / "results" / f"{n}.json").stat().st_mtime_ns for n in GRADED if n != KILLED_LEARNER}
    code, out = cohort.run()
    assert cohort.last_plan_tasks() == [KILLED_LEARNER], out
    assert code == 1, out  # still incomplete: jon has no submission, and the roster has bad rows
    statuses = cohort.statuses()
    assert statuses == {**{n: "graded" for n in GRADED}, "jon": "missing", "zed": "bad roster row"}, out
    assert cohort.check(KILLED_LEARNER, "03.triton.interpreter") == "PASS"  # the reference solution
    assert {n: (cohort.out / "results" / f"{n}.json").stat().st_mtime_ns for n in before} == before
    cohort.files_are_whole()
    assert sorted(p.stem for p in (cohort.out / "results").glob("*.json")) == GRADED

    # 3. A learner fixes their build: that submission (and only it) is graded again.
    fix_build(cohort.root, CHANGED_LEARNER)
    code, out = cohort.run()
    assert cohort.last_plan_tasks() == [CHANGED_LEARNER], out
    assert cohort.check(CHANGED_LEARNER, "00.build.compiles") == "PASS"
    assert cohort.statuses() == {**{n: "graded" for n in GRADED}, "jon": "missing", "zed": "bad roster row"}
    cohort.files_are_whole()


@pytest.fixture(params=["local", "slurm"])
def small_cohort(request, tmp_path):
    env = dict(os.environ)
    if request.param == "slurm":
        env.update(request.getfixturevalue("slurm").env)
    cohort = Cohort(request.param, tmp_path, env)
    cohort.roster.write_text("name,submission,labs\nada,clones/ada/labs,00\n")
    return cohort


def test_cohort_task_time_limit_marks_timed_out_and_the_next_run_retries(small_cohort):
    cohort = small_cohort
    code, out = cohort.run("--task-timeout", "2")  # grading lab 00 takes about 5 s here
    assert code == 1, out
    row = cohort.gradebook()["ada"]
    assert row["status"] == "timed out" and "task time limit (2 s)" in row["reason"], row
    attempt = cohort.json("attempts", "ada")
    assert attempt["status"] == "timed out" and 2 <= attempt["seconds"] < 15
    assert cohort.json("results", "ada") is None
    assert "timed out" in (cohort.out / "logs" / "ada.log").read_text()
    cohort.files_are_whole()
    if cohort.backend == "slurm":
        return  # the retry goes through the same code as the killed learner's, tested above on Slurm

    code, out = cohort.run()
    assert code == 0, out
    assert cohort.statuses() == {"ada": "graded"}
    assert cohort.json("results", "ada")["extra_data"]["cohort"]["seconds"] > 2


def test_local_run_stopped_by_a_signal_stops_its_tasks_and_keeps_the_gradebook(tmp_path):
    """A closed terminal or `kill`: the running tasks record themselves as killed, none is left behind."""
    cohort = Cohort("local", tmp_path, {**os.environ, "GRADER_TIMEOUT_S": str(GRADER_TIMEOUT_S)})
    cohort.roster.write_text("name,submission,labs\nhal,clones/hal/labs,03\nivy,clones/ivy/labs,03\n"
                             "ada,clones/ada/labs,00\n")
    proc = cohort.start()
    deadline = time.monotonic() + 120
    while not all((cohort.json("attempts", n) or {}).get("state") == "running" for n in ("hal", "ivy")):
        assert time.monotonic() < deadline, "the tasks never started"
        time.sleep(0.2)
    time.sleep(2)
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 130, out
    assert cohort.statuses() == {"hal": "killed", "ivy": "killed", "ada": "missing"}, out
    assert "stopped by SIGTERM" in cohort.gradebook()["hal"]["reason"]
    cohort.files_are_whole()
    left = [p.info["cmdline"] for p in psutil.process_iter(["cmdline"])
            if any(str(cohort.out) in part for part in (p.info["cmdline"] or []))]
    assert left == [], left

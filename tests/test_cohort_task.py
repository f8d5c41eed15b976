"""The per-learner task's decisions, without running the grader: the command it runs, how it reads
the grader's exit, and that two tasks never grade the same learner at once."""
from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cohort import fake
from grader.cohort import store, task
from grader.cohort.store import Layout
from helpers import REPO


def test_task_passes_the_grading_options_to_the_grader(tmp_path):
    record = {"name": "ann", "labs": ["00", "02"], "submission": "/srv/ann/labs"}
    options = {"kernel": "gemm", "require_isolation": True, "learner_profile": True}
    cmd = task.grader_command(record, options, tmp_path / "results.json")
    assert cmd[1:] == ["-m", "grader", "00", "02", "--submission", "/srv/ann/labs", "--json",
                       str(tmp_path / "results.json"), "--learner", "ann", "--kernel", "gemm", "--require-isolation"]
    plain = task.grader_command(record, {"kernel": None, "require_isolation": False, "learner_profile": False},
                                tmp_path / "r.json")
    assert "--kernel" not in plain and "--learner" not in plain and "--require-isolation" not in plain
    shown = task.reproduce(cmd, 4242, "ab" * 32)
    assert shown.startswith("GRADER_SEED=4242 python -m grader 00 02 --submission /srv/ann/labs --json results.json")


@pytest.mark.parametrize("code, data, timed_out, status, words", [
    (0, {"tests": [], "score": 1}, False, "graded", ""),
    (1, {"tests": [], "score": 0}, False, "graded", ""),  # a failed check is a grade
    (1, None, False, "failed to grade", "without a readable results.json"),
    (2, None, False, "failed to grade", "usage error"),
    (3, None, False, "failed to grade", "internal error in the grader"),
    (4, None, False, "failed to grade", "grading voided"),
    (-9, None, False, "failed to grade", "killed by SIGKILL"),
    (None, None, True, "timed out", "task time limit (5 s)"),
])
def test_task_reads_the_grader_exit(tmp_path, code, data, timed_out, status, words):
    log = tmp_path / "grader.log"
    log.write_text("some output\nlast line of the grader\n")
    got, reason = task.verdict(code, timed_out, data, 5.0, log)
    assert got == status and words in reason
    if status == "failed to grade":
        assert reason.endswith("last line of the grader")


def test_a_usage_error_is_the_reason_not_the_help_line_after_it(tmp_path):
    """A linked labs/ folder made the grader exit 2; the gradebook showed only its last line, the pointer to --help."""
    log = tmp_path / "grader.log"
    log.write_text("usage error: --submission /c/alice/labs is a symbolic link: grade the folder itself (/c/bob/labs)\n"
                   "run `python -m grader --help` for the options\n")
    status, reason = task.verdict(2, False, None, 5.0, log)
    assert status == "failed to grade" and reason.endswith("is a symbolic link: grade the folder itself (/c/bob/labs)")


def test_task_leaves_a_learner_to_the_task_already_grading_it(tmp_path):
    fake.submission(tmp_path, "ann")
    plan = fake.plan(tmp_path, ["ann,clones/ann/labs,00"])
    layout = Layout(Path(plan["out"]))
    plan_file = layout.plans / f"{plan['id']}.json"
    layout.workdir("ann").mkdir(parents=True)
    with open(layout.workdir("ann") / ".task.lock", "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        proc = subprocess.run([sys.executable, "-m", "grader.cohort", "task", "--plan", str(plan_file), "--index", "0"],
                              cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "another task is grading" in proc.stdout
    assert not layout.attempt("ann").exists() and not layout.result("ann").exists()


def test_task_with_a_bad_index_is_a_usage_error(tmp_path):
    fake.submission(tmp_path, "ann")
    plan = fake.plan(tmp_path, ["ann,clones/ann/labs,00"])
    plan_file = Path(plan["out"]) / "plans" / f"{plan['id']}.json"
    proc = subprocess.run([sys.executable, "-m", "grader.cohort", "task", "--plan", str(plan_file), "--index", "5"],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "no task 5" in proc.stderr


def test_task_that_fails_itself_records_it_and_writes_no_grade(tmp_path):
    fake.submission(tmp_path, "ann")
    plan = fake.plan(tmp_path, ["ann,clones/ann/labs,00"])
    layout = Layout(Path(plan["out"]))
    layout.workdir("ann").mkdir(parents=True)
    (layout.workdir("ann") / "tree").write_text("a file where the task's grader tree goes")
    proc = subprocess.run([sys.executable, "-m", "grader.cohort", "task", "--plan",
                           str(layout.plans / f"{plan['id']}.json"), "--index", "0"],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    attempt = store.read_json(layout.attempt("ann"))
    assert attempt["state"] == "finished" and attempt["status"] == "failed to grade"
    assert "the cohort task itself failed" in attempt["reason"]
    assert not layout.result("ann").exists() and "failed to grade" in layout.log("ann").read_text()


def test_a_submission_that_cannot_be_read_is_that_learners_result_not_a_crash(tmp_path, monkeypatch):
    """A read of the learner's files that raises (an I/O error, a path the hash cannot follow) ended the task with a
    traceback before anything was recorded; it is now the learner's failed result, saying why, and nothing is graded."""
    import errno

    fake.submission(tmp_path, "ann")
    plan = fake.plan(tmp_path, ["ann,clones/ann/labs,00"])
    layout = Layout(Path(plan["out"]))

    def unreadable(submission, *args):
        raise OSError(errno.EIO, "Input/output error", str(submission / "00-hello-cuda" / "vector_add.cu"))

    monkeypatch.setattr(task, "submission_hash", unreadable)
    monkeypatch.setattr(task.Stop, "install", classmethod(lambda cls: None))  # pytest keeps its own signal handlers
    assert task.run_task(layout.plans / f"{plan['id']}.json", 0) == 1
    attempt = store.read_json(layout.attempt("ann"))
    assert attempt["status"] == "failed to grade" and attempt["grader_exit"] is None, attempt
    assert "could not be read (Input/output error: " in attempt["reason"] and "vector_add.cu" in attempt["reason"]
    assert not layout.result("ann").exists() and "could not be read" in layout.log("ann").read_text()


@pytest.mark.slow  # grades lab 00 (an nvcc build)
def test_the_graders_read_hash_is_the_cohorts_submission_hash(tmp_path):
    """A grade is kept only when what the grader read (its results' read_hash) is what the cohort hashed: a file
    swapped in while the grader staged it, and swapped back before the hash after grading, gave a grade for code
    the learner's folder never held (red team, session 13)."""
    import json
    import shutil

    labs = tmp_path / "ann" / "labs"
    shutil.copytree(REPO / "solutions" / "00-hello-cuda", labs / "00-hello-cuda")
    listing_path, results = tmp_path / "listing.json", tmp_path / "results.json"
    env = {**os.environ, "GRADER_WORKROOT": str(tmp_path / "work"), "GRADER_FORCE_CPU": "1"}
    subprocess.run([sys.executable, "-m", "grader", "--list", "--json", str(listing_path)], cwd=REPO, env=env,
                   check=True, capture_output=True, timeout=120)
    listing = json.loads(listing_path.read_text())
    proc = subprocess.run([sys.executable, "-m", "grader", "00", "--submission", str(labs), "--learner", "ann",
                           "--json", str(results)], cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    read = json.loads(results.read_text())["extra_data"]["read_hash"]
    assert read == store.submission_hash(labs, ["00"], listing, "ann")  # lab 00 alone: no profile read
    (labs / "00-hello-cuda" / "vector_add.cu").write_text("// another file\n")
    assert read != store.submission_hash(labs, ["00"], listing, "ann")


def test_a_learners_grading_has_its_own_work_folder_and_no_inherited_grader_settings(tmp_path):
    """GRADER_WORKROOT passed on to every learner had two gradings stage and build in one folder: a broken file passed
    on a classmate's build (red team, session 13). GRADER_NO_SANDBOX, GRADER_FORCE_CPU and a shared cache are not
    passed on either; the tuning settings are."""
    from grader.cohort.task import grader_env

    inherited = {"PATH": "/usr/bin", "GRADER_WORKROOT": "/shared", "GRADER_NO_SANDBOX": "1", "GRADER_FORCE_CPU": "1",
                 "GRADER_CACHE": "/shared/cache", "GRADER_SEED": "5", "GRADER_TIMEOUT_S": "90", "GRADER_JOBS": "2",
                 "GRADER_PRIVATE": "/nothing"}
    env = grader_env(inherited, 42, tmp_path / "tree", tmp_path / "work" / "ann" / "grading", tmp_path)
    assert env["GRADER_WORKROOT"] == str(tmp_path / "work" / "ann" / "grading")
    assert env["GRADER_CACHE"].startswith(env["GRADER_WORKROOT"]) and env["GRADER_SEED"] == "42"
    assert "GRADER_NO_SANDBOX" not in env and "GRADER_FORCE_CPU" not in env
    assert (env["GRADER_TIMEOUT_S"], env["GRADER_JOBS"], env["PATH"]) == ("90", "2", "/usr/bin")
    assert env["GRADER_PRIVATE"] == str(tmp_path.resolve()), "the cohort's folder must be private to every sandbox"
    # The other learners' submissions too (session 30): a course's clones under /opt, a folder the sandbox shows,
    # were readable by a classmate's worker. A folder that is not there (a learner without one) is left out.
    (tmp_path / "clones" / "bob").mkdir(parents=True)
    env = grader_env(inherited, 42, tmp_path / "tree", tmp_path / "work" / "ann" / "grading", tmp_path / "out",
                     [str(tmp_path / "clones" / "bob"), str(tmp_path / "clones" / "gone")],
                     mine=str(tmp_path / "clones" / "ann"))
    assert env["GRADER_PRIVATE"].split(os.pathsep) == [str((tmp_path / "out").resolve()),
                                                       str((tmp_path / "clones" / "bob").resolve())]
    # A clone whose labs/ the roster names is private whole (session 35): its .git holds every committed version of
    # the labs, and learners/bob/profile.md is graded. Not a folder that holds this learner's own submission.
    (tmp_path / "opt" / "bob" / "labs").mkdir(parents=True)
    (tmp_path / "opt" / "ann" / "labs").mkdir(parents=True)
    env = grader_env(inherited, 42, tmp_path / "tree", tmp_path / "work" / "ann" / "grading", tmp_path / "out",
                     [str(tmp_path / "opt" / "bob" / "labs")], mine=str(tmp_path / "opt" / "ann" / "labs"))
    assert env["GRADER_PRIVATE"].split(os.pathsep)[1] == str((tmp_path / "opt" / "bob").resolve())
    # A clone that keeps the course a folder down (bob/course/labs): the clone's root, the folder with the .git, is
    # hidden, not only course/ (red team rt35b).
    (tmp_path / "deep" / "bob" / "course" / "labs").mkdir(parents=True)
    (tmp_path / "deep" / "bob" / ".git").mkdir()
    (tmp_path / "deep" / "ann" / "labs").mkdir(parents=True)
    env = grader_env(inherited, 42, tmp_path / "tree", tmp_path / "work" / "ann" / "grading", tmp_path / "out",
                     [str(tmp_path / "deep" / "bob" / "course" / "labs")], mine=str(tmp_path / "deep" / "ann" / "labs"))
    assert env["GRADER_PRIVATE"].split(os.pathsep)[1] == str((tmp_path / "deep" / "bob").resolve())


def test_a_grade_from_another_grader_tree_is_graded_again():
    """Red team, session 35: a cohort graded again after a grader fix kept every grade made before it (the resume
    key compared the submission, the labs and the options, never the grader). A grade made by another tree no longer
    stands; one from the same tree does, and a plan made before the tree was part of the key compares none."""
    from grader.cohort.plan import mismatch

    record = {"hash": "s1", "labs": ["00"]}
    meta = {"submission_hash": "s1", "labs": ["00"], "kernel": "softmax", "gpu": False, "learner_profile": False,
            "grader_tree_hash": "a" * 64}
    options = {"kernel": "softmax", "gpu": False, "learner_profile": False}
    assert mismatch(meta, record, {**options, "grader_tree_hash": "a" * 64}) is None
    assert mismatch(meta, record, options) is None
    why = mismatch(meta, record, {**options, "grader_tree_hash": "b" * 64})
    assert why == f"the grader changed since it was graded (tree {'a' * 16}, now {'b' * 16})"


def test_a_learners_workers_write_in_a_scratch_folder_of_the_task_removed_after_the_grader(tmp_path, monkeypatch):
    """A grader stopped at the task's time limit (or killed) could not remove its workers' folders in the host's
    /dev/shm, and what a worker wrote there stayed in memory (1.1 GiB: red team rtR, session 56). The task gives the
    grader a scratch folder of its own and removes it, whatever the grader left there."""
    fake.submission(tmp_path, "ann")
    plan = fake.plan(tmp_path, ["ann,clones/ann/labs,00"])
    layout = Layout(Path(plan["out"]))
    scratch_root = tmp_path / "shm"
    scratch_root.mkdir()
    monkeypatch.setenv("GRADER_SCRATCH", str(scratch_root))
    seen = {}

    def grader_leaves_a_worker_folder(cmd, *, cwd, env, log, timeout_s):
        seen["scratch"] = Path(env["GRADER_SCRATCH"])
        (seen["scratch"] / "grader-port-x").mkdir()
        (seen["scratch"] / "grader-port-x" / "outputs.npz").write_bytes(b"\0" * 4096)
        return None, True  # stopped at the task's time limit

    monkeypatch.setattr(task, "run_grader", grader_leaves_a_worker_folder)
    monkeypatch.setattr(task.Stop, "install", classmethod(lambda cls: None))
    task.run_task(layout.plans / f"{plan['id']}.json", 0)
    assert seen["scratch"].parent == scratch_root and seen["scratch"].name.startswith("grader-task-ann-")
    assert list(scratch_root.iterdir()) == [], "the grader's scratch folder outlived its task"
    assert store.read_json(layout.attempt("ann"))["status"] == "timed out"

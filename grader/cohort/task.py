"""One learner's grading: the single entry point both backends run (a Slurm array task, a local worker).

    python -m grader.cohort task --plan OUT/plans/<id>.json --index N

The task runs the grader's CLI (``python -m grader``) from its own copy of the frozen grader tree,
with a seed it chose (so even a failed attempt can be reproduced), under the cohort's time limit.
It writes, in this order and each atomically: OUT/results/<learner>.json (only when graded),
OUT/logs/<learner>.log, OUT/attempts/<learner>.json. Its attempt record says "running" from the
start, so a task killed without warning (SIGKILL, a node that dies) is visible as such afterwards.
"""
from __future__ import annotations

import contextlib
import ctypes
import fcntl
import os
import platform
import random
import shlex
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psutil

from grader.cohort.plan import mismatch, now, read_result
from grader.cohort.store import Layout, link_tree, read_json, submission_hash, write_atomic, write_json
from grader.runner import log_safe

GRADED, FAILED, TIMED_OUT, KILLED, MISSING = "graded", "failed to grade", "timed out", "killed", "missing"
EXIT_MEANING = {2: "usage error", 3: "internal error in the grader",
                4: "grading voided: the grader's own files changed while it ran"}
LOG_LIMIT = 4 << 20  # the finished log keeps the grader's last 4 MiB of output
PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER = 1, 36


class Stop:
    """The first SIGTERM/SIGINT/SIGHUP the task receives (Slurm's scancel, preemption, time limit, Ctrl-C)."""

    signum: int | None = None

    @classmethod
    def install(cls) -> None:
        def handler(signum, frame):
            cls.signum = cls.signum or signum

        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, handler)


def linux_prctl():
    """prctl(2) through libc, or None off Linux. Used for two best-effort guarantees below."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def kill_tree(pid: int) -> None:
    """SIGKILL a process and everything under it (the task is a subreaper: orphans stay under it)."""
    try:
        root = psutil.Process(pid)
        procs = root.children(recursive=True) + [root]
    except psutil.Error:
        return
    for proc in procs:
        try:
            proc.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(procs, timeout=10)


def kill_leftovers() -> None:
    """Anything the grader left running when it exited (the task reaps orphans as a subreaper)."""
    for child in psutil.Process().children(recursive=True):
        kill_tree(child.pid)


def slurm_ids() -> dict | None:
    env = os.environ
    if "SLURM_JOB_ID" not in env:
        return None
    array = env.get("SLURM_ARRAY_JOB_ID")
    task = env.get("SLURM_ARRAY_TASK_ID")
    return {"job_id": env["SLURM_JOB_ID"], "array_job_id": array, "array_task_id": task,
            "job": f"{array}_{task}" if array and task else env["SLURM_JOB_ID"],
            "node": env.get("SLURMD_NODENAME"), "partition": env.get("SLURM_JOB_PARTITION")}


def grader_command(record: dict, options: dict, results: Path) -> list[str]:
    cmd = [sys.executable, "-m", "grader", *record["labs"], "--submission", record["submission"],
           "--json", str(results)]
    if options.get("learner_profile"):
        cmd += ["--learner", record["name"]]
    if options.get("kernel"):
        cmd += ["--kernel", options["kernel"]]
    if options.get("require_isolation"):
        cmd.append("--require-isolation")
    return cmd


def reproduce(cmd: list[str], seed: int, tree_hash: str) -> str:
    """The command that grades this learner again with the same seed (from the same grader tree)."""
    shown = ["python", *cmd[1:]]
    shown[shown.index("--json") + 1] = "results.json"
    return f"GRADER_SEED={seed} {shlex.join(shown)}   # grader tree {tree_hash[:16]}"


def run_grader(cmd: list[str], *, cwd: Path, env: dict, log: Path, timeout_s: float) -> tuple[int | None, bool]:
    """Run the grader; returns (exit code or None when stopped, timed out?)."""
    prctl = linux_prctl()
    if prctl is not None:
        prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)

    def die_with_task():  # if the task is SIGKILLed, the kernel kills the grader too
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

    with open(log, "ab") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, preexec_fn=die_with_task)
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                code = proc.wait(timeout=0.25)
                break
            except subprocess.TimeoutExpired:
                pass
            if Stop.signum is not None or time.monotonic() > deadline:
                kill_tree(proc.pid)
                proc.wait()
                kill_leftovers()
                return None, Stop.signum is None
    kill_leftovers()
    return code, False


@contextlib.contextmanager
def own_scratch(name: str):
    """A folder of this learner's grading for its workers' files, inside the scratch the grader would use (the host's
    /dev/shm, or GRADER_SCRATCH), removed once the grader is done. A grader stopped at the task's time limit, or
    killed, could not remove its workers' folders, and what a worker had written there stayed in the host's memory
    (1.1 GiB measured: red team rtR, session 56)."""
    import shutil
    import tempfile

    from grader.runner import scratch_root

    plain = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "_" for c in name)[:40]
    folder = Path(tempfile.mkdtemp(prefix=f"grader-task-{plain}-", dir=scratch_root()))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def graded_json(path: Path) -> dict | None:
    data = read_json(path)
    if data is None or not isinstance(data.get("tests"), list) or "score" not in data:
        return None
    return data


def last_line(log: Path) -> str:
    """The grader's own last word in its output: its last `usage error:` or `internal error` line, else its last line."""
    try:
        lines = [ln.strip() for ln in log.read_text(errors="replace").splitlines() if ln.strip()]
    except OSError:
        return ""
    said = [ln for ln in lines if ln.startswith(("usage error:", "internal error"))]
    return (said or lines or [""])[-1][:240]


def verdict(code: int | None, timed_out: bool, data: dict | None, timeout_s: float, log: Path) -> tuple[str, str]:
    if code in (0, 1) and data is not None:
        return GRADED, ""  # whole, even if a stop signal came just after
    if Stop.signum is not None:
        name = signal.Signals(Stop.signum).name
        return KILLED, f"stopped by {name} (scancel, preemption, the Slurm time limit or Ctrl-C); run again to retry"
    if timed_out:
        return TIMED_OUT, f"grading took longer than the task time limit ({timeout_s:g} s); run again to retry"
    if code is not None and code < 0:
        why = f"the grader was killed by {signal.Signals(-code).name}"
    elif code in (0, 1):
        why = f"the grader exited {code} without a readable results.json"
    else:
        why = f"the grader exited {code} ({EXIT_MEANING.get(code, 'unexpected exit code')})"
    tail = last_line(log)
    return FAILED, why + (f": {tail}" if tail else "")


def finished_log(header: list[str], grader_log: Path, footer: str) -> str:
    try:
        with open(grader_log, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - LOG_LIMIT))
            body = log_safe(f.read()).decode()  # the report escapes a learner's text; its other output too
    except OSError:
        body, size = "", 0
    cut = [f"# (the first {size - LOG_LIMIT} bytes of the grader's output were cut)"] if size > LOG_LIMIT else []
    return "\n".join(header + cut) + "\n" + body + ("" if body.endswith("\n") or not body else "\n") + footer + "\n"


# The grader's settings an instructor may tune for a whole cohort; every other GRADER_* of the task's environment is
# dropped. A shared GRADER_WORKROOT had learners graded on each other's files (two gradings staging and building in
# one folder: a broken file passed on a classmate's build); GRADER_NO_SANDBOX, GRADER_FORCE_CPU and a shared
# GRADER_CACHE would change what a grade means or let one learner's worker write what another's build reads.
GRADER_SETTINGS = ("GRADER_TIMEOUT_S", "GRADER_BLOCK_TIMEOUT_S", "GRADER_JOBS", "GRADER_LOCK_DIR", "GRADER_TRACE",
                   "GRADER_PROGRESS", "GRADER_WARM", "GRADER_NCU_READER", "GRADER_SCRATCH", "GRADER_PYCACHE")


def owned(submission: str, needed: list[str]) -> str:
    """What of a classmate's a grading must not see: the clone around their submission (its .git holds every committed
    version, learners/NAME/profile.md is graded too: red team, session 35), that is the highest folder above it with a
    .git, else the folder just above it; never a folder that holds what this grading needs (its own submission, the
    grader tree, its work folders), and then the submission's own folder."""
    sub = os.path.realpath(submission)

    def free(folder: str) -> bool:
        return folder != "/" and not any(p == folder or p.startswith(folder.rstrip("/") + "/") for p in needed)

    above = [os.path.dirname(sub)]
    while above[-1] != "/":
        above.append(os.path.dirname(above[-1]))
    clones = [f for f in above if free(f) and os.path.exists(os.path.join(f, ".git"))]
    return clones[-1] if clones else above[0] if free(above[0]) else sub


def grader_env(environ, seed: int, tree: Path, workroot: Path, out: Path, others: list[str] = (),
               mine: str | None = None) -> dict:
    """The environment of one learner's grading: the task's, less the grader settings not in GRADER_SETTINGS, with
    the learner's own work folder, seed and grader tree, and private to the sandbox (grader/sandbox.py's
    private_dirs hides them wherever they lie): the cohort's folder OUT (every learner's snapshot and results), and
    the other learners' submission folders, ``others`` (a course's clones under /opt, a folder the sandbox shows,
    were readable by a classmate's worker)."""
    env = {k: v for k, v in environ.items() if not k.startswith("GRADER_") or k in GRADER_SETTINGS}
    needed = [os.path.realpath(p) for p in (tree, workroot, out, *([mine] if mine else []))]
    private = [str(Path(out).resolve())] + [owned(p, needed) for p in others if os.path.isdir(p)]
    env.update(GRADER_SEED=str(seed), GRADER_WORKROOT=str(workroot), GRADER_CACHE=str(workroot / "cache"),
               GRADER_PRIVATE=os.pathsep.join(private), PYTHONPATH=str(tree))
    return env


def run_task(plan_path: Path, index: int) -> int:
    plan = read_json(plan_path)
    if plan is None or not 0 <= index < len(plan.get("tasks", [])):
        print(f"grade-cohort task: no task {index} in plan {plan_path}", file=sys.stderr)
        return 2
    Stop.install()
    layout = Layout(Path(plan["out"]))
    options = plan["options"]
    name = plan["tasks"][index]
    record = dict(next(r for r in plan["roster"]["learners"] if r["name"] == name))
    submission = Path(record["submission"])
    learner = name if options.get("learner_profile") else None
    unreadable = ""
    try:  # the learner's files: a path that cannot be read is this learner's result, never a crash of the task
        record["hash"] = submission_hash(submission, record["labs"], plan["listing"], learner) \
            if os.path.isdir(submission) else None
    except OSError as exc:
        record["hash"], unreadable = None, f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")

    workdir = layout.workdir(name)
    workdir.mkdir(parents=True, exist_ok=True)
    lock = open(workdir / ".task.lock", "a")  # noqa: SIM115  (held until the task exits)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        print(f"{name}: another task is grading this learner right now; leaving it to that task")
        return 0

    previous = read_result(layout, name)
    if previous is not None:
        meta = previous["extra_data"]["cohort"]
        again = meta.get("plan") == plan["id"]  # Slurm requeued a task that had already finished
        if again or (not options.get("regrade") and mismatch(meta, record, options) is None):
            print(f"{name}: already graded (attempt {meta.get('attempt')}); nothing to do")
            return 0

    seed = options["seed"] if options.get("seed") is not None else random.SystemRandom().randrange(1, 2**31)
    tree = workdir / "tree"
    results, grader_log = workdir / "results.json", workdir / "grader.log"
    cmd = grader_command(record, options, results)
    me = psutil.Process()
    attempt = {
        "learner": name, "attempt": uuid.uuid4().hex[:12], "plan": plan["id"], "backend": plan["backend"],
        "state": "running", "status": None, "reason": "",
        "submission": record["submission"], "submission_hash": record["hash"], "labs": record["labs"],
        **{k: options.get(k) for k in ("kernel", "gpu", "learner_profile", "require_isolation")},
        "seed": seed, "task_timeout": options["task_timeout"], "started": now(), "finished": None, "seconds": None,
        "grader_exit": None, "host": socket.gethostname(), "pid": me.pid, "pid_started": me.create_time(),
        "slurm": slurm_ids(),
        "cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES") if options.get("gpu") else "",
        "python": platform.python_version(), "platform": platform.platform(),
        "grader_tree": plan["grader_tree"], "grader_tree_hash": plan["grader_tree_hash"],
        "command": reproduce(cmd, seed, plan["grader_tree_hash"]), "log": str(layout.log(name)),
    }
    header = [f"# grade-cohort: learner {name}, attempt {attempt['attempt']}, plan {plan['id']}",
              f"# host {attempt['host']}, slurm {attempt['slurm']}, CUDA_VISIBLE_DEVICES={attempt['cuda_visible_devices']}",
              f"# started {attempt['started']}, task time limit {options['task_timeout']:g} s",
              f"# reproduce: {attempt['command']}"]

    start = time.monotonic()
    code, data = None, None
    try:
        if unreadable:
            status, reason = FAILED, (f"the submission could not be read ({unreadable}): make every file of it "
                                      "readable, then run the cohort again")
        elif os.path.isdir(submission):
            for stale in (results, grader_log):
                stale.unlink(missing_ok=True)
            link_tree(Path(plan["grader_tree"]), tree)
            write_json(layout.attempt(name), attempt)
            others = [r["submission"] for r in plan["roster"]["learners"] if r["name"] != name]
            env = grader_env(os.environ, seed, tree, workdir / "grading", layout.out, others, str(submission))
            if not options.get("gpu"):
                env["CUDA_VISIBLE_DEVICES"] = ""  # CPU-only grading: GPU checks are skipped, never half-run
            with own_scratch(name) as scratch:
                env["GRADER_SCRATCH"] = str(scratch)
                code, timed_out = run_grader(cmd, cwd=tree, env=env, log=grader_log,
                                             timeout_s=options["task_timeout"])
            data = graded_json(results) if code in (0, 1) else None
            status, reason = verdict(code, timed_out, data, options["task_timeout"], grader_log)
            device = (data.get("extra_data", {}).get("device") or {}) if isinstance(data, dict) else {}
            if status == GRADED and options.get("gpu") and not device.get("has_cuda"):
                # A GPU grading on a node whose GPU the grader could not use: its GPU checks were skipped, not failed,
                # and a grade without them is not the one asked for.
                status, reason = FAILED, (f"no GPU was usable on {socket.gethostname()} ({device.get('reason') or 'none seen'}): "
                                          "its GPU checks were skipped; run again on a GPU node")
            after = submission_hash(submission, record["labs"], plan["listing"], learner) if os.path.isdir(submission) else None
            read = data.get("extra_data", {}).get("read_hash") if isinstance(data, dict) else None
            if after != record["hash"] or (data is not None and read != record["hash"]):
                # What the grader read is not what was hashed before and after: a file changed while it was graded
                # (and perhaps back). No grade is kept for it; the next run grades it again.
                attempt["submission_hash"] = None
                status, reason = FAILED, "the submission changed while it was graded: run the cohort again to grade it"
        else:
            code, data, status = None, None, MISSING
            reason = f"no submission folder at {submission}"
    except Exception as exc:  # the task's own failure (a full disk, say): recorded, never a grade
        data, status, reason = None, FAILED, f"the cohort task itself failed: {type(exc).__name__}: {exc}"
    attempt.update(state="finished", status=status, reason=reason, grader_exit=code, finished=now(),
                   seconds=round(time.monotonic() - start, 2))

    if status == GRADED:
        data.setdefault("extra_data", {})["cohort"] = {k: v for k, v in attempt.items()
                                                       if k not in ("state", "status", "reason", "pid_started")}
        write_json(layout.result(name), data)
    footer = f"# finished {attempt['finished']}: {status} (grader exit {code}) in {attempt['seconds']} s" + \
             (f": {reason}" if reason else "")
    write_atomic(layout.log(name), finished_log(header, grader_log, footer))
    write_json(layout.attempt(name), attempt)
    print(f"{name}: {status}" + (f" {data['score']}/{data.get('extra_data', {}).get('max_score')}" if data else "")
          + f" in {attempt['seconds']} s" + (f" ({reason})" if reason else ""))
    if status == KILLED:
        return 128 + (Stop.signum or signal.SIGTERM)
    return 0 if status == GRADED else 1

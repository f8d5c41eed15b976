"""The local backend: the task entry point of task.py, run by a thread pool on this machine.

GPU grading runs one task per visible GPU at a time (CUDA_VISIBLE_DEVICES set to that GPU);
CPU-only grading runs ``max_running`` tasks at once. Each task is a child process in its own
session, started exactly as a Slurm array task starts it, so a task that dies (SIGKILL, the OOM
killer) takes everything it started with it and is recorded as killed.
"""
from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from grader.cohort.plan import now, plan_path, read_result
from grader.cohort.store import Layout, read_json, write_json
from grader.cohort.task import FAILED, GRADED, KILLED


def visible_gpus() -> list[str]:
    """The GPUs this process may use: CUDA_VISIBLE_DEVICES if set, else what nvidia-smi lists."""
    env = os.environ.get("CUDA_VISIBLE_DEVICES")
    if env is not None:
        ids = [d.strip() for d in env.split(",") if d.strip()]
        return [] if not ids or ids[0] == "-1" else ids
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return []
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [str(i) for i, line in enumerate(ln for ln in out.splitlines() if ln.startswith("GPU "))]


def task_env(plan: dict, gpu: str | None) -> dict:
    env = {**os.environ, "PYTHONPATH": plan["grader_tree"], "PYTHONDONTWRITEBYTECODE": "1"}
    if gpu is not None:
        env["CUDA_VISIBLE_DEVICES"] = gpu
    return env


def finalize_dead_task(layout: Layout, name: str, pid: int, returncode: int) -> None:
    """A task that ended without finishing its attempt record (killed, or failed itself): say how."""
    attempt = read_json(layout.attempt(name))
    if attempt is None or attempt.get("state") != "running" or attempt.get("pid") != pid:
        return
    if returncode < 0:
        status, reason = KILLED, f"the task was killed by {signal.Signals(-returncode).name}; run again to retry"
    else:
        status, reason = FAILED, (f"the task itself failed (exit {returncode}); see "
                                  f"{layout.workdir(name) / 'task.out'}")
    attempt.update(state="finished", status=status, reason=reason, finished=now())
    write_json(layout.attempt(name), attempt)


def run_local(plan: dict, layout: Layout, slots: list[str | None]) -> dict[str, int]:
    """Grade every task of the plan; returns each learner's task exit code. Ctrl-C stops cleanly."""
    path = plan_path(layout, plan)
    free: queue.Queue = queue.Queue()
    for slot in slots:
        free.put(slot)
    running: dict[str, subprocess.Popen] = {}
    lock = threading.Lock()
    stopping = threading.Event()
    codes: dict[str, int] = {}
    total = len(plan["tasks"])

    def one(index: int, name: str) -> None:
        slot = free.get()
        try:
            if stopping.is_set():
                return
            workdir = layout.workdir(name)
            workdir.mkdir(parents=True, exist_ok=True)
            with open(workdir / "task.out", "ab") as out:
                with lock:
                    proc = subprocess.Popen(
                        [sys.executable, "-m", "grader.cohort", "task", "--plan", str(path), "--index", str(index)],
                        cwd=plan["grader_tree"], env=task_env(plan, slot), stdin=subprocess.DEVNULL,
                        stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
                    running[name] = proc
                code = proc.wait()
            if code < 0:  # the task was killed: whatever of its session is still alive goes with it
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            finalize_dead_task(layout, name, proc.pid, code)
            attempt = read_json(layout.attempt(name)) or {}
            result = read_result(layout, name) if attempt.get("status") == GRADED else None
            shown = attempt.get("status") or f"task exit {code}"
            if result is not None:
                shown += f" {result['score']}/{result['extra_data'].get('max_score')}"
            shown += f" in {attempt['seconds']} s" if attempt.get("seconds") is not None else ""
            shown += f" ({attempt['reason']})" if attempt.get("reason") else ""
            with lock:
                running.pop(name, None)
                codes[name] = code
                print(f"[{len(codes)}/{total}] {name}: {shown}", flush=True)
        finally:
            free.put(slot)

    def interrupt(signum, frame):  # a closed terminal or a `kill` stops the run the way Ctrl-C does
        raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, interrupt) for sig in (signal.SIGTERM, signal.SIGHUP)}
    pool = ThreadPoolExecutor(max_workers=max(1, len(slots)), thread_name_prefix="cohort")
    futures = [pool.submit(one, i, name) for i, name in enumerate(plan["tasks"])]
    try:
        for future in futures:
            while True:  # short waits: a signal is handled between them
                try:
                    future.result(timeout=0.5)
                    break
                except TimeoutError:
                    continue
    except KeyboardInterrupt:
        stopping.set()
        print("interrupted: stopping the running tasks (they record themselves as killed)", file=sys.stderr)
        with lock:
            for proc in running.values():
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    pool.shutdown(wait=True)
    return codes

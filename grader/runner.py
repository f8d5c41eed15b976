"""The only module that starts processes for learner code.

A child is ``python -m grader.child.<module> <rundir>``. The parent writes
``rundir/request.json`` (and ``rundir/inputs.npz``); the child writes
``rundir/response.json`` (and ``rundir/outputs.npz``). Everything the child
prints goes to ``rundir/child.log``. The parent never trusts the child with a
verdict: it only reads raw outputs back and does all comparing itself.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent


@dataclass
class ChildRun:
    module: str
    rundir: Path
    returncode: int | None  # None when killed for running too long
    timed_out: bool
    elapsed_s: float
    timeout_s: float
    response: dict | None = None
    _outputs: dict | None = field(default=None, repr=False)

    @property
    def log(self) -> Path:
        return self.rundir / "child.log"

    @property
    def ok(self) -> bool:
        return not self.timed_out and self.returncode == 0 and self.response is not None

    @property
    def signal_name(self) -> str | None:
        if self.returncode is not None and self.returncode < 0:
            try:
                return signal.Signals(-self.returncode).name
            except ValueError:
                return f"signal {-self.returncode}"
        return None

    @property
    def outputs(self) -> dict[str, np.ndarray]:
        if self._outputs is None:
            path = self.rundir / "outputs.npz"
            self._outputs = dict(np.load(path, allow_pickle=False)) if path.exists() else {}
        return self._outputs

    def log_text(self, limit: int = 200_000) -> str:
        try:
            return self.log.read_text(errors="replace")[-limit:]
        except OSError:
            return ""


def run_child(
    module: str,
    request: dict,
    *,
    rundir: Path,
    timeout_s: float,
    arrays: dict[str, np.ndarray] | None = None,
    env: dict[str, str] | None = None,
) -> ChildRun:
    """Run ``grader.child.<module>`` in a fresh process with a wall-clock limit."""
    rundir.mkdir(parents=True, exist_ok=True)
    for stale in ("response.json", "outputs.npz", "child.log"):
        (rundir / stale).unlink(missing_ok=True)
    (rundir / "request.json").write_text(json.dumps(request, indent=1))
    if arrays:
        np.savez(rundir / "inputs.npz", **arrays)
    child_env = dict(os.environ)
    child_env["PYTHONPATH"] = str(REPO) + os.pathsep + child_env.get("PYTHONPATH", "")
    child_env["PYTHONUNBUFFERED"] = "1"
    child_env.update(env or {})
    start = time.monotonic()
    with open(rundir / "child.log", "wb") as log:
        # A new session, so that a hang is killed together with anything it started.
        proc = subprocess.Popen(
            [sys.executable, "-m", f"grader.child.{module}", str(rundir)],
            cwd=REPO, env=child_env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            returncode = proc.wait(timeout=timeout_s)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            returncode, timed_out = None, True
    elapsed = time.monotonic() - start
    response = None
    path = rundir / "response.json"
    if not timed_out and path.exists():
        try:
            response = json.loads(path.read_text())
        except (OSError, ValueError):
            response = None
    return ChildRun(module, rundir, returncode, timed_out, elapsed, timeout_s, response)


def run_tool(argv: list[str], *, cwd: Path | None = None, timeout_s: float = 120.0, env: dict | None = None):
    """Run a trusted tool (nvcc, nm, ncu). Returns (returncode or None on timeout, combined output)."""
    try:
        proc = subprocess.run(
            argv, cwd=cwd, env={**os.environ, **(env or {})}, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout_s,
        )
    except subprocess.TimeoutExpired as exc:
        out = exc.output.decode(errors="replace") if exc.output else ""
        return None, out
    except FileNotFoundError as exc:
        return 127, str(exc)
    return proc.returncode, proc.stdout.decode(errors="replace")

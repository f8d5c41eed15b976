"""Nsight Compute watching a sandboxed worker from outside it: the worker launched suspended (``launched_suspended``,
ncu inside its sandbox, waiting at the process's first CUDA call) and the ``attach`` that records what it runs, under
the machine's profiler lock. Lab 03's list of the kernels a call ran (own_kernels) and lab 02's report measured again
(profile) both use it; it gives no verdict and no hint of its own."""
from __future__ import annotations

import os
import threading
import time
import weakref
from subprocess import DEVNULL, Popen, TimeoutExpired

from grader import gpu_lock, runner, trace
from grader.build import ncu_path
from grader.checks.kernel_checks import new_worker


def find_ncu() -> str | None:
    return ncu_path()


def launched_suspended(ctx, module: str, folder: str, lane: str, *, env: dict, launch: tuple[str, ...] = (),
                       **options):
    """A GPU worker of this lab (not started) that Nsight Compute launches suspended, inside its sandbox
    (runner.Worker.wrapper_inside), its injected library listening on a loopback port of its own (gpu_lock.ncu_port,
    ``worker.ncu_port``) from the worker's first CUDA call on, for an ``attach`` under the machine's profiler lock. Its
    harness sets up no CUDA before its "cuda" command (GRADER_WARM=launched). ``launch``: options only the launching
    ncu takes (``--nvtx``: an attach refuses it). The port is given back by ``worker.ncu_port_release()`` once its try
    is over, or with the worker if it never runs."""
    port, hold = gpu_lock.ncu_port()
    wrapper = [find_ncu(), "--mode", "launch", "--target-processes", "all", "--port", str(port),
               "--max-connections", "1", *launch]
    worker = new_worker(ctx, module, folder, lane, gpu=True, env={**env, "GRADER_WARM": "launched"},
                        wrapper=wrapper, share_net=True, **options)
    worker.ncu_port = port
    worker.ncu_port_release = weakref.finalize(worker, os.close, hold) if hold is not None else (lambda: None)
    return worker


ATTACH_SPAN = 2  # the ports an attach looks at from its worker's: with one, it found no process (gpu_lock.ncu_port)
ATTACH_LIMIT_S = 20.0  # from the "cuda" command; an attach connected 3.4-4.5 s after it began, case and exit included
ATTACHED = "==PROF== Connected to process"  # what ncu's log says once it watches the process (2026-12-02c, call 3)
NOT_YET = "No attachable process found"  # the worker has not reached its first CUDA call: no port listens yet


# What the attach records: every kernel's name, one cheap metric each, as a CSV in its log. Lab 02's measured worker
# gives its own (grader/checks/profile.py: the report's metrics inside an NVTX range, exported as a report).
LISTING = ("--clock-control", "none", "--cache-control", "none", "--metrics", "gpu__time_duration.sum", "--csv")


def attach(ctx, worker, log, stop=None, limit_s: float = ATTACH_LIMIT_S,
           profiling: tuple[str, ...] = LISTING) -> tuple[Popen | None, str]:
    """(the ``ncu --mode attach`` process that watches ``worker`` from now until it ends, an error). Only under the
    machine's profiler lock: two sessions at once cross their records (grader/gpu_lock.py). ncu, a trusted program,
    runs outside the sandbox and writes the record there (the ncu that launched the worker runs inside it, around the
    harness: runner.Worker.wrapper_inside). The worker's injected library listens on
    its port only once the process has reached its first CUDA call and waits there (its "cuda" command: an attach
    after its start found no process, evidence 2026-12-02c, call 5), so an attach that finds none is tried again until
    ``limit_s`` or ``stop`` (a threading.Event). Returns once ncu says it is connected: none of the learner's kernels
    can have run before, the process waiting at its first CUDA call."""
    if not gpu_lock.profiler_held_here():
        raise RuntimeError("Nsight Compute attaches only while this process holds the machine's profiler lock "
                           "(grader/gpu_lock.py): mark its check profiled (grader/registry.py)")
    # LISTING leaves clocks and caches as they are: checks run beside, and only the kernels' names are read. With the
    # caches flushed before each kernel, 200 launches of a small Triton kernel took 1.95 s instead of 1.24 s, while the
    # case holds the GPU lock shared (an H200: docs/data/evidence-2026-11-29f, call 1).
    cmd = [find_ncu(), "--mode", "attach", "--hostname", "127.0.0.1", "--port", str(worker.ncu_port),
           "--max-connections", str(ATTACH_SPAN), *profiling, "--log-file", str(log)]
    deadline, error = time.monotonic() + limit_s, f"Nsight Compute did not attach in {limit_s:.0f} s"
    # What ncu prints besides its log (a refused option goes there, "Invalid option --nvtx specified for --mode attach",
    # and the log stays empty: docs/data/evidence-2026-12-03f, call 2) is kept beside the log, for the error.
    printed = log.with_name(log.name + ".out")
    while time.monotonic() < deadline and not (stop is not None and stop.is_set()):
        log.unlink(missing_ok=True)
        with open(printed, "wb") as out:
            proc = runner.start(cmd, stdin=DEVNULL, stdout=out, stderr=out, start_new_session=True)
        while time.monotonic() < deadline and not (stop is not None and stop.is_set()):
            said = log.read_text(errors="replace") if log.is_file() else ""
            if ATTACHED in said:
                return proc, ""
            if proc.poll() is not None:
                # Read again once it has ended: the log read above may predate its last words (a read between ncu's
                # opening the log and writing it, then its exit, saw nothing and gave up at the first "not yet").
                said = log.read_text(errors="replace") if log.is_file() else ""
                if ATTACHED in said:
                    return proc, ""
                said = said.strip() or (printed.read_text(errors="replace") if printed.is_file() else "")
                error = f"Nsight Compute could not attach: {' '.join(said.split())[-300:] or 'it said nothing'}"
                break
            time.sleep(0.05)
        stop_attach(proc, 0.0)
        if NOT_YET not in error:
            break
        time.sleep(0.1)
    return None, error


class Attaching:
    """``attach`` in a thread of its own, begun as the worker's "cuda" command is sent (serve.set_up_watched): the
    harness's first CUDA call waits there for the attach, and makes the context once it connects, before any learner
    code and outside the GPU lock (PHASE_24_PLAN decision 247). An attach that fails closes the worker, so that the
    command waits no longer; ``error`` then says why (Nsight Compute's, not the learner's: a lost start)."""

    def __init__(self, ctx, worker, log, profiling: tuple[str, ...] = LISTING):
        self.proc, self.error, self.stop, self.worker = None, "", threading.Event(), worker
        self.thread = threading.Thread(target=self._run, args=(ctx, log, profiling), daemon=True,
                                       name=f"{threading.current_thread().name}: ncu attach")
        self.thread.start()

    def _run(self, ctx, log, profiling) -> None:
        with trace.span("ncu attach"):
            self.proc, error = attach(ctx, self.worker, log, self.stop, profiling=profiling)
        if error and not self.stop.is_set():
            self.error = error
            self.worker.close(0.0)

    def connected(self, timeout_s: float = ATTACH_LIMIT_S + 5.0) -> bool:
        """Whether the attach connected, waited for (its own limit ends it first). The judge asks before it sends any
        learner code: the harness's first CUDA call waits for the attach, but the learner's code must not run unwatched
        whatever ncu does."""
        self.thread.join(timeout_s)
        return not self.thread.is_alive() and not self.error

    def end(self, grace_s: float) -> None:
        """Once the worker has ended: the attach's record written, or the attach given up."""
        self.stop.set()
        self.thread.join()
        proc, self.proc = self.proc, None  # once: a second end (a lab's closer) kills nothing by a reused pid
        stop_attach(proc, grace_s)


def stop_attach(proc: Popen | None, grace_s: float) -> None:
    """Wait ``grace_s`` for the attach to write its record and end (its process has ended), then kill it."""
    if proc is None:
        return
    root = runner._process(proc.pid)
    try:
        proc.wait(timeout=grace_s)
    except TimeoutExpired:
        pass
    finally:
        runner._track(proc.pid, False)
        runner.kill_tree(root)
        proc.wait()

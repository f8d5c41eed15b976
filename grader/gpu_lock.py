"""Who may use the GPU while a speed is measured: a reader-writer lock between every grader process of
the machine (flock on four files in the system's temporary folder, one set per GPU).

Work on the GPU holds the lock *shared* while it runs: each case (the worker's run and the judge's
reference and comparison), a worker's init, a port's run (a watched worker's too, once its harness has
started). A process's own set-up, before any learner code, holds nothing: CUDA's context at a worker's start and the
judge's, and the harness's warm-ups (a few kernels on a few elements: serve.warm_cuda, pipeline.warm_judge,
port.warm_port; PHASE_24_PLAN decision 238), and a watched worker's context, made as Nsight Compute attaches
(serve.set_up_watched; decision 247). The timed checks hold it *exclusive*, so that no other
grading (another lab of this run, another learner's grading, a test running at the same time) shares
the GPU with a measurement. Writers are preferred: once a measurement waits, no new shared holder
starts (the ``gate`` file is the turnstile), so a stream of short checks cannot starve it; holding
it per case rather than per check, a measurement waits for the cases in flight, not for whole checks
(nor for checks that only read what a run found). While this process holds it exclusive, its own
``shared()`` is free: the timed checks drive their workers as any check does.

The turnstile is held ARMED_S at a time. A case in flight may last minutes: Triton compiles a kernel at its
first launch, and a right kernel whose program holds a whole 524288-column row took 185 s in ptxas, holding
the lock shared (docs/data/evidence-2026-12-03c, call 1). Behind a turnstile held throughout, every grading
of the machine stopped for those minutes, though only the measurement had to wait (PHASE_24_PLAN decision
193). So a measurement that has not had the GPU after ARMED_S opens the turnstile for OPEN_S, letting the other
gradings' cases run, then closes it again, until the long case ends. The GPU is still never shared with a
measurement: the ``gpu`` file's exclusive flock is what admits it. Measurements take turns on a third file
(``queue``) first, so that only one of them works the turnstile at a time.

A measurement gives the turnstile back as soon as it has the GPU: the ``gpu`` file keeps every case out while it runs,
and a shared holder never waits on the ``gpu`` file while it holds the turnstile (it passes it, tries the GPU, and if
a measurement runs, waits for it to end and passes again). So the next measurement in the queue closes the turnstile
while this one runs, and takes the GPU the moment it ends: measurements that queue run back to back after one drain of
the cases in flight, not one drain each. Before, a measurement gave the turnstile back as it ended: every case that
waited ran in between, and each measurement queued drained them again: 28 of make test-gpu's 62 measurements arrived
while another waited or ran, and their own drains took 58.6 s of the 214.7 s a measurement was waiting or running (an
H100, docs/data/evidence-2026-12-05d, call 3; PHASE_24_PLAN decision 235).

The time a measurement waits while another one runs (it holds the fourth file, ``running``) is not counted in its
ARMED_S: what it waits for then is not a long case, and opening the turnstile would let cases in ahead of it.

A check that a profiler watches throughout (Nsight Compute) takes ``profiler()``, exclusive, for the whole check,
instead of one of its grading's slots and before any GPU lock: one such check at a time on the machine. Nsight Compute
serialises its own sessions through a lock file in the temporary folder, and a sandbox's private /tmp hides that
file from every other grading's session: run side by side, two sessions competed for the GPU's profiler until
their tries timed out (six gradings at once failed three Triton submissions that pass alone:
docs/data/evidence-2026-11-27f, calls 10 and 11). Sessions at once also cross their records: with watched workers
started before this lock, one grading's record listed another grading's Triton kernel, and a right submission failed
as running kernels not its own (docs/data/evidence-2026-12-02, call 6; PHASE_24_PLAN decision 175). So no watched
worker starts unless this process holds this lock (``profiler_held_here``, checked in grader/runner.py). Waiting
here, before the GPU lock and before the check's time limits start, costs no other grading anything; so does a
watched worker's start that never answers, which holds only this lock (PHASE_24_PLAN decision 86). Every watched
sandbox reaches Nsight Compute over the host's loopback (the one sandbox that shares the network), whichever GPU it
watches, so this lock is one for the whole machine, not one per GPU: two gradings on two GPUs of one node (a cohort's
Slurm jobs) take turns for it as two on one GPU do (a precaution: not measured, no machine with two GPUs was lent).
Where each Slurm job has a temporary folder of its own, the site names a folder its jobs on a node share with
``GRADER_LOCK_DIR``.

The lock files live in a folder of the user's own (``lock_folder``): ``GRADER_LOCK_DIR`` where it is set (a site
that wants several users' gradings to share the GPU's turns names a folder they share), else ``phase24-grader-<uid>``
in the temporary folder, made mode 0700 and checked to be this user's real folder. Files any user could open would
let any user of the machine hold the lock forever and stop every grading on it.

flock locks belong to an open file, so every acquisition opens its own: threads of one process
hold them independently, and the kernel releases them if the process dies.
"""
from __future__ import annotations

import fcntl
import os
import re
import stat
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from grader import trace


def lock_folder() -> Path | None:
    """The folder of the lock files (see above), or None, with a warning, where this user has no safe one: then this
    grading takes no lock and its measurements may share the GPU."""
    named = os.environ.get("GRADER_LOCK_DIR")
    if named:
        return Path(named)
    folder = Path(tempfile.gettempdir()) / f"phase24-grader-{os.getuid()}"
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError as error:
        print(f"grader: no GPU lock: cannot make {folder} ({error.strerror})", file=sys.stderr)
        return None
    try:
        info = os.lstat(folder)
    except OSError as error:
        print(f"grader: no GPU lock: cannot read {folder} ({error.strerror})", file=sys.stderr)
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        print(f"grader: no GPU lock: {folder} is not a folder of this user's alone (mode 0700); remove it, or set "
              "GRADER_LOCK_DIR", file=sys.stderr)
        return None
    return folder


class GpuLock:
    def __init__(self, folder: Path | None, name: str):
        self.folder = folder  # None: no locking (no GPU, or no folder to lock in)
        self.name = re.sub(r"[^A-Za-z0-9_.-]", "_", name)[:80] or "gpu"
        self._exclusive = threading.Event()  # set while this process holds it exclusive
        self._held = threading.local()  # how deep this thread holds it shared

    @classmethod
    def for_device(cls, device) -> "GpuLock":
        if not device.has_cuda:
            return cls(None, "")
        return cls(lock_folder(), f"phase24-grader-{device.uuid or device.name}")

    def _open(self, role: str) -> int | None:
        if self.folder is None:
            return None
        # The profiler lock is the machine's, not one GPU's: every watched sandbox reaches Nsight Compute over the
        # host's loopback whichever GPU it watches, so two gradings on two GPUs of one machine take turns too (above).
        name = PROFILER_LOCK if role == "profiler" else f"{self.name}.{role}.lock"
        try:
            return os.open(self.folder / name, os.O_RDONLY | os.O_CREAT | os.O_NOFOLLOW,
                           0o660)  # in a folder the site shares, its group's gradings take turns too
        except OSError:
            return None  # a folder we cannot write in: grade without the lock rather than not at all

    @contextmanager
    def shared(self):
        # Free where this process has the GPU to itself already, or this thread holds it shared already (a case run
        # inside a check that holds it throughout): asking again, behind a measurement that waits for this very
        # hold to end, would wait forever.
        depth = getattr(self._held, "depth", 0)
        if self._exclusive.is_set() or depth:
            self._held.depth = depth + 1
            try:
                yield
            finally:
                self._held.depth = depth
            return
        gate, gpu = self._open("gate"), self._open("gpu")
        ahead = _watching_here()  # this thread holds the machine's profiler lock: past the turnstile
        try:
            if gate is not None and gpu is not None:
                waited = time.monotonic()
                if ahead:
                    fcntl.flock(gpu, fcntl.LOCK_SH)  # waits while a measurement runs
                else:
                    _pass_the_turnstile(gate, gpu)
                trace.event("wait for the GPU lock (shared)", waited, **({"ahead": True} if ahead else {}))
            self._held.depth = 1
            yield
        finally:
            self._held.depth = 0
            for fd in (gpu, gate):
                if fd is not None:
                    os.close(fd)  # closing releases the lock

    @contextmanager
    def profiler(self, **fields):
        """One profiled check at a time on the machine (see above); ``fields`` go into the trace's event (the check)."""
        fd = self._open("profiler")
        counted, holder = False, threading.get_ident()  # the thread that took it, whichever thread lets it go
        try:
            if fd is not None:
                waited = time.monotonic()
                fcntl.flock(fd, fcntl.LOCK_EX)
                trace.event("wait for the profiler lock", waited, **fields)
            _count_profiler_hold(+1)
            _watch(holder, +1)
            counted = True
            yield
        finally:
            if counted:
                _watch(holder, -1)
                _count_profiler_hold(-1)
            if fd is not None:
                os.close(fd)

    @contextmanager
    def exclusive(self):
        queue, gate, gpu, running = (self._open(role) for role in ("queue", "gate", "gpu", "running"))
        try:
            if None not in (queue, gate, gpu, running):
                waited = time.monotonic()
                fcntl.flock(queue, fcntl.LOCK_EX)  # one measurement at a time works the turnstile
                behind = [0.0]  # seconds the GPU was another measurement's while this one waited for it
                while True:
                    fcntl.flock(gate, fcntl.LOCK_EX)  # no new shared holder from now on
                    if self._gpu_within(gpu, ARMED_S, behind):  # the current ones finish
                        break
                    # A shared hold has outlasted ARMED_S (a case of minutes): let the other gradings' cases run
                    # meanwhile, then close the turnstile again.
                    fcntl.flock(gate, fcntl.LOCK_UN)
                    opened = time.monotonic()
                    got = _flock_within(gpu, fcntl.LOCK_EX, OPEN_S)
                    trace.event("GPU lock: turnstile opened behind a long shared hold", opened)
                    if got:
                        break
                fcntl.flock(running, fcntl.LOCK_EX)  # tells the next measurement that a measurement has the GPU
                # The turnstile and the queue go to the next measurement now (see above): no case can start while
                # this one runs, and none between it and the next.
                fcntl.flock(gate, fcntl.LOCK_UN)
                fcntl.flock(queue, fcntl.LOCK_UN)
                trace.event("wait for the GPU lock (exclusive)", waited, behind_a_measurement=round(behind[0], 3))
            self._exclusive.set()
            yield
        finally:
            self._exclusive.clear()
            for fd in (running, gpu, gate, queue):
                if fd is not None:
                    os.close(fd)

    def _gpu_within(self, gpu: int, seconds: float, behind: list) -> bool:
        """Take the ``gpu`` file exclusive if the cases that hold it shared let it go within ``seconds``; the time
        another measurement holds it (its ``running`` file held) does not count, and is added to ``behind[0]``."""
        probe = self._open("running")
        try:
            left, last = seconds, time.monotonic()
            while True:
                try:
                    fcntl.flock(gpu, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return True
                except BlockingIOError:
                    pass
                now = time.monotonic()
                try:
                    if probe is not None:  # None: the file would not open again; every second counts then
                        fcntl.flock(probe, fcntl.LOCK_SH | fcntl.LOCK_NB)
                        fcntl.flock(probe, fcntl.LOCK_UN)
                    left -= now - last
                except BlockingIOError:  # a measurement runs: the cases in flight, if any, are not what holds it
                    behind[0] += now - last
                last = now
                if left <= 0:
                    return False
                time.sleep(POLL_S)
        finally:
            if probe is not None:
                os.close(probe)


def _pass_the_turnstile(gate: int, gpu: int) -> None:
    """A case's way in: through the turnstile (shared: it waits while a measurement waits for the GPU), then the GPU
    shared if no measurement runs. If one runs, wait for it to end holding nothing, then pass the turnstile again: the
    next measurement in the queue may have closed it meanwhile, and goes first."""
    while True:
        fcntl.flock(gate, fcntl.LOCK_SH)
        try:
            fcntl.flock(gpu, fcntl.LOCK_SH | fcntl.LOCK_NB)
            got = True
        except BlockingIOError:
            got = False
        fcntl.flock(gate, fcntl.LOCK_UN)
        if got:
            return
        fcntl.flock(gpu, fcntl.LOCK_SH)  # the measurement's end
        fcntl.flock(gpu, fcntl.LOCK_UN)


# A thread that holds the profiler lock (a watched check, lab 02's timed phase before it takes the GPU) takes the GPU
# lock shared without the turnstile: a measurement that waits lets it in, one that runs still keeps it out. The profiler
# lock is one for the machine and its holder is the one every other watched check waits for: each wait of its cases
# behind a measurement merely queued made the whole machine's chain of watched checks longer (make test-gpu on an H200:
# 30.6 s of lab 03's 211.3 s of holds, docs/data/evidence-2026-12-03e, call 2; decision 201). One such thread on the
# machine at a time, its cases seconds long: a measurement waits for one case at most, then has the GPU alone as always.
_watching: dict[int, int] = {}  # thread id -> how deep it holds the profiler lock
_watching_lock = threading.Lock()


def _watch(thread: int, step: int) -> None:
    with _watching_lock:
        depth = _watching.get(thread, 0) + step
        if depth > 0:
            _watching[thread] = depth
        else:
            _watching.pop(thread, None)


def _watching_here() -> bool:
    with _watching_lock:
        return threading.get_ident() in _watching


# The longest ordinary case measured: a case Nsight Compute watches, 10.22 s in make test-gpu on an H100
# (docs/data/evidence-2026-12-05f, call 1).
LONGEST_ORDINARY_CASE_S = 10.22
# How long a waiting measurement holds back new shared holders at a time: half as long again as the longest ordinary
# case, so that the turnstile opens only behind a case of minutes. At 5 s it opened behind watched cases of 6-10 s,
# three times in that call, and let every grading's cases in for OPEN_S: the measurements behind them waited 16 s
# (PHASE_24_PLAN decision 239).
ARMED_S = 1.5 * LONGEST_ORDINARY_CASE_S
OPEN_S = 10.0  # then how long it lets them run, while a shared hold outlasts ARMED_S
POLL_S = 0.01


def _flock_within(fd: int, op: int, seconds: float) -> bool:
    """Take flock ``op`` on ``fd`` if it can be had within ``seconds`` (polled: flock has no timeout)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            fcntl.flock(fd, op | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(POLL_S)


PROFILER_LOCK = "phase24-grader.profiler.lock"  # one file for every GPU of the machine (GpuLock._open)

# The ports of the watched workers that Nsight Compute launches suspended (grader/checks/own_kernels.py): each waits,
# its injected library listening on a port of its own, for the `ncu --mode attach` that its check runs under the
# profiler lock. Two ports apart, as attach finds no process with a range of one port (docs/data/evidence-2026-12-02c,
# calls 2-4), and above ncu's own default range (49152-49215), where make profile's and lab 02's sessions listen.
NCU_PORT_BASE = 50200
NCU_PORT_SLOTS = 32


def ncu_port() -> tuple[int, int | None]:
    """(a port for one suspended watched worker, the open file whose flock keeps it this caller's until closed). Two
    targets given one port both said they waited on it, and the attach found only the first (2026-12-02c, call 4):
    so each slot is a lock file in the lock folder, held from the worker's start to its end. Where no slot is free,
    or no folder, a slot by this process's id, unlocked."""
    folder = lock_folder()
    if folder is not None:
        for k in range(NCU_PORT_SLOTS):
            try:
                fd = os.open(folder / f"phase24-grader.ncu-port-{k}.lock", os.O_RDONLY | os.O_CREAT | os.O_NOFOLLOW,
                             0o660)
            except OSError:
                break
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return NCU_PORT_BASE + 2 * k, fd
            except OSError:
                os.close(fd)
    return NCU_PORT_BASE + 2 * (os.getpid() % NCU_PORT_SLOTS), None
_profiler_holds = 0  # how many profiler() holds this process has now (the lock admits one holder on the machine)
_profiler_holds_lock = threading.Lock()


def _count_profiler_hold(step: int) -> None:
    global _profiler_holds
    with _profiler_holds_lock:
        _profiler_holds += step


def profiler_held_here() -> bool:
    """Whether this process holds the machine's profiler lock now, in any of its threads (lab 02's timed phase holds it
    in one thread and its hook starts the watched worker in another). grader/runner.py starts a watched worker (one
    with a wrapper: Nsight Compute) only then: two sessions at once cross their records (see above)."""
    with _profiler_holds_lock:
        return _profiler_holds > 0

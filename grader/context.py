"""What a check gets to look at: the staged lab, its operation, the build, the device, the seed."""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Mapping
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from grader import trace
from grader.gpu_lock import GpuLock
from grader.registry import Lab

DOCS_LANGUAGES = ("en", "es")  # the docs' languages: docs/<lang>/, the same pages and anchors in each


def docs_root(env=None) -> str:
    """The docs folder hints point at: docs/es for a learner whose locale is Spanish, docs/en otherwise (the site
    mirrors both). The locale is read as gettext reads it: the first of LANGUAGE (a list, "es:en"), LC_ALL,
    LC_MESSAGES and LANG that is set. GRADER_DOCS=en or es chooses outright. Only the hint's page changes: the
    report's words are English in every locale."""
    env = os.environ if env is None else env
    chosen = env.get("GRADER_DOCS", "")
    if chosen not in DOCS_LANGUAGES:
        locale = next((env[k] for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
        chosen = locale.split(":")[0][:2].lower()
    return f"docs/{chosen if chosen in DOCS_LANGUAGES else 'en'}"


class Memo(dict):
    """Results computed once and shared: by the checks of one lab (``ctx.memo``), or by every lab of a
    run (``ctx.per_run``). Lanes run at once, so ``once`` makes a second asker wait for the first."""

    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()
        self._key_locks: dict = {}

    def once(self, key, compute):
        with self.lock:
            if key in self:
                return self[key]
            key_lock = self._key_locks.setdefault(key, threading.Lock())
        with key_lock:
            if key not in self:
                self[key] = compute()
            return self[key]


class Builds(Mapping):
    """Each CUDA source's BuildResult, the build running in the background: asking for one waits for it."""

    def __init__(self, futures: dict):
        self.futures = futures

    def __getitem__(self, source: str) -> "BuildResult":
        return self.futures[source].result()

    def __contains__(self, source) -> bool:  # without waiting
        return source in self.futures

    def __iter__(self):
        return iter(self.futures)

    def __len__(self) -> int:
        return len(self.futures)


@dataclass(frozen=True)
class Device:
    has_cuda: bool
    name: str = "no CUDA device"
    capability: tuple[int, int] = (0, 0)
    sm_count: int = 0
    l2_bytes: int = 0
    versions: dict = field(default_factory=dict)  # torch, triton, cuda, driver, nvcc, python
    reason: str = ""  # why there is no usable device
    uuid: str = ""  # the GPU's own id: graders of one machine lock the same GPU by it (grader/gpu_lock.py)

    @property
    def sm(self) -> int:
        return self.capability[0] * 10 + self.capability[1]


@dataclass
class BuildResult:
    source: str  # file name inside the lab folder
    ok: bool
    library: Path | None  # the shared library, when ok
    compile_only: bool  # built without a GPU: sm_80 + sm_90, not runnable here
    errors: list[str] = field(default_factory=list)  # the compiler's first error lines
    log: Path | None = None
    seconds: float = 0.0
    missing_tool: bool = False  # no nvcc here
    source_problems: list[str] = field(default_factory=list)  # headers the file may not include
    elf: object = None  # grader.audit.elf.ElfFacts of the built library
    stages: dict[str, float] = field(default_factory=dict)  # seconds of each stage of the build (--timings)


@dataclass
class Context:
    lab: Lab
    spec: object  # the operation this lab's kernel computes (grader/ops)
    stage: Path  # the staged lab folder: learner's editable files + the grader's read-only ones
    submission: Path  # the submission's lab folder the editable files came from
    repo: Path
    learner: str | None
    device: Device
    seed: int
    logdir: Path
    builds: dict[str, BuildResult] = field(default_factory=dict)  # a Builds: waits for a build still running
    discovery: dict[str, str] = field(default_factory=dict)  # editable file -> why discovery refused it
    memo: Memo = field(default_factory=Memo)  # results shared between the checks of one lab
    timings: dict = field(default_factory=dict)  # stage -> seconds, for --timings
    closers: list = field(default_factory=list)  # what to stop when the lab's checks are done (its workers)
    per_run: Memo = field(default_factory=Memo)  # results shared by every lab of the run (the copy ceiling)
    cache: Path | None = None  # where compile caches keyed by the learner's file live (None: none kept)
    workers: list = field(default_factory=list)  # every worker the lab started, for --timings
    builddir: Path | None = None  # where its CUDA sources are built (lib<stem>.so): known before the build ends
    gpu_lock: object = None  # the machine's GPU lock (grader/gpu_lock.py), or None: no locking
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _local: threading.local = field(default_factory=threading.local, repr=False)

    @property
    def lane(self) -> str:
        """The lane of the check this thread runs (grader/registry.py): lanes never share a worker."""
        return getattr(self._local, "lane", "main")

    @lane.setter
    def lane(self, name: str) -> None:
        self._local.lane = name

    def gpu_work(self, on: bool = True):
        """Held around work on the GPU (a case, a worker's init, a port's run): the GPU lock, shared, so that no
        measurement of any grading on this machine runs meanwhile (grader/gpu_lock.py). ``on=False``: the work
        is on the CPU, nothing is held."""
        if not on or self.gpu_lock is None or not self.device.has_cuda:
            return nullcontext()
        return self.gpu_lock.shared()

    def watching(self, check: str):
        """Held by a check that a profiler watches (Check.profiled) from its watched worker's attach until the
        profiler's record is written: the machine's profiler lock, one such watch at a time (grader/gpu_lock.py).
        Taken once the worker has started, not before: a start (torch's import, 4-13 s under load, and a start lost
        now and then) held every other grading's watched check back (decision 196)."""
        return (self.gpu_lock or GpuLock(None, "")).profiler(check=check)

    def once(self, key, compute):
        """This lab's memo[key], computed by ``compute()`` the first time."""
        return self.memo.once(key, compute)

    @contextmanager
    def clock(self, stage: str):
        """Adds the time spent in the block to ``timings[stage]`` (what --timings shows)."""
        start = time.monotonic()
        try:
            yield
        finally:
            with self.lock:
                self.timings[stage] = self.timings.get(stage, 0.0) + time.monotonic() - start
            trace.event(stage, start)

    def hint(self, anchor: str = "") -> str:
        page = f"{docs_root()}/{self.lab.docs}"
        return f"see {page}#{anchor}" if anchor else f"see {page}"

    def rundir(self, name: str) -> Path:
        path = self.logdir / name
        path.mkdir(parents=True, exist_ok=True)
        return path

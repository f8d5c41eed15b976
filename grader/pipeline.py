"""discover -> build -> run -> check: grade a list of labs, return every result.

The judge's side of the trust boundary: it stages the learner's files, builds them in the sandbox,
starts workers to run them, and decides every verdict from what it verifies itself. Learner
mistakes are results. A bug in the grader raises ``GraderBug``; the CLI turns it into exit code 3
so it never costs the learner points.
"""
from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import sys
import threading
import time
import traceback
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from grader import bytecode, sandbox
from grader.build import build_cuda, nvcc_path
from grader.channel import BadReply
from grader.checks.started import unfinished
from grader.context import Builds, Context, Device, Memo, docs_root
from grader.discover import REPO, ReadLog, recording, stage_lab
from grader.gpu_lock import GpuLock
from grader.ops import get as get_op
from grader.registry import Check, Lab
from grader.results import Result, Status, failed, not_run, skipped
from grader import trace
from grader.runner import HarnessLost, WorkerGone, run_tool

PROGRESS = os.environ.get("GRADER_PROGRESS") == "1"  # one line per check on stderr, as it starts


class GraderBug(Exception):
    """Something went wrong in the grader itself."""


@dataclass
class LabReport:
    lab: Lab
    results: list[tuple[Check, Result]]
    seconds: float  # wall time, from the run's start of its checks to its end
    timings: dict[str, float] = field(default_factory=dict)  # check id -> seconds
    stages: dict[str, float] = field(default_factory=dict)  # worker commands, the judge's own work -> seconds
    unfinished: str = ""  # TODO notes still as the stub has them, where others are filled (started.unfinished)
    folder_note: str = ""  # which of several NN-* folders was graded (discover.folder_note)


@dataclass
class Run:
    device: Device
    seed: int
    submission: Path
    learner: str | None
    workroot: Path
    kernel: str
    isolation: str = ""
    labs: list[LabReport] = field(default_factory=list)
    seconds: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)  # stage -> seconds
    read_hash: str = ""  # sha256 of what was read from the submission (discover.ReadLog)
    only: tuple[str, ...] = ()  # --check: the checks chosen (with what they need); () for every check


def probe_device() -> Device:
    """The judge's own look at the GPU (torch is trusted code). GRADER_FORCE_CPU=1 pretends there is none."""
    import platform

    versions: dict = {"python": platform.python_version()}
    nvcc = nvcc_path()
    if nvcc:
        code, out = run_tool([nvcc, "--version"], timeout_s=30)
        versions["nvcc"] = out.strip().splitlines()[-1] if code == 0 and out.strip() else None
    if os.environ.get("GRADER_FORCE_CPU") == "1":  # no look at the GPU, so no import of torch (1.7 s of a 2-core
        # machine's CPU, in every grading of the tests that pretend there is no GPU): the versions installed
        versions.update(installed_versions("torch", "triton"))
        return Device(False, versions=versions, reason="GRADER_FORCE_CPU=1")
    try:
        import torch
        import triton

        versions.update(torch=torch.__version__, torch_cuda=torch.version.cuda, triton=triton.__version__)
    except Exception as exc:  # no torch: still a CPU-only grading, said plainly
        return Device(False, versions=versions, reason=f"cannot import torch: {exc}")
    if not torch.cuda.is_available():
        return Device(False, versions=versions, reason="torch.cuda.is_available() is False")
    props = torch.cuda.get_device_properties(0)
    code, out = run_tool(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"], timeout_s=30)
    versions["driver"] = out.strip().splitlines()[0] if code == 0 and out.strip() else None
    return Device(True, props.name, (props.major, props.minor), props.multi_processor_count,
                  getattr(props, "L2_cache_size", 0), versions, uuid=str(getattr(props, "uuid", "") or ""))


def installed_versions(*names: str) -> dict:
    """Each distribution's installed version, from its metadata (None where it is not installed), without importing it."""
    from importlib import metadata

    found = {}
    for name in names:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    return found


def quick_device() -> Device:
    """What the builds need to know, in a fraction of a second (nvidia-smi), while torch is still importing:
    whether there is a GPU and its compute capability. ``probe_device`` is the judge's real look."""
    if os.environ.get("GRADER_FORCE_CPU") == "1":
        return Device(False, reason="GRADER_FORCE_CPU=1")
    code, out = run_tool(["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader", "-i", "0"], timeout_s=30)
    try:
        major, minor = (int(x) for x in out.strip().splitlines()[0].split("."))
    except (ValueError, IndexError):
        return Device(False, reason="nvidia-smi did not answer")
    return Device(code == 0, capability=(major, minor)) if code == 0 else Device(False, reason="no nvidia-smi")


def gpu_present() -> bool:
    """Whether an NVIDIA GPU's device nodes are here, at once (no process started): what decides, before anything
    else is known, whether a lab starts GPU workers early. The judge's look at the device rules afterwards."""
    if os.environ.get("GRADER_FORCE_CPU") == "1":
        return False
    import glob

    return os.path.exists("/dev/nvidiactl") and bool(glob.glob("/dev/nvidia[0-9]*"))


def choose_seed() -> int:
    env = os.environ.get("GRADER_SEED")
    return int(env) if env else random.SystemRandom().randrange(1, 2**31)


def run_check(check: Check, ctx: Context, done: dict[str, Result]) -> Result:
    """A check's result, its parents done: SKIP or NOT RUN by its parents, else what it finds."""
    return precondition(check, ctx, done) or execute(check, ctx)


def precondition(check: Check, ctx: Context, done: dict[str, Result], parents: tuple[str, ...] | None = None
                 ) -> Result | None:
    """SKIP without a GPU, or SKIP / NOT RUN when a parent did not pass; None when the check may run."""
    if check.gpu and not ctx.device.has_cuda:
        return skipped("waits for a GPU",
                       hint=f"grade on a machine with an NVIDIA GPU (sm_80 or newer); see {docs_root()}/no-gpu.md")
    for parent in check.needs if parents is None else parents:
        status = done[parent].status
        if status == Status.SKIP:
            return skipped(f"needs {parent}, which was skipped")
        if status != Status.PASS:
            return not_run(f"needs {parent}, which did not pass")
    return None


def execute(check: Check, ctx: Context) -> Result:
    try:
        result = check.fn(ctx)
    except BadReply as exc:  # a worker's answer the judge could not use: the learner's process, not the grader
        return failed(f"the worker's answer was malformed: {exc}", hint=ctx.hint("troubleshooting"))
    except Exception as exc:
        raise GraderBug(f"check {check.id} raised {type(exc).__name__}: {exc}\n{traceback.format_exc()}") from exc
    if not isinstance(result, Result):
        raise GraderBug(f"check {check.id} returned {type(result).__name__}, not a Result")
    if result.status == Status.FAIL and (notes := notes_left(ctx)):  # a half-filled file is graded as it is
        result = dataclasses.replace(result, details=[  # a copy: a check may hand out a result it keeps
            *result.details, f"note: {notes} still hold the stub's placeholder; a kernel your code reaches must be "
            "filled (or deleted, with what calls it)"])
    return result


def notes_left(ctx) -> str:
    """started.unfinished, read once per lab: the staged files do not change while the lab is graded, and every
    failing check asks (each reading parses the files and their solutions' regions)."""
    return ctx.once("started.unfinished", lambda: unfinished(ctx))


class LabRun:
    """One lab's checks on the move: its lanes run at once, each check in its lane's order, each starting
    once the checks it runs after have passed (grader/registry.py). Timed checks wait for ``run_timed``."""

    def __init__(self, lab: Lab, make_context, ready, stop: threading.Event, failures: list,
                 slots: threading.Semaphore):
        self.lab = lab
        self.make_context = make_context  # () -> Context, with the quick look at the device (grade)
        self.ready = ready  # () -> (Device, GpuLock): the judge's own look at the device, waited for
        self.prepared = threading.Event()  # its prepare hooks have run (their workers are starting)
        self.gpu_lock: GpuLock | None = None
        self.slots = slots  # how many checks of the run may execute at once
        self.stop = stop  # set when the run must end: no new check starts
        self.failures = failures  # GraderBugs of any lab
        self.done: dict[str, Result] = {}
        self.finished = {c.id: threading.Event() for c in lab.checks}
        self.report = LabReport(lab, [], 0.0)
        self.start = time.monotonic()
        self._ctx: Context | None = None
        self._lock = threading.Lock()
        self._closed = False
        self._lanes_left = len(self.lanes())
        self._untimed_seconds = 0.0  # wall time until the lab's last untimed check ended
        self._copy: threading.Thread | None = None  # readies the copy ceiling's worker (_ready_copy)

    def lanes(self) -> dict[str, list[Check]]:
        lanes: dict[str, list[Check]] = {}
        for check in self.lab.checks:
            if not check.timed:
                lanes.setdefault(check.lane, []).append(check)
        return lanes

    @property
    def has_timed(self) -> bool:
        return any(c.timed for c in self.lab.checks)

    def context(self) -> Context:
        """The lab's context, made by the first lane that asks. Its prepare hooks start workers (their start-up
        overlaps the judge's set-up and the builds) knowing only what nvidia-smi said; no check runs before the
        judge's own look at the device has replaced that."""
        with self._lock:
            if self._ctx is None:
                try:
                    ctx = self.make_context()
                    ctx.lane = "main"
                    for prepare in self.lab.prepare:
                        prepare(ctx)
                finally:
                    self.prepared.set()  # whatever happened: grade() waits for it before importing torch
                ctx.device, self.gpu_lock = self.ready()
                ctx.gpu_lock = self.gpu_lock
                self._ctx = ctx
                if self.has_timed:
                    self._ready_copy(ctx)
            return self._ctx

    def _ready_copy(self, ctx: Context) -> None:
        """Where this lab's timed checks measure the run's copy ceiling: its worker's start waited for and its init
        done now, beside the lab's untimed checks, rather than once they are over (see ready_for_timing). Started
        there, the init came after the lab's last check, on every timed grading's path to its measurement: 1.0 s of
        a Triton submission's 34 s grading in make test-gpu, after a wait for the GPU lock (an H100,
        docs/data/evidence-2026-12-05e, call 2; decision 237). Whatever goes wrong here is left to the measurement,
        which tries again and says so."""
        from grader.checks.kernel_checks import times_copy  # numpy and the checks: imported once a lab is timed
        from grader.checks.perf import copy_worker_ready
        from grader.timing import Failed

        if not times_copy(ctx):
            return

        def copy_ready() -> None:
            with trace.span("ready for timing", lab=self.lab.number):
                try:
                    copy_worker_ready(ctx)
                except (WorkerGone, BadReply, Failed, HarnessLost):  # a thread's exception would print a traceback
                    pass

        self._copy = threading.Thread(target=copy_ready, name=f"lab {self.lab.number} copy ready", daemon=True)
        self._copy.start()

    def run_lane(self, checks: list[Check]) -> None:
        try:
            for check in checks:
                try:
                    result = self._result(check)
                except BaseException as exc:  # a grader bug: end the run, report it once
                    self.failures.append(exc)
                    self.stop.set()
                    result = not_run("the grader stopped")
                self._finish(check, result)
        finally:
            for check in checks:  # whatever happened, no other lane waits forever for one of these
                if not self.finished[check.id].is_set():
                    self._finish(check, not_run("the grader stopped"))
            if checks:
                self._release(checks[0].lane)
            with self._lock:
                self._lanes_left -= 1
                last = self._lanes_left == 0
                if last:
                    self._untimed_seconds = time.monotonic() - self.start
            if last and not self.has_timed:
                self.close()  # nothing timed: the lab's workers can go now

    def _result(self, check: Check) -> Result:
        for parent in check.starts_after:
            self.finished[parent].wait()
        ctx = self.context()
        result = None
        if precondition(check, ctx, self.done, check.starts_after) is None and not self.stop.is_set():
            list(ctx.builds.values())  # the lab's builds, waited for before taking a slot (a waiting check holds none)
            ctx.lane = check.lane
            if PROGRESS:
                print(f"[grader] {check.id} ...", file=sys.stderr, flush=True)
            # Work on the GPU holds the machine's GPU lock shared, case by case (ctx.gpu_work), so that another
            # grading's measurement waits for it (grader/gpu_lock.py). A check that a profiler watches takes none of
            # this grading's slots: it takes the machine's profiler lock itself once its watched worker has started
            # (ctx.watching), and one watched check at a time on the machine bounds them already; a hold of that
            # lock spent waiting for a slot of its own grading held up every other grading's watched check (14-21 s
            # a hold in make test-gpu: evidence 2026-11-29e, call 1), and so did a start made under it (decision 196).
            waited = time.monotonic()
            with (contextlib.nullcontext() if check.profiled else self.slots):
                t = time.monotonic()
                if not check.profiled:  # a watched check's wait is the profiler lock's own event
                    trace.event("wait for a slot", waited, check=check.id)
                with trace.span("check", check=check.id):
                    result = execute(check, ctx)
            self.report.timings[check.id] = time.monotonic() - t
        for parent in check.needs:  # it may have started early: what it found stands only if every parent passed
            self.finished[parent].wait()
        verdict = precondition(check, ctx, self.done)
        if verdict is not None:
            return verdict
        return result if result is not None and not self.stop.is_set() else not_run("the grader stopped")

    def _release(self, lane: str) -> None:
        """A lane is done: its workers go (their memory back), unless a timed check will come back to the lane's
        own worker (the gate reuses the one that holds the kernel)."""
        if self._ctx is None:
            return
        kept = {c.lane for c in self.lab.checks if c.timed}
        idle = [w for w in list(self._ctx.workers)
                if getattr(w, "lane", "").split("/")[0] == lane and w.lane not in kept and w.exit is None]
        _close_now([w.close for w in idle])

    def timed_may_run(self) -> bool:
        """Whether any timed check of the lab can still run, its untimed checks done: one whose untimed parents all
        passed (a timed parent counts as passing). A lab with none, a learner's kernel that failed its correctness
        checks, has no reason to take the GPU from every other grading of the machine: its measurements are all
        NOT RUN (17 of make test-gpu's 63 gradings drained the machine's GPU work for nothing, up to 16 s each:
        docs/data/evidence-2026-11-29e, call 1)."""
        if self._ctx is None:
            return self.has_timed
        return any(c.timed and precondition(c, self._ctx, self.done, tuple(p for p in c.needs if p in self.done))
                   is None for c in self.lab.checks)

    def wants_profiler(self) -> bool:
        """Whether this lab's timed checks run a profiler (Lab.timed_profiler), its untimed checks done; if so, its
        context records that the timed phase holds the machine's profiler lock (PROFILER_HELD)."""
        if self.lab.timed_profiler is None:
            return False
        ctx = self.context()
        wants = bool(self.lab.timed_profiler(ctx, dict(self.done)))
        ctx.memo[PROFILER_HELD] = wants
        return wants

    def ready_for_timing(self) -> None:
        """What the timed checks need that is not a measurement, done before the GPU is taken from every other
        grading: the lab's own before_timed hooks (a watched worker's start and init), and the run's copy worker
        started and initialised, where this lab's checks measure the copy ceiling (perf.copy_worker_ready, begun with
        the lab's checks: _ready_copy), waited for."""
        ctx = self.context()
        try:
            for hook in self.lab.before_timed:
                hook(ctx, dict(self.done))
        finally:
            if self._copy is not None:
                self._copy.join()

    def run_timed(self, alone: bool = True, profiled_done=None) -> None:
        """The timed checks, one after another, while this process holds the GPU alone. ``alone=False``: the lab
        holds nothing (``timed_may_run`` found no check that can run), so each is given its parents' verdict, and
        one that would run is a grader bug rather than a measurement shared with other work. ``profiled_done()``
        is called once the lab's last timed check that a profiler may watch (Check.profiled) is over."""
        watched = self.lab.watched_timed
        for check in self.lab.checks:
            if check.timed and not self.stop.is_set():
                ctx = self.context()
                ctx.lane = check.lane  # a lane's worker is reused: it holds the kernel, built and loaded
                t = time.monotonic()
                with trace.span("timed check", check=check.id):
                    if not alone and precondition(check, ctx, self.done) is None:
                        raise GraderBug(f"timed check {check.id} would run without the GPU to itself")
                    self._finish(check, run_check(check, ctx, self.done))
                self.report.timings[check.id] = time.monotonic() - t
            if profiled_done is not None and watched and check is watched[-1]:
                profiled_done()

    def _finish(self, check: Check, result: Result) -> None:
        self.done[check.id] = result
        self.finished[check.id].set()

    def close(self) -> LabReport:
        """Stop every worker of the lab (and all they started); the results in declaration order."""
        with self._lock:
            if self._closed:
                return self.report
            self._closed = True
        if self._ctx is not None:
            _close_now(self._ctx.closers)  # whatever is still open is idle now, or the run is stopping
            if self._copy is not None:  # its worker is gone or idle: it ends now (a lab whose timed checks never ran)
                self._copy.join(10)
            self.report.stages = worker_stages(self._ctx)
            self.report.unfinished = notes_left(self._ctx)
        self.report.results = [(c, self.done.get(c.id) or not_run("the grader stopped")) for c in self.lab.checks]
        # the lab's own wall time: its untimed checks (at once with other labs'), then its timed ones
        self.report.seconds = (self._untimed_seconds or time.monotonic() - self.start) + sum(
            self.report.timings.get(c.id, 0.0) for c in self.lab.checks if c.timed)
        return self.report


def worker_stages(ctx: Context) -> dict[str, float]:
    """Where a lab's time went besides its checks: its workers' answers by command, the judge's own work."""
    stages: dict[str, float] = dict(ctx.timings)
    for worker in ctx.workers:
        for command, seconds in worker.seconds.items():
            label = f"worker {worker.module}: {'start-up and init' if command == 'init' else command}"
            stages[label] = stages.get(label, 0.0) + seconds
    return stages


def cache_root() -> Path:
    """Compile caches kept between runs, keyed by what the learner wrote (grader/labs/lab03_triton.py):
    build/cache, or GRADER_CACHE."""
    return Path(os.environ.get("GRADER_CACHE") or REPO / "build" / "cache")


def concurrent_checks() -> int:
    """Checks that execute at once, each with a worker of a few GB: half the cores, and no more than one per
    3 GB of free memory (a 2-core laptop runs one at a time, beside the builds; a 16-core GPU machine eight),
    or GRADER_JOBS."""
    configured = os.environ.get("GRADER_JOBS", "")
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    import psutil

    return max(1, min((os.cpu_count() or 1) // 2, psutil.virtual_memory().available // (3 << 30)))


def grade(labs: list[Lab], submission: Path, learner: str | None, workroot: Path, kernel: str) -> Run:
    with recording(ReadLog()) as reads:
        run = _grade(labs, submission, learner, workroot, kernel)
    run.read_hash = reads.digest()
    return run


def _grade(labs: list[Lab], submission: Path, learner: str | None, workroot: Path, kernel: str) -> Run:
    start = time.monotonic()
    workroot.mkdir(parents=True, exist_ok=True)
    # Set-up, builds and checks overlap. Once the sandbox runs and the labs are staged, every lab's lanes start: their
    # prepare hooks start workers (torch imports in them while it imports here), and their checks wait for the
    # judge's own look at the device (torch). The builds start as soon as nvidia-smi has named the GPU's
    # architecture; a CUDA lab's checks wait for its own build where they need it (lab 03 has none).
    probe_pool = ThreadPoolExecutor(max_workers=2)
    quick_future = probe_pool.submit(quick_device)  # nvidia-smi, in a process of its own
    # torch's import holds the GIL for seconds at a time: it starts once the sandbox is probed and the labs' workers
    # are on their way (on an H100 the probe took 2.9 s beside it, 0.1 s alone).
    with trace.span("set-up: the sandbox's probe"):
        box = sandbox.probe()
    if box.isolated:
        bytecode.warm()  # where the packages came without bytecode, and it is not kept yet: for the next gradings
    with trace.span("set-up: staging"):
        staged = {lab.number: stage_lab(lab, submission, workroot) for lab in labs}
    build_jobs = max(1, min(4, os.cpu_count() or 1))
    build_pool = ThreadPoolExecutor(max_workers=build_jobs)

    def start_builds(target: Device, compiling: dict | None = None) -> dict:
        return {(lab.number, src): build_pool.submit(
            build_cuda, staged[lab.number].stage / src, workroot / lab.name / "build", target,
            f"{staged[lab.number].submission}/{src}", get_op(lab.op), box=box,
            compiling=(compiling or {}).get((lab.number, src)))
            for lab in labs for src in lab.cuda_sources}

    # What the checks see of each build: the first, or the second where the judge's look at the device disagrees
    # with nvidia-smi's (settled below).
    builds = {(lab.number, src): Future() for lab in labs for src in lab.cuda_sources}
    seed, per_run = choose_seed(), Memo()
    setup: Future = Future()  # (Device, GpuLock), once the judge has looked at the device itself
    present = Device(gpu_present())  # all a lab's prepare hooks know: lanes start before nvidia-smi answers
    warming: threading.Thread | None = None  # the judge's CUDA set up beside the checks' start (warm_judge)

    def context_of(lab: Lab):
        s = staged[lab.number]
        return lambda: Context(lab, get_op(lab.op), s.stage, s.submission, REPO, learner, present, seed,
                               workroot / lab.name / "runs",
                               builds=Builds({src: builds[(lab.number, src)] for src in lab.cuda_sources}),
                               discovery=dict(s.problems), per_run=per_run, cache=cache_root(),
                               builddir=workroot / lab.name / "build")

    # run + check: every lab's lanes at once, starting their workers now; then the timed checks, alone on the GPU.
    stop, failures = threading.Event(), []
    slots = threading.Semaphore(concurrent_checks())
    lab_runs = [LabRun(lab, context_of(lab), setup.result, stop, failures, slots) for lab in labs]
    for lr in lab_runs:
        lr.report.folder_note = staged[lr.lab.number].note
    threads = [threading.Thread(target=lr.run_lane, args=(checks,), name=f"lab {lr.lab.number} {lane}", daemon=True)
               for lr in lab_runs for lane, checks in lr.lanes().items()]
    try:
        for thread in threads:
            thread.start()
        for lr in lab_runs:
            lr.prepared.wait(10)
        # torch's import holds the GIL for long stretches, and each step of a build between its tools needs it: begun
        # beside the import, the comment stripper (0.04 s alone) took 1.5-2.0 s on an H200 machine (evidence
        # 2026-12-01g, call 3). On a GPU machine the import waits until the builds that start at once (one per thread
        # of the pool) have nvcc's compile under way, at most COMPILE_START_WAIT_S. Without a GPU, or without CUDA
        # files, it starts at once: on a 2-core machine the builds and the import share the cores anyway, and the
        # stubs' grading took 18.4-20.8 s waiting, 17.1-17.3 s not (a CI run beside both; decision 174).
        compiling = {key: threading.Event() for key in list(builds)[:build_jobs]}
        device_future = None if compiling and present.has_cuda else probe_pool.submit(probe_device)
        try:
            quick = quick_future.result()
            first_builds = start_builds(quick, compiling)
            if device_future is None:
                with trace.span("set-up: the builds' compiles started"):
                    deadline = time.monotonic() + COMPILE_START_WAIT_S
                    for event in compiling.values():
                        event.wait(max(0.0, deadline - time.monotonic()))
                device_future = probe_pool.submit(probe_device)
            device = device_future.result()
            probe_pool.shutdown()
            if (quick.has_cuda, quick.capability) != (device.has_cuda, device.capability):
                # nvidia-smi and torch disagree (a CPU build of torch on a GPU machine): torch rules. The first
                # builds end before the second start, in the same folders.
                for future in first_builds.values():
                    future.result()
                second = start_builds(device)
            else:
                second = first_builds
            build_pool.shutdown(wait=False)
            for key, future in second.items():
                future.add_done_callback(lambda f, key=key: _settle(builds[key], f))
            gpu_lock = GpuLock.for_device(device)
            if device.has_cuda:
                warming = threading.Thread(target=warm_judge, args=(list({lab.op: get_op(lab.op) for lab in labs}
                                                                         .values()),), name="judge CUDA", daemon=True)
                warming.start()
        except BaseException as exc:
            setup.set_exception(exc)
            raise
        setup.set_result((device, gpu_lock))
        run = Run(device, seed, submission, learner, workroot, kernel, box.describe())
        run.timings["set-up"] = time.monotonic() - start
        t = time.monotonic()
        for thread in threads:
            thread.join()
        if warming is not None:
            warming.join()  # long over: a few kernels on a few elements, never beside this grading's measurements
        if builds:
            slowest = max((f.result() for f in builds.values()), key=lambda b: b.seconds)
            run.timings["build (beside the checks)"] = slowest.seconds
            for what, seconds in slowest.stages.items():  # where the longest build's time went
                run.timings[f"  {what} ({slowest.source})"] = seconds
        run.timings["checks (labs and lanes at once)"] = time.monotonic() - t
        if failures:
            raise failures[0]
        t = time.monotonic()
        timed = [lr for lr in lab_runs if lr.has_timed]
        alone = [lr for lr in timed if lr.timed_may_run()]
        if alone:
            # A timed check that runs Nsight Compute (lab 02's report measured again) takes the machine's profiler
            # lock before the GPU's, as every profiled check does (the other order waits forever on a grading whose
            # watched check holds the profiler and waits for the GPU), and before its lab gets ready, where its
            # watched worker starts.
            # The lock is given back as soon as the last timed check a profiler may watch is over: the checks after
            # it need the GPU alone, not the profiler. They keep their order: the gate, before lab 02's check that
            # runs Nsight Compute, hides its watched worker's start (2026-11-30e: run first, the check waited for
            # it, and its lock held no shorter).
            profiling = [lr.wants_profiler() for lr in alone] if device.has_cuda else []
            with contextlib.ExitStack() as profiler:
                if any(profiling):
                    profiler.enter_context(gpu_lock.profiler(check="timed checks"))
                for lr in alone:
                    lr.ready_for_timing()
                last = max((i for i, lr in enumerate(alone) if lr.lab.watched_timed), default=None)
                with gpu_lock.exclusive():
                    for i, lr in enumerate(alone):
                        lr.run_timed(profiled_done=profiler.close if i == last else None)
            run.timings["timed checks (the GPU to themselves)"] = time.monotonic() - t
        for lr in timed:
            if lr not in alone:
                lr.run_timed(alone=False)  # every measurement NOT RUN or SKIP by its parents: the GPU is not taken
    finally:
        stop.set()  # lanes still running (an interrupt) start nothing more
        # Traced: a GPU grading's last 0.33-0.38 s after its last check are this, the report and the results file,
        # in an unknown split (decision 243).
        with trace.span("closing: every worker killed and reaped, whatever happened"):
            labs_done = [lr.close() for lr in lab_runs]
    run.labs = labs_done
    run.seconds = time.monotonic() - start
    return run


def warm_judge(ops) -> None:
    """The judge's own CUDA set up before its first case: its context (torch.cuda.init() makes none; the first draw
    did, inside the case's hold of the GPU lock) and the kernels its cases' input draws and fp64 references use, every
    family of each op drawn once at its smallest case's shape. Trusted code, a few kernels on a few elements, outside
    the lock as a worker's start-up is (grader/workers/serve.warm_cuda). Made at the first case, they held the lock
    that every measurement of the machine waits for: the judge's first draw took a median 0.66 s, up to 4.3 s, in 83
    gradings of make test-gpu, its later draws a median 0.0 s (an H100, docs/data/evidence-2026-12-05e, call 3;
    PHASE_24_PLAN decision 238). A warm-up that fails is left to the first case, which meets the failure as before;
    the trace says why."""
    import math

    import torch

    began = time.monotonic()
    try:
        torch.cuda.synchronize()
        for spec in ops:
            if not spec.lab01_plan:
                continue
            dims = min((d for d, _ in spec.lab01_plan), key=lambda d: math.prod(d.values()))
            for family in spec.families:
                inputs = spec.make_inputs(family, dims, 0, "cuda")
                for ref in spec.reference(inputs, dims).values():
                    spec.tolerance.bound(inputs, ref, dims)
        torch.cuda.synchronize()
    except Exception as exc:  # noqa: BLE001 - met again, and reported, by the first case
        trace.event("set-up: the judge's CUDA", began, failed=f"{type(exc).__name__}: {exc}"[:300])
        return
    trace.event("set-up: the judge's CUDA", began)


COMPILE_START_WAIT_S = 3.0  # the most the judge's torch import waits for the builds to start compiling (_grade)
PROFILER_HELD = "timed phase: profiler lock held"  # ctx.memo key: set where the timed checks may run Nsight Compute


def _close_now(closers) -> None:
    """Close idle workers at once, all together: given two seconds each to leave on their own, one after another,
    they cost the sweep's lane 3.4 s on an H100. Nothing is waited for from an idle worker (Worker.close)."""
    closing = [threading.Thread(target=close, args=(0.0,), daemon=True) for close in closers]
    for thread in closing:
        thread.start()
    for thread in closing:
        thread.join()


def _settle(target: Future, done: Future) -> None:
    if done.exception() is not None:
        target.set_exception(done.exception())
    else:
        target.set_result(done.result())

"""What the judge keeps out of a worker's reach since the grader runs labs at once: the copy ceiling (timed by a
worker of its own that never loads learner code, never by a lab's worker) and Triton's compile cache (one folder
per submission)."""
from __future__ import annotations

import os
import random
import threading
from contextlib import contextmanager

import pytest

from grader.channel import Reply
from grader.context import Context, Device
from grader.registry import Lab
from grader.runner import WorkerGone


class TimingWorker:
    """Answers "init" and "time" as a worker would, and notes what it was asked."""

    def __init__(self):
        self.asked: list[str] = []
        self.inits: list[dict] = []
        self.clock = 0.0
        self.started = self.closed = False

    def start(self):
        self.started = True

    def close(self, grace_s=2.0):
        self.closed = True

    def call(self, command, *, timeout_s, on_mark=None):
        if command["cmd"] == "hello":
            return Reply({"hello": True})
        if command["cmd"] == "init":
            self.inits.append(command)
            return Reply({"device": "fake"})
        self.asked.append(command["contender"])
        on_mark("start", self.clock)
        self.clock += 0.001 * command["launches"]
        on_mark("end", self.clock)
        return Reply({"event_ms": [], "launch_errors": []})


def _lab02_ctx(tmp_path, has_cuda=True) -> Context:
    from grader.ops import get

    lab = Lab("02", "tuned-kernel", "x", editable=(), docs="lab/02-tuned-kernel.md", op="softmax")
    lab.check("02.perf.gate", points=1, timed=True)(lambda ctx: None)
    return Context(lab, get("softmax"), tmp_path, tmp_path, tmp_path, None, Device(has_cuda, "fake"), 1,
                   tmp_path / "runs")


def _fake_copy_workers(monkeypatch) -> list:
    """kernel_checks.copy_worker's workers, made fake: the list fills as they are made."""
    from grader.checks import kernel_checks

    made = []

    def new_worker(ctx, module, folder, lane=None, **options):
        assert module == "cuda" and options.get("gpu") is True
        worker = TimingWorker()
        worker.lane, worker.exit = lane, None
        made.append(worker)
        return worker

    monkeypatch.setattr(kernel_checks, "new_worker", new_worker)
    return made


def test_the_copy_is_timed_once_per_run_by_its_own_worker_never_the_labs(tmp_path, monkeypatch):
    """The copy bandwidth is the ceiling every "% of copy" is a share of. It is timed once per run, with the marks
    crossing a channel as every contender's do (grader/timing.py), by a worker that is given no library: learner
    code can neither slow it down to look closer to it nor run beside it. The lab's own worker is never asked."""
    from grader.checks import kernel_checks, perf
    from grader.checks.kernel_checks import Live, WorkerPlan

    lab_worker = TimingWorker()
    monkeypatch.setattr(perf, "lab_worker", lambda ctx, plan: Live(lab_worker, ready=True))
    made = _fake_copy_workers(monkeypatch)
    ctx = _lab02_ctx(tmp_path)
    plan = WorkerPlan("cuda", {"op": "softmax", "libraries": {"learner": "/x/liblearner.so"}}, (), True)
    for key in ("gate", "sweep"):
        m, problem = perf.measure(ctx, key, plan, ctx.spec.representative, ["lib:learner", "baseline", "copy"])
        assert problem is None and "copy" not in m.rounds[0]
    assert "copy" not in lab_worker.asked and {"lib:learner", "baseline"} <= set(lab_worker.asked)
    assert len(made) == 1, "the ceiling is measured once per run, by one worker"
    (copy,) = made
    assert copy.inits == [{"cmd": "init", "op": "softmax", "libraries": {}}], "the copy's worker loads no library"
    assert set(copy.asked) == {"copy"} and copy.closed, "it times the copy only, and goes once it has"
    assert copy.lane == kernel_checks.COPY_LANE
    assert perf.ceiling(ctx, m)[0] == ctx.per_run[("copy", "softmax")].rate("copy")


def test_a_copy_ceiling_that_cannot_be_measured_is_a_graded_failure(tmp_path, monkeypatch):
    """A copy worker that dies once started (say, the GPU's memory taken by a learner's worker) gives a FAIL that says
    why, not a grader crash, and no speed is shown as a share of nothing. (One lost before it answered its start is
    started again: test_every_worker_that_loads_learner_code_after_its_own_start_is_started_again_once.)"""
    from grader.checks import kernel_checks, perf
    from grader.checks.kernel_checks import WorkerPlan

    class DyingWorker(TimingWorker):
        exit = None

        def call(self, command, *, timeout_s, on_mark=None):
            if command["cmd"] == "hello":
                return super().call(command, timeout_s=timeout_s)
            self.exit = "died"
            raise WorkerGone("died", "the worker stopped", self)

    made = []
    monkeypatch.setattr(kernel_checks, "new_worker", lambda ctx, module, folder, lane=None, **o: made.append(DyingWorker())
                        or made[-1])
    monkeypatch.setattr(perf, "lab_worker", lambda ctx, plan: pytest.fail("no timing without a ceiling"))
    ctx = _lab02_ctx(tmp_path)
    plan = WorkerPlan("cuda", {"op": "softmax", "libraries": {}}, (), True)
    m, problem = perf.measure(ctx, "gate", plan, ctx.spec.representative, ["lib:learner", "baseline", "copy"])
    assert m is None and problem.status.value == "FAIL"
    assert "copy bandwidth" in problem.message and "the worker stopped" in problem.message
    m, problem = perf.measure(ctx, "sweep", plan, ctx.spec.representative, ["lib:learner", "baseline", "copy"])
    assert m is None and "copy bandwidth" in problem.message
    assert len(made) == 2, "a later check tries again with a fresh worker, never one that died"


def test_the_copy_worker_starts_early_only_where_a_timed_check_will_use_it(tmp_path, monkeypatch):
    from grader.checks import kernel_checks
    from grader.ops import get

    made = _fake_copy_workers(monkeypatch)
    kernel_checks.prespawn_copy_worker(_lab02_ctx(tmp_path / "nogpu", has_cuda=False))
    for op in ("softmax", "vector_add"):  # lab 00's op is never timed: it has no rate at all
        untimed = Lab("00", "hello-cuda", "x", editable=(), docs="lab/00-hello-cuda.md", op=op)
        kernel_checks.prespawn_copy_worker(Context(untimed, get(op), tmp_path, tmp_path, tmp_path, None, Device(True, "fake"),
                                          1, tmp_path / "runs"))
    assert made == []
    ctx = _lab02_ctx(tmp_path / "gpu")
    kernel_checks.prespawn_copy_worker(ctx)
    kernel_checks.prespawn_copy_worker(ctx)
    assert len(made) == 1 and made[0].started and made[0].inits == [], "started once, nothing loaded yet"


def test_a_worker_that_loaded_a_library_refuses_to_time_the_copy(tmp_path):
    """The worker's own guard: the ceiling never comes from a process where learner code has run."""
    from grader.ops import get
    from grader.workers.cuda import CudaWorker

    worker = CudaWorker(tmp_path)
    worker.op = get("softmax")  # as its init sets, with the learner's library loaded
    worker.launchers["learner"] = object()
    with pytest.raises(ValueError, match="loaded no library"):
        worker.cmd_time({"contender": "copy", "dims": {"rows": 4, "cols": 4}, "family": "randn", "seeds": [1],
                         "launches": 3}, link=None)


def _lab03_ctx(tmp_path, files: dict[str, str]) -> Context:
    from grader.ops import get

    stage = tmp_path / "stage"
    stage.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (stage / name).write_text(text)
    lab = Lab("03", "triton-and-pytorch", "x", editable=("softmax_triton.py", "minigpt_torch.py"),
              docs="lab/03-triton-and-pytorch.md", op="softmax")
    return Context(lab, get("softmax"), stage, stage, tmp_path, None, Device(True, "fake"), 1, tmp_path / "runs",
                   cache=tmp_path / "cache")


def test_triton_cache_is_one_folder_per_submission(tmp_path):
    """A port loaded beside the Triton file (the bonus) could write the cache: two submissions with the same
    Triton file but another port must not share one, and the same submission graded again reuses its own."""
    from grader.labs.lab03_triton import plan, triton_cache

    solution = {"softmax_triton.py": "def softmax(x): ...\n", "minigpt_torch.py": "# an honest port\n"}
    hostile = {"softmax_triton.py": "def softmax(x): ...\n", "minigpt_torch.py": "# writes into the cache\n"}
    a = triton_cache(_lab03_ctx(tmp_path / "a", solution))
    b = triton_cache(_lab03_ctx(tmp_path / "b", hostile))
    again = triton_cache(_lab03_ctx(tmp_path / "c", solution))
    assert a.name != b.name and a.name == again.name
    gpu = plan(_lab03_ctx(tmp_path / "a", solution), "softmax_triton.py", "cuda")
    cpu = plan(_lab03_ctx(tmp_path / "a", solution), "softmax_triton.py", "cpu")
    assert gpu.rw == (a,) and ("TRITON_CACHE_DIR", str(a)) in gpu.env
    assert cpu.rw == () and not any(name == "TRITON_CACHE_DIR" for name, _ in cpu.env), "the interpreter compiles nothing"


def test_nsight_computes_run_never_leaves_the_sandbox_whatever_the_learner_code_does(tmp_path, monkeypatch):
    """03.triton.own_kernels once ran the learner's file again *without* the sandbox when the sandboxed run listed no
    kernel: a file that fails on purpose inside the sandbox (or hangs there) bought itself a run with no isolation.
    Now every try is sandboxed, and a file that lists nothing fails the check."""
    from grader.checks import ncu_watch, own_kernels
    from grader.checks.kernel_checks import WorkerPlan
    from grader.results import Status

    made: list[dict] = []

    class HangsUnderWatch:
        """A worker whose learner code never answers while Nsight Compute watches it."""
        log = tmp_path / "worker.log"
        lane = "triton-ncu"
        exit = None
        box = type("Isolated", (), {"isolated": True})()

        def call(self, command, *, timeout_s, on_mark=None):
            raise WorkerGone("hung", f"no answer in {timeout_s:.0f} s", self)

        def spoke_within(self, seconds):
            return True

        def close(self, grace_s=2.0):
            return None

    def new_worker(ctx, module, folder, lane=None, **options):
        made.append(options)
        return HangsUnderWatch()

    monkeypatch.setattr(ncu_watch, "new_worker", new_worker)
    monkeypatch.setattr(own_kernels, "find_ncu", lambda: "/usr/bin/ncu")
    monkeypatch.setattr(ncu_watch, "find_ncu", lambda: "/usr/bin/ncu")
    monkeypatch.setattr(ncu_watch, "attach", lambda *a, **k: (None, ""))  # Nsight Compute connected
    monkeypatch.setattr(HangsUnderWatch, "start", lambda self: None, raising=False)
    ctx = _lab03_ctx(tmp_path, {"softmax_triton.py": "import triton\n@triton.jit\ndef k(x):\n    pass\n"})
    plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
    result = own_kernels.check(ctx, plan, "softmax_triton.py")
    assert result.status == Status.FAIL and "could not list the kernels" in result.message
    # every try lost at Nsight Compute's start, before the learner's file loaded: said so, and to grade again (lab 03's
    # solution lost four starts so in make test-gpu at -n 12 on an H200: docs/data/evidence-2026-12-03, call 1)
    assert "the machine's doing" in result.details[0] and "grade this lab again" in result.details[0], result.details
    assert len(made) == len(own_kernels.START_LIMITS_S)  # a start that never answers: fresh sandboxes, then a verdict
    assert all("box" not in options for options in made), "a try ran outside the sandbox (an explicit box)"
    assert all(options.get("wrapper") and options.get("gpu") for options in made)


class DepthLock:
    """A GPU lock that counts its shared holds (``depth``) and its profiler holds (``watching``), for tests of what
    runs under it."""
    depth = 0
    watching = 0

    def shared(self):
        return self._hold("depth")

    def profiler(self, **fields):
        return self._hold("watching")

    @contextmanager
    def _hold(self, count: str):
        setattr(self, count, getattr(self, count) + 1)
        try:
            yield
        finally:
            setattr(self, count, getattr(self, count) - 1)


class StartingWorker:
    """A worker whose every command is recorded with whether the GPU lock was held (``held``); its init answers
    ``init_reply``. ``gone_at``: the command it dies at."""
    exit = None
    lane = "main"
    module = "cuda"

    def __init__(self, ctx, log, gone_at=None, init_reply=None):
        self.ctx, self.log, self.gone_at = ctx, log, gone_at
        self.init_reply = init_reply or {"device": "fake"}
        self.held: list[tuple[str, bool]] = []
        self.closed = False

    def start(self):
        pass

    def call(self, command, *, timeout_s, on_mark=None):
        self.held.append((command["cmd"], self.ctx.gpu_lock.depth > 0))
        if command["cmd"] == self.gone_at:
            raise WorkerGone("hung", f"no answer in {timeout_s:.0f} s", self)
        return Reply({"hello": True} if command["cmd"] == "hello" else self.init_reply)

    def close(self, grace_s=2.0):
        self.closed = True
        self.exit = "closed"  # as runner.Worker.close: its Exit

    def put(self, name, write):  # the port's inputs
        self.io = self.log.parent / "io"

    def log_text(self):
        return f"RuntimeError: CUDA error: out of memory\n{TORCH_NOTE}\n" if self.gone_at == "hello" else ""


TORCH_NOTE = "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."


def test_a_workers_start_is_waited_for_without_the_gpu_lock_and_its_init_under_it(tmp_path, monkeypatch):
    """A worker's init loads the learner's code, which may launch kernels: it holds the GPU lock shared. Sent at
    once, it also waited under the lock for the worker's own start-up (torch's import, CUDA's context), and another
    grading's measurement waited for that with every GPU of the machine's gradings: Triton inits held the lock 4.5 s
    on average, up to 14.5 s, in make test-gpu (docs/data/evidence-2026-12-02c, call 6). The start ("hello") is now
    waited for without the lock, at every init: a lab's worker, the copy ceiling's, lab 02's trace."""
    from grader.checks import kernel_checks, perf
    from grader.checks.kernel_checks import WorkerPlan

    ctx = _lab02_ctx(tmp_path)
    ctx.gpu_lock = DepthLock()
    made: list[StartingWorker] = []
    monkeypatch.setattr(kernel_checks, "new_worker",
                        lambda *a, **k: made.append(StartingWorker(ctx, tmp_path / "log")) or made[-1])
    plan = WorkerPlan("cuda", {"op": "softmax", "libraries": {"learner": "/x/liblearner.so"}}, (), True)
    kernel_checks.lab_worker(ctx, plan)
    perf.copy_worker_ready(ctx)
    for worker in made:
        assert worker.held == [("hello", False), ("init", True)], worker.held
    assert len(made) == 2
    # a start that never answers took no lock; it is started again once (below), and its init is the lab's


def test_a_start_lost_before_any_learner_code_is_tried_again_once_and_twice_is_the_graders_error(tmp_path,
                                                                                                monkeypatch):
    """Decision 249: a right Triton file's worker died in its start-up, before its hello, so before any of its code
    was loaded (a full GPU in make test-gpu), and the learner got a FAIL. A lost start is now started again in a
    fresh worker, once; lost twice, the grading cannot judge the learner's code and ends as the grader's internal
    error (HarnessLost: exit 3, "not your fault"), never a FAIL. A worker lost at its init (the learner's code
    loading) is the learner's, as before. Every share of a kernel run raises it from the lane's own thread."""
    from grader.checks import kernel_checks
    from grader.checks.kernel_checks import WorkerPlan
    from grader.runner import HarnessLost

    ctx = _lab02_ctx(tmp_path)
    ctx.gpu_lock = DepthLock()
    plan = WorkerPlan("cuda", {"op": "softmax", "libraries": {"learner": "/x/liblearner.so"}}, (), True)

    def workers(*gone_at):
        made, plan_ = [], list(gone_at)
        monkeypatch.setattr(kernel_checks, "new_worker", lambda *a, **k: made.append(
            StartingWorker(ctx, tmp_path / "log", plan_.pop(0) if plan_ else None)) or made[-1])
        return made

    made = workers("hello")  # lost once: the second start serves the lane
    live = kernel_checks.lab_worker(ctx, plan)
    assert len(made) == 2 and live.worker is made[1] and made[0].closed and live.ready
    assert [w.held for w in made] == [[("hello", False)], [("hello", False), ("init", True)]]

    ctx.lane = "twice"
    made = workers("hello", "hello")
    with pytest.raises(HarnessLost) as lost:
        kernel_checks.lab_worker(ctx, plan)
    assert len(made) == 2 and all(w.held == [("hello", False)] for w in made)
    said = str(lost.value)
    assert "before any of the learner's code was loaded" in said and "CUDA error: out of memory" in said
    assert "TORCH_USE_CUDA_DSA" not in said

    ctx.lane = "init"
    made = workers("init")  # the learner's code loading: its failure, as before, and no second start
    with pytest.raises(WorkerGone) as gone:
        kernel_checks.lab_worker(ctx, plan)
    assert not isinstance(gone.value, HarnessLost) and len(made) == 1

    ctx.lane = "shares"  # a helper share's lost starts reach the lane's thread
    made = workers(None, "hello", "hello")
    with pytest.raises(HarnessLost):
        kernel_checks.kernel_run(ctx, "k", plan, [], repeats=1, guard=0, timeout_s=1, workers=2)


def test_every_worker_that_loads_learner_code_after_its_own_start_is_started_again_once(tmp_path, monkeypatch):
    """Decision 249's class, not its one case: the copy ceiling's worker, lab 02's trace worker and the port's worker
    are started by themselves too (not lab_worker), and a start of theirs lost before it answered "hello" was a FAIL
    of the check that used it (the copy: every timed check of the lab). Each is started again once now, and lost
    twice ends the grading as the grader's internal error (HarnessLost)."""
    from types import SimpleNamespace

    from grader.checks import kernel_checks, perf, profile
    from grader.labs import lab03_port
    from grader.results import Result, Status
    from grader.runner import HarnessLost

    def workers(ctx, *gone_at, init_reply=None):
        made, plan_ = [], list(gone_at)

        def make(*a, **k):
            made.append(StartingWorker(ctx, tmp_path / "log", plan_.pop(0) if plan_ else None, init_reply))
            return made[-1]
        return made, make

    # the copy ceiling's worker: the measurement's init goes to the second start, and the first is closed
    ctx = _lab02_ctx(tmp_path / "copy")
    ctx.gpu_lock = DepthLock()
    made, make = workers(ctx, "hello")
    monkeypatch.setattr(kernel_checks, "new_worker", make)
    ready = perf.copy_worker_ready(ctx)
    assert len(made) == 2 and ready is made[1] and made[0].closed
    assert [w.held for w in made] == [[("hello", False)], [("hello", False), ("init", True)]]
    assert perf.copy_worker_ready(ctx) is ready and len(made[1].held) == 2, "the second start is initialised once"
    ctx = _lab02_ctx(tmp_path / "copy-twice")
    ctx.gpu_lock = DepthLock()
    made, make = workers(ctx, "hello", "hello")
    monkeypatch.setattr(kernel_checks, "new_worker", make)
    with pytest.raises(HarnessLost, match="lost twice"):
        perf.measure(ctx, "gate", None, ctx.spec.representative, ["lib:learner", "baseline", "copy"])

    # lab 02's trace worker: the cross-check's library is loaded by the second start (its init's error ends it here)
    plan = kernel_checks.WorkerPlan("cuda", {"op": "softmax"}, (), True)
    for lost, twice in ((("hello",), False), (("hello",) * 4, True)):
        ctx = _lab02_ctx(tmp_path / f"trace-{twice}")
        ctx.gpu_lock = DepthLock()
        made, make = workers(ctx, *lost, init_reply={"error": {"message": "stop here"}})
        monkeypatch.setattr(profile, "trace_worker", lambda ctx, fresh=False, make=make: (
            plan, kernel_checks.started_worker(ctx, "trace", make, fresh)))
        if twice:  # lost twice in the hook before the timed phase: left to the check, which starts it again
            profile.trace_worker(ctx)
            passed_ = Result(Status.PASS, "")
            profile.trace_ready(ctx, {"02.profile.loads": passed_, "02.build.honest": passed_})
            assert len(made) == 2, "the hook's two starts"
            with pytest.raises(HarnessLost):
                profile._launch_cross_check(ctx, [])
            assert len(made) == 4 and all(w.held == [("hello", False)] for w in made)
            continue
        result = profile._launch_cross_check(ctx, [])
        assert len(made) == 2 and made[0].held == [("hello", False)] and made[0].closed
        assert made[1].held == [("hello", False), ("init", True)] and "stop here" in result.message

    # the port's worker: the run (the learner's port loads there) goes to the second start
    ref = SimpleNamespace(case=SimpleNamespace(config={}, adamw=False, steps=1, weights={}, batches=[], fed=[]),
                          names=[], probes=[])
    monkeypatch.setattr(lab03_port, "reference", lambda ctx: ref)
    for lost, twice in ((("hello",), False), (("hello", "hello"), True)):
        ctx = _lab02_ctx(tmp_path / f"port-{twice}")
        ctx.gpu_lock = DepthLock()
        made, make = workers(ctx, *lost)
        monkeypatch.setattr(lab03_port, "new_worker", make)
        if twice:
            with pytest.raises(HarnessLost):
                lab03_port._port_run(ctx, "cuda")
            continue
        lab03_port._port_run(ctx, "cuda")
        assert len(made) == 2 and made[0].held == [("hello", False)] and made[0].closed
        assert made[1].held == [("hello", False), ("run", True)]


def test_lab02s_trace_is_initialised_before_the_timed_phase_once(tmp_path, monkeypatch):
    """Lab 02's trace worker (a report Nsight Compute cannot measure again here) loads the graded library before the
    timed phase takes the GPU from every other grading (profile.trace_ready, a before_timed hook): its start waited for
    without the GPU lock, its init under it, once; the cross-check in the timed phase then only traces. Where a parent
    of the check failed, nothing is loaded. An init that failed in the hook is the check's failure."""
    from grader.checks import profile
    from grader.checks.kernel_checks import WorkerPlan
    from grader.results import Result, Status

    passed_ = Result(Status.PASS, "")
    for parents, gone_at in (({"02.profile.loads": passed_, "02.build.honest": passed_}, None),
                             ({"02.profile.loads": passed_, "02.build.honest": Result(Status.FAIL, "")}, None),
                             ({"02.profile.loads": passed_, "02.build.honest": passed_}, "init")):
        ctx = _lab02_ctx(tmp_path / str(len(parents)) / str(gone_at))
        ctx.gpu_lock = DepthLock()
        worker = StartingWorker(ctx, tmp_path / "log", gone_at, init_reply={"error": {"message": "stop here"}})
        monkeypatch.setattr(profile, "trace_worker", lambda ctx, w=worker: (
            WorkerPlan("cuda", {"op": "softmax"}, (), True), w))
        ctx.memo[("started", "trace")] = worker
        profile.trace_ready(ctx, parents)
        began = parents["02.build.honest"].status == Status.PASS
        assert worker.held == ([("hello", False), ("init", True)] if began else []), worker.held
        worker.held.clear()
        result = profile._launch_cross_check(ctx, [])
        assert worker.held == ([] if began else [("hello", False), ("init", True)]), "the init was sent again"
        assert result is not None and result.status == Status.FAIL
        assert ("stop here" if gone_at is None else "no answer") in result.message, result.message


def test_lab02s_measured_worker_loads_the_library_before_the_timed_phase_once(tmp_path, monkeypatch):
    """Where Nsight Compute measures lab 02's library again, the first try's watched worker answers its start (no
    lock), is attached as it makes its CUDA context (no GPU lock: no learner code, decision 247) and loads the library
    (GPU lock shared) in profile.measured_ready, a before_timed hook, not in the timed phase: the check then only
    launches and reads. Where the timed phase holds no profiler lock (the report is not measured again), nothing
    starts. A start lost in the hook leaves the check its next try, in a fresh worker; so does a CUDA set-up lost."""
    from grader.checks import ncu_watch, profile
    from grader.checks.kernel_checks import WorkerPlan
    from grader.pipeline import PROFILER_HELD

    workers: list[StartingWorker] = []
    attached: list[tuple] = []  # (the worker, the attach's options, whether the GPU lock was held), one per attach
    ended: list[float] = []

    class FakeAttaching:  # decision 201: the measured worker is launched suspended and attached as its init is sent
        error = ""

        def __init__(self, ctx, worker, log, profiling):
            attached.append((worker, profiling, ctx.gpu_lock.depth > 0))

        def end(self, grace_s):
            ended.append(grace_s)

        def connected(self):
            return True

    monkeypatch.setattr(ncu_watch, "Attaching", FakeAttaching)

    def with_workers(ctx, gone_at):
        def measured_worker(ctx_, attempt=1):
            if len(workers) < attempt:
                workers.append(StartingWorker(ctx, tmp_path / "log", gone_at[attempt - 1],
                                              init_reply={"error": {"message": "stop here"}}))
            return WorkerPlan("cuda", {"op": "softmax"}, (), True), tmp_path / f"m{attempt}.ncu-rep", workers[-1]
        monkeypatch.setattr(profile, "measured_worker", measured_worker)

    for held in (True, False):
        workers.clear()
        ctx = _lab02_ctx(tmp_path / str(held))
        ctx.gpu_lock, ctx.memo[PROFILER_HELD] = DepthLock(), held
        with_workers(ctx, [None])
        profile.measured_ready(ctx, {})
        if not held:
            assert workers == [], "a worker started where Nsight Compute measures nothing"
            continue
        assert workers[0].held == [("hello", False), ("cuda", False), ("init", True)]
        assert [(w, held) for w, _, held in attached] == [(workers[0], False)], \
            "not attached once, before the init, outside the GPU lock"
        options = attached[0][1]
        report = options[options.index("--export") + 1]
        assert report == str(tmp_path / "m1.ncu-rep") and "--nvtx-include" in options and "--metrics" in options
        assert "--nvtx" not in options, "ncu --mode attach refuses --nvtx (evidence 2026-12-03f, call 2)"
        judged, error, _ = profile._measured(ctx)
        assert workers[0].held == [("hello", False), ("cuda", False), ("init", True)], "a step was sent again"
        assert judged == [] and error == "loading your library: stop here", error
        assert len(attached) == 1 and ended and workers[0].closed, "the attach outlived its try"
        attached.clear()
    for lost, steps in (("hello", [("hello", False)]), ("cuda", [("hello", False), ("cuda", False)])):
        workers.clear()
        ctx = _lab02_ctx(tmp_path / f"lost-{lost}")
        ctx.gpu_lock, ctx.memo[PROFILER_HELD] = DepthLock(), True
        with_workers(ctx, [lost, None])
        profile.measured_ready(ctx, {})
        judged, error, _ = profile._measured(ctx)
        assert [w.held for w in workers] == [steps, [("hello", False), ("cuda", False), ("init", True)]], lost
        assert workers[0].closed and error == "loading your library: stop here", error


def test_lab02s_measured_worker_starts_as_the_report_is_read_launched_suspended(tmp_path, monkeypatch):
    """Decision 201: where Nsight Compute will measure the report again (a GPU of its model, ncu here), 02.profile.loads
    starts the measured worker, so that its start (ncu's and torch's, 5-8 s) overlaps the library's cases instead of
    holding the machine's profiler lock in the timed phase. It may start without that lock only because ncu launches
    it suspended (nothing of the learner's runs, no session watches it, until the attach): so it must be. Where the
    report cannot be measured again, the trace worker starts instead, as before; and it lives in a lane of its own,
    which no check's end closes."""
    from grader import gpu_lock
    from grader.checks import ncu_watch, profile
    from grader.runner import launched_suspended

    monkeypatch.setenv("GRADER_LOCK_DIR", str(tmp_path))
    monkeypatch.setattr(ncu_watch, "find_ncu", lambda: "/opt/ncu/ncu")
    started: list = []
    monkeypatch.setattr(profile, "started_worker", lambda ctx, key, make: started.append((key, make())) or started[-1][1])
    calls: list[str] = []
    monkeypatch.setattr(profile, "prestart_trace", lambda ctx: calls.append("trace"))
    for here in (True, False):
        ctx = _lab02_ctx(tmp_path / str(here))
        ctx.builddir = tmp_path / str(here) / "build"
        ctx.builds = {profile.source_name(ctx): object()}
        monkeypatch.setattr(profile, "begun", lambda ctx, name: True)
        monkeypatch.setattr(profile, "_ncu_here", lambda here=here: here)
        ctx.memo["profile.facts"] = profile.Facts(actions=[{"device": {"name": "fake"}, "kernel": {"function": "k"}}])
        calls.clear()
        started.clear()
        assert profile.check_loads(ctx).status.name == "PASS"
        if not here:
            assert calls == ["trace"] and not started, "a measured worker where nothing will be measured again"
            continue
        assert calls == [] and [k for k, _ in started] == ["measured-1"]
        worker = started[0][1]
        assert launched_suspended(worker.wrapper) and worker.wrapper[0] == "/opt/ncu/ncu", worker.wrapper
        assert "--nvtx" in worker.wrapper, "NVTX is the launching ncu's option: an attach refuses it"
        assert worker.env["GRADER_WARM"] == "launched" and worker.share_net and worker.gpu
        assert worker.lane == profile.MEASURED_LANE and not ctx.lab.has_lane(worker.lane)
        assert not gpu_lock.profiler_held_here()
        worker.ncu_port_release()


def test_nsight_computes_worker_starts_without_the_gpu_lock_and_runs_learner_code_under_it(tmp_path, monkeypatch):
    """A watched worker that never answered its start held the GPU lock for 40 s, and every measurement of the
    machine waited behind it (docs/data/evidence-2026-11-27k, call 2). Its start ("hello": only the harness runs)
    now holds no GPU lock; the learner's code (the init, the case) runs under it. A start that hangs fails the try
    and says where."""
    from grader.checks import ncu_watch, own_kernels
    from grader.checks.kernel_checks import WorkerPlan

    held: list[tuple[str, bool]] = []

    class Watched:
        log = tmp_path / "worker.log"
        lane = "triton-ncu"
        exit = None

        def __init__(self, hang_at):
            self.hang_at = hang_at

        def start(self):
            pass

        def spoke_within(self, seconds):
            held.append(("first line", ctx.gpu_lock.depth > 0))
            return self.hang_at != "first line"

        def hung(self, message):
            return WorkerGone("hung", message, self)

        def call(self, command, *, timeout_s, on_mark=None):
            held.append((command["cmd"], ctx.gpu_lock.depth > 0))
            if command["cmd"] == self.hang_at:
                raise WorkerGone("hung", f"no answer in {timeout_s:.0f} s", self)
            if command["cmd"] in ("hello", "cuda"):
                return None  # the start's and the CUDA set-up's answers are not read
            raise WorkerGone("died", "the worker stopped", self)  # after the init: enough for this test

        def close(self, grace_s=2.0):
            return None

    for hang_at, where in (("init", "your file's init"), ("cuda", "its start"), ("hello", "its start"),
                           ("first line", "its start")):
        ctx = _lab03_ctx(tmp_path / hang_at, {"softmax_triton.py": "import triton\n@triton.jit\ndef k(x):\n    pass\n"})
        ctx.gpu_lock = DepthLock()
        plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
        held.clear()
        monkeypatch.setattr(ncu_watch, "new_worker", lambda *a, **k: Watched(hang_at))
        monkeypatch.setattr(ncu_watch, "attach", lambda *a, **k: (None, ""))
        names, _, error = own_kernels.kernels_run(ctx, plan, 1)
        assert names == [] and error.startswith(where), error
        assert held[0] == ("first line", False), "the start held the GPU lock"
        if hang_at == "first line":  # a harness that printed nothing is never asked for its hello
            assert len(held) == 1 and "printed nothing" in error, (held, error)
            continue
        assert held[1] == ("hello", False), "the start held the GPU lock"
        if hang_at in ("cuda", "init"):
            assert held[2] == ("cuda", False), "CUDA's set-up (no learner code) held the GPU lock"
        if hang_at == "init":
            assert held[3] == ("init", True), "the learner's init ran without the GPU lock"
    assert own_kernels.STEP_LIMITS_S[0] < own_kernels.STEP_LIMITS_S[1], "the first try is the short one"
    assert max(own_kernels.START_LIMITS_S) <= 60, "a start that answers takes seconds: one that hangs is cut short"


def test_nsight_computes_worker_starts_outside_the_profiler_lock_and_is_watched_under_it(tmp_path, monkeypatch):
    """The machine's profiler lock admits one watched check at a time. Taken for the whole check, it was held through
    the watched worker's start (torch's import, 4-13 s under load) and through every start lost and made again: about
    a third of its holds in make test-gpu on an H200, while every other grading's watched check waited
    (docs/data/evidence-2026-12-03d, call 1). Now the start, and each fresh start after a lost one, holds no lock; the
    attach with the harness's CUDA set-up, the init, the case and the close (where ncu writes its record) hold the
    profiler lock, and the init and the case the GPU lock inside it; the CUDA set-up, no learner code, does not
    (decision 247)."""
    from grader.channel import Reply
    from grader.checks import ncu_watch, own_kernels
    from grader.checks.kernel_checks import WorkerPlan

    seen: list[tuple[str, int, int]] = []  # (what, profiler holds, GPU holds)
    starts: list[int] = []

    class Watched(StartedWatched):
        def __init__(self, log):
            super().__init__(log)
            starts.append(1)

        def spoke_within(self, seconds):
            seen.append(("first line", ctx.gpu_lock.watching, ctx.gpu_lock.depth))
            return len(starts) > 1  # the first start is lost: its harness never prints

        def hung(self, message):
            return WorkerGone("hung", message, self)

        def call(self, command, *, timeout_s, on_mark=None):
            seen.append((command["cmd"], ctx.gpu_lock.watching, ctx.gpu_lock.depth))
            if command["cmd"] == "hello":
                return None
            return Reply({"error": {"type": "ImportError", "message": "no"}}, "init")

        def close(self, grace_s=2.0):
            seen.append(("close", ctx.gpu_lock.watching, ctx.gpu_lock.depth))

    ctx = _lab03_ctx(tmp_path, {"softmax_triton.py": "import triton\n@triton.jit\ndef k(x):\n    pass\n"})
    ctx.gpu_lock = DepthLock()
    plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
    monkeypatch.setattr(ncu_watch, "new_worker", lambda *a, **k: Watched(tmp_path / "worker.log"))
    monkeypatch.setattr(own_kernels, "find_ncu", lambda: "/usr/bin/ncu")
    monkeypatch.setattr(ncu_watch, "find_ncu", lambda: "/usr/bin/ncu")
    monkeypatch.setattr(ncu_watch, "attach", lambda *a, **k: (None, ""))
    own_kernels.check(ctx, plan, "softmax_triton.py")
    assert seen[0] == ("first line", 0, 0) and seen[1] == ("close", 0, 0), seen  # the lost start, closed unheld
    after = seen[seen.index(("first line", 0, 0), 1):]  # the fresh start
    assert after[:2] == [("first line", 0, 0), ("hello", 0, 0)], "a start held a lock"
    assert ("cuda", 1, 0) in after, "CUDA's set-up ran unwatched, or held the GPU lock"
    assert after.index(("cuda", 1, 0)) < after.index(("init", 1, 1)), "the learner's init ran before CUDA's set-up"
    assert all(w == 1 for what, w, _ in after if what == "close"), "the record was written after the watch ended"
    assert ctx.gpu_lock.watching == 0 and ctx.gpu_lock.depth == 0, "a hold outlived the check"


class StartedWatched:
    """A watched worker whose start has answered, for own_kernels.kernels_run; ``call`` past the start is the test's."""
    lane = "triton-ncu"
    exit = None
    first_output_s = 0.5
    stuck = ""

    def __init__(self, log):
        self.log = log

    def start(self):
        pass

    def spoke_within(self, seconds):
        return True

    def log_text(self):
        return ""

    def close(self, grace_s=2.0):
        pass


def test_nsight_computes_worker_is_given_time_to_write_its_record(tmp_path, monkeypatch):
    """ncu writes its record as the watched process ends. Closed like every other worker (2 s, then killed), 6 of 60
    watched runs on an H200 under load lost their record and counted as a run of the learner's code that listed
    nothing (docs/data/evidence-2026-11-30f): two in a row fail a right submission. The watched worker now gets
    NCU_CLOSE_S, as lab 02's measured worker does."""
    from grader.channel import Reply
    from grader.checks import ncu_watch, own_kernels, profile
    from grader.checks.kernel_checks import NCU_CLOSE_S, WorkerPlan

    closes: list[float] = []

    class Watched(StartedWatched):
        def call(self, command, *, timeout_s, on_mark=None):
            if command["cmd"] == "hello":
                return None
            return Reply({"error": {"type": "ImportError", "message": "no"}}, "init")  # no case: straight to close

        def close(self, grace_s=2.0):
            closes.append(grace_s)

    ctx = _lab03_ctx(tmp_path, {"softmax_triton.py": "import triton\n@triton.jit\ndef k(x):\n    pass\n"})
    plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
    monkeypatch.setattr(ncu_watch, "new_worker", lambda *a, **k: Watched(tmp_path / "worker.log"))
    monkeypatch.setattr(ncu_watch, "attach", lambda *a, **k: (None, ""))
    own_kernels.kernels_run(ctx, plan, 1)
    assert closes == [NCU_CLOSE_S] and NCU_CLOSE_S >= 10, closes
    assert profile.NCU_CLOSE_S is NCU_CLOSE_S  # one figure for both of Nsight Compute's workers


def test_an_attach_that_fails_is_a_lost_start_not_a_try_of_the_learners_code(tmp_path, monkeypatch):
    """An attach that never connects leaves the worker waiting in its init at its first CUDA call: the attach's thread
    closes the worker, and the try ends as a lost start (tried again in a fresh sandbox), not as the learner's init
    hanging."""
    from grader.checks import ncu_watch, own_kernels
    from grader.checks.kernel_checks import WorkerPlan

    class Waits(StartedWatched):
        def __init__(self, log):
            super().__init__(log)
            self.closed = threading.Event()

        def call(self, command, *, timeout_s, on_mark=None):
            if command["cmd"] == "hello":
                return None
            if not self.closed.wait(10):  # the init, at its first CUDA call, until the worker is closed
                raise AssertionError("the failed attach left the init waiting")
            raise WorkerGone("died", "closed", self)

        def close(self, grace_s=2.0):
            self.closed.set()

    ctx = _lab03_ctx(tmp_path, {"softmax_triton.py": "import triton\n@triton.jit\ndef k(x):\n    pass\n"})
    plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
    monkeypatch.setattr(ncu_watch, "new_worker", lambda *a, **k: Waits(tmp_path / "worker.log"))
    monkeypatch.setattr(ncu_watch, "attach", lambda *a, **k: (None, "Nsight Compute did not attach in 20 s"))
    names, _, error = own_kernels.kernels_run(ctx, plan, 1)
    assert names == [] and error.startswith(own_kernels.START) and "did not attach" in error, error


def test_no_learner_code_is_sent_before_nsight_compute_has_attached(tmp_path, monkeypatch):
    """Decision 247: the watched worker's CUDA is set up ("cuda") as ncu attaches, outside the GPU lock, and its init
    (the learner's code) follows. The harness's first CUDA call waits for the attach, but the judge does not rely on
    it: it waits for the attach itself, and an attach still under way when the set-up answers, then failing, is a lost
    start; the init is never sent (on a judge that sent it at once, the learner's code ran unwatched)."""
    import time

    from grader.checks import ncu_watch, own_kernels, profile
    from grader.checks.kernel_checks import WorkerPlan
    from grader.pipeline import PROFILER_HELD

    sent: list[str] = []

    class Quick(StartedWatched):
        def call(self, command, *, timeout_s, on_mark=None):
            sent.append(command["cmd"])
            return None  # "hello" and "cuda" answer at once, the attach still trying

    def slow_attach(*a, **k):
        time.sleep(0.3)
        return None, "Nsight Compute did not attach in 20 s"

    monkeypatch.setattr(ncu_watch, "attach", slow_attach)
    monkeypatch.setattr(ncu_watch, "new_worker", lambda *a, **k: Quick(tmp_path / "worker.log"))
    ctx = _lab03_ctx(tmp_path / "03", {"softmax_triton.py": "import triton\n@triton.jit\ndef k(x):\n    pass\n"})
    ctx.gpu_lock = DepthLock()
    plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
    names, _, error = own_kernels.kernels_run(ctx, plan, 1)
    assert sent == ["hello", "cuda"], sent
    assert names == [] and error.startswith(own_kernels.START) and "did not attach" in error, error
    sent.clear()
    ctx = _lab02_ctx(tmp_path / "02")
    ctx.gpu_lock, ctx.memo[PROFILER_HELD] = DepthLock(), True
    monkeypatch.setattr(profile, "measured_worker", lambda ctx_, attempt=1: (
        WorkerPlan("cuda", {"op": "softmax"}, (), True), tmp_path / "m.ncu-rep", Quick(tmp_path / "worker.log")))
    *_, stage, reply, gone = profile._measured_ready(ctx, 1, 5.0)
    assert sent == ["hello", "cuda"] and reply is None, sent
    assert stage == "its start" and "did not attach" in str(gone), (stage, gone)


def test_a_watched_start_lost_before_its_check_is_replaced_then_and_the_check_takes_what_stands(tmp_path, monkeypatch):
    """The first try's watched worker starts with lab 03. On one H200 machine every such start was lost (bwrap's child
    spinning under ncu, the harness never begun) and each check found it so and started another under the machine's
    profiler lock (docs/data/evidence-2026-12-02d, call 1). A start that prints nothing by its first line's limit is
    now replaced at once, before its check, at most PRESTARTS times; once the check has taken the worker, nothing is
    replaced behind it; closing the lab closes the kept worker, whichever it is."""
    from grader.checks import ncu_watch, own_kernels
    from grader.checks.kernel_checks import WorkerPlan

    class Start:
        exit = None
        stuck = ""
        log = tmp_path / "worker.log"

        def __init__(self, speaks, gate=None):
            self.speaks, self.gate, self.closed = speaks, gate, False

        def start(self):
            pass

        def spoke_within(self, seconds):
            if self.gate is not None:
                self.gate.wait(10)
            return self.speaks

        def where_stuck(self):
            return ""

        def log_text(self):
            return ""

        def close(self, grace_s=2.0):
            self.closed = True

    def kept(speaking: list[bool], gate=None):
        made: list[Start] = []
        monkeypatch.setattr(ncu_watch, "new_worker", lambda *a, **k: made.append(
            Start(speaking[len(made)], gate)) or made[-1])
        ctx = _lab03_ctx(tmp_path / str(len(speaking)) / str(gate is not None), {"softmax_triton.py": "x = 1\n"})
        plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
        own_kernels.prestart(ctx, plan)
        return ctx, made, ctx.memo["ncu-kept"]

    monkeypatch.setattr(own_kernels, "find_ncu", lambda: "/usr/bin/ncu")

    monkeypatch.setattr(ncu_watch, "find_ncu", lambda: "/usr/bin/ncu")
    monkeypatch.setattr(ncu_watch.gpu_lock, "lock_folder", lambda: tmp_path)
    # lost, lost, then one that speaks: it is the first try's worker, the lost ones closed and their ports given back
    ctx, made, keeper = kept([False, False, True])
    keeper.thread.join(10)
    assert [w.closed for w in made] == [True, True, False]
    assert ctx.memo[("started", "ncu-1")] is made[2]
    assert len({w.ncu_port for w in made}) == 1, "a lost start's port was not given back"
    # every start lost: PRESTARTS of them, all closed, none left for the check (it starts its own)
    ctx, made, keeper = kept([False] * (own_kernels.PRESTARTS + 1))
    keeper.thread.join(10)
    assert len(made) == own_kernels.PRESTARTS and all(w.closed for w in made)
    assert ("started", "ncu-1") not in ctx.memo
    # taken by the check while its first line is awaited: it stays the check's, whatever it says then
    gate = threading.Event()
    ctx, made, keeper = kept([False, True], gate)
    keeper.take()
    gate.set()
    keeper.thread.join(10)
    assert len(made) == 1 and not made[0].closed and ctx.memo[("started", "ncu-1")] is made[0]
    # the lab's end closes the kept worker, and starts no other
    keeper.close(0.0)
    assert made[0].closed and keeper in [getattr(c, "__self__", None) for c in ctx.closers]
    # a start that cannot be made in the background (no process, say) prints no traceback: the check makes it again
    def refused(*a, **k):
        raise OSError(24, "Too many open files")
    monkeypatch.setattr(ncu_watch, "new_worker", refused)
    hooked: list = []
    monkeypatch.setattr(threading, "excepthook", hooked.append)
    ctx = _lab03_ctx(tmp_path / "refused", {"softmax_triton.py": "x = 1\n"})
    own_kernels.prestart(ctx, WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True))
    ctx.memo["ncu-kept"].thread.join(10)
    assert hooked == [] and ("started", "ncu-1") not in ctx.memo


def test_nsight_computes_lost_start_is_tried_again_without_using_up_a_try_of_the_learners_code(tmp_path, monkeypatch):
    """A watched worker's start that never answers is Nsight Compute's (no learner code has run), and a fresh sandbox
    then starts in seconds. A second try's start once hung for all of its 90 s while the check held the machine's
    profiler lock, and a right submission failed (docs/data/evidence-2026-11-29e, call 3). Now a lost start gets a
    fresh sandbox with a short limit and leaves the learner's two tries as they were."""
    from grader.checks import ncu_watch, own_kernels
    from grader.checks.kernel_checks import WorkerPlan
    from grader.results import Status

    seen: list[tuple[int, str, float]] = []
    first_lines: list[float | None] = []

    def run(script):
        def kernels_run(ctx, plan, attempt, limits=None):
            outcome = script[len(seen)]
            seen.append((attempt, outcome, limits[0]))
            first_lines.append(limits[2])
            worker = type("W", (), {"log": tmp_path / "worker.log"})()
            if outcome == "ok":
                return ["_softmax_kernel"], worker, ""
            if outcome == "fills":  # a record cut short: torch's fills listed, the learner's kernel not
                return ["void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>"], worker, ""
            return [], worker, f"{outcome}: no answer in {limits[0]:.0f} s"
        seen.clear()
        first_lines.clear()
        monkeypatch.setattr(own_kernels, "kernels_run", kernels_run)
        ctx = _lab03_ctx(tmp_path / str(len(script)), {"softmax_triton.py": "import triton\n@triton.jit\n"
                                                                            "def _softmax_kernel(x):\n    pass\n"})
        plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
        return own_kernels.check(ctx, plan, "softmax_triton.py")

    monkeypatch.setattr(own_kernels, "find_ncu", lambda: "/usr/bin/ncu")

    monkeypatch.setattr(ncu_watch, "find_ncu", lambda: "/usr/bin/ncu")
    start, init = own_kernels.START, "your file's init"
    # call 3's grading: the learner's first try fails at its case, the second try's start hangs, a fresh one answers
    result = run(["the case", start, "ok"])
    assert result.status == Status.PASS and "listed on try 3" in result.message, result.message
    assert [limit for _, _, limit in seen] == [own_kernels.START_LIMITS_S[0], own_kernels.START_LIMITS_S[0],
                                              own_kernels.START_LIMITS_S[1]]
    # lost starts never use up the learner's tries: two failures of the learner's code still end the check
    result = run([start, init, start, init])
    assert result.status == Status.FAIL and "(4 tries)" in result.message and seen[-1][1] == init
    # and the starts are bounded: the check gives up once every start limit has been used
    result = run([start] * len(own_kernels.START_LIMITS_S))
    assert result.status == Status.FAIL and len(seen) == len(own_kernels.START_LIMITS_S)
    # a start whose harness prints nothing is cut early, but never the last: a slow machine costs starts, not the check
    assert first_lines == list(own_kernels.FIRST_LINE_S) and first_lines[-1] is None
    assert all(first < limit for first, limit in zip(first_lines[:-1], own_kernels.START_LIMITS_S))
    assert len(seen) <= own_kernels.TRIES
    # a run that lists only torch's fills is tried once more (session 33: a right control's kernel missing from a
    # record); two such runs fail, saying that none of the learner's kernels ran
    result = run(["fills", "ok"])
    assert result.status == Status.PASS and "listed on try 2" in result.message, result.message
    result = run(["fills", "fills"])
    assert result.status == Status.FAIL and "launched none of your Triton kernels" in result.message, result.message
    assert len(seen) == 2


def test_a_library_kernel_is_never_the_learners_whatever_the_file_names_its_functions(tmp_path, monkeypatch):
    """03.triton.own_kernels counted a listed kernel as the learner's when its *base* name (namespace and parameters
    cut off) was a @triton.jit function's: an unused jit function named like a cuBLAS kernel, or like any kernel
    spelled `void ns::name(...)`, had that kernel counted as the learner's. Now the whole name must be the function's
    (Triton's kernels are listed by their bare names), and a bare name of a library family (cuBLAS's, torch.compile's)
    is never the learner's. A right file keeps passing, and one whose kernel is named like cuBLAS's is told to rename
    it."""
    from grader.checks import ncu_watch, own_kernels
    from grader.checks.kernel_checks import WorkerPlan
    from grader.results import Status

    torch_softmax = "void at::native::softmax_rows(float *, const float *, int)"  # a kernel without a template
    cublas = "sm90_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize128x128x16_warpgroupsize1x1x1_execute_segment_k_off"
    mine = {"_softmax_kernel", "softmax_rows", cublas}
    assert own_kernels.is_mine("_softmax_kernel", mine)
    assert not own_kernels.is_mine(torch_softmax, mine)
    assert not own_kernels.is_mine(cublas, mine)
    assert not own_kernels.is_mine("void _softmax_kernel(float *)", mine)  # only the bare name is Triton's
    assert not own_kernels.is_mine("triton_red_fused__softmax_0", mine | {"triton_red_fused__softmax_0"})
    for library in ("sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize64x64x8_stage3_warpsize1x4x1_ffma_aligna4_alignc4_"
                    "execute_kernel__5x_cublas", "ampere_sgemm_128x64_nn", "nvjet_tst_64x8_64x16_4x1_v_bz_TNT",
                    "volta_scudnn_128x64_relu_interior_nn_v1"):  # cuBLAS and cuDNN (the first listed on an H200)
        assert own_kernels.LIBRARY_NAME.match(library), library
    for learners in ("sm90_softmax", "ampere_rows_kernel", "softmax_cublas_like", "matmul_kernel", "_gemm_kernel"):
        assert own_kernels.is_mine(learners, {learners}), learners  # a name of the learner's own stays theirs

    def verdict(listed, source):
        monkeypatch.setattr(own_kernels, "kernels_run", lambda ctx, plan, attempt, limits=None: (
            listed, type("W", (), {"log": tmp_path / "worker.log"})(), ""))
        ctx = _lab03_ctx(tmp_path / str(len(list(tmp_path.iterdir()))), {"softmax_triton.py": source})
        plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
        return own_kernels.check(ctx, plan, "softmax_triton.py")

    monkeypatch.setattr(own_kernels, "find_ncu", lambda: "/usr/bin/ncu")

    monkeypatch.setattr(ncu_watch, "find_ncu", lambda: "/usr/bin/ncu")
    copy = "import triton\n@triton.jit\ndef _copy_kernel(x):\n    pass\n"
    decoy = copy + "@triton.jit\ndef softmax_rows(x):\n    pass\n"
    result = verdict([torch_softmax, "_copy_kernel"], decoy)
    assert result.status == Status.FAIL and "not yours" in result.message and "softmax_rows" in result.message
    result = verdict([torch_softmax, "_copy_kernel"], copy)
    assert result.status == Status.FAIL and "not yours" in result.message
    gemm = copy + f"@triton.jit\ndef {cublas}(x):\n    pass\n"
    result = verdict([cublas, "_copy_kernel"], gemm)
    assert result.status == Status.FAIL and "give your kernel a name of its own" in " ".join(result.details)
    result = verdict(["_copy_kernel", "_copy_kernel"], copy)
    assert result.status == Status.PASS and "(_copy_kernel)" in result.message, result.message


def test_grader_timeout_s_caps_every_cases_limit(tmp_path, monkeypatch):
    """GRADER_TIMEOUT_S (the tests' hang controls) shortens each case's own limit too (lab 00's is 60 s, lab 02's
    300 s): a test's hanging kernel is found in its seconds, not the lab's minutes. Without it, a lab's own limit."""
    import dataclasses

    from grader.checks import kernel_checks as kc
    from grader.config import SETTINGS

    seen: list[float] = []

    class Idle:
        log = tmp_path / "worker.log"

    monkeypatch.setattr(kc, "lab_worker", lambda ctx, plan, init_timeout_s: kc.Live(Idle(), ready=True))
    monkeypatch.setattr(kc, "run_cases", lambda ctx, worker, cases, *, repeats, guard, timeout_s: seen.append(
        timeout_s) or [])
    ctx = _lab03_ctx(tmp_path, {})
    plan = kc.WorkerPlan("cuda", {}, (), True)
    for cap, expected in ((20.0, 20.0), (None, 300.0)):
        monkeypatch.setattr(kc, "SETTINGS", dataclasses.replace(SETTINGS, case_timeout_cap_s=cap))
        kc.kernel_run(ctx, f"cases-{cap}", plan, [object()], repeats=1, guard=0, timeout_s=300.0)
        assert seen[-1] == expected


def test_the_judge_writes_into_a_workers_folder_only_files_it_creates(tmp_path):
    """Red team (session 12): learner code made links, a pipe and a folder at the names the judge writes its inputs
    to (c3.in-input.bin): the judge, outside the sandbox, wrote through a link into /usr and into grader/, hung on
    the pipe and stopped on the folder (exit 3). It now creates each file anew and treats anything else there as the
    worker's malformed answer."""
    import threading

    from grader import channel

    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    io = tmp_path / "io"
    io.mkdir()
    (io / "link.bin").symlink_to(victim)
    os.mkfifo(io / "pipe.bin")
    (io / "dir.bin").mkdir()
    for name in ("link.bin", "pipe.bin", "dir.bin"):
        done = []

        def attempt(name=name):
            try:
                channel.write_new(io / name, lambda fh: fh.write(b"input"))
            except channel.BadReply as exc:
                done.append(str(exc))

        thread = threading.Thread(target=attempt, daemon=True)
        thread.start()
        thread.join(5)
        assert done and "not a file" in done[0], (name, done)
    assert victim.read_text() == "precious"
    (io / "old.bin").write_bytes(b"an earlier input")
    channel.write_new(io / "old.bin", lambda fh: fh.write(b"input"))
    channel.write_new(io / "new.bin", lambda fh: fh.write(b"input"))
    assert (io / "old.bin").read_bytes() == (io / "new.bin").read_bytes() == b"input"


def test_a_checks_cases_have_a_time_budget_in_all(monkeypatch):
    """Each case within its own limit was not enough: 26 cases of 8 s passed a check under a 10 s limit in 218 s
    (red team, session 12). run_cases stops at cases_budget_s, as a hang."""
    import time

    from grader.checks import kernels

    class FakeWorker:
        closed, gpu = False, False

        def close(self):
            self.closed = True

    ran = []

    def slow_case(ctx, worker, case, key, *, repeats, guard, timeout_s, last):
        ran.append(timeout_s)
        time.sleep(0.3)
        return kernels.CaseResult(case)

    budget = kernels.cases_budget_s
    monkeypatch.setattr(kernels, "run_case", slow_case)
    monkeypatch.setattr(kernels, "cases_budget_s", lambda timeout_s: 1.0)
    worker = FakeWorker()
    with pytest.raises(WorkerGone) as gone:
        kernels.run_cases(None, worker, [object()] * 26, repeats=1, guard=0, timeout_s=10.0)
    assert gone.value.kind == "hung" and "in all" in str(gone.value) and worker.closed
    assert 3 <= len(ran) <= 5 and all(t <= 1.0 for t in ran)
    assert budget(60.0) >= 300.0 or kernels.SETTINGS.case_timeout_cap_s is not None


def test_own_kernels_reads_the_jit_names_of_a_file_saved_with_a_byte_order_mark(tmp_path):
    """A right softmax_triton.py saved by a Windows editor (a UTF-8 byte-order mark, CRLF line ends) passed the audit
    and the interpreter, then made 03.triton.own_kernels an internal error on the GPU: the file's text, parsed,
    began with U+FEFF (red team rt43's positive control, on an H200: docs/data/evidence-2026-12-03, call 2)."""
    from grader.checks.own_kernels import file_jit_names
    from helpers import REPO

    solution = REPO / "solutions/03-triton-and-pytorch/softmax_triton.py"
    windows = tmp_path / "softmax_triton.py"
    windows.write_bytes(b"\xef\xbb\xbf" + solution.read_text().replace("\n", "\r\n").encode())
    assert file_jit_names(solution) and file_jit_names(windows) == file_jit_names(solution)


def test_own_kernels_knows_every_kernel_the_method_audit_accepts():
    """Red team, session 53, on an H200: a kernel made by `f = triton.jit(f)` (Unsloth's way; the positive control
    c12_triton_unsloth_jit_by_calls, graded on the CPU only) or under `from triton import jit as triton_jit` passed
    the audit, the interpreter and every GPU shape, then 03.triton.own_kernels called it "not yours" ("expected: only
    your @triton.jit kernels (none found)"): only decorators named `.jit` or `jit` counted. The check now reads the
    file as the audit does."""
    from grader.checks.own_kernels import file_jit_names, jit_names
    from helpers import REPO

    unsloth = REPO / "tests/adversarial/c12_triton_unsloth_jit_by_calls/03-triton-and-pytorch/softmax_triton.py"
    assert file_jit_names(unsloth) == {"_softmax_forward", "_chunked_softmax_fn"}
    kernel = "def {name}(x_ptr, n):\n    pass\n"
    assert jit_names(("import triton\n\n" + kernel + "{name} = triton.jit({name})\n").format(name="k").encode()) \
        == {"k"}
    assert jit_names(("from triton import jit as triton_jit\n\n@triton_jit\n" + kernel).format(name="k").encode()) \
        == {"k"}
    assert jit_names(("import triton as tr\n\n@tr.autotune(configs=[], key=[])\n@tr.jit\n" + kernel)
                     .format(name="k").encode()) == {"k"}
    assert jit_names(("def wrap(f):\n    return f\n\n@wrap\n" + kernel).format(name="k").encode()) == set()

"""The scheduler (grader/pipeline.py): lanes run at once, a check may start early but stands only if its
parents passed, timed checks run last and alone, results come back in declaration order, and a grader
bug in one lane ends the run. Fake labs, no workers: these run anywhere, fast."""
from __future__ import annotations

import json
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from grader.context import Context, Device, Memo
from grader import pipeline
from grader.gpu_lock import GpuLock
from grader.ops import KERNELS
from grader.pipeline import GraderBug, LabRun
from grader.registry import Lab
from grader.results import Status, failed, passed


def lab_run(lab: Lab, tmp_path, *, slots: int = 8) -> LabRun:
    ctx = Context(lab, None, tmp_path, tmp_path, tmp_path, None, Device(True, "fake"), 1, tmp_path / "runs",
                  per_run=Memo())
    return LabRun(lab, lambda: ctx, lambda: (ctx.device, GpuLock(None, "")), threading.Event(), [],
                  threading.Semaphore(slots))


def run_all(lr: LabRun) -> dict[str, object]:
    threads = [threading.Thread(target=lr.run_lane, args=(checks,)) for checks in lr.lanes().values()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=20)
        assert not t.is_alive(), "a lane never finished: the scheduler deadlocked"
    lr.run_timed()
    report = lr.close()
    return {c.id: r for c, r in report.results}


def test_pipeline_runs_lanes_at_once(tmp_path):
    """Two lanes meet at a barrier: run one after the other, they would wait forever."""
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    barrier = threading.Barrier(2, timeout=5)

    def meet(ctx):
        barrier.wait()
        return passed("met")

    lab.check("09.a.meet", points=1, lane="a")(meet)
    lab.check("09.b.meet", points=1, lane="b")(meet)
    results = run_all(lab_run(lab, tmp_path))
    assert all(r.status == Status.PASS for r in results.values())


def test_pipeline_keeps_one_lane_in_order(tmp_path):
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    order = []

    def record(name):
        def fn(ctx):
            time.sleep(0.02 if name == "first" else 0)
            order.append(name)
            return passed(name)
        return fn

    lab.check("09.x.first", points=1)(record("first"))
    lab.check("09.x.second", points=1)(record("second"))
    run_all(lab_run(lab, tmp_path))
    assert order == ["first", "second"]


def test_pipeline_reports_an_early_start_not_run_when_a_parent_fails(tmp_path):
    """gpu_shapes starts after the audit (its gate), beside the interpreter; the interpreter fails: what
    gpu_shapes found does not count, it is NOT RUN, as if it had waited."""
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    ran = threading.Event()
    release = threading.Event()
    lab.check("09.t.audit", points=1, lane="cpu")(lambda ctx: passed("clean"))

    def interpreter(ctx):
        release.wait(5)  # fails only after the early check has run
        return failed("wrong on the CPU")

    def gpu(ctx):
        ran.set()
        release.set()
        return passed("right on the GPU")

    lab.check("09.t.interpreter", points=1, needs=("09.t.audit",), lane="cpu")(interpreter)
    lab.check("09.t.gpu", points=1, needs=("09.t.interpreter",), lane="gpu", after=("09.t.audit",))(gpu)
    results = run_all(lab_run(lab, tmp_path))
    assert ran.is_set(), "the early check should have started while its parent ran"
    assert results["09.t.gpu"].status == Status.NOT_RUN
    assert "09.t.interpreter" in results["09.t.gpu"].message


def test_pipeline_never_starts_a_check_whose_gate_failed(tmp_path):
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    ran = []
    lab.check("09.t.audit", points=1, lane="cpu")(lambda ctx: failed("cheats"))
    lab.check("09.t.interpreter", points=1, needs=("09.t.audit",), lane="cpu")(lambda ctx: passed("x"))
    lab.check("09.t.gpu", points=1, needs=("09.t.interpreter",), lane="gpu", after=("09.t.audit",))(
        lambda ctx: ran.append(1) or passed("x"))
    results = run_all(lab_run(lab, tmp_path))
    assert not ran, "learner code ran although the audit that gates it failed"
    assert results["09.t.gpu"].status == Status.NOT_RUN


def test_pipeline_runs_timed_checks_after_every_other_check(tmp_path):
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    order = []

    def record(name, delay=0.0):
        def fn(ctx):
            time.sleep(delay)
            order.append(name)
            return passed(name)
        return fn

    lab.check("09.k.run", points=1)(record("run"))
    lab.check("09.k.gate", points=1, needs=("09.k.run",), timed=True)(record("gate"))
    lab.check("09.p.slow", points=1, lane="other")(record("slow", 0.1))
    results = run_all(lab_run(lab, tmp_path))
    assert order[-1] == "gate"
    assert [c for c in results] == ["09.k.run", "09.k.gate", "09.p.slow"], "results keep declaration order"


def test_pipeline_skips_gpu_checks_without_a_gpu_even_when_started_early(tmp_path):
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    lab.check("09.t.audit", points=1)(lambda ctx: passed("clean"))
    lab.check("09.t.cpu", points=1, needs=("09.t.audit",))(lambda ctx: passed("x"))
    lab.check("09.t.gpu", points=1, needs=("09.t.cpu",), gpu=True, lane="gpu", after=("09.t.audit",))(
        lambda ctx: pytest.fail("ran without a GPU"))
    lr = lab_run(lab, tmp_path)
    lr.ready = lambda: (Device(False), GpuLock(None, ""))
    results = run_all(lr)
    assert results["09.t.gpu"].status == Status.SKIP


def test_pipeline_prepares_workers_before_the_device_is_known_but_checks_wait_for_it(tmp_path):
    """grade() starts the lanes while the judge still imports torch: a lab's prepare hooks (starting workers)
    run with nvidia-smi's quick answer, and no check runs before the judge's own look at the device."""
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    seen, known = [], threading.Event()
    lab.prepare.append(lambda ctx: seen.append(("prepare", ctx.device.name, known.is_set())))
    lab.check("09.d.a", points=1)(lambda ctx: seen.append(("check", ctx.device.name, known.is_set())) or passed("a"))
    lab.check("09.d.b", points=1, lane="other")(lambda ctx: seen.append(("check", ctx.device.name, known.is_set()))
                                                or passed("b"))
    lr = lab_run(lab, tmp_path)
    quick = lr.make_context()
    quick.device = Device(True, "quick look")

    def ready():
        known.wait(5)
        return Device(True, "the judge's look"), GpuLock(None, "")

    lr.ready = ready
    threading.Timer(0.2, known.set).start()
    results = run_all(lr)
    assert seen[0] == ("prepare", "quick look", False)
    assert sorted(seen[1:]) == [("check", "the judge's look", True)] * 2
    assert all(r.status == Status.PASS for r in results.values())


def test_pipeline_stops_the_run_on_a_grader_bug(tmp_path):
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")

    def broken(ctx):
        raise KeyError("a bug")

    lab.check("09.a.broken", points=1, lane="a")(broken)
    lab.check("09.a.after", points=1, lane="a")(lambda ctx: pytest.fail("ran after a grader bug"))
    lr = lab_run(lab, tmp_path)
    run_all(lr)
    assert lr.failures and isinstance(lr.failures[0], GraderBug)
    assert lr.stop.is_set()


def test_pipeline_limits_checks_executing_at_once(tmp_path):
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    live, peak, lock = [0], [0], threading.Lock()

    def busy(ctx):
        with lock:
            live[0] += 1
            peak[0] = max(peak[0], live[0])
        time.sleep(0.05)
        with lock:
            live[0] -= 1
        return passed("done")

    for lane in "abcd":
        lab.check(f"09.{lane}.busy", points=1, lane=lane)(busy)
    run_all(lab_run(lab, tmp_path, slots=2))
    assert peak[0] == 2


def test_registry_refuses_an_early_start_outside_what_a_check_needs():
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    lab.check("09.t.audit", points=1)(lambda ctx: passed("x"))
    lab.check("09.t.other", points=1)(lambda ctx: passed("x"))
    lab.check("09.t.cpu", points=1, needs=("09.t.audit",))(lambda ctx: passed("x"))
    with pytest.raises(ValueError, match="starts after"):
        lab.check("09.t.gpu", points=1, needs=("09.t.cpu",), after=("09.t.other",))(lambda ctx: passed("x"))


def test_registry_refuses_an_untimed_check_that_needs_a_timed_one():
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    lab.check("09.t.gate", points=1, timed=True)(lambda ctx: passed("x"))
    with pytest.raises(ValueError, match="timed checks run last"):
        lab.check("09.t.after", points=1, needs=("09.t.gate",))(lambda ctx: passed("x"))


def test_every_lab_declares_only_safe_early_starts():
    """Each early start of the real labs waits for the audit that makes running the learner's code safe."""
    from grader.registry import all_labs

    gates = {"03.triton.method", "03.port.is_port"}
    for kernel in ("softmax", "gemm"):
        for lab in all_labs(kernel):
            for check in lab.checks:
                if check.after:
                    assert set(check.after) <= gates, (check.id, check.after)


def test_kernel_run_shares_put_back_in_order_and_cut_at_the_first_error():
    """kernel_run's shares (worker i takes cases i, i + n, ...) become one run, as one worker would have made it."""
    from grader.checks.kernel_checks import merge_runs
    from grader.checks.kernels import CaseResult, KernelRun

    cases = [f"c{k}" for k in range(7)]
    results = {c: CaseResult(c) for c in cases}
    results["c4"].error = {"type": "cuda", "message": "illegal address"}
    shares = [KernelRun([results[c] for c in cases[0::2] if c <= "c4"], log="w0"),  # share 0 stopped at c4
              KernelRun([results[c] for c in cases[1::2]], log="w1")]
    run = merge_runs(shares, cases)
    assert [r.case for r in run.results] == ["c0", "c1", "c2", "c3", "c4"]
    assert run.log == "w0", "the log named is the one that holds the error"


def test_kernel_run_shares_one_gone_worker_speaks_for_the_run():
    from grader.checks.kernel_checks import merge_runs
    from grader.checks.kernels import CaseResult, KernelRun

    gone = object()
    shares = [KernelRun([CaseResult("c0")], log="w0"), KernelRun([], gone=gone, log="w1")]
    run = merge_runs(shares, ["c0", "c1"])
    assert run.gone is gone and run.log == "w1" and not run.results


def test_pipeline_gpu_checks_take_the_gpu_lock_only_for_gpu_work(tmp_path):
    """While another grading measures (the lock held exclusive), a GPU check that only reads what a run found
    goes on, and so does a profiled check until it works on the GPU; work on the GPU (ctx.gpu_work) waits for
    the measurement."""
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    order: list[str] = []
    lab.check("09.g.reads", points=1, gpu=True)(lambda ctx: order.append("reads") or passed("read"))

    def works(ctx):
        with ctx.gpu_work():
            order.append("works")
        return passed("worked")

    lab.check("09.g.works", points=1, gpu=True, lane="other")(works)
    def profiled(ctx):
        order.append("profiled starts")
        with ctx.watching("09.g.holds"), ctx.gpu_work():
            order.append("holds")
        return passed("held")

    lab.check("09.g.holds", points=1, gpu=True, lane="third", profiled=True)(profiled)
    lr = lab_run(lab, tmp_path)
    lock = GpuLock(tmp_path, "gpu")
    lr.ready = lambda: (Device(True, "fake"), lock)
    measuring, release = threading.Event(), threading.Event()

    def measurement():
        with GpuLock(tmp_path, "gpu").exclusive():  # another grading's
            measuring.set()
            release.wait(5)
            order.append("measured")

    m = threading.Thread(target=measurement)
    m.start()
    measuring.wait(5)
    threading.Timer(0.5, release.set).start()
    results = run_all(lr)
    m.join(5)
    assert max(order.index("reads"), order.index("profiled starts")) < order.index("measured") < \
        min(order.index("works"), order.index("holds"))
    assert all(r.status == Status.PASS for r in results.values())


def test_pipeline_watched_checks_run_one_at_a_time_and_wait_holding_no_gpu_lock(tmp_path):
    """Checks that a profiler watches (profiled) take the machine's profiler lock (ctx.watching) instead of a slot:
    two of them never overlap, even in two gradings, and one waiting for the profiler holds back no measurement."""
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    inside: list[str] = []
    most: list[int] = []

    def watched(name):
        def fn(ctx):
            with ctx.watching(f"09.w.{name}"):
                inside.append(name)
                most.append(len(inside))
                time.sleep(0.2)
                inside.remove(name)
            return passed(name)
        return fn

    lab.check("09.w.a", points=1, gpu=True, lane="a", profiled=True)(watched("a"))
    lab.check("09.w.b", points=1, gpu=True, lane="b", profiled=True)(watched("b"))
    lr = lab_run(lab, tmp_path)
    lock = GpuLock(tmp_path, "gpu")
    lr.ready = lambda: (Device(True, "fake"), lock)
    other_in, other_release = threading.Event(), threading.Event()

    def other_grading_profiles():
        with GpuLock(tmp_path, "gpu").profiler():
            other_in.set()
            other_release.wait(5)

    other = threading.Thread(target=other_grading_profiles)
    other.start()
    other_in.wait(5)
    results: dict = {}
    runner = threading.Thread(target=lambda: results.update(run_all(lr)))
    runner.start()
    time.sleep(0.3)  # both watched checks now wait for the other grading's profiler
    measured = threading.Event()

    def measurement():  # a third grading
        with GpuLock(tmp_path, "gpu").exclusive():
            measured.set()

    threading.Thread(target=measurement, daemon=True).start()
    assert measured.wait(3), "a check waiting for the profiler held the GPU lock"
    assert inside == [] and most == []
    other_release.set()
    runner.join(10)
    other.join(5)
    assert most == [1, 1], "two watched checks ran at once"
    assert all(r.status == Status.PASS for r in results.values())


def test_a_watched_check_never_holds_the_profiler_lock_waiting_for_a_slot(tmp_path, monkeypatch):
    """A watched check held the machine's profiler lock while it waited for a slot of its own grading, 14-21 s at a
    time in make test-gpu, and every other grading's watched check waited behind it (docs/data/evidence-2026-11-29e,
    call 1). It now runs in no slot, and takes the profiler lock itself (ctx.watching): with the grading's one slot
    busy, it runs. Its trace names what it waited for: the profiler lock, with the check, and no slot."""
    from grader import trace

    monkeypatch.setattr(trace, "_PATH", str(tmp_path / "trace.jsonl"))
    monkeypatch.setattr(trace, "_HEADED", False)
    lab = Lab("09", "fake", "fake", editable=(), docs="x.md")
    busy, watched_ran = threading.Event(), threading.Event()

    def slow(ctx):
        busy.set()
        assert watched_ran.wait(5), "the watched check waited for the busy slot"
        return passed("slow")

    def watched(ctx):
        assert busy.wait(5)
        with ctx.watching("09.w.watched"):
            watched_ran.set()
        return passed("watched")

    lab.check("09.a.slow", points=1, lane="a")(slow)
    lab.check("09.w.watched", points=1, gpu=True, lane="w", profiled=True)(watched)
    lr = lab_run(lab, tmp_path, slots=1)
    lr.ready = lambda: (Device(True, "fake"), GpuLock(tmp_path, "gpu"))
    results = run_all(lr)
    assert all(r.status == Status.PASS for r in results.values()), {k: r.message for k, r in results.items()}
    events = [json.loads(line) for line in (tmp_path / "trace.jsonl").read_text().splitlines()]
    waits = {(e["what"], e.get("check")) for e in events if e["what"].startswith("wait for")}
    assert waits == {("wait for a slot", "09.a.slow"), ("wait for the profiler lock", "09.w.watched")}, waits


class RecordingLock:
    """The machine's GPU lock as pipeline.grade sees it: each exclusive hold is recorded in ``events``."""

    def __init__(self, events: list):
        self.events = events

    @contextmanager
    def exclusive(self):
        self.events.append("exclusive")
        yield

    def shared(self):
        return GpuLock(None, "").shared()

    @contextmanager
    def profiler(self, **fields):
        self.events.append("profiler")
        yield
        self.events.append("profiler released")


def on_a_fake_gpu(monkeypatch, events: list) -> None:
    """pipeline.grade on a machine that says it has a GPU, whose GPU lock records into ``events``."""
    from grader import pipeline

    device = Device(True, "fake", (9, 0), 132)
    monkeypatch.setattr(pipeline, "quick_device", lambda: device)
    monkeypatch.setattr(pipeline, "probe_device", lambda: device)
    monkeypatch.setattr(pipeline, "gpu_present", lambda: True)
    monkeypatch.setattr(pipeline.GpuLock, "for_device", classmethod(lambda cls, d: RecordingLock(events)))


def test_a_lab_whose_measurements_cannot_run_never_takes_the_gpu_from_other_gradings(tmp_path, monkeypatch):
    """The timed checks hold the machine's GPU lock exclusive, and while a grading waits for it no grading of the
    machine starts new GPU work. A lab whose kernel failed its correctness checks has every measurement NOT RUN, yet
    took the lock all the same: 17 of make test-gpu's 63 gradings did (docs/data/evidence-2026-11-29e, call 1). Now
    only a lab with a measurement that can run takes it; the others still report their measurements NOT RUN."""
    from grader import pipeline

    taken: list[str] = []
    on_a_fake_gpu(monkeypatch, taken)
    measured: list[str] = []

    def fake_lab(number: str, right: bool) -> Lab:
        lab = Lab(number, f"{number}-fake", "fake", editable=(), docs="x.md", op="vector_add")
        lab.check(f"{number}.k.run", points=1, gpu=True)(lambda ctx: passed("ran") if right else failed("wrong"))
        lab.check(f"{number}.k.gate", points=1, needs=(f"{number}.k.run",), gpu=True, timed=True)(
            lambda ctx: measured.append(number) or passed("fast"))
        return lab

    (tmp_path / "sub").mkdir()
    for labs, want in (([fake_lab("08", False)], []), ([fake_lab("08", False), fake_lab("09", True)], ["exclusive"])):
        taken.clear()
        measured.clear()
        run = pipeline.grade(labs, tmp_path / "sub", None, tmp_path / f"work{len(labs)}", "softmax")
        results = {c.id: r for report in run.labs for c, r in report.results}
        assert taken == want, f"the GPU lock was taken {len(taken)} times, expected {len(want)}"
        assert results["08.k.gate"].status == Status.NOT_RUN and "needs 08.k.run" in results["08.k.gate"].message
        assert measured == [lab.number for lab in labs if lab.number == "09"]
    lr = lab_run(fake_lab("07", True), tmp_path)
    lr._ctx = lr.context()
    lr.done["07.k.run"] = passed("ran")
    assert lr.timed_may_run()
    with pytest.raises(GraderBug, match="without the GPU to itself"):
        lr.run_timed(alone=False)


@pytest.mark.parametrize("op, ready", [("softmax", True), ("gemm", False)])
def test_the_copy_worker_is_ready_before_the_gpu_is_taken_from_other_gradings(tmp_path, monkeypatch, op, ready):
    """The copy ceiling's worker (torch's import, then its init) used to start or initialise inside the timed
    checks' exclusive hold, while every other grading's GPU work waited: 29 of make test-gpu's 36 exclusive holds
    spent 25 s in it, and lab 01 of the GEMM track, whose ceiling is the fp32 peak, started one just to time a copy it
    never used (session 19). The pipeline readies it first, and only for an op whose ceiling is the copy."""
    from grader.checks import perf

    events: list[str] = []
    on_a_fake_gpu(monkeypatch, events)
    monkeypatch.setattr(perf, "copy_worker_ready", lambda ctx: events.append(f"copy worker ready ({ctx.spec.name})"))
    lab = Lab("09", "09-fake", "fake", editable=(), docs="x.md", op=op)
    lab.check("09.k.run", points=1, gpu=True)(lambda ctx: passed("ran"))
    lab.check("09.k.gate", points=1, needs=("09.k.run",), gpu=True, timed=True)(
        lambda ctx: events.append("measured") or passed("fast"))
    (tmp_path / "sub").mkdir()
    pipeline.grade([lab], tmp_path / "sub", None, tmp_path / "work", op)
    assert events == ([f"copy worker ready ({op})"] if ready else []) + ["exclusive", "measured"]


def test_the_copy_worker_is_readied_beside_the_untimed_checks_not_after_them(tmp_path, monkeypatch):
    """Decision 237: the copy ceiling's worker is readied while the lab's untimed checks run, not once they are over:
    started after them, its init (1.0 s after a wait for the GPU lock in make test-gpu) was on every timed grading's
    path to its measurement. Here the lab's one untimed check waits for it (5 s at most): readied after the checks,
    the check finds it not ready."""
    from grader.checks import perf

    events: list[str] = []
    readied = threading.Event()
    on_a_fake_gpu(monkeypatch, events)
    monkeypatch.setattr(perf, "copy_worker_ready", lambda ctx: events.append("copy worker ready") or readied.set())
    lab = Lab("09", "09-fake", "fake", editable=(), docs="x.md", op="softmax")
    lab.check("09.k.run", points=1, gpu=True)(
        lambda ctx: passed("ran") if readied.wait(5) else failed("the copy worker was not readied meanwhile"))
    lab.check("09.k.gate", points=1, needs=("09.k.run",), gpu=True, timed=True)(
        lambda ctx: events.append("measured") or passed("fast"))
    (tmp_path / "sub").mkdir()
    run = pipeline.grade([lab], tmp_path / "sub", None, tmp_path / "work", "softmax")
    results = {c.id: r for report in run.labs for c, r in report.results}
    assert results["09.k.run"].status == Status.PASS, results["09.k.run"].message
    assert events == ["copy worker ready", "exclusive", "measured"]


def test_the_judges_cuda_is_set_up_beside_the_checks_and_done_before_the_measurements(tmp_path, monkeypatch):
    """Decision 238: the judge's CUDA context and first kernels (warm_judge) are set up once the device is known,
    beside the checks, for the ops of the labs graded, and over before the timed checks take the GPU: its kernels
    never run beside this grading's own measurements. Not at all without a GPU. Here the warm-up waits for the lab's
    untimed check (5 s at most), then takes 0.3 s more: not joined, the measurement would start before it ends."""
    events: list[str] = []
    checked = threading.Event()
    on_a_fake_gpu(monkeypatch, events)

    def warm_judge(ops):
        events.append("judge warm: " + ", ".join(spec.name for spec in ops))
        checked.wait(5)
        time.sleep(0.3)
        events.append("judge warm done")

    monkeypatch.setattr(pipeline, "warm_judge", warm_judge)
    labs = []
    for number, op in (("08", "vector_add"), ("09", "gemm"), ("10", "gemm")):
        lab = Lab(number, f"{number}-fake", "fake", editable=(), docs="x.md", op=op)
        lab.check(f"{number}.k.run", points=1, gpu=True)(lambda ctx: checked.set() or passed("ran"))
        labs.append(lab)
    labs[-1].check("10.k.gate", points=1, needs=("10.k.run",), gpu=True, timed=True)(
        lambda ctx: events.append("measured") or passed("fast"))
    (tmp_path / "sub").mkdir()
    pipeline.grade(labs, tmp_path / "sub", None, tmp_path / "work", "gemm")
    assert events == ["judge warm: vector_add, gemm", "judge warm done", "exclusive", "measured"], events
    events.clear()
    no_gpu = Device(False, reason="none")
    for name in ("quick_device", "probe_device"):
        monkeypatch.setattr(pipeline, name, lambda: no_gpu)
    pipeline.grade(labs[:1], tmp_path / "sub", None, tmp_path / "work-cpu", "gemm")
    assert events == [], events


def test_the_judges_warm_up_draws_every_family_at_its_smallest_case_and_a_failure_is_only_traced(monkeypatch,
                                                                                                tmp_path):
    """warm_judge: CUDA's context (a device-wide synchronize), then every family of each op drawn on the GPU at the
    smallest shape of its cases, with its fp64 reference and tolerance, the kernels the judge's first case would load
    inside its hold of the GPU lock. A warm-up that fails is traced, never raised: the first case meets the failure,
    and reports it, as before."""
    import torch

    from grader import trace
    from grader.ops import get

    calls: list = []
    monkeypatch.setattr(torch.cuda, "synchronize", lambda: calls.append("synchronize"))
    spec = get("vector_add")

    class Fake:
        name, families, lab01_plan, tolerance = "fake", {"randn": None, "spike": None}, spec.lab01_plan, spec.tolerance

        def make_inputs(self, family, dims, seed, device):
            calls.append(("draw", family, dims, device))
            return spec.make_inputs("randn", dims, seed, "cpu")

        def reference(self, inputs, dims):
            calls.append("reference")
            return spec.reference(inputs, dims)

    monkeypatch.setattr(trace, "_PATH", str(tmp_path / "trace.jsonl"))
    pipeline.warm_judge([Fake()])
    assert calls == ["synchronize", ("draw", "randn", {"n": 1}, "cuda"), "reference",
                     ("draw", "spike", {"n": 1}, "cuda"), "reference", "synchronize"], calls
    monkeypatch.setattr(Fake, "make_inputs", lambda *a: 1 / 0)
    pipeline.warm_judge([Fake()])
    traced = [json.loads(line) for line in (tmp_path / "trace.jsonl").read_text().splitlines()]
    assert [e.get("failed") for e in traced if e["what"] == "set-up: the judge's CUDA"] == [
        None, "ZeroDivisionError: division by zero"], traced


@pytest.mark.parametrize("kernel", KERNELS)
def test_a_timed_check_times_the_copy_only_where_it_is_the_ceiling(kernel, monkeypatch):
    """Every measurement of every lab asks for the run's copy ceiling exactly when the op's ceiling is the copy
    (perf.contenders); lab 01 asked for it on the GEMM track too."""
    from types import SimpleNamespace

    from grader.checks import perf
    from grader.labs import labs_for
    from grader.ops import get

    spec, asked = get(kernel), {}

    def measure(ctx, key, plan, dims, contenders, **kw):
        asked[f"{ctx.lab.number} {key}"] = list(contenders)
        return None, failed("not measured here")

    monkeypatch.setattr(perf, "measure", measure)
    for lab in labs_for(kernel):
        ctx = SimpleNamespace(spec=spec, lab=lab, builddir=Path("build"), cache=None, stage=Path("stage"),
                              hint=lambda anchor: anchor)
        for check in lab.checks:
            if check.timed and ".perf" in check.id:
                check.fn(ctx)
    assert {key.split()[0] for key in asked} == {"01", "02", "03"}
    for key, contenders in asked.items():
        assert ("copy" in contenders) == (spec.rate.ceiling == "copy"), (key, contenders)


@pytest.mark.parametrize("profiled", [True, False])
def test_a_lab_whose_timed_checks_profile_takes_the_profiler_lock_before_it_gets_ready(tmp_path, monkeypatch, profiled):
    """Lab 02's kernel_matches runs Nsight Compute in the timed phase where the report is measured again (decision
    137; Lab.timed_profiler says when, from the lab's results so far). The timed phase then takes the machine's
    profiler lock before the GPU's, as every watched check does (the other order waits forever on a grading whose
    watched check holds the profiler and waits for the GPU), and before the lab's before_timed hooks, which start the
    watched worker and see that the lock is held. A lab that profiles nothing takes no profiler lock. The timed checks
    keep their order (the gate before the watched check hides its worker's start), and the lock is given back once the
    last one a profiler may watch (profiled) is over: those after it need the GPU alone, not the profiler, for which
    other gradings' watched checks queue (decision 138)."""
    from grader import pipeline

    events: list[str] = []
    on_a_fake_gpu(monkeypatch, events)
    lab = Lab("09", "09-fake", "fake", editable=(), docs="x.md", op="gemm")
    lab.before_timed.append(
        lambda ctx, done: events.append(f"before timed, held {ctx.memo.get(pipeline.PROFILER_HELD)}"))
    lab.timed_profiler = lambda ctx, done: profiled and done["09.k.run"].status == Status.PASS
    lab.check("09.k.run", points=1, gpu=True)(lambda ctx: passed("ran"))
    lab.check("09.k.gate", points=1, needs=("09.k.run",), gpu=True, timed=True)(
        lambda ctx: events.append("measured") or passed("fast"))
    lab.check("09.k.watched", points=1, needs=("09.k.run",), timed=True, profiled=True)(
        lambda ctx: events.append("watched") or passed("as reported"))
    lab.check("09.k.analysis", points=1, needs=("09.k.watched",), timed=True)(
        lambda ctx: events.append("analysed") or passed("read"))
    (tmp_path / "sub").mkdir()
    pipeline.grade([lab], tmp_path / "sub", None, tmp_path / "work", "gemm")
    if profiled:
        assert events == ["profiler", "before timed, held True", "exclusive", "measured", "watched",
                          "profiler released", "analysed"], events
    else:
        assert events == ["before timed, held False", "exclusive", "measured", "watched", "analysed"], events


def test_a_grading_told_there_is_no_gpu_names_torchs_version_without_importing_it():
    """GRADER_FORCE_CPU=1: the judge's look at the device imported torch only to read its version (1.7 s of a 2-core
    machine's CPU in each of the tests' gradings without a GPU). The version now comes from the installed metadata;
    a distribution that is not installed is None."""
    import os
    import subprocess
    import sys

    code = ("import sys; from grader.pipeline import probe_device, installed_versions\n"
            "d = probe_device()\n"
            "print(d.has_cuda, d.reason, 'torch' in sys.modules, 'triton' in sys.modules, d.versions['torch'],"
            " installed_versions('no-such-distribution-here'))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parent.parent, text=True,
                          capture_output=True, env={**os.environ, "GRADER_FORCE_CPU": "1"}, timeout=120)
    assert proc.returncode == 0, proc.stderr
    from importlib.metadata import version

    assert proc.stdout.split() == ["False", "GRADER_FORCE_CPU=1", "False", "False", version("torch"),
                                   "{'no-such-distribution-here':", "None}"], proc.stdout

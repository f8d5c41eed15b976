"""Verdicts on a kernel's correctness run (grader/checks/kernels.py), one angle per check, for any
operation and either worker (a CUDA library, or a Triton file)."""
from __future__ import annotations

import threading
from dataclasses import dataclass

from grader.channel import Reply
from grader.config import SETTINGS
from grader.checks.crash import explain_error, explain_gone, last_line
from grader.checks.kernels import KernelRun, run_cases
from grader.results import Result, failed, not_run, passed
from grader.runner import HarnessLost, StartLost, Worker, WorkerGone

_TRITON_LOOP = ("an infinite loop in the kernel or the wrapper? (a `while` whose condition never changes, or a loop "
                "step of 0)")
_PTXAS_LONG_ROW = ("a program that holds a whole long row (a block of next_power_of_2(cols) elements) gives each thread "
                   "thousands of values, which ptxas unrolls and spills to memory: it kept ptxas busy for minutes at "
                   "524288 columns; loop over the row in blocks of a few thousand columns")
# Triton's interpreter runs the programs of a grid one after another, in Python: a right GEMM with one program per
# element of C, each looping over K, took 75-86 s for one 65x33x129 case on the 2-core machine (red team, session 53),
# and a slower laptop passed the case's time limit. Told only "a hang ... ptxas ... rows", the learner was misled.
_INTERPRETER_SLOW = {
    "gemm": "one program per element of C, each looping over K, makes thousands of programs of hundreds of steps",
    "softmax": "one program per element, or a loop over a row one element at a time, makes thousands of programs "
               "or steps",
}


def triton_slowness(op: str, gpu: bool) -> str:
    """What makes a right Triton kernel take minutes where it runs: the interpreter's Python, or a GPU's compile."""
    if not gpu:
        return ("Triton's interpreter runs every program of the grid in Python, one after another: "
                f"{_INTERPRETER_SLOW.get(op, _INTERPRETER_SLOW['softmax'])}, and takes minutes at these sizes. Give "
                "each program a block of the output (" + ("a tile of C, a block of rows by a block of "
                                                          "columns, its K loop over blocks with tl.dot" if op == "gemm" else "a row, or a block of a row")
                + "), as a GPU kernel would. Before it runs, each kernel is compiled as a GPU would compile it: a "
                "tl.static_range over thousands of steps is unrolled there, step by step, and takes as long")
    return ("Triton compiles a kernel at its first launch for each new set of constexpr values, and ptxas can take "
            "minutes: " + (_PTXAS_LONG_ROW if op == "softmax" else "each configuration an autotuner tries (each "
                           "BLOCK size and num_stages) is a compile of its own, so many configurations, or very large "
                           "blocks, make a first launch long; try fewer"))


def triton_hang(op: str, gpu: bool) -> str:
    return f"{_TRITON_LOOP} Or a right kernel too slow: {triton_slowness(op, gpu)}"


TRITON_SIGNALS = {"SIGSEGV": "an unmasked tl.load or tl.store outside the tensor: every access past the end of a row "
                             "or of the tensor needs a mask",
                  # glibc's 'free(): invalid pointer' or 'corrupted double-linked list' (mistakes34, session 34)
                  "SIGABRT": "memory outside a tensor was overwritten (the C library found its own bookkeeping "
                             "corrupted): in the interpreter, an unmasked or wrongly masked tl.store writes past the "
                             "tensor's end; check the store's mask and the row offsets"}


@dataclass(frozen=True)
class WorkerPlan:
    """How to start the worker that runs the learner's code for a check group."""

    module: str  # "cuda" or "triton"
    init: dict  # the init command, less "cmd"
    ro: tuple  # folders it must read (the built library's, the staged lab)
    gpu: bool
    env: tuple = ()  # (name, value) pairs
    what: str = ""  # "running vector_add.cu", for messages
    rw: tuple = ()  # folders it may write besides its own (a compile cache of the learner's file)


@dataclass
class Live:
    """A lab's running worker for one plan, with what its init answered (nothing yet while only spawned)."""

    worker: Worker
    setup_error: dict | None = None
    facts: dict | None = None
    ready: bool = False  # init answered


def new_worker(ctx, module: str, folder: str, lane: str | None = None, **options) -> Worker:
    """A worker for a check of this lab, its log in ``folder`` (not started): closed when the lab's checks end
    at the latest (when its lane ends, if no timed check comes back to it), and counted in --timings."""
    worker = Worker(module, logdir=ctx.rundir(folder), **options)
    worker.lane = ctx.lane if lane is None else lane
    with ctx.lock:
        ctx.workers.append(worker)
        ctx.closers.append(worker.close)
    return worker


def hello(worker: Worker, timeout_s: float) -> None:
    """Wait for ``worker``'s harness to answer "hello" (torch imported, CUDA set up): no learner code has run in it
    yet. Raises StartLost where it died or hung before it answered."""
    try:
        worker.call({"cmd": "hello"}, timeout_s=timeout_s)
    except WorkerGone as gone:
        raise StartLost(gone.kind, str(gone), gone.worker) from gone


def answered(worker: Worker, again, timeout_s: float) -> Worker:
    """``worker`` once its harness has answered ``hello``; where its start was lost (StartLost), the fresh worker
    ``again()`` starts in its place, once: nothing of the learner's had run, so the loss is the machine's (a full GPU
    in make test-gpu), not a result about their code (decision 249). Lost twice, HarnessLost: the grading ends as the
    grader's internal error (exit 3, "not your fault"), never a FAIL. Every worker that loads learner code after a
    start of its own goes through here: the lanes' (lab_worker), the copy ceiling's, lab 02's trace and the port's."""
    try:
        hello(worker, timeout_s)
        return worker
    except StartLost as lost:
        first = _said(lost)
        worker.close()
    worker = again()
    try:
        hello(worker, timeout_s)
    except StartLost as second:
        worker.close()
        raise HarnessLost(f"a grading worker ({worker.module}) was lost twice as it started, before any of the "
                          f"learner's code was loaded: {first}; then {_said(second)}") from second
    return worker


def init_on_gpu(ctx, worker: Worker, message: dict, *, timeout_s: float, again, gpu: bool = True
                ) -> tuple[Worker, Reply]:
    """(the worker, its reply): send a worker its init (``message``: it loads the learner's code, which may launch
    kernels), holding the GPU lock shared (ctx.gpu_work) for the init alone. The worker's start-up (torch's import,
    CUDA's context, its warm-up) is waited for first, without the lock, through its harness's "hello" (``answered``:
    a lost start is started again once, with ``again()``): an init sent at once waited for that start-up with the lock
    held, and a measurement of another grading waited for it with every other grading's GPU work. In make test-gpu,
    Triton inits held the lock 4.5 s on average and up to 14.5 s (docs/data/evidence-2026-12-02c, call 6), most of
    it their workers' start-up. ``timeout_s`` bounds each start and the init, as it bounded the init alone. Raises
    WorkerGone, or HarnessLost."""
    worker = answered(worker, again, timeout_s)
    with ctx.gpu_work(gpu):
        return worker, worker.call(message, timeout_s=timeout_s)


def _spawned(ctx, plan: WorkerPlan, lane: str, fresh: bool = False) -> Live:
    """The lane's worker process for ``plan``, started if there is none alive (its harness imports torch and
    sets up CUDA meanwhile), or if ``fresh``; its init, which loads the learner's code, is lab_worker's. A key
    belongs to one lane, which one thread runs."""
    key = ("worker", lane, plan.module, repr(sorted(plan.init.items())), plan.env, plan.rw)
    live = ctx.memo.get(key)
    if live is not None and live.worker.exit is None and not fresh:
        return live
    with ctx.lock:
        n = sum(1 for k in ctx.memo if isinstance(k, tuple) and k[0] == "worker")
    worker = new_worker(ctx, plan.module, f"{plan.module}-{lane.replace('/', '-')}-{n}", lane, gpu=plan.gpu,
                        ro=list(plan.ro), env=dict(plan.env), rw=list(plan.rw))
    live = ctx.memo[key] = Live(worker)
    worker.start()
    return live


def prespawn(ctx, plan: WorkerPlan, count: int = 1, lane: str | None = None) -> None:
    """Start the workers for ``plan`` of ``lane`` (this thread's by default) now, ``count`` of them (see
    kernel_run), before what they will load exists (a library still building, the judge still setting up):
    their start-up overlaps that. Nothing of the learner's runs until lab_worker's init, after the checks that
    gate it. Nothing starts for a lane none of whose checks this run grades (make grade CHECK=...)."""
    lane = ctx.lane if lane is None else lane
    if not ctx.lab.has_lane(lane):
        return
    for sub in sub_lanes(lane, count):
        _spawned(ctx, plan, sub)


# A worker Nsight Compute watches is given this long to end once it is asked to leave: ncu writes its record as the
# watched process ends. At the 2 s every other worker gets, 6 of lab 03's 60 watched runs in four make test-gpu runs
# on an H200 (8 gradings at once; docs/data/evidence-2026-11-30f) were killed before ncu had written it, each taken as a
# run of the learner's code that listed nothing and run again (two such in a row fail a right submission); the runs
# that ended in time took 0.9-2.0 s from their case's end to the check's.
NCU_CLOSE_S = 20.0


def started_worker(ctx, key: str, make, fresh: bool = False) -> Worker:
    """The worker ``make()`` builds (with new_worker), started once per lab run: by a lab's prepare hook, so that
    its start-up overlaps the judge's set-up, or else by the first check that asks. The check that uses it
    closes it. ``fresh``: started again in place of the first, whose start was lost (``answered``)."""
    def start() -> Worker:
        worker = make()
        worker.start()
        return worker

    if fresh:
        worker = start()
        with ctx.memo.lock:
            ctx.memo[("started", key)] = worker
        return worker
    return ctx.once(("started", key), start)


def sub_lanes(lane: str, count: int) -> list[str]:
    return [lane] + [f"{lane}/{i}" for i in range(1, count)]


COPY_LANE = "copy-ceiling"  # no check runs in it: only the end of the run (or perf.copy_ceiling) closes its worker


def copy_worker(ctx) -> Worker:
    """The worker that times the run's copy ceiling, started once per run: a CUDA worker that is never given a
    library, so no learner code ever runs in it (it refuses to time the copy once it has loaded one). Its marks
    reach the judge the way every contender's do (grader/timing.py); grader/checks/perf.py measures with it."""
    key = ("copy-worker", ctx.spec.name)
    with ctx.per_run.lock:
        worker = ctx.per_run.get(key)
        if worker is None or worker.exit is not None:  # none yet, or one that failed (a later check tries again)
            worker = ctx.per_run[key] = new_worker(ctx, "cuda", f"cuda-{COPY_LANE}", COPY_LANE, gpu=True)
            worker.start()
    return worker


def times_copy(ctx) -> bool:
    """Whether this lab's timed checks measure the run's copy ceiling, on this machine (perf.contenders)."""
    rate = getattr(ctx.spec, "rate", None)  # None for an op that is never timed (lab 00's vector add), or no op
    return ctx.device.has_cuda and rate is not None and rate.ceiling == "copy" and any(c.timed for c in ctx.lab.checks)


def prespawn_copy_worker(ctx) -> None:
    """A lab's prepare hook: start the copy worker now, if the lab has a timed check and a GPU, so that torch
    imports in it while the judge sets up and the labs build, not in the timed part of the run."""
    if times_copy(ctx):
        copy_worker(ctx)


def lab_worker(ctx, plan: WorkerPlan, *, init_timeout_s: float = 180.0) -> Live:
    """The worker for ``plan`` in this lane of the lab (grader/registry.py): started (and initialised) once,
    shared by every check of the lane that needs it (correctness, timing, tracing), closed when the lab's
    checks end. Lanes run at once, so each has its own. A start lost before any learner code ran (StartLost) is
    started again once. Raises WorkerGone, or HarnessLost where the start was lost twice."""
    live = _spawned(ctx, plan, ctx.lane)
    if not live.ready:
        def again() -> Worker:
            nonlocal live
            live = _spawned(ctx, plan, ctx.lane, fresh=True)
            return live.worker

        _, reply = init_on_gpu(ctx, live.worker, {"cmd": "init", **plan.init}, timeout_s=init_timeout_s,
                               again=again, gpu=plan.gpu)
        if reply.has("error"):
            live.setup_error = reply.data["error"] if isinstance(reply.data["error"], dict) else {}
        else:
            live.facts = {k: v for k, v in reply.data.items() if isinstance(v, str)}
        live.ready = True
    return live


def _said(gone: WorkerGone) -> str:
    """What a lost start said: its kind, and the last line of its log that is not one of torch's notes."""
    last = last_line(gone.worker.log_text())
    return f"{gone.kind} ({gone})" + (f", its log ending \"{last[:200]}\"" if last else "")


def kernel_run(ctx, key: str, plan: WorkerPlan, cases, *, repeats: int, guard: int, timeout_s: float,
               workers: int = 1) -> KernelRun:
    """Run every case on the lab's worker for ``plan``; memoized per lab run under ``key``. With ``workers``
    above 1 the cases are dealt out to that many workers of the lane, run at once (the lane's own worker takes
    the first share), and their results put back in the cases' order: the same run, sooner."""
    if key in ctx.memo:
        return ctx.memo[key]
    if SETTINGS.case_timeout_cap_s is not None:
        timeout_s = min(timeout_s, SETTINGS.case_timeout_cap_s)
    lane = ctx.lane
    shares = [cases[i::workers] for i in range(workers)]
    parts: list[KernelRun | None] = [None] * workers
    lost_starts: list[HarnessLost] = []

    def run_share(i: int) -> None:
        ctx.lane = sub_lanes(lane, workers)[i]
        part = KernelRun([])
        live = None
        try:
            live = lab_worker(ctx, plan, init_timeout_s=max(180.0, timeout_s))
            part.setup_error, part.facts = live.setup_error, live.facts or {}
            if part.setup_error is None:
                part.results = run_cases(ctx, live.worker, shares[i], repeats=repeats, guard=guard,
                                         timeout_s=timeout_s)
        except WorkerGone as gone:
            part.gone = gone
        except HarnessLost as lost:  # raised below, from the lane's own thread, once every share has ended
            lost_starts.append(lost)
            return
        part.log = (live.worker if live else part.gone.worker).log
        parts[i] = part

    helpers = [threading.Thread(target=run_share, args=(i,), name=f"{lane}/{i}") for i in range(1, workers)]
    for thread in helpers:
        thread.start()
    try:
        run_share(0)
    finally:
        for thread in helpers:
            thread.join()
        ctx.lane = lane
    if lost_starts:
        raise lost_starts[0]
    ctx.memo[key] = run = merge_runs(parts, cases)
    return run


def merge_runs(parts: list[KernelRun], cases) -> KernelRun:
    """One KernelRun from the shares of kernel_run (share i holds cases i, i + n, ...): results in the cases'
    order, cut at the first case that raised (as one worker would have stopped there); the first share that
    could not run (its worker gone or its code not loaded) speaks for the whole run."""
    n = len(parts)
    run = KernelRun([], log=parts[0].log, facts=parts[0].facts)
    for part in parts:
        if part.gone is not None or part.setup_error is not None:
            run.gone, run.setup_error, run.log = part.gone, part.setup_error, part.log
            return run
    for k in range(len(cases)):
        share, index = parts[k % n], k // n
        if index >= len(share.results):
            break  # that share stopped at an error, reported below
        run.results.append(share.results[index])
        if share.results[index].error is not None or share.results[index].output_problem:
            run.log = share.log  # the log that holds what went wrong
            break
    return run


def _explain(ctx, run: KernelRun, plan: WorkerPlan) -> Result | None:
    hint = ctx.hint("troubleshooting")
    if run.gone is not None:
        lessons = {"hang_lesson": triton_hang(ctx.spec.name, plan.gpu), "signal_lessons": TRITON_SIGNALS,
                   "hang": "a hang, or a kernel too slow " + ("to compile" if plan.gpu else "for Triton's interpreter")} \
            if plan.module == "triton" else {}
        return explain_gone(run.gone, plan.what, hint, **lessons)
    if run.setup_error is not None:
        err = run.setup_error
        if err.get("stage") == "import":
            return explain_error(err, f"importing {plan.init.get('file', 'your file')} raised", hint, run.log)
        return failed(f"could not load the library: {str(err.get('message', ''))[:200]}", details=[
            'is the launcher declared extern "C" with the documented signature?'], hint=hint, log=run.log)
    return None


def check_completes(ctx, run: KernelRun, plan: WorkerPlan) -> Result:
    if problem := _explain(ctx, run, plan):
        return problem
    for r in run.results:
        if r.error is not None:
            return explain_error(r.error, f"case {r.case.name}", ctx.hint("troubleshooting"), run.log)
        if r.output_problem:
            return failed(f"case {r.case.name}: {r.output_problem}", hint=ctx.hint("correctness"), log=run.log)
    return passed(f"ran {len(run.results)} cases without a fault", seconds=round(sum(r.seconds for r in run.results), 2))


def check_in_bounds(ctx, run: KernelRun) -> Result:
    for r in run.results:
        if r.outside:
            return failed(f"{r.case.name}: {r.outside[0]}", details=r.outside[1:] + [
                "expected: a kernel writes its output buffer and nothing else: the output sits between guard bands, "
                "and the inputs are compared bit for bit after the call",
                "the last block has threads past the end: guard every access with the bounds test"],
                hint=ctx.hint("bounds"), log=run.log)
    return passed("nothing written outside the output (guard bands intact, inputs unchanged)")


def check_all_written(ctx, run: KernelRun) -> Result:
    for r in run.results:
        for rep, finding in enumerate(r.findings):
            if finding is not None and finding.kind == "unwritten":
                where = "" if rep == 0 else f" on repeat {rep + 1}"
                return failed(f"{r.case.name}: {finding.message}{where}", details=finding.details,
                              hint=ctx.hint("every-element"), log=run.log)
    return passed("every output element written")


def check_values(ctx, run: KernelRun, select, lessons: dict[str, str], anchor: str = "correctness") -> Result:
    checked = 0
    for r in run.results:
        if not select(r.case):
            continue
        checked += 1
        finding = r.first
        if finding is not None:
            lesson = lessons.get(r.case.family)
            details = finding.details + ([lesson] if lesson and finding.kind == "nonfinite" else [])
            return failed(f"{r.case.name}: {finding.message}", details=details,
                          hint=ctx.hint(finding.anchor if finding.kind != "values" else anchor), log=run.log)
    if checked == 0:
        return not_run("no case of this kind ran")
    return passed(f"{checked} cases match the fp64 reference: {ctx.spec.tolerance.text()}")


def check_repeatable(ctx, run: KernelRun) -> Result:
    for r in run.results:
        verdicts = [f is None for f in r.findings]
        if any(verdicts) and not all(verdicts):
            bad = next(f for f in r.findings if f is not None)
            return failed(f"{r.case.name}: right on one run, wrong on another (a race)", hint=ctx.hint("races"),
                          log=run.log, details=[f"the wrong run: {bad.message}",
                                                "the same input gave different outputs: a missing __syncthreads() "
                                                "between writing and reading shared memory, or blocks that depend on "
                                                "each other in one launch"])
    return passed("every case gave the same verdict on every repeat")

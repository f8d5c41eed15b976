"""Which kernels did the learner's Python call run? Asked of Nsight Compute, from outside the worker.

ncu launches the sandboxed worker suspended (``ncu_worker``); the check, under the machine's profiler lock,
attaches ncu to it (``attach``), which records every kernel the process launches (one cheap metric per
launch). The worker imports the learner's file and runs one case; every kernel must then be one of
the file's own @triton.jit functions, or torch's fill (a wrapper may zero a workspace; this run does
not poison fresh allocations, as the correctness runs do, so no fill of the grader's own shows).
Learner code cannot hide a launch from ncu by changing Python state: the record is taken by the
driver-level tool and written by ncu's own process. Every try runs in the sandbox (``check``).
"""
from __future__ import annotations

import ast
import contextlib
import csv
import io
import re
import threading
import time

from grader import trace
from grader.checks.kernels import run_cases
from grader.checks.ncu_watch import Attaching, find_ncu, launched_suspended
from grader.results import Result, failed, passed, skipped
from grader.checks.kernel_checks import NCU_CLOSE_S, started_worker
from grader.runner import WorkerGone

ALLOWED_LIBRARY_KERNELS = ("FillFunctor",)  # torch's fill_/zero_: allocation, not arithmetic


NONE_OF_YOURS = "Nsight Compute listed none of your kernels"


def allowed(name: str) -> bool:
    return any(a in name for a in ALLOWED_LIBRARY_KERNELS)


# Families of library kernels whose names carry no namespace, template or parameter list, so that only their spelling
# tells them from a Triton kernel's: cuBLAS and cuDNN (sm80_xmma_gemm_..._cublas on an H200: evidence 2026-12-02b,
# call 1; nvjet_..., ampere_sgemm_...), and the Triton kernels torch.compile generates (triton_poi_fused_...,
# triton_red_fused__softmax_0). A @triton.jit function named like one cannot be told from it in Nsight Compute's
# record, and is refused (is_mine). Narrow enough that a learner's sm90_softmax or ampere_rows_kernel stays theirs.
LIBRARY_NAME = re.compile(r"sm\d+_xmma|nvjet_|(?:ampere|volta|turing|maxwell)_\w*(?:gemm|cudnn)|cutlass|cublas|cudnn"
                          r"|xmma|triton_(?:poi|red|per|tem|for)_|\w*_cublas$")


def is_mine(name: str, mine: set[str]) -> bool:
    """Whether a kernel Nsight Compute listed is one of the learner's @triton.jit functions. Triton names a kernel by
    its function's bare name, and Nsight Compute lists it so (evidence 2026-12-02b, call 1); a library's kernel
    carries a namespace, template arguments or a parameter list, or is one of a few families' bare names. Until
    session 38 a kernel counted as the learner's when its base name (namespace and parameters cut off) was a jit
    function's: a file with an unused jit function named like a library kernel (a cuBLAS sm90_xmma_gemm_..., or any
    kernel spelled `void ns::name(...)`) had that kernel counted as its own. Now the whole name must be the
    function's, and a bare name of a library family (LIBRARY_NAME) is never the learner's, whatever the file calls
    its functions."""
    return name.strip() in mine and not LIBRARY_NAME.match(name.strip())


def jit_names(source: bytes) -> set[str]:
    """The names of the file's @jit functions. Parsed from its bytes, as Python reads a file: a UTF-8 byte-order mark
    (a Windows editor's) is read as one; parsed as text, it was a SyntaxError, an internal error on every GPU for a
    right file (red team rt43's case, on an H200: docs/data/evidence-2026-12-03, call 2)."""
    from grader.audit.python_ast import jit_calls_as_decorators, jit_spellings

    tree = ast.parse(source)
    # As the method audit reads the file (which passed it before this check runs): Unsloth's `f = triton.jit(f)` is
    # f decorated, and `from triton import jit as triton_jit` makes @triton_jit Triton's jit. Counted by a decorator
    # named `.jit` or `jit` alone, those kernels were "not yours" on the GPU (red team, session 53). Only the
    # audit's spellings count: any other decorator ending in `.jit` is one the audit refuses.
    jit_calls_as_decorators(tree)
    spellings = jit_spellings(tree)
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and
            any(ast.unparse(dec.func if isinstance(dec, ast.Call) else dec) in spellings for dec in node.decorator_list)}


def file_jit_names(path) -> set[str]:
    return jit_names(path.read_bytes())


def shown(name: str) -> str:
    """A kernel's name as the report shows it: its base name where that is a plain name, else the start of the name
    Nsight Compute gave (a torch kernel's template arguments hold parentheses of their own, where base() cuts it:
    a copy kernel was shown as "1)]>", session 32)."""
    short = base(name)
    if re.fullmatch(r"[A-Za-z_][\w:<>, ]*", short) and len(short) <= 100:  # a name, its template arguments too
        return short
    return name if len(name) <= 100 else name[:100] + "..."


def base(name: str) -> str:
    depth, cut = 0, len(name)
    for i, ch in enumerate(name):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            cut = i
            break
    return name[:cut].strip().split()[-1].split("::")[-1] if name[:cut].strip() else name


# The watched worker's start (until its harness answers "hello": torch imported, no learner code yet; CUDA is set up at
# its init since decision 178, once ncu is attached), then its init and its one case: 6.5 to 13 s in all on an H100
# under load. Now and then a sandboxed worker under
# ncu never answered its start (4 times in about 60 runs on an H100; in make test-gpu, 2 or 3 of 11 watched checks on an
# H200: docs/data/evidence-2026-11-27k, 2026-11-29e); a fresh sandbox then started in seconds, and every start that
# answered took 4-10 s. A start that never answers is Nsight Compute's or the harness's, no learner code having run:
# it is tried again in a fresh sandbox without using up a try of the learner's code, each lost start of the check
# given the next of START_LIMITS_S (a second try's start was given 90 s once, and hung for all of them, holding the
# machine's profiler lock: 2026-11-29e, call 3). The learner's init and case get STEP_LIMITS_S's limit each, per try:
# the first try is cut short, the second given room. In three make test-gpu runs on an H200 (2026-11-29e call 3,
# 2026-11-29f calls 1-2), the 36 watched starts that answered took 4.2-9.6 s with 8 or 12 gradings at once, and the
# 6 that did not were cut at 25 s (one at 90 s), then started in a fresh sandbox in 4-6 s: a first limit of 15 s keeps
# a margin of half again over the slowest, and a start cut by mistake costs one more start, not a learner's try.
# A fourth start since session 33: with every watched grading of `make test-gpu -k triton` at once on an H200, one
# right control lost three starts in a row (nothing printed in 5 s; CUDA's set-up under ncu hung; nothing printed in
# 60 s: docs/data/evidence-2026-12-01d, call 4), and failed.
START_LIMITS_S = (15.0, 15.0, 15.0, 60.0)
# Where a lost start stopped (docs/data/evidence-2026-11-30f, calls 2 and 4): the sandbox's own process (bwrap's child,
# into which ncu injected its library as into every process it started) spinning in user space, the harness never
# begun. Since decision 198 ncu runs inside the sandbox, around the harness alone, and no start of 44 was lost
# (docs/data/evidence-2026-12-03e, calls 2-3); these limits stay for a machine where one still is.
# The harness's first line ("python up", printed as its package is imported) had come 0.42-1.34 s after the start in
# the 44 starts that answered in calls 2-4 (make test-gpu: 8 gradings at once). A start whose harness has printed
# nothing by FIRST_LINE_S is taken as lost then, instead of at its start limit: about 10 s less per lost start. Not the
# last start: it keeps its whole limit, so a machine slow to print costs starts, never the check.
FIRST_LINE_S = (5.0, 5.0, 5.0, None)
STEP_LIMITS_S = (40.0, 90.0)
STALL_REPORT_S = 12.0  # a start still going then prints its stack into its log (grader/workers/__init__.py)
ATTEMPTS = len(STEP_LIMITS_S)  # a run of the learner's code that lists nothing is tried once more, then fails
TRIES = ATTEMPTS + len(START_LIMITS_S) - 1  # the most watched workers one check starts


def ncu_log(ctx, attempt: int):
    return ctx.rundir("triton-ncu") / f"ncu-{attempt}.csv"


def ncu_worker(ctx, plan, attempt: int):
    """The worker Nsight Compute launches suspended (``--mode launch``), in the sandbox like every worker: torch
    imports, and the harness answers its start, with no Nsight Compute session watching; at its first CUDA call (its
    init) it waits for the ``ncu --mode attach`` that its check runs under the machine's profiler lock (``attach``).
    So the first try's worker starts with the lab (lab03_triton.prespawn), outside that lock. ncu's injected library
    listens on the loopback, on a port of this worker's own (gpu_lock.ncu_port): the one sandbox that shares the
    network. It loads the learner's file only at its init, after the method audit (no sockets, no os, no
    torch.distributed)."""
    def make():
        return launched_suspended(ctx, "triton", f"triton-ncu-{attempt}", "triton-ncu", ro=list(plan.ro),
                                  env={**dict(plan.env), "GRADER_STALL_REPORT_S": str(STALL_REPORT_S)},
                                  rw=list(plan.rw))

    return started_worker(ctx, f"ncu-{attempt}", make)



PRESTARTS = 3  # the first try's starts made before its check (KeptStart): a machine losing them all costs 3 sandboxes
# A start made before its check is taken as lost when its harness has printed nothing by then: the 11 that answered in
# make test-gpu had printed 0.31-1.78 s after their start (docs/data/evidence-2026-12-02d, call 3). Taken for lost by
# mistake, a start costs one more start beside the lab's checks, never a try.
PRESTART_FIRST_LINE_S = 3.0


class KeptStart:
    """The first try's watched worker, started with its lab (lab03_triton.prespawn) and kept until its check takes it
    (``take``): a start whose harness prints nothing by PRESTART_FIRST_LINE_S is replaced at once, in this thread, up to
    PRESTARTS starts. A lost start is bwrap's child spinning under ncu's injected library, the harness never begun
    (FIRST_LINE_S); a fresh sandbox then starts. Found by the check, each cost a fresh start (torch's import: 4-13 s)
    under the machine's profiler lock, while every other grading's watched check waited: on one H200 machine every
    start made with the lab was lost (11 of 11 in make test-gpu, and lab 03 graded alone after it), and all but one
    of the starts the checks made next answered (docs/data/evidence-2026-12-02d, call 1). Made here, the new start
    overlaps the lab's other checks, and holds no lock (a worker that ncu launches suspended needs none). The check
    keeps its own lost starts (START_LIMITS_S): one it takes that has not spoken is still cut at its first line's
    limit."""

    def __init__(self, ctx, plan):
        self.ctx, self.plan = ctx, plan
        self.lock = threading.Lock()
        self.over = False  # taken by the check, or closed with the lab: no start is made or replaced any more
        ctx.closers.append(self.close)  # before its first worker: a start made as the lab closes is closed too
        self.thread = threading.Thread(target=self._keep, daemon=True,
                                       name=f"{threading.current_thread().name}: watched start kept")
        self.thread.start()

    def _keep(self) -> None:
        try:
            self._starts()
        except Exception:  # a start that cannot be made here is made again by the check, which says why
            pass

    def _starts(self) -> None:
        for _ in range(PRESTARTS):
            with self.lock:
                if self.over:
                    return
                worker = ncu_worker(self.ctx, self.plan, 1)
            if worker.spoke_within(PRESTART_FIRST_LINE_S):
                return
            with self.lock:
                if self.over:
                    return  # the check has it now: its own limits decide
                if trace.enabled():
                    worker.stuck = worker.where_stuck()
                    trace.event("watched start lost before its check", time.monotonic(), lane="triton-ncu",
                                processes=worker.stuck[:2000], log=worker.log_text()[-2000:])
                worker.close(0.0)
                worker.ncu_port_release()
                with self.ctx.memo.lock:
                    self.ctx.memo.pop(("started", "ncu-1"), None)  # the next ncu_worker(.., 1) starts a fresh one

    def take(self) -> None:
        """The check's: from now on the first try's worker is the check's, as it stands (none: the check starts one)."""
        with self.lock:
            self.over = True

    def close(self, grace_s: float = 0.0) -> None:
        with self.lock:
            self.over = True
            worker = self.ctx.memo.get(("started", "ncu-1"))  # one started after the lab's closers were listed
        if worker is not None:
            worker.close(grace_s)
            worker.ncu_port_release()


def prestart(ctx, plan) -> None:
    """Lab 03's prepare hook, where the check will run: the first try's watched worker, started now and kept
    (KeptStart)."""
    ctx.memo.once("ncu-kept", lambda: KeptStart(ctx, plan))


START = "its start"  # the stage of a try whose worker never answered its start


def watched_case(ctx):
    """The one case the watched worker runs: of lab 03's GPU shapes (the spec's triton_gpu_plan, which
    03.triton.gpu_shapes runs first, compiling its kernels into the submission's Triton cache), the one nearest a
    million output elements. Its values are drawn afresh (a seed of its own)."""
    out = ctx.spec.abi.names("out")[0]
    return min(ctx.spec.cases(ctx.spec.triton_gpu_plan, ctx.seed, 35),
               key=lambda c: abs(ctx.spec.numel(c.dim, out) - 1_000_000))


def kernels_run(ctx, plan, attempt: int,
                limits: tuple[float, float, float | None] | None = None) -> tuple[list[str], object, str]:
    """(kernel names ncu saw, the worker, an error). ``attempt`` numbers the try (its worker and its log);
    ``limits``: (its start's, its init's and case's each, its harness's first line's or None), the first try's by
    default."""
    log = ncu_log(ctx, attempt)
    case = watched_case(ctx)
    kept = ctx.memo.get("ncu-kept")
    if kept is not None:
        kept.take()
    worker = ncu_worker(ctx, plan, attempt)
    stage = START
    attaching = None
    watch = contextlib.ExitStack()  # the machine's profiler lock, from the attach until the record is written
    try:
        start_s, limit, first_line_s = limits or (START_LIMITS_S[0], STEP_LIMITS_S[0], FIRST_LINE_S[0])
        if first_line_s is not None and not worker.spoke_within(first_line_s):
            raise worker.hung(f"its harness printed nothing in {first_line_s:.0f} s")
        # Its start holds no GPU lock: only the harness runs (as in every worker started early), so a start that
        # never ends holds back no measurement of another grading. The learner's code runs from the init on, and
        # the GPU lock is held from there (the init here, each case in run_cases).
        worker.call({"cmd": "hello"}, timeout_s=start_s)
        if trace.enabled():  # the harness's own account of its start (imports, CUDA under ncu)
            trace.event("watched start", time.monotonic(), lane=ctx.lane, first_output_s=worker.first_output_s,
                        log=" | ".join(line for line in worker.log_text().splitlines() if "[harness]" in line)[:600])
        # Only now the machine's profiler lock (ctx.watching): a start made under it, or lost under it, held every
        # other grading's watched check back (decision 196). Before the GPU lock, as every holder of both takes them.
        watch.enter_context(ctx.watching(f"{ctx.lab.number}.triton.own_kernels"))
        # ncu attaches as the harness makes its first CUDA call and its context ("cuda"): no learner code, so no GPU
        # lock, which the init and the case hold. Inside the init, the attach and the context held the GPU lock that
        # every measurement of the machine waits for (decision 247).
        attaching = Attaching(ctx, worker, log)
        worker.call({"cmd": "cuda"}, timeout_s=limit)
        if not attaching.connected():
            raise WorkerGone("hung", attaching.error or "Nsight Compute did not attach", worker)
        stage = "your file's init"
        with ctx.gpu_work():
            reply = worker.call({"cmd": "init", **plan.init, "poison": False}, timeout_s=limit)  # listed, not judged
        if not reply.has("error"):
            stage = "the case"
            run_cases(ctx, worker, [case], repeats=1, guard=0, timeout_s=limit)
    except WorkerGone as gone:
        worker.close()
        if attaching is not None and attaching.error:  # Nsight Compute's, not the learner's: a lost start, tried
            stage, gone = START, attaching.error          # again in a fresh sandbox
        if stage == START and trace.enabled():  # where a lost start stopped: ncu's own lines and the harness's
            trace.event("watched start lost", time.monotonic(), lane=ctx.lane, processes=worker.stuck[:2000],
                        first_output_s=worker.first_output_s,
                        ncu=log.read_text(errors="replace")[-2000:] if log.is_file() else "(no ncu log)",
                        log=worker.log_text()[-4000:])
        return [], worker, f"{stage}: {gone}"
    finally:
        worker.close(NCU_CLOSE_S)  # ncu writes its record as the process ends: given time to, not killed at 2 s
        if attaching is not None:
            attaching.end(NCU_CLOSE_S)
        watch.close()
        worker.ncu_port_release()
    if not log.is_file():
        return [], worker, "Nsight Compute wrote no record"
    rows = list(csv.reader(io.StringIO(log.read_text(errors="replace"))))
    header = next((r for r in rows if "Kernel Name" in r), None)
    if header is None:
        return [], worker, "Nsight Compute recorded no kernel"
    column = header.index("Kernel Name")
    names = [r[column] for r in rows[rows.index(header) + 1:] if len(r) > column]
    return names, worker, ""


def check(ctx, plan, file: str) -> Result:
    if find_ncu() is None:
        return skipped("Nsight Compute (ncu) is not installed here: this check needs it to watch the GPU")
    mine = file_jit_names(ctx.stage / file)
    # Always in the sandbox. A run that lists nothing is never repeated outside it: what the learner's code does
    # decides whether a run lists anything, and it must never buy itself a run without isolation.
    errors, attempt, learner_tries, lost_starts = [], 0, 0, 0
    while True:
        attempt += 1
        limits = (START_LIMITS_S[lost_starts], STEP_LIMITS_S[learner_tries], FIRST_LINE_S[lost_starts])
        listed, worker, error = kernels_run(ctx, plan, attempt, limits)
        names = listed
        if listed and all(allowed(n) and not is_mine(n, mine) for n in listed):
            # Only torch's fills, none of the learner's kernels: a record cut short lists the first launches and not
            # the last (make test-gpu on an H200, session 33: a right control's Triton kernel missing after two lost
            # starts), so the run is tried once more, as one that listed nothing; two such runs fail below.
            names, error = [], NONE_OF_YOURS
        if names:
            break
        errors.append(error)
        if error.startswith(START):
            lost_starts += 1  # Nsight Compute's start, not the learner's code: a fresh sandbox, the same try
            if lost_starts < len(START_LIMITS_S):
                continue
            break
        learner_tries += 1
        if learner_tries >= ATTEMPTS:
            break
    if error == NONE_OF_YOURS:
        names = listed  # the last run listed kernels, none of them the learner's: said so below
    if not names:
        machine = all(e.startswith(START) for e in errors)  # none of the tries got as far as the learner's file
        return failed(f"Nsight Compute could not list the kernels your code ran ({attempt} tries): {error}",
                      details=[*(["Nsight Compute itself did not start, each time before your file was loaded: the "
                                  "machine's doing (a busy one, most likely), not your code's; grade this lab again"]
                                 if machine else []),
                               "if every submission fails here, Nsight Compute cannot watch a sandboxed process on "
                               "this machine: see the instructor page"], log=worker.log, hint=ctx.hint("no-cheat"))
    foreign = sorted({n for n in names if not is_mine(n, mine) and not allowed(n)})
    ran = sorted({n.strip() for n in names if is_mine(n, mine)})
    if foreign:
        names_shown = "; ".join(shown(n) for n in foreign[:4])
        named_like = sorted({n.strip() for n in foreign if n.strip() in mine})
        return failed(f"{ctx.spec.python_entry}(x) ran kernels that are not yours: {names_shown}",
                      details=[f"expected: only your @triton.jit kernels ({', '.join(sorted(mine)) or 'none found'})",
                               "the work must happen in your kernel: torch and cuBLAS kernels computing the answer "
                               "(even with a Triton kernel copying it out) are not a Triton implementation; a copy "
                               "or a cast your wrapper makes (.contiguous() of a transposed view, .float() of a "
                               "half tensor) is a torch kernel too: pass the view's strides to your kernel instead"]
                      + ([f"{', '.join(named_like)}: named like a kernel of cuBLAS, cuDNN or torch.compile, which "
                          "Nsight Compute cannot tell from yours: give your kernel a name of its own"]
                         if named_like else []),
                      hint=ctx.hint("no-cheat"), log=worker.log)
    if not ran:
        return failed(f"{ctx.spec.python_entry}(x) launched none of your Triton kernels", hint=ctx.hint("no-cheat"),
                      log=worker.log)
    return passed(f"{len(names)} launches, all of your kernels ({', '.join(ran)})"
                  + (f" (listed on try {attempt}; the first: {errors[0]})" if errors else ""))

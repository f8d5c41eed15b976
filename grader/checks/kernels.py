"""The judge's side of running a kernel on correctness cases, for any operation and either worker.

For each case the judge draws the inputs itself (the op spec's code, on its own GPU when it has
one), hands them to the worker as files, and reads back the raw output buffers. Every verdict is
computed here, against the judge's own fp64 reference:
  - guard bands intact, and every input bit-for-bit unchanged (``outside``);
  - every element written, finite and within the tolerance (``findings``, one per repeat);
  - repeats agree (a race shows as a repeat that is wrong where the first was right).
Outputs up to SHIP_ALL_BYTES come back whole for every repeat. Larger ones come back whole for the
first repeat; for the others the worker says whether their bits equal the first (computed on host
copies, out of the learner code's reach) and the judge checks that claim on rows it picks after
the run.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import numpy as np

from grader.channel import BadReply
from grader.checks.compare import Finding, compare
from grader.config import SETTINGS
from grader.ops.base import Case
from grader.runner import Worker, WorkerGone
from grader.workers.buffers import GUARD_BITS
from grader.workers.idle_gpu import release_idle_gpu_cache

SHIP_ALL_BYTES = 64 << 20
SPOT_ROWS = 64  # random rows checked of each large repeat and large input claimed unchanged


@dataclass
class CaseResult:
    case: Case
    error: dict | None = None  # the launcher returned an error, a CUDA fault, or the learner's code raised
    outside: list[str] = field(default_factory=list)  # writes outside the output, or a changed input
    findings: list[Finding | None] = field(default_factory=list)  # one per repeat that ran
    output_problem: str = ""  # (Python labs) what came back was not a usable tensor
    seconds: float = 0.0

    @property
    def first(self) -> Finding | None:
        return self.findings[0] if self.findings else None


@dataclass
class KernelRun:
    results: list[CaseResult]
    gone: WorkerGone | None = None  # the worker died, hung or answered nonsense
    setup_error: dict | None = None  # the library or file could not be loaded
    log: object = None
    facts: dict = field(default_factory=dict)


def judge_device(ctx) -> str:
    return "cuda" if ctx.device.has_cuda else "cpu"


def cases_budget_s(timeout_s: float) -> float:
    """What a check's cases may take in all: three cases' limits, and no less than 5 minutes (unless GRADER_TIMEOUT_S
    shortens the limits, as the tests' hang controls do). Each case within its own limit is not enough: 26 cases of
    8 s each passed a check under a 10 s limit in 218 s (the red team of session 12)."""
    return 3 * timeout_s if SETTINGS.case_timeout_cap_s is not None else max(300.0, 3 * timeout_s)


def run_cases(ctx, worker: Worker, cases: list[Case], *, repeats: int, guard: int, timeout_s: float,
              stop_on_error: bool = True) -> list[CaseResult]:
    """Run ``cases`` on an initialised worker, within cases_budget_s in all; raises WorkerGone, which the caller
    turns into a result."""
    results = []
    budget = cases_budget_s(timeout_s)
    deadline = time.monotonic() + budget
    for k, case in enumerate(cases):
        left = deadline - time.monotonic()
        if left <= 0:
            worker.close()
            if worker.gpu:
                with ctx.gpu_work(True):  # the run ends here: what its cases left cached goes back, as in run_case
                    release_idle_gpu_cache()
            raise WorkerGone("hung", f"its cases took more than {budget:.0f} s in all ({k} of {len(cases)} run); a "
                                     "right answer takes seconds", worker)
        result = run_case(ctx, worker, case, f"c{k}", repeats=repeats, guard=guard, timeout_s=min(timeout_s, left),
                          last=k == len(cases) - 1)
        results.append(result)
        if result.error is not None and stop_on_error:
            break
    return results


def run_case(ctx, worker: Worker, case: Case, key: str, *, repeats: int, guard: int, timeout_s: float,
             last: bool = True) -> CaseResult:
    """One case, start to verdict: the judge draws the inputs, the worker runs them, the judge computes the reference
    and compares, on the GPU where the worker runs on one, holding the GPU lock shared (ctx.gpu_work). A worker on
    the CPU (Triton's interpreter) is judged on the CPU, as on a machine without a GPU, and holds nothing: its cases
    held the lock for the interpreter's seconds, each a wait for the next measurement of every grading on the
    machine, and waited behind those measurements (make test-gpu on an H200, every cache warm: the lane that runs it
    waited 150 s for the lock in 716 holds, 03.triton.interpreter took 230 s in all; docs/data/evidence-2026-12-05d,
    call 2).

    The judge gives back the GPU memory it keeps cached (decision 249) after the ``last`` case of a run, or a case
    that ended it (an error, a worker gone), inside that case's hold of the GPU lock: not after each case, whose
    successor would allocate it all again (make test-gpu on an H100: the judge's inputs, fp64 references and
    comparisons took 130 s more in all when it gave it back after every case; decision 252)."""
    with ctx.gpu_work(worker.gpu):
        ended = True
        try:
            result = _run_case(ctx, worker, case, key, repeats=repeats, guard=guard, timeout_s=timeout_s)
            ended = last or result.error is not None
            return result
        finally:
            if worker.gpu and ended:
                release_idle_gpu_cache()


def _run_case(ctx, worker: Worker, case: Case, key: str, *, repeats: int, guard: int, timeout_s: float
              ) -> CaseResult:
    import torch

    spec, dims, dev = ctx.spec, case.dim, judge_device(ctx) if worker.gpu else "cpu"
    (out_name,) = spec.abi.names("out")
    shapes = spec.shapes(dims)
    n_out = spec.numel(dims, out_name)
    ship_all = 4 * n_out <= SHIP_ALL_BYTES
    with ctx.clock("judge: drawing inputs"):
        inputs = spec.make_inputs(case.family, dims, case.seed, dev)
    files = {}
    if ship_all or dev != dev_of(worker):
        with ctx.clock("judge: writing inputs"):
            for name, t in inputs.items():
                files[name] = f"{key}.in-{name}.bin"
                worker.put(files[name], t.cpu().numpy().tofile)
        given = files
    else:
        # Large inputs are drawn again on the worker's device by the same code from the same seed: the same
        # bits (the spot check below compares rows of them with the judge's own), without 256 MB files.
        given = {"generate": {"family": case.family, "seed": case.seed}}
    start = time.monotonic()
    reply = worker.call({"cmd": "case", "key": key, "lib": "learner", "dims": dims, "inputs": given, "guard": guard,
                         "repeats": repeats, "ship_all": ship_all,
                         **({"row_gap": case.row_gap} if case.row_gap else {})}, timeout_s=timeout_s)
    result = CaseResult(case, seconds=time.monotonic() - start)
    for name in files.values():
        worker.discard(name)
    if reply.has("error"):
        result.error = _error(reply)
        return result
    try:
        reps = [r for r in reply.items("repeats", limit=repeats)]
        got = reply.sub("files")
        changed = reply.sub("inputs_changed")
        with ctx.clock("judge: fp64 references"):
            ref = spec.reference(inputs, dims)[out_name]
            bound = spec.tolerance.bound(inputs, ref, dims)
        first_bits, claimed_same, unshipped = None, [], []
        for rep, record in enumerate(reps):
            record = _as_reply(record, f"repeat {rep}")
            code = record.integer("code", default=0)
            if code != 0:
                result.error = {"type": "launch", "message": f"the launcher returned cudaError {code}",
                                "code": code}
                return result
            facts = record.data
            if facts.get("usable") is False:
                result.output_problem = _output_problem(facts, shapes[out_name], spec, dev_of(worker))
                return result
            if record.flag("aliases_input", default=False):
                result.output_problem = (f"{spec.python_entry}(...) returned one of its inputs (or a view of it); "
                                         "expected a new tensor that the kernel writes")
                return result
            name = f"out.{out_name}.{rep}"
            if got.has(name):
                with ctx.clock("judge: reading outputs"):
                    raw = worker.read(got.text(name, 200), np.uint32, n_out + 2 * guard)
                    worker.discard(got.text(name, 200))
                if guard:
                    result.outside += _guard_problems(raw, guard, n_out)
                bits = raw[guard:guard + n_out] if guard else raw
                if rep == 0:
                    first_bits = bits
                with ctx.clock("judge: comparing outputs"):
                    tensor = torch.from_numpy(bits.view(np.int32)).reshape(shapes[out_name]).to(dev)
                    result.findings.append(compare(spec, dims, tensor, ref, bound, inputs))
            elif rep > 0 and record.flag("same_as_first", default=False) and first_bits is not None:
                result.findings.append(result.findings[0])
                claimed_same.append(rep)
            else:
                raise BadReply(f"no output file for repeat {rep}")
        for name, t in inputs.items():
            file = f"in.{name}"
            if got.has(file):
                after = worker.read(got.text(file, 200), np.uint32, t.numel())
                worker.discard(got.text(file, 200))
                before = t.cpu().numpy().reshape(-1).view(np.uint32)
                if not np.array_equal(after, before):
                    diff = int(np.flatnonzero(after != before)[0])
                    result.outside.append(f"{_the_input(name)} was changed (first at {name}[{diff}]): a kernel "
                                          "may only write its output")
            elif changed.flag(name, default=False):
                raise BadReply(f"input {name} reported changed but not shipped")
            else:
                unshipped.append(name)
        if claimed_same or unshipped:
            result.outside += _spot_check(worker, key, claimed_same, unshipped, out_name, n_out, guard, first_bits,
                                          inputs, shapes)
    except BadReply as exc:
        raise WorkerGone("malformed", f"the worker's answer was malformed: {exc}", worker) from None
    return result


def dev_of(worker: Worker) -> str:
    return "cuda" if worker.gpu else "cpu"


def _as_reply(record, where: str):
    from grader.channel import Reply

    return Reply(record, where)


def _error(reply) -> dict:
    err = reply.sub("error")
    return {"type": err.text("type", 80, default="error"), "message": err.text("message", 2000, default=""),
            "where": [str(w)[:300] for w in err.items("where", 8, default=[])], "stage": err.text("stage", 40, default="")}


def _output_problem(facts: dict, want, spec, device: str) -> str:
    kind = facts.get("type")
    if kind != "Tensor":
        return f"{spec.python_entry}(...) returned a {str(kind)[:60]}, expected a torch.Tensor"
    claimed = facts.get("shape")
    shape = "x".join(str(s) for s in (claimed if isinstance(claimed, list) else [])[:4] if isinstance(s, int))
    return (f"expected a float32 {'x'.join(map(str, want))} tensor on {device}, found {str(facts.get('dtype'))[:20]} "
            f"{shape} on {str(facts.get('device'))[:20]}")


def _guard_problems(raw: np.ndarray, guard: int, n: int) -> list[str]:
    below = np.flatnonzero(raw[:guard] != GUARD_BITS)
    above = np.flatnonzero(raw[guard + n:] != GUARD_BITS)
    if not (below.size or above.size):
        return []
    where = [f"output[{i - guard}]" for i in below[:5]] + [f"output[{n + i}]" for i in above[:5]]
    return [f"wrote outside the output buffer, at {', '.join(where)}"]


def _spot_check(worker, key, same_reps, unshipped, out_name, n_out, guard, first_bits, inputs, shapes) -> list[str]:
    """Check the worker's claims about a large case (repeats equal to the first, inputs unchanged) on
    rows the judge picks now, after the run."""
    row = shapes[out_name][-1]
    rows = n_out // row
    picked = sorted({0, rows - 1, *random.SystemRandom().sample(range(rows), min(SPOT_ROWS, rows))})
    items = [{"what": f"out.{out_name}.{rep}", "ranges": [[guard + r * row, row] for r in picked]}
             for rep in same_reps]
    in_rows = {}
    for name in unshipped:
        t = inputs[name]
        width = t.shape[-1] if t.dim() > 1 else 1
        count = t.numel() // width
        chosen = sorted({0, count - 1, *random.SystemRandom().sample(range(count), min(SPOT_ROWS, count))})
        in_rows[name] = (chosen, width)
        items.append({"what": f"in.{name}", "ranges": [[r * width, width] for r in chosen]})
    if not items:
        return []
    reply = worker.call({"cmd": "sample", "key": key, "items": items}, timeout_s=120)
    files = reply.sub("files")
    problems = []
    want_first = np.concatenate([first_bits[r * row:(r + 1) * row] for r in picked]) if same_reps else None
    for rep in same_reps:
        label = f"out.{out_name}.{rep}"
        got = worker.read(files.text(label, 200), np.uint32, want_first.size)
        if not np.array_equal(got, want_first):
            problems.append(f"repeat {rep + 1} differs from the first run, although reported equal")
    for name, (chosen, width) in in_rows.items():
        got = worker.read(files.text(f"in.{name}", 200), np.uint32, len(chosen) * width)
        flat = inputs[name].cpu().numpy().reshape(-1).view(np.uint32)
        want = np.concatenate([flat[r * width:(r + 1) * width] for r in chosen])
        if not np.array_equal(got, want):
            problems.append(f"{_the_input(name)} was changed: a kernel may only write its output")
    return problems


def _the_input(name: str) -> str:
    """How a message names an input: softmax's is called `input` ("the input input was changed" read as a typo)."""
    return "the input" if name == "input" else f"the input {name}"

"""Performance verdicts from the one measurement method (grader/timing.py): the gate, and the figures
shown for information. The judge's clock decides; a timed launch's output is verified on rows the
judge picks after the block; a speed above the hardware ceiling is refused as impossible."""
from __future__ import annotations

import random
import statistics

import numpy as np

from grader import timing
from grader.checks import kernel_checks as kc
from grader.checks.crash import explain_gone
from grader.checks.kernel_checks import WorkerPlan, lab_worker
from grader.results import Result, failed, passed
from grader.runner import Worker, WorkerGone
from grader.workers.buffers import POISON_BITS

IMPOSSIBLE = 1.05  # times the ceiling: faster than the hardware can go


def pick_rows(spec, dims: dict, rows: int, seeds: list[int], fresh: int, launch: int, rng: random.Random,
              device="cuda") -> list[int]:
    """The rows a timed launch is checked on: half of them among the rows its input change moved (where an answer kept
    from before the change is wrong), the rest at random."""
    change = timing.launch_change(spec, dims, seeds, fresh, launch, device)
    moved = spec.changed_rows(dims, change, launch % len(seeds)) if change is not None else None
    hot = sorted({int(r) for r in moved.tolist()}) if moved is not None else []
    picked = set(rng.sample(hot, min(len(hot), timing.VERIFY_ROWS // 2)))
    want = min(timing.VERIFY_ROWS, rows)
    if rows <= 4 * timing.VERIFY_ROWS:
        picked |= set(rng.sample([r for r in range(rows) if r not in picked], want - len(picked)))
    while len(picked) < want:
        picked.add(rng.randrange(rows))
    return sorted(picked)


class VerifyLaunches:
    """After a block: check the launches drawn for it (any of its launches, ``timing.plan_outputs``) on rows picked
    then (half among those the launch's input change moved), against the judge's own inputs (re-drawn from the same seeds, with the same changes made before
    each launch) and fp64 reference."""

    def __init__(self, ctx, worker: Worker, dims: dict, contenders: tuple[str, ...]):
        self.ctx, self.worker, self.dims, self.contenders = ctx, worker, dims, contenders

    def __call__(self, contender: str, launch: int, seeds: list[int], fresh: int, rng: random.Random) -> None:
        import torch

        spec, dims = self.ctx.spec, self.dims
        (out,) = spec.abi.names("out")
        shape = spec.shapes(dims)[out]
        row = shape[-1]
        rows = spec.numel(dims, out) // row
        picked = pick_rows(spec, dims, rows, seeds, fresh, launch, rng)
        reply = self.worker.call({"cmd": "block_sample", "launch": launch,
                                  "items": [{"what": out, "ranges": [[r * row, row] for r in picked]}]}, timeout_s=120)
        if reply.has("error"):
            err = reply.sub("error")
            raise timing.Failed(f"a timed call failed: {err.text('message', 300, default='')}", [])
        bits = self.worker.read(reply.sub("files").text(out, 200), np.uint32, len(picked) * row)
        inputs = timing.launch_inputs(spec, timing.timing_family(spec), dims, seeds, fresh, launch, "cuda")
        ref = spec.reference(inputs, dims)[out]
        ref, bound = ref.reshape(rows, row), spec.tolerance.bound(inputs, ref, dims).reshape(rows, row)
        index = torch.tensor(picked, device=ref.device)
        ref, bound = ref[index], bound[index]
        got = torch.from_numpy(bits.view(np.int32).copy()).reshape(len(picked), row).to(ref.device)
        never = got == POISON_BITS
        values = got.view(torch.float32).double()
        bad = never | ~((values - ref).abs() <= bound)
        if bool(bad.any()):
            i, c = (int(v) for v in bad.nonzero()[0])
            found = "never written" if bool(never[i, c]) else f"{float(values[i, c]):.7g}"
            raise timing.Failed(f"the output of a timed launch is wrong: row {picked[i]}, col {c} is {found}, expected "
                                f"{float(ref[i, c]):.7g}", [
                                    "every timed launch gets fresh inputs, and the judge checks launches and rows it "
                                    "picks after the fact: a kernel that skips work or remembers earlier results is "
                                    "caught here", f"(launch {launch + 1} of its block)"])


def measure(ctx, key: str, plan: WorkerPlan, dims: dict, contenders: list[str], *, verify: tuple[str, ...] = (),
            decide=None, rounds: int = timing.ROUNDS):
    """(Measurement, None) or (None, a FAIL explaining why it could not be measured). The contender "copy"
    is the run's one copy ceiling (``copy_ceiling``), not timed again beside the others."""
    memo = f"perf:{key}"
    if memo in ctx.memo:
        return ctx.memo[memo]
    if "copy" in contenders:
        try:
            copy_ceiling(ctx)
        except (WorkerGone, timing.Failed) as exc:  # not the learner's doing: no verdict on their kernel either
            return None, failed(f"the device's copy bandwidth, the ceiling of every figure, could not be measured: "
                                f"{exc}", hint=ctx.hint("how-it-is-measured"))
        contenders = [c for c in contenders if c != "copy"]
    worker = None
    try:
        live = lab_worker(ctx, plan)
        worker = live.worker
        if live.setup_error is not None:
            result = (None, failed(f"{plan.what}: could not load it for timing", log=worker.log))
        else:
            check = VerifyLaunches(ctx, worker, dims, verify)
            m = timing.measure(worker, ctx.spec, dims, contenders, verify=check if verify else None,
                               decide=decide, rounds=rounds)
            result = (m, None)
    except timing.Failed as exc:
        result = (None, failed(str(exc), details=exc.details, hint=ctx.hint("how-it-is-measured"),
                               log=worker.log if worker else None))
    except WorkerGone as gone:
        result = (None, explain_gone(gone, f"{plan.what} (timing)", ctx.hint("troubleshooting")))
    ctx.memo[memo] = result
    return result


def contenders(spec, *names: str) -> list[str]:
    """A timed check's contenders: ``names`` (the learner's and the vendor's), and the run's copy ceiling where the
    op's ceiling is the copy bandwidth. An op measured against its fp32 peak reads the peak from the device
    (``ceiling``): lab 01 once timed the copy for GEMM as well, starting the copy worker inside the GPU's exclusive
    hold, 4-6 s in which no other grading on the machine could start GPU work (session 19)."""
    return [*names, *(["copy"] if spec.rate.ceiling == "copy" else [])]


def copy_worker_ready(ctx) -> Worker:
    """The run's copy worker, started and initialised (it loads no library: no learner code). The pipeline asks for it
    before the timed checks take the GPU alone, so that neither its start (torch's import, the worker prespawned or
    not) nor its init is spent while every other grading's GPU work waits (29 of make test-gpu's 36 exclusive holds
    spent 0.17-5.8 s on it, 25 s in all: docs/data/evidence-2026-11-29f, call 1); the measurement finds it ready.
    Raises WorkerGone or timing.Failed."""
    return _initialised(ctx, kc.copy_worker(ctx))  # the run's one, started again if an earlier one failed


def _initialised(ctx, worker: Worker) -> Worker:
    """``worker``, or the copy worker started in its place where its start was lost (kc.answered), initialised once.
    Raises WorkerGone, timing.Failed or HarnessLost."""
    def init() -> Worker:
        ready, reply = kc.init_on_gpu(ctx, worker, {"cmd": "init", "op": ctx.spec.name, "libraries": {}},
                                      timeout_s=180, again=lambda: kc.copy_worker(ctx))  # a new one: this one exited
        if reply.has("error"):
            message = reply.sub("error").text("message", 300, default="")
            raise timing.Failed(f"its worker could not start: {message}", [])
        ctx.per_run.setdefault(("copy-ready", ctx.spec.name, id(ready)), ready)
        return ready

    return ctx.per_run.once(("copy-ready", ctx.spec.name, id(worker)), init)


def copy_ceiling(ctx) -> timing.Measurement:
    """The device's copy bandwidth (work/s through ``rate("copy")``), measured once per run (every lab shares it)
    with the method's blocks, at the op's representative size, by ``kernel_checks.copy_worker``, which goes once it has
    answered. The caller holds the GPU alone. Raises WorkerGone or timing.Failed."""
    return ctx.per_run.once(("copy", ctx.spec.name), lambda: _measure_copy(ctx))


def _measure_copy(ctx) -> timing.Measurement:
    worker = kc.copy_worker(ctx)  # the run's one; a new one where an earlier measurement closed it
    try:
        worker = _initialised(ctx, worker)
        return timing.measure(worker, ctx.spec, ctx.spec.representative, ["copy"])
    finally:
        worker.close(0.0)


def copy_ceiling_again(ctx) -> bool:
    """The copy measured a second time, at most once a run, when a kernel came out faster than the first allows: work
    on the GPU outside the grader's locks (another program, a worker's queued launches) can only slow a copy, never
    speed it up, so the faster of the two is the ceiling from then on (make test-gpu once measured 3739 GB/s on an H200
    whose copy is about 4100, and failed the reference as impossible: decision 130). The caller holds the GPU alone.
    Whether the ceiling rose."""
    try:
        again = ctx.per_run.once(("copy-again", ctx.spec.name), lambda: _measure_copy(ctx))
    except (WorkerGone, timing.Failed):
        return False
    with ctx.per_run.lock:
        first = ctx.per_run.get(("copy", ctx.spec.name))
        if first is None or again.rate("copy") > first.rate("copy"):
            ctx.per_run[("copy", ctx.spec.name)] = again
            return True
    return False


def ceiling(ctx, m) -> tuple[float | None, str]:
    """The hardware ceiling for this op, in work/s, and what it is."""
    if ctx.spec.rate.ceiling == "copy":
        copy = ctx.per_run.get(("copy", ctx.spec.name))
        return (copy.rate("copy") if copy is not None else None), "device copy bandwidth"
    return timing.fp32_peak(ctx.device), "the fp32 FMA peak"


def figures(ctx, m, learner: str) -> dict:
    rate = ctx.spec.rate
    top, top_what = ceiling(ctx, m)
    out = {
        "shape": ctx.spec.label(m.dims),
        "rate": round(m.rate(learner) * rate.scale, 3),
        "baseline_rate": round(m.rate("baseline") * rate.scale, 3),
        "ratio_to_baseline": round(m.ratio(learner, "baseline"), 4),
        "spread": round(m.spread(learner, "baseline"), 4),
        "rounds": len(m.rounds),
        "unit": rate.shown,
        "seconds_per_launch": m.seconds(learner),
        "worker_event_median_s": (statistics.median(m.worker_event_ms[learner]) * 1e-3
                                  if m.worker_event_ms.get(learner) else None),
    }
    if top:
        out.update(ceiling=round(top * rate.scale, 3), pct_of_ceiling=round(100 * m.rate(learner) / top, 1),
                   ceiling_is=top_what)
    return out


def line(ctx, f: dict) -> str:
    text = (f"{f['rate']:.4g} {f['unit']} = {f['ratio_to_baseline']:.2f}x {ctx.spec.baseline_name} "
            f"({f['baseline_rate']:.4g} {f['unit']})")
    if "pct_of_ceiling" in f:
        text += f", {f['pct_of_ceiling']:.0f}% of {f['ceiling_is']} ({f['ceiling']:.4g} {f['unit']})"
    return text


def impossible(ctx, m, learner: str, f: dict) -> Result | None:
    """A FAIL when the learner's rate is past what the hardware can do, the copy ceiling measured twice first; ``f``
    (``figures``) is brought up to date with the ceiling kept."""
    if "ceiling" in f and f["rate"] > IMPOSSIBLE * f["ceiling"] and ctx.spec.rate.ceiling == "copy" \
            and copy_ceiling_again(ctx):
        f.update(figures(ctx, m, learner))
    if "ceiling" in f and f["rate"] > IMPOSSIBLE * f["ceiling"]:
        return failed(f"faster than the hardware can go: {line(ctx, f)}", details=[
            f"expected: at most {f['ceiling_is']}; a real kernel cannot exceed it"], hint=ctx.hint("how-it-is-measured"),
                      **f)
    return None

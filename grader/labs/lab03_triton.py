"""Lab 03, the Triton half: ``softmax_triton.py`` on the CPU (Triton's interpreter) and on a GPU.

``register(lab)`` declares the checks on lab 03's ``Lab`` (grader/labs/lab03.py calls it).
Each child run (grader/child/triton_softmax.py) happens once per grading, memoized in
``ctx.memo``; the child only reports facts, every verdict is made here.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from grader.checks.crash import explain_child_failure
from grader.checks.kernel_cases import Case
from grader.checks.softmax_cases import FAMILIES, softmax_cases
from grader.checks.softmax_ref import SampledRows, compare_sampled, compare_softmax
from grader.child.cuda_kernel import POISON_BITS
from grader.config import SETTINGS, SWEEP_SHAPES
from grader.context import Context
from grader.registry import Lab
from grader.results import Result, failed, passed
from grader.runner import ChildRun, run_child

LEARNER_FILE = "softmax_triton.py"
PORT_FILE = "minigpt_torch.py"  # the learner's MiniGPT port (bonus)
REFERENCE_FILE = "minigpt_numpy.py"  # the NumPy reference it is checked against (bonus)
# crash.py's lessons are about CUDA C; these are the Triton ones.
TRITON_HANG_LESSON = ("an infinite loop in the kernel or the wrapper? (a `while` whose condition never changes, or a "
                      "loop step of 0)")
TRITON_SIGNAL_LESSONS = {"SIGSEGV": "an unmasked tl.load or tl.store outside the tensor: every access past the end "
                                    "of a row or of the tensor needs a mask"}
CHILD = "triton_softmax"
CHILD_INTERNAL_ERROR = 70  # the child's exit code for a bug of its own (INTERNAL_ERROR there)

# The interpreter runs every program of a grid one after the other in Python, so the CPU
# shapes stay small: odd sizes that exercise the masks, and one row longer than 4096.
CPU_PLAN = [(shape, FAMILIES) for shape in ((1, 1), (1, 7), (3, 1025), (13, 129), (3, 5000))]
# Lab 01's shapes. The small ones travel whole; 4096x4096 is made on the device.
GPU_PLAN = [(shape, FAMILIES) for shape in ((1, 1), (1, 7), (3, 1025), (127, 129), (7, 100003))]
GPU_GENERATED = [((4096, 4096), ("randn", "large"))]
# Every sweep shape with randn, plus one of the other families in turn.
SWEEP_PLAN = [(shape, ("randn", FAMILIES[1 + k % (len(FAMILIES) - 1)])) for k, shape in enumerate(SWEEP_SHAPES)]
SAMPLED_ROWS = 4  # random full rows sent back per large case, besides the first and the last
BENCH_SHAPES = tuple(SWEEP_SHAPES) + ((SETTINGS.representative_shape,)
                                      if SETTINGS.representative_shape not in SWEEP_SHAPES else ())
BONUS = {"config": {"vocab_size": 65, "block_size": 64, "n_layer": 2, "n_head": 4, "n_embd": 64, "ln_eps": 1e-5},
         "batch": 4, "tokens": 64}
BONUS_RTOL = 1e-5  # |loss with the Triton softmax - loss with F.softmax| <= 1e-5 * max(1, |loss|)
# Python-level math a wrapper may do with torch instead of in the kernel: allowed, but noted.
TORCH_MATH = ("exp", "exp2", "expm1", "log", "div", "mul", "sub", "sum", "amax", "max", "logsumexp", "reciprocal")
LONG_RUN = 2  # the sweep and the benchmark get this many times the usual child time limit
INTERPRETER_RANGE_BUG = "only 0-dimensional arrays can be converted to Python scalars"


@dataclass
class SoftmaxRun:
    run: ChildRun
    cases: list[Case] = field(default_factory=list)  # inputs shipped whole in inputs.npz
    generated: list[dict] = field(default_factory=list)  # large cases made on the device
    failure: Result | None = None  # the child hung or crashed, or softmax_triton.py did not import

    @property
    def response(self) -> dict:
        return self.run.response or {}


def _missing(ctx: Context, *files: str) -> Result | None:
    absent = [f for f in files if not (ctx.stage / f).is_file()]
    if absent:
        return failed(f"{', '.join(absent)} not found in {ctx.submission}",
                      details=[f"expected: {', '.join(files)} in the lab folder"], hint=ctx.hint("files-you-edit"))
    return None


def _run(ctx: Context, name: str, request: dict, *, cases=(), generated=(), interpret: bool = False,
         timeout_s: float | None = None) -> SoftmaxRun:
    """One child run, memoized under ``03.triton/<name>``."""
    key = f"03.triton/{name}"
    if key in ctx.memo:
        return ctx.memo[key]
    arrays = {f"c{i}": c.inputs["x"] for i, c in enumerate(cases)}
    request = {"stage": str(ctx.stage), "cases": [{"key": f"c{i}"} for i in range(len(cases))],
               "generated": list(generated), "tolerance": [SETTINGS.fp32_tolerance.atol, SETTINGS.fp32_tolerance.rtol],
               **request}
    # The interpreter run hides the GPU so that it behaves the same on every machine.
    env = {"TRITON_INTERPRET": "1", "CUDA_VISIBLE_DEVICES": ""} if interpret else {"TRITON_INTERPRET": "0"}
    run = run_child(CHILD, request, rundir=ctx.rundir(f"triton-{name}"), timeout_s=timeout_s or SETTINGS.child_timeout_s,
                    arrays=arrays or None, env=env)
    sr = SoftmaxRun(run, list(cases), list(generated))
    what = f"running {LEARNER_FILE}" + (" in Triton's interpreter" if interpret else " on the GPU")
    if not run.ok:
        if run.returncode == CHILD_INTERNAL_ERROR:
            raise RuntimeError(f"grader bug: the {CHILD} child failed, see {run.log}")
        sr.failure = explain_child_failure(run, what, ctx.hint("crash"), hang_lesson=TRITON_HANG_LESSON,
                                           signal_lessons=TRITON_SIGNAL_LESSONS)
    elif "import_error" in sr.response:
        err = sr.response["import_error"]
        sr.failure = failed(f"importing {LEARNER_FILE} raised {err['type']}: {_first_line(err['message'])}",
                            details=_where(err), hint=ctx.hint("crash"), log=run.log)
    ctx.memo[key] = sr
    return sr


def _first_line(text: str) -> str:
    lines = [ln for ln in str(text).strip().splitlines() if ln.strip()]
    return lines[0][:200] if lines else "(no message)"


def _where(err: dict) -> list[str]:
    lines = [f"at {w}" for w in err.get("where", [])]
    if INTERPRETER_RANGE_BUG in err.get("message", ""):
        lines.append("this is a bug of Triton 3.6's interpreter with NumPy >= 2.4 (triton-lang/triton#9171), not "
                     "of your kernel: a kernel argument cannot be a range() bound there. Write the loop as "
                     "`start = 0` / `while start < cols:` ... `start += BLOCK`: it compiles the same on a GPU")
    return lines


# -- verdicts on one case ---------------------------------------------------------------------------


def _case_problem(rec: dict, shape: tuple[int, int], device: str, compare) -> tuple[str, list[str], str] | None:
    """(message, details, docs anchor) for the first thing wrong with one case, or None."""
    if rec.get("error"):
        err = rec["error"]
        return f"softmax(x) raised {err['type']}: {_first_line(err['message'])}", _where(err), "crash"
    out = rec["output"]
    if out["type"] != "Tensor":
        return f"softmax(x) returned a {out['type']}, expected a torch.Tensor", [], "correctness"
    if tuple(out["shape"]) != tuple(shape) or out["dtype"] != "float32" or out["device"] != device:
        return (f"expected a float32 {shape[0]}x{shape[1]} tensor on {device}, found {out['dtype']} "
                f"{'x'.join(map(str, out['shape']))} on {out['device']}"), [], "correctness"
    if out["aliases_input"]:
        return ("softmax(x) returned its input x (or a view of it)",
                ["expected: a new tensor: allocate the output (torch.empty_like(x)) and have the kernel write it"],
                "correctness")
    if rec["input_modified"]:
        return ("softmax(x) changed its input x", ["expected: x left as it was; the kernel writes only the output"],
                "correctness")
    ok, message, details = compare()
    if not ok:
        anchor = ("every-element" if "never written" in message else
                  "numerical-stability" if message.startswith(("NaN", "+inf", "-inf")) else "correctness")
        return message, details, anchor
    return None


def _judge(ctx: Context, sr: SoftmaxRun, device: str) -> Result | None:
    """The first failing case as a FAIL (listing the others), or None when every case is right."""
    tol = SETTINGS.fp32_tolerance
    outputs = sr.run.outputs
    problems = []
    for i, (case, rec) in enumerate(zip(sr.cases, sr.response.get("cases", []))):
        key = f"c{i}"

        def compare(case=case, key=key):
            return compare_softmax(outputs[f"y_{key}"], case.reference(), tol, POISON_BITS, inputs=case.inputs["x"])

        if problem := _case_problem(rec, case.shape, device, compare) or _race(outputs, key, case):
            problems.append((case.name, *problem))
    for spec, rec in zip(sr.generated, sr.response.get("generated", [])):
        key = spec["key"]

        def compare_large(spec=spec, rec=rec, key=key):
            return compare_sampled(SampledRows(
                (spec["rows"], spec["cols"]), outputs[f"rows_{key}"], outputs[f"x_{key}"], outputs[f"y_{key}"],
                outputs[f"rowsum_{key}"], outputs[f"worst_{key}"], **rec["sample"]), tol, POISON_BITS)

        if problem := _case_problem(rec, (spec["rows"], spec["cols"]), device, compare_large) or \
                _race_large(outputs, key):
            problems.append((spec["name"], *problem))
    if sr.response.get("aborted"):
        problems.append(("(the rest)", "not run: " + sr.response["aborted"], [], "crash"))
    if not problems:
        return None
    name, message, details, anchor = problems[0]
    others = [p[0] for p in problems[1:]]
    if others:
        more = f" and {len(others) - 8} more" if len(others) > 8 else ""
        details = details + [f"also failing: {', '.join(others[:8])}{more}"]
    return failed(f"{name}: {message}", details=details, hint=ctx.hint(anchor), log=sr.run.log)


def _race(outputs: dict, key: str, case: Case) -> tuple[str, list[str], str] | None:
    """A repeat whose output differs from the first is fine if it is right too."""
    if f"y_{key}_repeat" not in outputs:
        return None
    ok, message, details = compare_softmax(outputs[f"y_{key}_repeat"], case.reference(), SETTINGS.fp32_tolerance,
                                           POISON_BITS, inputs=case.inputs["x"])
    return None if ok else (f"right on the first run, wrong on a repeat (a race?): {message}", details, "correctness")


def _race_large(outputs: dict, key: str) -> tuple[str, list[str], str] | None:
    worst = outputs.get(f"worst_{key}_repeat")
    if worst is None or np.all(worst <= 1):
        return None
    r = int(np.flatnonzero(~(worst <= 1))[0])
    return (f"right on the first run, wrong on a repeat (a race?): row {r} off by up to {worst[r]:.3g} "
            "times the tolerance", [], "correctness")


def _cheat_problem(ctx: Context, sr: SoftmaxRun, where: str) -> Result | None:
    """Torch's softmax called, no Triton launch, or an output no kernel was given: a FAIL, else None."""
    hint, log = ctx.hint("no-cheat"), sr.run.log
    records = [(c.name, r) for c, r in zip(sr.cases, sr.response.get("cases", []))]
    records += [(s["name"], r) for s, r in zip(sr.generated, sr.response.get("generated", []))]
    calls, aten = Counter(), Counter()
    for _, rec in records:
        calls.update(rec["watch"]["softmax_calls"])
        aten.update({op: n for op, n in rec["watch"]["aten"].items() if "softmax" in op})
    if calls or aten:
        found = ", ".join(f"{name} x{n}" for name, n in calls.most_common()) or \
            ", ".join(f"aten.{op} x{n}" for op, n in aten.most_common())
        return failed(f"softmax(x) calls torch's softmax {where}", details=[
            "expected: the softmax computed by your own Triton kernel (no torch.softmax, F.softmax, "
            "Tensor.softmax, log_softmax or their aten versions)", f"found: {found} over {len(records)} calls"],
                      hint=hint, log=log)
    for name, rec in records:
        if rec.get("error"):
            continue
        if rec["watch"]["launches"] == 0:
            return failed(f"{name}: softmax(x) launched no Triton kernel {where}", details=[
                "expected: softmax(x) launches your @triton.jit kernel (kernel[grid](...)) at least once"],
                hint=hint, log=log)
        if rec["output"].get("type") == "Tensor" and not rec["output"]["written_by_kernel"]:
            kernels = ", ".join(rec["watch"]["kernels"]) or "none"
            return failed(f"{name}: the tensor softmax(x) returns was never passed to a Triton kernel {where}",
                          details=["expected: the kernel writes the output it is given; the wrapper returns it",
                                   f"found: kernels launched: {kernels}{_torch_math_note(rec)}"], hint=hint, log=log)
    return None


def _torch_math_note(*records: dict) -> str:
    ops = Counter()
    for rec in records:
        ops.update({op: n for op, n in rec["watch"]["aten"].items() if op in TORCH_MATH})
    return f"; the wrapper also computes with torch: {', '.join(sorted(ops))}" if ops else ""


def _seeded(ctx: Context, salt: int) -> np.random.Generator:
    return np.random.default_rng([ctx.seed, 3, salt])


def _generated(ctx: Context, plan, salt: int) -> list[dict]:
    rng = _seeded(ctx, salt)
    specs = []
    for (rows, cols), families in plan:
        for family in families:
            random_rows = rng.choice(rows, size=min(SAMPLED_ROWS, rows), replace=False).tolist()
            specs.append({"key": f"g{len(specs)}", "name": f"{family} @ {rows}x{cols}", "family": family,
                          "rows": rows, "cols": cols, "seed": int(rng.integers(2**62)),
                          "sample_rows": sorted({0, rows - 1, *random_rows})})
    return specs


def _interpreter_run(ctx: Context) -> SoftmaxRun:
    return _run(ctx, "cpu", {"mode": "cpu", "repeats": 1}, cases=softmax_cases(ctx.seed, CPU_PLAN, salt=30),
                interpret=True)


def _gpu_run(ctx: Context) -> SoftmaxRun:
    return _run(ctx, "gpu", {"mode": "gpu", "repeats": SETTINGS.correctness_repeats},
                cases=softmax_cases(ctx.seed, GPU_PLAN, salt=31), generated=_generated(ctx, GPU_GENERATED, 32))


def _sweep_run(ctx: Context) -> SoftmaxRun:
    return _run(ctx, "sweep", {"mode": "gpu", "repeats": SETTINGS.correctness_repeats},
                generated=_generated(ctx, SWEEP_PLAN, 33), timeout_s=LONG_RUN * SETTINGS.child_timeout_s)


def register(lab: Lab) -> None:
    n = lab.number

    @lab.check(f"{n}.triton.interpreter", points=3)
    def interpreter(ctx: Context) -> Result:
        """Your Triton softmax is right on the CPU, run by Triton's interpreter (no GPU needed).

        Shapes 1x1, 1x7, 3x1025, 13x129 and 3x5000 (odd sizes exercise the masks; the long
        rows catch a block size fixed below the row length), each with five kinds of values: randn x 3,
        uniform in ±1e4, rows with -inf entries, constant rows, and one huge spike per row.
        Compared with an fp64 reference: |out - ref| <= 1e-7 + 1e-4 |ref|.
        """
        if missing := _missing(ctx, LEARNER_FILE):
            return missing
        sr = _interpreter_run(ctx)
        if sr.failure:
            return sr.failure
        if problem := _judge(ctx, sr, "cpu"):
            return problem
        seconds = sum(sum(r["seconds"]) for r in sr.response["cases"])
        return passed(f"{len(sr.cases)} cases match the fp64 reference in Triton's interpreter",
                      cases=len(sr.cases), learner_seconds=round(seconds, 2), child_seconds=round(sr.run.elapsed_s, 2))

    @lab.check(f"{n}.triton.no_cheat", points=1, needs=(f"{n}.triton.interpreter",))
    def no_cheat(ctx: Context) -> Result:
        """softmax(x) launches your Triton kernel, which writes the output, and never calls torch's softmax.

        While your code runs, the grader counts calls to torch.softmax, F.softmax,
        Tensor.softmax, torch._softmax, torch.special.softmax and the log_softmax family
        (and any aten softmax op however it is reached), and the Triton kernels launched
        with the tensors they were given.
        """
        sr = _interpreter_run(ctx)
        if problem := _cheat_problem(ctx, sr, "in the interpreter run"):
            return problem
        records = sr.response["cases"]
        launches = sum(r["watch"]["launches"] for r in records)
        kernels = sorted({k for r in records for k in r["watch"]["kernels"]})
        return passed(f"{launches} Triton launches over {len(records)} calls ({', '.join(kernels)}), no call to "
                      f"torch's softmax{_torch_math_note(*records)}", launches=launches, kernels=kernels)

    @lab.check(f"{n}.triton.gpu_shapes", points=3, needs=(f"{n}.triton.no_cheat",), gpu=True)
    def gpu_shapes(ctx: Context) -> Result:
        """Your Triton softmax is right on the GPU at lab 01's shapes, every time it runs.

        1x1, 1x7, 3x1025, 127x129 and 7x100003 with all five kinds of values, and
        4096x4096 (randn x 3 and ±1e4, inputs made on the GPU; every row is checked).
        Each case runs twice: an output that is right once and wrong the next time is a race.
        """
        sr = _gpu_run(ctx)
        if sr.failure:
            return sr.failure
        if problem := _judge(ctx, sr, "cuda") or _cheat_problem(ctx, sr, "on the GPU"):
            return problem
        return passed(f"{len(sr.cases) + len(sr.generated)} cases match the fp64 reference on "
                      f"{sr.response['environment']['device_name']}, x{SETTINGS.correctness_repeats} each",
                      child_seconds=round(sr.run.elapsed_s, 2))

    @lab.check(f"{n}.triton.gpu_sweep", points=2, needs=(f"{n}.triton.gpu_shapes",), gpu=True)
    def gpu_sweep(ctx: Context) -> Result:
        """Right at every shape of the benchmark sweep, from 524288x128 to 128x524288.

        About 64M elements per shape (see the performance page): the inputs are made on
        the GPU, every row's error and sum are measured there, and a sample of full rows
        (the first, the last, random ones and the two worst) is recomputed in fp64 here.
        Rows of 50257 columns and more are too long to hold in registers at once: loop over the row.
        """
        sr = _sweep_run(ctx)
        if sr.failure:
            return sr.failure
        if problem := _judge(ctx, sr, "cuda") or _cheat_problem(ctx, sr, "on the GPU"):
            return problem
        return passed(f"all {len(SWEEP_SHAPES)} sweep shapes right ({len(sr.generated)} cases, every row checked)",
                      child_seconds=round(sr.run.elapsed_s, 2))

    @lab.check(f"{n}.triton.perf_info", points=0, needs=(f"{n}.triton.gpu_shapes",), gpu=True)
    def perf_info(ctx: Context) -> Result:
        """For information: GB/s of your softmax and its ratio to F.softmax at each sweep shape.

        Median of CUDA-event times, the L2 cache flushed before every call, your kernel and
        F.softmax interleaved in the same process. 8 bytes per element (read once, write once).
        """
        sr = _run(ctx, "bench", {"mode": "bench", "bench": {
            "shapes": [list(s) for s in BENCH_SHAPES], "seed": int(_seeded(ctx, 34).integers(2**62)),
            "rounds": 3, "max_reps": 20, "budget_s": 0.3}}, timeout_s=LONG_RUN * SETTINGS.child_timeout_s)
        if sr.failure:
            return sr.failure
        return _perf_result(sr)

    @lab.check(f"{n}.bonus.minigpt_attention", points=2, needs=(f"{n}.triton.gpu_shapes",), gpu=True, bonus=True)
    def minigpt_attention(ctx: Context) -> Result:
        """Bonus: your Triton softmax inside MiniGPT's attention gives the same loss as F.softmax.

        Your minigpt_torch.py runs forward on the GPU in fp32 with the NumPy reference's
        weights, once as written and once with every softmax over the last dimension
        routed through your Triton kernel. The two losses must agree:
        |difference| <= 1e-5 * max(1, |loss|).
        """
        if missing := _missing(ctx, LEARNER_FILE, PORT_FILE, REFERENCE_FILE):
            return missing
        sr = _run(ctx, "bonus", {"mode": "bonus", "bonus": {
            **BONUS, "port": PORT_FILE, "reference": REFERENCE_FILE, "seed": int(_seeded(ctx, 35).integers(2**31))}})
        if sr.failure:
            return sr.failure
        return _bonus_result(ctx, sr)


def _perf_result(sr: SoftmaxRun) -> Result:
    rows, lines, rep = [], [], None
    for entry in sr.response["bench"]:
        r, c = entry["shape"]
        if "error" in entry:
            lines.append(f"{r}x{c}: softmax raised {entry['error']['type']}: {_first_line(entry['error']['message'])}")
            continue
        med = entry["median_s"]
        gbps, torch_gbps = entry["bytes"] / med["learner"] / 1e9, entry["bytes"] / med["F.softmax"] / 1e9
        row = {"shape": f"{r}x{c}", "gbps": round(gbps, 1), "torch_gbps": round(torch_gbps, 1),
               "ratio_to_torch": round(gbps / torch_gbps, 4)}
        rows.append(row)
        lines.append(f"{r}x{c}: {gbps:.0f} GB/s, F.softmax {torch_gbps:.0f} GB/s, {gbps / torch_gbps:.2f}x")
        if (r, c) == tuple(SETTINGS.representative_shape):
            rep = row
    r, c = SETTINGS.representative_shape
    message = (f"{rep['gbps']:.0f} GB/s, {rep['ratio_to_torch']:.2f}x F.softmax at {r}x{c}" if rep else
               f"no timing at {r}x{c} (softmax raised there: see 03.triton.gpu_sweep)")
    result = passed(message, sweep=rows, **({"gbps": rep["gbps"], "ratio_to_torch": rep["ratio_to_torch"]}
                                              if rep else {}))
    result.details = lines
    return result


def _bonus_result(ctx: Context, sr: SoftmaxRun) -> Result:
    facts = sr.response["bonus"]
    hint, log = ctx.hint("bonus"), sr.run.log
    if facts.get("error"):
        err = facts["error"]
        return failed(f"MiniGPT ({facts['stage']}) raised {err['type']}: {_first_line(err['message'])}",
                      details=_where(err), hint=hint, log=log)
    if facts.get("missing_parameters"):
        return failed(f"{REFERENCE_FILE}'s init_params has no weights for {len(facts['missing_parameters'])} "
                      f"parameters of your GPT", details=[
                          "expected: GPT-2 parameter names, so that one set of weights loads into both",
                          "found no weights for: " + ", ".join(facts["missing_parameters"][:8])], hint=hint, log=log)
    if facts["routed"] == 0:
        return failed("MiniGPT's forward never called softmax over the last dimension: nothing to swap", details=[
            "expected: attention computes F.softmax(att, dim=-1) (not F.scaled_dot_product_attention)"],
                      hint=hint, log=log)
    loss_ref, loss = facts["loss_ref"], facts["loss_triton"]
    diff, bound = abs(loss - loss_ref), BONUS_RTOL * max(1.0, abs(loss_ref))
    numbers = dict(loss_ref=loss_ref, loss_triton=loss, max_abs_logit_diff=facts["max_abs_logit_diff"],
                   routed=facts["routed"])
    if not diff <= bound:
        return failed(f"loss {loss:.9g} with your Triton softmax, {loss_ref:.9g} with F.softmax", details=[
            f"expected: |difference| <= {bound:.2g}", f"found: {diff:.3g} (largest logit difference "
            f"{facts['max_abs_logit_diff']:.3g}; attention shapes {', '.join(facts['attention_shapes'])})"],
                      hint=hint, log=log, **numbers)
    return passed(f"loss {loss:.7g} with your Triton softmax in attention, {loss_ref:.7g} with F.softmax "
                  f"(difference {diff:.1e}, {facts['routed']} softmax calls routed)", **numbers)

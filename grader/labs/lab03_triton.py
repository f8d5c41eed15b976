"""Lab 03, the Triton half: the track's kernel in Triton, on the CPU (Triton's interpreter) and on a GPU.

``register(lab, spec, file)`` declares the checks. The learner's file runs only in sandboxed workers
(grader/workers/triton.py); every value is recomputed by the judge. How the answer was computed is
checked twice: statically, on the file's syntax tree (grader/audit/python_ast.py), and on a GPU from
outside the worker, by Nsight Compute listing every kernel the call ran (grader/checks/own_kernels.py).
"""
from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

from grader.audit import python_ast
from grader.checks import kernel_checks as kc
from grader.checks import own_kernels, perf
from grader.checks.kernel_checks import WorkerPlan, kernel_run
from grader.context import Context
from grader.checks.started import begun, missing, not_started
from grader.registry import Lab
from grader.results import Result, failed, passed


INTERPRETER_TIMEOUT_S = 120.0  # per case: the interpreter runs every program in Python
SWEEP_WORKERS = 4  # the sweep's large cases run on this many workers at once, at most


def sweep_workers(ctx: Context) -> int:
    """The sweep's workers: SWEEP_WORKERS, or fewer where this grading has fewer check slots
    (pipeline.concurrent_checks: GRADER_JOBS, set by `make test-gpu` to its share of the cores). Each worker imports
    torch and compiles the learner's kernels for its shapes; beside seven other gradings, four of them cost more in
    those starts than they saved in cases run at once (decision 190). Decided once per lab run: the workers started
    early and the check's are the same."""
    from grader.pipeline import concurrent_checks

    return ctx.once("sweep-workers", lambda: max(1, min(SWEEP_WORKERS, concurrent_checks())))


def plan(ctx: Context, file: str, device: str) -> WorkerPlan:
    env = (("TRITON_INTERPRET", "1"), ("CUDA_VISIBLE_DEVICES", "")) if device == "cpu" else (("TRITON_INTERPRET", "0"),)
    cache = triton_cache(ctx) if device == "cuda" else None
    if cache is not None:
        env += (("TRITON_CACHE_DIR", str(cache)),)
    return WorkerPlan("triton", {"op": ctx.spec.name, "file": file, "stage": str(ctx.stage), "device": device},
                      (ctx.stage,), device == "cuda", env,
                      what=f"running {file}" + (" in Triton's interpreter" if device == "cpu" else " on the GPU"),
                      rw=(cache,) if cache is not None else ())


def prespawn(ctx: Context, file: str) -> None:
    """The lab's prepare hook, for the Triton file: if it is there and begun, its workers start now, each in the
    lane that will use it (the interpreter's, the GPU shapes', the sweep's three), so that torch imports while the
    judge sets up. Each loads the file only at its init, after the file's audit.

    Nsight Compute's first try too: ncu launches it suspended (own_kernels.ncu_worker), and no session watches it
    until its check, holding the machine's profiler lock, attaches one; a start of it that is lost is replaced
    before the check (own_kernels.KeptStart). (Started early under a session of its own, an
    ncu run of one grading held the GPU's profiler while its check waited for the GPU lock, and another grading's,
    holding that lock shared, waited for the profiler: device call 2 of 2026-11-27, 150 s. Four workers launched
    suspended at once, then attached one after another, each listed its own kernel only, every launch of it:
    docs/data/evidence-2026-12-02c, call 4.)"""
    if not begun(ctx, file):
        return
    kc.prespawn(ctx, plan(ctx, file, "cpu"), lane="triton")
    if ctx.device.has_cuda:
        gpu = plan(ctx, file, "cuda")
        kc.prespawn(ctx, gpu, lane="triton-gpu")
        kc.prespawn(ctx, gpu, sweep_workers(ctx), lane="triton-sweep")
        kc.prespawn_copy_worker(ctx)
        if ctx.lab.has_lane("triton-ncu") and own_kernels.find_ncu() is not None:
            own_kernels.prestart(ctx, gpu)


def triton_cache(ctx: Context) -> Path | None:
    """Triton's compile cache for this submission's lab, kept between runs, keyed by the bytes of every file
    the learner may edit here (any of them can run in a worker that writes the cache: the bonus loads the
    port beside the Triton file). Compiling is done once per submission, and no other code ever reads what
    a submission's workers wrote. None where the run keeps no cache."""
    if ctx.cache is None:
        return None
    digest = hashlib.sha256()
    for name in sorted(ctx.lab.editable):
        path = ctx.stage / name
        data = path.read_bytes() if path.is_file() and not path.is_symlink() else b"(none)"
        digest.update(f"{name}\0{len(data)}\0".encode() + data)
    folder = ctx.cache / "triton" / digest.hexdigest()[:32]
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def gpu_shapes_cases(ctx: Context) -> list:
    """What 03.triton.gpu_shapes runs: the spec's triton_gpu_plan, its values drawn from seed 31 (the watched case,
    own_kernels.watched_case, is one of these shapes with values of its own)."""
    return ctx.spec.cases(ctx.spec.triton_gpu_plan, ctx.seed, 31)


def verdict(ctx: Context, run, p: WorkerPlan, what: str) -> Result:
    """The first thing wrong with a run, as one check's result."""
    for check in (lambda: kc.check_completes(ctx, run, p), lambda: kc.check_in_bounds(ctx, run),
                  lambda: kc.check_values(ctx, run, lambda c: True, {n: f.lesson for n, f in ctx.spec.families.items()
                                                                     if f.lesson}),
                  lambda: kc.check_repeatable(ctx, run)):
        result = check()
        if result.status.value != "PASS":
            return result
    return passed(f"{len(run.results)} cases match the fp64 reference {what}" +
                  slow_case_note(run, ctx.spec.name, p.gpu),
                  cases=len(run.results), seconds=round(sum(r.seconds for r in run.results), 2))


SLOW_CASE_S = 30.0  # a case slower than this gets a note: one launch of a softmax or a GEMM takes milliseconds


def slow_case_note(run, op: str = "softmax", gpu: bool = True) -> str:
    """A note on the slowest case where it took minutes rather than milliseconds: on a GPU almost always Triton
    compiling the kernel for that case's constexprs (a right kernel whose program held a whole 524288-column row spent
    185-276 s in ptxas: docs/data/evidence-2026-12-03c); in the interpreter, a grid of many small programs run one by
    one in Python. The time is the judge's clock around the case."""
    if not run.results:
        return ""
    slowest = max(run.results, key=lambda r: r.seconds)
    if slowest.seconds < SLOW_CASE_S:
        return ""
    return (f". Note: the case {slowest.case.name} took {slowest.seconds:.0f} s. {kc.triton_slowness(op, gpu)}. The "
            "check gives up after a time limit, and a slower machine may reach it")


def interpreter_lessons(ctx: Context, file: str, result: Result) -> Result:
    """A failure in the interpreter that its own gaps explain, said so: libdevice's functions are empty there and
    return None, so a kernel that calls one failed on the next line with "'NoneType' object has no attribute 'dtype'",
    naming neither (red team, session 55)."""
    if result.status.value != "FAIL" or "libdevice" not in (ctx.stage / file).read_text(errors="replace"):
        return result
    return dataclasses.replace(result, details=[*result.details, (
        "your file uses libdevice: Triton's interpreter has no libdevice (its functions there return None), so this "
        "check cannot run them; tl.exp, tl.exp2, tl.log, tl.sqrt and tl.math's functions run in the interpreter and on "
        "the GPU")])


def register(lab: Lab, spec, file: str) -> None:
    n = lab.number

    @lab.check(f"{n}.triton.method", points=1, lane="triton")
    def method(ctx: Context) -> Result:
        if absent := missing(ctx, file):
            return absent
        text = (ctx.stage / file).read_text(errors="replace")
        if problem := not_started(ctx, file, text):
            return problem
        findings = python_ast.audit((ctx.stage / file).read_bytes(), python_ast.TRITON, spec.python_entry)
        if findings and python_ast.about_encoding(findings):
            return failed(f"{file}, {findings[0]}", hint=ctx.hint("rules"))
        if findings:
            return failed(f"{file}, {findings[0]}", details=[str(f) for f in findings[1:6]] + [
                f"expected: {spec.python_entry}(...) allocates its output with torch and launches your @triton.jit "
                "kernel, which computes and writes every element",
                "code that only tests your kernel (random inputs, torch's answer, a comparison) belongs in the body "
                "of `if __name__ == \"__main__\":` itself, which the grader neither runs nor audits; a function of "
                "the file is audited as wrapper code even when only that block calls it"],
                hint=ctx.hint("rules"))
        return passed(f"{file} imports and calls only what a Triton wrapper needs; the answer is left to its kernels")

    method.__doc__ = (f"{file} computes with its own Triton kernels: checked on the file itself, before it runs.\n\n"
                      "Outside a @triton.jit kernel the file may allocate tensors, read their shapes and strides and "
                      "launch, compile or autotune kernels; no torch math, no NumPy, no exec, no private entry points.")

    @lab.check(f"{n}.triton.interpreter", points=3, needs=(f"{n}.triton.method",), lane="triton")
    def interpreter(ctx: Context) -> Result:
        p = plan(ctx, file, "cpu")
        run = kernel_run(ctx, "triton-cpu", p, spec.cases(spec.triton_cpu_plan, ctx.seed, 30), repeats=1, guard=0,
                         timeout_s=INTERPRETER_TIMEOUT_S)
        return interpreter_lessons(ctx, file, verdict(ctx, run, p, "in Triton's interpreter"))

    interpreter.__doc__ = (f"Your Triton {spec.title} is right on the CPU, run by Triton's interpreter (no GPU needed)."
                           f"\n\nShapes {spec.plan_text(spec.triton_cpu_plan)} with every value family; "
                           f"{spec.tolerance.text()}.")

    if spec.strided_plan:
        register_row_stride(lab, spec, file)

    # The GPU checks start once the file has passed the audit, beside the interpreter's run (each lane with a
    # worker of its own); each still counts only if what it needs passed.
    @lab.check(f"{n}.triton.gpu_shapes", points=3, needs=(f"{n}.triton.interpreter",), gpu=True, lane="triton-gpu",
               after=(f"{n}.triton.method",))
    def gpu_shapes(ctx: Context) -> Result:
        p = plan(ctx, file, "cuda")
        run = kernel_run(ctx, "triton-gpu", p, gpu_shapes_cases(ctx), repeats=2, guard=0,
                         timeout_s=180)
        return verdict(ctx, run, p, f"on {ctx.device.name}, twice each")

    gpu_shapes.__doc__ = (f"Your Triton {spec.title} is right on the GPU at lab 01's shapes, every time it runs.\n\n"
                          f"{spec.plan_text(spec.triton_gpu_plan)}; each case runs twice: right once and wrong the "
                          "next time is a race.")

    @lab.check(f"{n}.triton.gpu_sweep", points=2, needs=(f"{n}.triton.gpu_shapes",), gpu=True, lane="triton-sweep",
               after=(f"{n}.triton.method",))
    def gpu_sweep(ctx: Context) -> Result:
        p = plan(ctx, file, "cuda")
        run = kernel_run(ctx, "triton-sweep", p, spec.cases(spec.sweep_plan, ctx.seed, 33), repeats=1, guard=0,
                         timeout_s=300, workers=sweep_workers(ctx))
        return verdict(ctx, run, p, "at every sweep shape, every element compared")

    gpu_sweep.__doc__ = (f"Right at every shape of the sweep: {spec.plan_text(spec.sweep_plan)}.\n\nThe whole output "
                         "is compared with the judge's own fp64 reference on its GPU.")

    # Nsight Compute watches its worker. It starts once gpu_shapes has passed, not beside it: its one case is one of
    # gpu_shapes' shapes, so Triton's compile of it is then in the submission's cache (triton_cache, shared by the
    # lab's GPU workers) and is loaded, not compiled again, inside the machine's profiler lock, which every other
    # grading's watched check waits on. Started beside gpu_shapes, its case compiled under that lock: 1.9-7.1 s of
    # holds of 3.8-11.6 s in make test-gpu on an H200 (docs/data/evidence-2026-12-04, call 2; decision 204).
    @lab.check(f"{n}.triton.own_kernels", points=1, needs=(f"{n}.triton.gpu_shapes",), gpu=True, lane="triton-ncu",
               profiled=True)
    def own(ctx: Context) -> Result:
        return own_kernels.check(ctx, plan(ctx, file, "cuda"), file)

    own.__doc__ = (f"On the GPU, every kernel {spec.python_entry}(x) runs is one of your @triton.jit kernels.\n\n"
                   "Nsight Compute, outside the sandboxed worker, lists the kernels the call launches: a torch "
                   "or cuBLAS kernel doing the work (and a Triton kernel copying its result) fails here.")

    @lab.check(f"{n}.triton.perf_info", points=0, needs=(f"{n}.triton.gpu_shapes",), gpu=True, lane="triton-gpu",
               timed=True)
    def perf_info(ctx: Context) -> Result:
        m, problem = perf.measure(ctx, "triton-timing", plan(ctx, file, "cuda"), spec.representative,
                                  perf.contenders(spec, "learner", "baseline"),
                                  verify=("learner",), rounds=2)
        if problem:
            return problem
        f = perf.figures(ctx, m, "learner")
        return passed(perf.line(ctx, f) + f" at {f['shape']} (for information: Python code shares the worker "
                                          "with the timing, so these figures are the worker's own)", **f)

    perf_info.__doc__ = (f"For information: your Triton {spec.title}'s speed at {spec.label(spec.representative)} and "
                         f"its ratio to {spec.baseline_name}, measured like the lab 02 gate.")


ROW_GAP = 7  # unused elements after each input row in the row-stride bonus


def register_row_stride(lab: Lab, spec, file: str) -> None:
    """NN.bonus.row_stride: the learner's function given inputs whose rows lie farther apart than their length, as
    x[:, :n] of a wider tensor is, in Triton's interpreter (a laptop sees it). Every input of the graded checks is
    contiguous, so a kernel that steps from row to row by the row's length passed them all (session 42's
    walkthrough). A bonus, apart from the score: the lab's contract asked for no strides until now, and a right
    kernel that calls .contiguous() first passes too."""
    n = lab.number
    inputs = spec.abi.names("in")
    views = (f"{inputs[0]} is a view of a wider tensor" if len(inputs) == 1 else
             f"{' and '.join(inputs)} are views of wider tensors")

    @lab.check(f"{n}.bonus.row_stride", points=1, needs=(f"{n}.triton.interpreter",), bonus=True, lane="triton")
    def row_stride(ctx: Context) -> Result:
        p = plan(ctx, file, "cpu")
        run = kernel_run(ctx, "triton-cpu-strided", p, spec.strided_cases(ctx.seed, 32, ROW_GAP), repeats=1,
                         guard=0, timeout_s=INTERPRETER_TIMEOUT_S)
        result = verdict(ctx, run, p, f"in Triton's interpreter, every input's rows padded by {ROW_GAP} elements")
        if result.status.value != "FAIL":
            return result
        return dataclasses.replace(result, details=[*result.details, (
            f"here {views} (x = wide[:, :n], so x.stride(0) is n + {ROW_GAP}, not n; the "
            f"gaps hold NaN): step from row to row by each tensor's .stride(0) in your kernel, the output's too, or "
            f"call .contiguous() on the inputs first (a copy, which costs time). torch hands such views to a function "
            "all the time: a slice, a transpose, a narrow")], hint=ctx.hint("bonus"))

    row_stride.__doc__ = (f"Bonus: your Triton {spec.title} is right when its inputs' rows lie farther apart than "
                          f"their length (x[:, :n] of a wider tensor), in Triton's interpreter.\n\n"
                          f"{spec.plan_text(spec.strided_plan)}, each input row followed by {ROW_GAP} unused "
                          "elements (NaN). Reported apart from the score.")


BONUS = {"config": {"block_size": 64, "n_layer": 2, "n_head": 4, "n_embd": 64}, "batch": 4}
# Every softmax of the bonus's forward runs at a temperature the judge draws from this range: at 4 to 8 the logits
# move 1.6e-2 to 6.7e-2 of their largest magnitude from temperature 1 (the reference, seeds 0-5), 160 to 670 times the
# fp32 tolerance, so a forward that did not go through the routing cannot pass.
BONUS_TEMPERATURE = (4.0, 8.0)
BONUS_RTOL = 1e-5  # |loss with the learner's softmax - loss with F.softmax| <= 1e-5 * max(1, |loss|)
FP32_PORT_RTOL = 1e-4  # the fp32 port's logits against the fp64 reference, relative to their largest magnitude


def register_bonus(lab: Lab, spec, file: str, port: str) -> None:
    """03.bonus.minigpt_attention, for a track whose kernel MiniGPT calls (spec.bonus_hook)."""

    @lab.check("03.bonus.minigpt_attention", points=2, needs=("03.triton.gpu_shapes", "03.port.adamw"), gpu=True,
               bonus=True, lane="triton-gpu", after=("03.triton.method", "03.port.is_port"))
    def minigpt_attention(ctx: Context) -> Result:
        import numpy as np

        from grader.channel import BadReply
        from grader.checks.kernel_checks import lab_worker
        from grader.checks.parity import load_reference, reference_file, tempered_reference
        from grader.runner import WorkerGone

        ref = load_reference(reference_file())
        text = ref.load_corpus()
        vocab = ref.build_vocab(text)
        config = ref.MiniGPTConfig(vocab_size=len(vocab), **BONUS["config"])
        rng = np.random.default_rng([ctx.seed, 36])
        weights = ref.init_params(config, int(rng.integers(2**31)))
        idx, targets = ref.get_batch(ref.encode(text, vocab), config.block_size, BONUS["batch"], rng)
        temperature = float(rng.uniform(*BONUS_TEMPERATURE))
        expected = tempered_reference(reference_file(), temperature).forward(weights, idx, config)
        untempered = ref.forward(weights, idx, config)
        p = plan(ctx, file, "cuda")
        try:
            worker = lab_worker(ctx, p).worker
            worker.put("bonus-inputs.npz", lambda fh: np.savez(fh, idx=idx, targets=targets,
                                                                **{f"param/{k}": v for k, v in weights.items()}))
            with ctx.gpu_work():
                reply = worker.call({"cmd": "bonus", "port": port, "config": {**BONUS["config"],
                                     "vocab_size": len(vocab), "ln_eps": config.ln_eps},
                                     "inputs": "bonus-inputs.npz", "temperature": temperature}, timeout_s=300)
            if reply.has("error"):
                err = reply.sub("error")
                return failed(f"MiniGPT with your softmax raised {err.text('type', 80, default='an error')}: "
                              f"{err.text('message', 200, default='')}", hint=ctx.hint("bonus"), log=worker.log)
            n = expected.size
            plain = worker.read(reply.sub("files").text("plain", 200), np.float32, n).reshape(expected.shape)
            routed_logits = worker.read(reply.sub("files").text("routed", 200), np.float32, n).reshape(expected.shape)
            routed = reply.integer("routed", 0, 10**6)
        except WorkerGone as gone:
            return failed(f"MiniGPT with your softmax: {gone}", hint=ctx.hint("bonus"), log=gone.worker.log)
        except BadReply as exc:
            return failed(f"the worker's answer was malformed: {exc}", hint=ctx.hint("bonus"))
        loss_ref = float(ref.cross_entropy(expected, targets))
        loss_plain = float(ref.cross_entropy(plain.astype(np.float64), targets))
        loss = float(ref.cross_entropy(routed_logits.astype(np.float64), targets))
        numbers = dict(temperature=temperature, loss_fp64_reference=loss_ref, loss_f_softmax=loss_plain,
                       loss_triton=loss, routed_as_counted_by_the_worker=routed)
        scale = float(np.abs(expected).max())
        tolerance = FP32_PORT_RTOL * scale
        if not float(np.abs(routed_logits - expected).max()) <= tolerance:
            if float(np.abs(routed_logits - untempered).max()) <= tolerance:
                return failed("MiniGPT's forward did not go through your softmax: its logits are those of attention "
                              "with its own softmax", details=[
                                  f"the grader ran every softmax over the last dimension at temperature "
                                  f"{temperature:.3f}, through your kernel; these logits ignore it",
                                  "expected: attention computes F.softmax(att, dim=-1) (or torch.softmax, or "
                                  "att.softmax(-1)) on fp32 scores, not F.scaled_dot_product_attention or its own "
                                  "exp and sum"], hint=ctx.hint("bonus"), **numbers)
            return failed(f"with your softmax in attention the fp32 logits leave the fp64 reference (loss {loss:.7g}, "
                          f"reference {loss_ref:.7g}, both at temperature {temperature:.3f})", hint=ctx.hint("bonus"),
                          **numbers)
        if not abs(loss - loss_plain) <= BONUS_RTOL * max(1.0, abs(loss_plain)):
            return failed(f"loss {loss:.9g} with your Triton softmax, {loss_plain:.9g} with F.softmax",
                          details=[f"expected: |difference| <= {BONUS_RTOL * max(1.0, abs(loss_plain)):.2g}"],
                          hint=ctx.hint("bonus"), **numbers)
        return passed(f"loss {loss:.7g} with your Triton softmax in attention, {loss_plain:.7g} with F.softmax, "
                      f"{loss_ref:.7g} in fp64 (every softmax at temperature {temperature:.3f})", **numbers)

    minigpt_attention.__doc__ = (
        f"Bonus: your Triton {spec.title} inside MiniGPT's attention gives the loss F.softmax gives.\n\n"
        "Your minigpt_torch.py runs forward on the GPU in fp32 with weights the grader draws, twice, with every "
        "softmax over the last dimension replaced by softmax(t * x) at a temperature t the grader draws between "
        f"{BONUS_TEMPERATURE[0]:g} and {BONUS_TEMPERATURE[1]:g}: computed by F.softmax, then by your Triton kernel. "
        "The temperature shows that the forward really went through your kernel: the grader checks the logits "
        f"against its own fp64 reference at the same temperature (within {FP32_PORT_RTOL:g} times their largest "
        f"magnitude), and the two losses agree: |difference| <= {BONUS_RTOL:g} * max(1, |loss|).")

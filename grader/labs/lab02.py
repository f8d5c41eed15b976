"""Lab 02: tuned softmax in CUDA C, the performance gate, and the Nsight Compute profile."""
from __future__ import annotations

import numpy as np

from grader.checks import kernel_cases as kc
from grader.checks.softmax_cases import FAMILIES, LESSONS, softmax_cases, softmax_reference
from grader.config import SETTINGS, SWEEP_SHAPES
from grader.context import Context
from grader.labs import lab02_profile
from grader.labs.common import declare_build, declare_repeatable, declare_run_checks, declare_values
from grader.labs.lab01 import LARGE, SMALL
from grader.registry import Lab
from grader.results import Result, failed, passed

SOURCE = "softmax_tuned.cu"
REP = SETTINGS.representative_shape
VARIANTS = 3  # input variants for the timed launches, rotated over 2 buffers
ESCAPE_FACTOR = 1.5  # wall time per launch above this multiple of event time: work left the stream
ESCAPE_SLACK_S = 50e-6  # ...plus this much for launch overhead

lab = Lab("02", "tuned-kernel", "Tuned softmax: the performance gate and the profile",
          editable=(SOURCE, "profile/softmax_tuned.ncu-rep", "profile/ANALYSIS.md"), cuda_sources=(SOURCE,),
          docs="lab/02-tuned-kernel.md")


def get_run(ctx: Context) -> kc.CaseRun:
    """Correctness: lab 01's cases, then every shape of the benchmark sweep."""
    cases = (softmax_cases(ctx.seed, [(s, FAMILIES) for s in SMALL] + [(s, ("randn", "large")) for s in LARGE],
                           salt=2, group="lab01")
             + softmax_cases(ctx.seed, [(s, ("randn",)) for s in SWEEP_SHAPES], salt=3, group="sweep"))
    return kc.run_cases(ctx, "correctness", ctx.builds[SOURCE].library, "softmax_forward", "softmax", cases,
                        timeout_s=300)


def get_bench(ctx: Context) -> kc.CaseRun:
    """Timing: its own child, after correctness passed; the sweep is timed too, for information."""
    rng = np.random.default_rng([ctx.seed, 2, 7])
    variants = {f"bench/x{v}": (3 * rng.standard_normal(REP)).astype(np.float32) for v in range(VARIANTS)}
    return kc.run_cases(ctx, "timing", ctx.builds[SOURCE].library, "softmax_forward", "softmax", [],
                        bench={"shape": list(REP), "inputs": list(variants), "rounds": 5, "reps": 10},
                        extra_arrays=variants, timeout_s=400,
                        sweep_bench={"shapes": [list(s) for s in SWEEP_SHAPES], "reps": 10})


build_id = declare_build(lab, SOURCE, points=2)


@lab.check("02.build.honest", points=2, needs=(build_id,))
def honest(ctx: Context) -> Result:
    """The kernel is your own: no cuBLAS, cuDNN or torch, no dlopen.

    The source's includes and the object file's undefined symbols are audited; the
    library is linked against the CUDA runtime only.
    """
    b = ctx.builds[SOURCE]
    if b.forbidden:
        return failed(f"{SOURCE} reaches outside the CUDA runtime", details=[
            *(f"found: {f}" for f in b.forbidden),
            "expected: a kernel you wrote, using only the CUDA runtime (the gate measures *your* kernel against "
            "F.softmax; calling a library or torch measures theirs)"], hint=ctx.hint("rules"), log=b.log)
    return passed("uses only the CUDA runtime")


declare_run_checks(lab, get_run, needs="02.build.honest", what="softmax_forward",
                   points={"completes": 1, "in_bounds": 2, "all_written": 1})
tol = SETTINGS.fp32_tolerance
declare_values(lab, "02.correct.lab01_cases", 3, get_run, lambda c: c.group == "lab01", tol,
               "Every correctness case of lab 01 is right (all value families, 1x1 to 7x100003).", LESSONS)
declare_values(lab, "02.correct.sweep", 3, get_run, lambda c: c.group == "sweep", tol,
               "Every shape of the benchmark sweep is right, 524288x128 to 128x524288.\n\n"
               "About 64M elements each: short rows, odd row counts, misaligned vocabulary-length rows "
               "(50257), and fewer rows than SMs.", LESSONS, anchor="the-sweep")
declare_repeatable(lab, 1, get_run, tol)


@lab.check("02.perf.gate", points=6, needs=("02.correct.lab01_cases", "02.correct.sweep"), gpu=True)
def perf_gate(ctx: Context) -> Result:
    """At least 30% of F.softmax throughput at 16384x4096 fp32, measured honestly.

    Same process, same GPU, same stream: warm-up, L2 flushed before every timed launch,
    CUDA events, median of 50 launches interleaved with F.softmax and a device copy.
    Inputs rotate among distinct data behind the same pointers, the outputs of timed
    launches are verified, and work that escapes the stream is detected.
    """
    cr = get_bench(ctx)
    if cr.failure:
        return cr.failure
    b = cr.bench
    rows, cols = b["shape"]
    med = b["median_s"]
    gbps = b["bytes"] / med["learner"] / 1e9
    torch_gbps = b["bytes"] / med["F.softmax"] / 1e9
    copy_gbps = b["bytes"] / med["copy"] / 1e9
    ratio = med["F.softmax"] / med["learner"]
    figures = dict(gbps=round(gbps, 1), torch_gbps=round(torch_gbps, 1), copy_gbps=round(copy_gbps, 1),
                   ratio_to_torch=round(ratio, 4), pct_of_copy=round(100 * gbps / copy_gbps, 1),
                   wall_per_launch_us=round(1e6 * b["wall_per_launch_s"], 1), event_median_us=round(1e6 * med["learner"], 1))
    # Escaped work first: it also races with the next launch, so its outputs are wrong too.
    if b["wall_per_launch_s"] > ESCAPE_FACTOR * med["learner"] + ESCAPE_SLACK_S:
        return failed("work escaped the timed stream", details=[
            f"found: {1e6 * med['learner']:.0f} us per launch by CUDA events on the stream you were given, but "
            f"{1e6 * b['wall_per_launch_s']:.0f} us per launch by device-synchronised wall time",
            "expected: launch every kernel on the `stream` argument (another stream, or the legacy default stream, "
            "runs outside what the events measure)"], hint=ctx.hint("how-it-is-measured"), log=cr.run.log, **figures)
    for i, v in enumerate(b["verify_variants"]):
        ref = softmax_reference(cr.extra_arrays[b["inputs"][v]])
        out = cr.run.outputs[f"bench/out{i}"].view(np.float32).reshape(rows, cols).astype(np.float64)
        if problem := kc.compare(out, ref, tol, (rows, cols)):
            return failed("the output of a timed launch is wrong", details=[
                *problem, "the same buffers were refilled with new data between launches: a kernel that "
                "remembers results by pointer returns stale answers"], hint=ctx.hint("how-it-is-measured"),
                log=cr.run.log)
    if gbps > 1.1 * copy_gbps:
        return failed("faster than the GPU can copy memory: impossible for a kernel that reads and writes every element",
                      details=[f"found: {gbps:.0f} GB/s, device copy {copy_gbps:.0f} GB/s"],
                      hint=ctx.hint("how-it-is-measured"), log=cr.run.log, **figures)
    line = (f"{gbps:.0f} GB/s = {ratio:.2f}x F.softmax ({torch_gbps:.0f} GB/s), "
            f"{100 * gbps / copy_gbps:.0f}% of copy bandwidth ({copy_gbps:.0f} GB/s)")
    if ratio < SETTINGS.perf_threshold:
        return failed(f"{line}: below the {SETTINGS.perf_threshold:.2f}x gate", details=[
            f"expected: at least {SETTINGS.perf_threshold:.2f}x F.softmax at {rows}x{cols}",
            f"found: {ratio:.3f}x",
            "the usual first steps: one block (or warp) per row so that a warp's loads are coalesced; "
            "reductions with warp shuffles; read each element from DRAM once (8 bytes/element)"],
            hint=ctx.hint("tasks"), log=cr.run.log, **figures)
    return passed(line, **figures)


@lab.check("02.perf.sweep_info", points=0, needs=("02.perf.gate",), gpu=True)
def sweep_info(ctx: Context) -> Result:
    """For information: GB/s and the ratio to F.softmax at every shape of the benchmark sweep."""
    cr = get_bench(ctx)
    copy_gbps = cr.bench["bytes"] / cr.bench["median_s"]["copy"] / 1e9
    rows, worst = [], None
    for row in cr.sweep_bench or []:
        r, c = row["shape"]
        gbps = row["bytes"] / row["learner_s"] / 1e9
        ratio = row["F.softmax_s"] / row["learner_s"]
        rows.append(f"{r}x{c}: {gbps:.0f} GB/s, {ratio:.2f}x F.softmax, {100 * gbps / copy_gbps:.0f}% of copy")
        worst = min(worst or (ratio, f"{r}x{c}"), (ratio, f"{r}x{c}"))
    result = passed(f"slowest shape vs F.softmax: {worst[1]} at {worst[0]:.2f}x" if worst else "no sweep figures",
                    sweep=rows)
    result.details = rows
    return result


lab02_profile.register(lab)

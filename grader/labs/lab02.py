"""Lab 02: the track's kernel, tuned, in CUDA C; the performance gate; the Nsight Compute profile."""
from __future__ import annotations

from grader.checks import perf
from grader.checks.kernel_checks import kernel_run
from grader.context import Context
from grader.labs import lab02_profile
from grader.labs.common import (GUARD, cuda_plan, declare_build, declare_repeatable, declare_run_checks,
                                declare_sanitizer, declare_values)
from grader.registry import Lab
from grader.results import Result, failed, passed

LEARNER = "lib:learner"
WORKERS = 2  # the correctness run's cases (a dozen of them 256 MB in, 256 MB out) are dealt to two workers at once


def make(spec) -> Lab:
    source = f"{spec.stem}_tuned.cu"
    report = f"profile/{spec.stem}_tuned.ncu-rep"
    lab = Lab("02", "tuned-kernel", f"Tuned {spec.title}: the performance gate and the profile",
              editable=(source, report, f"profile/{spec.stem}_tuned.md"), cuda_sources=(source,), docs="lab/02-tuned-kernel.md",
              op=spec.name)
    rep = spec.label(spec.representative)
    contenders = perf.contenders(spec, LEARNER, "baseline")

    def plan(ctx):
        return cuda_plan(ctx, source)

    def get_run(ctx):
        cases = spec.cases(spec.lab01_plan, ctx.seed, 2, "lab01") + spec.cases(spec.sweep_plan, ctx.seed, 3, "sweep")
        return kernel_run(ctx, "cases", plan(ctx), cases, repeats=2, guard=GUARD, timeout_s=300, workers=WORKERS)

    build = declare_build(lab, source, points=2, honest_points=2, workers=WORKERS)
    declare_run_checks(lab, get_run, plan, needs=build, what=spec.abi.symbol,
                       points={"completes": 1, "in_bounds": 2, "all_written": 1})
    declare_values(lab, "02.correct.lab01_cases", 3, get_run, lambda c: c.group == "lab01",
                   f"Every correctness case of lab 01 is right (every value family, {spec.plan_text(spec.lab01_plan)}).")
    declare_values(lab, "02.correct.sweep", 3, get_run, lambda c: c.group == "sweep",
                   f"Every shape of the sweep is right: {spec.plan_text(spec.sweep_plan)}.\n\nThe whole output is "
                   f"compared with the judge's own fp64 reference, on its GPU.", anchor="the-sweep")
    declare_repeatable(lab, 1, get_run)

    def decide(m) -> bool:
        """Settled when the rounds' spread leaves the ratio clearly on one side of the threshold."""
        ratio, spread = m.ratio(LEARNER, "baseline"), m.spread(LEARNER, "baseline")
        return abs(ratio - spec.perf_threshold) > ratio * spread / 2

    @lab.check("02.perf.gate", points=6, needs=("02.correct.lab01_cases", "02.correct.sweep"), gpu=True, timed=True)
    def perf_gate(ctx: Context) -> Result:
        m, problem = perf.measure(ctx, "gate", plan(ctx), spec.representative, contenders, verify=(LEARNER,),
                                  decide=decide)
        if problem:
            return problem
        f = perf.figures(ctx, m, LEARNER)
        if bad := perf.impossible(ctx, m, LEARNER, f):
            return bad
        text = perf.line(ctx, f) + f" at {rep} (median of {f['rounds']} rounds, spread {100 * f['spread']:.1f}%)"
        if f["ratio_to_baseline"] < spec.perf_threshold:
            return failed(f"{text}: below the {spec.perf_threshold:.2f}x gate", details=[
                f"expected: at least {spec.perf_threshold:.2f}x {spec.baseline_name} at {rep}",
                f"found: {f['ratio_to_baseline']:.3f}x", *spec_hints(spec)], hint=ctx.hint("tasks"), **f)
        return passed(text, **f)

    perf_gate.__doc__ = (f"At least {spec.perf_threshold:.0%} of {spec.baseline_name}'s speed at {rep} fp32, measured "
                         f"so that no submission can fake it.\n\nSame process, same GPU: blocks of back-to-back launches "
                         f"of your kernel and of {spec.baseline_name} (and a device copy), interleaved over rounds, each "
                         "block timed by the grader's own clock between two marks; fresh inputs every round, rotating "
                         "through buffers larger than the L2; random launches checked for right answers afterwards. "
                         "More rounds are run when the spread leaves the verdict open.")

    @lab.check("02.perf.sweep_info", points=0, needs=("02.perf.gate",), gpu=True, timed=True)
    def sweep_info(ctx: Context) -> Result:
        lines, rows, worst = [], [], None
        for dims in spec.timing_shapes:
            m, problem = perf.measure(ctx, f"sweep-{spec.label(dims)}", plan(ctx), dims, contenders,
                                      verify=(LEARNER,), rounds=2)
            if problem:
                lines.append(f"{spec.label(dims)}: {problem.message}")
                continue
            f = perf.figures(ctx, m, LEARNER)
            rows.append(f)
            lines.append(perf.line(ctx, f) + f" at {f['shape']}")
            worst = min(worst or (f["ratio_to_baseline"], f["shape"]), (f["ratio_to_baseline"], f["shape"]))
        result = passed(f"slowest shape vs {spec.baseline_name}: {worst[1]} at {worst[0]:.2f}x" if worst else
                        "no sweep figures", sweep=rows)
        result.details = lines
        return result

    sweep_info.__doc__ = f"For information: speed and the ratio to {spec.baseline_name} at every shape of the sweep."
    lab02_profile.register(lab, spec, source, report)
    declare_sanitizer(lab, source, build)
    return lab


def spec_hints(spec) -> list[str]:
    return [f"the usual first steps: see the lab page's hints; {spec.title} here is "
            f"{'memory' if spec.rate.ceiling == 'copy' else 'compute'}-bound at {spec.label(spec.representative)}"]

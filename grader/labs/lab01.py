"""Lab 01: the track's kernel, naive, in CUDA C. Correct first; speed is shown, not graded."""
from __future__ import annotations

from grader.checks import perf
from grader.checks.kernel_checks import kernel_run
from grader.context import Context
from grader.labs.common import (GUARD, cuda_plan, declare_build, declare_repeatable, declare_run_checks,
                                declare_sanitizer, declare_values, family_doc)
from grader.registry import Lab
from grader.results import Result, passed


def make(spec) -> Lab:
    source = f"{spec.stem}_naive.cu"
    lab = Lab("01", "naive-kernel", f"Naive {spec.title}", editable=(source,), cuda_sources=(source,),
              docs="lab/01-naive-kernel.md", op=spec.name)

    def plan(ctx):
        return cuda_plan(ctx, source)

    def get_run(ctx):
        return kernel_run(ctx, "cases", plan(ctx), spec.cases(spec.lab01_plan, ctx.seed, 1), repeats=2, guard=GUARD,
                          timeout_s=120)

    build = declare_build(lab, source, points=2, honest_points=1)
    declare_run_checks(lab, get_run, plan, needs=build, what=spec.abi.symbol,
                       points={"completes": 1, "in_bounds": 2, "all_written": 1})
    for family, points in spec.family_points.items():
        anchor = "numerical-stability" if spec.families[family].lesson else "correctness"
        declare_values(lab, f"01.correct.{family}", points, get_run, lambda case, f=family: case.family == f,
                       family_doc(spec, family, tuple(p for p in spec.lab01_plan if family in p[1])), anchor)
    declare_repeatable(lab, 1, get_run)

    @lab.check("01.perf.info", points=0, needs=(f"01.correct.{next(iter(spec.family_points))}",), gpu=True, timed=True)
    def perf_info(ctx: Context) -> Result:
        m, problem = perf.measure(ctx, "timing", plan(ctx), spec.representative,
                                  perf.contenders(spec, "lib:learner", "baseline"), verify=("lib:learner",), rounds=2)
        if problem:
            return problem
        f = perf.figures(ctx, m, "lib:learner")
        return passed(perf.line(ctx, f) + f" at {f['shape']}", **f)

    perf_info.__doc__ = (f"For information: your speed at {spec.label(spec.representative)} and its ratio to "
                         f"{spec.baseline_name} (no threshold in this lab).")
    declare_sanitizer(lab, source, build)
    return lab

"""Lab 00: hello-cuda. Vector add: write, compile, launch. Shared by both kernel tracks."""
from __future__ import annotations

from grader.checks.kernel_checks import kernel_run
from grader.labs.common import (GUARD, cuda_plan, declare_build, declare_repeatable, declare_run_checks,
                                declare_sanitizer, declare_values)
from grader.ops import get
from grader.registry import Lab

SOURCE = "vector_add.cu"


def make() -> Lab:
    spec = get("vector_add")
    lab = Lab("00", "hello-cuda", "Hello, CUDA: vector add", editable=(SOURCE,), cuda_sources=(SOURCE,),
              docs="lab/00-hello-cuda.md", op=spec.name)

    def plan(ctx):
        return cuda_plan(ctx, SOURCE)

    def get_run(ctx):
        return kernel_run(ctx, "cases", plan(ctx), spec.cases(spec.lab01_plan, ctx.seed, 0), repeats=2, guard=GUARD,
                          timeout_s=60)

    build = declare_build(lab, SOURCE, points=2, honest_points=1)
    declare_run_checks(lab, get_run, plan, needs=build, what="vector_add",
                       points={"completes": 1, "in_bounds": 2, "all_written": 1})
    declare_values(lab, "00.correct.values", 3, get_run, lambda case: True,
                   f"c = a + b at n = {spec.plan_text(spec.lab01_plan)}.\n\nThe sizes are chosen so that the last "
                   f"block is partly empty (31, 1000003) and the grid is large (2^24+7); fresh random inputs every run. "
                   f"{spec.tolerance.text().capitalize()}.")
    declare_repeatable(lab, 1, get_run)
    declare_sanitizer(lab, SOURCE, build)
    return lab

"""Check declarations shared by the CUDA labs (00, 01, 02): build, run, memory, values.

Each lab file calls these with its own ids, points and docstrings, so a learner
sees the same kind of feedback in every CUDA lab.
"""
from __future__ import annotations

from typing import Callable

from grader.checks import kernel_cases as kc
from grader.config import Tolerance
from grader.context import Context
from grader.registry import Lab
from grader.results import Result, failed, passed, skipped


def build_check(ctx: Context, source: str) -> Result:
    b = ctx.builds.get(source)
    if b is None or (not b.ok and b.errors == ["nvcc not found on PATH"]):
        return skipped("nvcc not found: install the CUDA toolkit to compile here (see the docs page on "
                       "machines without a GPU)", hint="see docs/en/no-gpu.md")
    shown = f"{ctx.submission.name}/{source}"
    if not b.ok:
        return failed(f"{shown} does not compile", details=b.errors, hint=ctx.hint("build"), log=b.log)
    how = "compile-only for sm_80 and sm_90 (no GPU here)" if b.compile_only else "for this GPU (-arch=native)"
    return passed(f"compiles {how} in {b.seconds:.1f} s", build_seconds=round(b.seconds, 2))


def declare_build(lab: Lab, source: str, points: int) -> str:
    cid = f"{lab.number}.build.compiles"

    def compiles(ctx: Context) -> Result:
        return build_check(ctx, source)

    compiles.__doc__ = (f"{source} compiles with nvcc.\n\nWith a GPU it is built for that GPU (-arch=native); without one "
                        "it is compiled for sm_80 and sm_90 as a compile-only check. A compile error is shown once, "
                        "as the compiler's first error lines.")
    lab.check(cid, points=points)(compiles)
    return cid


def declare_run_checks(lab: Lab, get_run: Callable[[Context], kc.CaseRun], needs: str, what: str,
                       points: dict[str, int]) -> str:
    """NN.run.completes, NN.memory.in_bounds, NN.memory.all_written. Returns the run check's id."""
    n = lab.number

    def completes(ctx: Context) -> Result:
        return kc.check_completes(get_run(ctx))

    def in_bounds(ctx: Context) -> Result:
        return kc.check_in_bounds(get_run(ctx), ctx.hint("bounds"))

    def all_written(ctx: Context) -> Result:
        return kc.check_all_written(get_run(ctx), ctx.hint("every-element"))

    completes.__doc__ = (f"{what} runs on every case without crashing, hanging or returning a CUDA error.\n\n"
                         "Each case runs in a child process with a time limit; a fault becomes a failure that says "
                         "what usually causes it.")
    in_bounds.__doc__ = ("Nothing is written outside the output buffer.\n\nThe output sits between guard bands "
                         "holding a canary pattern; any change to them is an out-of-bounds write.")
    all_written.__doc__ = ("Every output element is written.\n\nThe output is poisoned with a NaN payload before every "
                           "launch; an element still holding it was never written.")
    lab.check(f"{n}.run.completes", points=points["completes"], needs=(needs,), gpu=True)(completes)
    lab.check(f"{n}.memory.in_bounds", points=points["in_bounds"], needs=(f"{n}.run.completes",), gpu=True)(in_bounds)
    lab.check(f"{n}.memory.all_written", points=points["all_written"], needs=(f"{n}.run.completes",), gpu=True)(all_written)
    return f"{n}.run.completes"


def declare_values(lab: Lab, cid: str, points: int, get_run, select: Callable[[kc.Case], bool], tol: Tolerance,
                   doc: str, lessons: dict[str, str] | None = None, anchor: str = "correctness") -> None:
    def values(ctx: Context) -> Result:
        return kc.check_values(get_run(ctx), select, tol, ctx.hint(anchor), lessons or {})

    values.__doc__ = doc
    lab.check(cid, points=points, needs=(f"{lab.number}.run.completes",), gpu=True)(values)


def declare_repeatable(lab: Lab, points: int, get_run, tol: Tolerance) -> None:
    def repeatable(ctx: Context) -> Result:
        return kc.check_repeatable(get_run(ctx), tol, ctx.hint("races"))

    repeatable.__doc__ = ("Every case gives the same verdict each time it runs.\n\nEach case runs more than once: "
                          "right once and wrong on a repeat is a race.")
    lab.check(f"{lab.number}.correct.repeatable", points=points, needs=(f"{lab.number}.run.completes",), gpu=True)(repeatable)

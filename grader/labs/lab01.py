"""Lab 01: naive fused softmax in CUDA C. Correct first; speed is shown, not graded."""
from __future__ import annotations

import numpy as np

from grader.checks import kernel_cases as kc
from grader.checks.softmax_cases import FAMILIES, LESSONS, row_sum_problems, softmax_cases
from grader.config import SETTINGS
from grader.context import Context
from grader.labs.common import declare_build, declare_repeatable, declare_run_checks, declare_values
from grader.registry import Lab
from grader.results import Result, failed, passed

SOURCE = "softmax_naive.cu"
SMALL = ((1, 1), (1, 7), (3, 1025), (127, 129))
LARGE = ((4096, 4096), (7, 100003))
INFO_SHAPE = (4096, 4096)
# Every family at the small shapes; the two families that matter most at the large ones.
PLAN = [(s, FAMILIES) for s in SMALL] + [(s, ("randn", "large")) for s in LARGE]

def family(name: str):
    return lambda case: case.family == name


lab = Lab("01", "naive-kernel", "Naive fused softmax", editable=(SOURCE,), cuda_sources=(SOURCE,),
          docs="lab/01-naive-kernel.md")


def get_run(ctx: Context) -> kc.CaseRun:
    rng = np.random.default_rng([ctx.seed, 99])
    bench_inputs = {f"bench/x{i}": (3 * rng.standard_normal(INFO_SHAPE)).astype(np.float32) for i in range(2)}
    bench = {"shape": list(INFO_SHAPE), "inputs": list(bench_inputs), "rounds": 2, "reps": 5}
    return kc.run_cases(ctx, "softmax", ctx.builds[SOURCE].library, "softmax_forward", "softmax",
                        softmax_cases(ctx.seed, PLAN), bench=bench, extra_arrays=bench_inputs)


build_id = declare_build(lab, SOURCE, points=2)
declare_run_checks(lab, get_run, needs=build_id, what="softmax_forward",
                   points={"completes": 1, "in_bounds": 2, "all_written": 1})
tol = SETTINGS.fp32_tolerance
SHAPES_TEXT = "1x1, 1x7, 3x1025, 127x129, 4096x4096 and 7x100003"
declare_values(lab, "01.correct.randn", 3, get_run, family("randn"), tol,
               f"Softmax of randn x 3 inputs is right at {SHAPES_TEXT}.\n\nCompared with an fp64 reference, "
               "|out - ref| <= 1e-7 + (1e-4 + 1e-8 cols) |ref|, every element: the allowance grows with the row because a sequential sum over 100003 elements loses about 1e-4.", LESSONS)
declare_values(lab, "01.correct.large", 2, get_run, family("large"), tol,
               "Inputs of magnitude up to 1e4 give finite, right answers.\n\nexp(1e4) overflows fp32: the row "
               "max must be subtracted before exp.", LESSONS, anchor="numerical-stability")
declare_values(lab, "01.correct.masked", 1, get_run, family("masked"), tol,
               "Rows containing -inf (masked attention) are right.\n\nA -inf input must give exactly 0.", LESSONS)
declare_values(lab, "01.correct.constant", 1, get_run, family("constant"), tol,
               "Constant rows give exactly 1/cols everywhere.", LESSONS)
declare_values(lab, "01.correct.spike", 1, get_run, family("spike"), tol,
               "Rows with one huge spike are right.\n\nAlmost all the probability sits in one element.", LESSONS)


@lab.check("01.correct.row_sums", points=1, needs=("01.run.completes",), gpu=True)
def row_sums(ctx: Context) -> Result:
    """Every output row sums to 1 (within 1e-4 + 1e-8 cols)."""
    cr = get_run(ctx)
    for case in cr.cases:
        for buf in cr.outputs(case):
            out = kc.interior(buf).view(np.float32).reshape(case.shape)
            if problems := row_sum_problems(out, tol=tol.rtol_for(case.shape[1])):
                return failed(f"{case.name}: rows do not sum to 1", details=problems, hint=ctx.hint("correctness"),
                              log=cr.run.log)
    return passed("every row of every case sums to 1")


declare_repeatable(lab, 1, get_run, tol)


@lab.check("01.perf.info", points=0, needs=("01.correct.randn",), gpu=True)
def perf_info(ctx: Context) -> Result:
    """For information: GB/s at 4096x4096 and the ratio to F.softmax (no threshold in this lab)."""
    cr = get_run(ctx)
    b = cr.bench
    if not b:
        return passed("no timing available")
    med = b["median_s"]
    gbps = b["bytes"] / med["learner"] / 1e9
    ratio = med["F.softmax"] / med["learner"]
    copy = b["bytes"] / med["copy"] / 1e9
    return passed(f"{gbps:.0f} GB/s at 4096x4096 = {ratio:.2f}x F.softmax, {100 * gbps / copy:.0f}% of copy bandwidth",
                  gbps=round(gbps, 1), ratio_to_torch=round(ratio, 4), copy_gbps=round(copy, 1),
                  torch_gbps=round(b["bytes"] / med["F.softmax"] / 1e9, 1))

"""Lab 00: hello-cuda. Vector add: write, compile, launch."""
from __future__ import annotations

import numpy as np

from grader.checks.kernel_cases import Case, run_cases
from grader.config import SETTINGS
from grader.labs.common import declare_build, declare_repeatable, declare_run_checks, declare_values
from grader.registry import Lab

SOURCE = "vector_add.cu"
SIZES = (1, 31, 1_000_003, 2**24 + 7)

lab = Lab("00", "hello-cuda", "Hello, CUDA: vector add", editable=(SOURCE,), cuda_sources=(SOURCE,),
          docs="lab/00-hello-cuda.md")


def cases(seed: int) -> list[Case]:
    out = []
    for k, n in enumerate(SIZES):
        rng = np.random.default_rng([seed, 0, k])
        a = rng.standard_normal(n, dtype=np.float32)
        b = rng.standard_normal(n, dtype=np.float32)
        out.append(Case(f"n={n}", "randn", (n,), {"a": a, "b": b},
                        lambda a=a, b=b: a.astype(np.float64) + b.astype(np.float64)))
    return out


def get_run(ctx):
    build = ctx.builds[SOURCE]
    return run_cases(ctx, "vadd", build.library, "vector_add", "vector_add", cases(ctx.seed))


build_id = declare_build(lab, SOURCE, points=2)
declare_run_checks(lab, get_run, needs=build_id, what="vector_add", points={"completes": 1, "in_bounds": 2, "all_written": 1})
declare_values(lab, "00.correct.values", 3, get_run, lambda case: True, SETTINGS.vadd_tolerance,
               "c = a + b at n = 1, 31, 1000003 and 2^24+7.\n\nThe sizes are chosen so that the last block is "
               "partly empty (31, 1000003) and the grid is large (2^24+7); fresh random inputs every run.")
declare_repeatable(lab, 1, get_run, SETTINGS.vadd_tolerance)

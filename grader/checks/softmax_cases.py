"""Inputs and the fp64 reference for the softmax labs (01, 02).

Value families, each chosen to break a particular mistake:
  randn      randn x 3: the everyday case
  large      uniform in [-1e4, 1e4]: exp overflows unless the row max is subtracted first
  masked     about a quarter of each row is -inf (masked attention), never a whole row
  constant   every element of a row equal: the answer is exactly 1/cols
  spike      one element per row 80 above the rest: almost all the mass in one place
"""
from __future__ import annotations

import numpy as np

from grader.checks.kernel_cases import Case

FAMILIES = ("randn", "large", "masked", "constant", "spike")

LESSONS = {
    "large": "inputs reach ±1e4 here: exp(1e4) overflows fp32, so subtract the row max before exp "
             "(softmax(x) = softmax(x - max(x)))",
    "masked": "-inf entries must give exactly 0: with the max subtracted first, exp(-inf - max) = 0",
    "spike": "one element dominates the row: without the max subtracted, exp(spike) overflows",
}


def family_input(family: str, rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    if family == "randn":
        return (3 * rng.standard_normal((rows, cols))).astype(np.float32)
    if family == "large":
        return rng.uniform(-1e4, 1e4, (rows, cols)).astype(np.float32)
    if family == "masked":
        x = (3 * rng.standard_normal((rows, cols))).astype(np.float32)
        mask = rng.random((rows, cols)) < 0.25
        mask[np.arange(rows), rng.integers(0, cols, rows)] = False  # never a whole row of -inf
        x[mask] = -np.inf
        return x
    if family == "constant":
        return np.repeat(rng.uniform(-50, 50, (rows, 1)), cols, axis=1).astype(np.float32)
    if family == "spike":
        x = rng.standard_normal((rows, cols)).astype(np.float32)
        x[np.arange(rows), rng.integers(0, cols, rows)] += 80.0
        return x
    raise ValueError(family)


def softmax_reference(x: np.ndarray) -> np.ndarray:
    """Row-wise softmax in fp64, max subtracted. Rows are never all -inf."""
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def softmax_cases(seed: int, plan: list[tuple[tuple[int, int], tuple[str, ...]]], salt: int = 1,
                  group: str = "") -> list[Case]:
    """One Case per (shape, family); inputs fresh for every seed."""
    cases = []
    for k, (shape, families) in enumerate(plan):
        for j, family in enumerate(families):
            rng = np.random.default_rng([seed, salt, k, j])
            x = family_input(family, rng, *shape)
            cases.append(Case(f"{family} @ {shape[0]}x{shape[1]}", family, shape, {"x": x},
                              lambda x=x: softmax_reference(x), group))
    return cases


def row_sum_problems(out: np.ndarray, tol: float = 1e-4, show: int = 5) -> list[str]:
    sums = out.astype(np.float64).sum(axis=1)
    bad = np.flatnonzero(~(np.abs(sums - 1.0) <= tol))
    if not bad.size:
        return []
    return [f"expected: every row sums to 1 (within {tol:g})",
            "found: " + ", ".join(f"row {r} sums to {sums[r]:.6g}" for r in bad[:show])]

"""Say what is wrong with a softmax output, for every softmax lab (01, 02, 03).

The inputs and the fp64 reference come from ``softmax_cases``; this module compares.

- ``compare_softmax``: a whole [rows, cols] output. Tells apart elements never
  written (poison bits still there), NaN/inf (with the overflow lesson when the
  inputs are large), and wrong values (first indices, expected and found, row sums).
- ``compare_sampled``: an output too big to ship back whole (the 64M-element sweep).
  The child sends a sample of full rows with their inputs, plus facts about every
  row; the parent recomputes the reference for the sampled rows itself.

Both return ``(ok, message, details)``: a one-line message and expected/found lines.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from grader.checks.softmax_cases import FAMILIES, family_input, softmax_reference
from grader.config import Tolerance

# exp(x) overflows fp32 above ~88.72: inputs beyond this need the row max subtracted first.
OVERFLOW_INPUT = 88.0
SHOW = 5  # mismatches listed in the details

__all__ = ["SampledRows", "compare_sampled", "compare_softmax", "input_families", "softmax_reference"]


def input_families(rng: np.random.Generator, rows: int, cols: int) -> dict[str, np.ndarray]:
    """One fp32 [rows, cols] input of every value family (see softmax_cases), drawn from ``rng``."""
    return {family: family_input(family, rng, rows, cols) for family in FAMILIES}


def _magnitude(value: float) -> str:
    """10000.0 -> '1e4', 250.0 -> '250'."""
    if value >= 1000:
        mantissa, exponent = f"{value:.0e}".split("e")
        return f"{mantissa}e{int(exponent)}"
    return f"{value:.3g}"


def _nonfinite_lesson(x_row: np.ndarray | None) -> str:
    if x_row is None:
        return ""
    finite = x_row[np.isfinite(x_row)]
    largest = float(np.abs(finite).max()) if finite.size else 0.0
    if largest > OVERFLOW_INPUT:
        return (f" — with inputs up to ±{_magnitude(largest)}, exp overflows unless you subtract "
                "the row max first")
    if np.isneginf(x_row).any():
        return (" — this row holds -inf entries, which must give exactly 0: exp(-inf - max) = 0, "
                "but -inf - (-inf) and 0 * inf are NaN")
    return ""


def _unwritten_pattern(never: np.ndarray, row_name) -> str:
    """A guess at the cause from where the unwritten elements are."""
    rows_hit = np.flatnonzero(never.any(axis=1))
    whole_rows = np.flatnonzero(never.all(axis=1))
    if whole_rows.size == rows_hit.size:
        return (f"whole rows were never written (first: row {row_name(whole_rows[0])}): "
                "does the grid cover every row?")
    first_cols = {int(np.flatnonzero(never[r])[0]) for r in rows_hit}
    tails = all(never[r, np.flatnonzero(never[r])[0]:].all() for r in rows_hit)
    if tails and len(first_cols) == 1:
        col = first_cols.pop()
        return (f"every affected row is unwritten from col {col} on: a row longer than one block "
                f"({col} columns) needs a loop over the row")
    return ""


def compare_softmax(out: np.ndarray, ref: np.ndarray, tol: Tolerance, poison_bits: int | None = None, *,
                    inputs: np.ndarray | None = None,
                    row_ids: np.ndarray | None = None) -> tuple[bool, str, list[str]]:
    """Compare a [rows, cols] softmax output with its fp64 reference, element by element.

    ``poison_bits``: the uint32 pattern the output was filled with before the call
    (``out`` must then be float32); elements still holding it were never written.
    ``inputs``: the input, to explain a NaN. ``row_ids``: the rows' numbers in the
    full output when ``out`` holds only some of its rows.
    """
    out = np.asarray(out)
    ref = np.asarray(ref, dtype=np.float64)
    if out.shape != ref.shape:
        return False, f"expected shape {_shape(ref.shape)}, found {_shape(out.shape)}", []
    if out.size == 0:
        return True, "empty output, as expected", []
    rows, cols = ref.shape

    def row_name(r) -> int:
        return int(row_ids[r]) if row_ids is not None else int(r)

    def at(r, c) -> str:
        return f"[row {row_name(r)}, col {int(c)}]"

    if poison_bits is not None:
        never = np.ascontiguousarray(out, dtype=np.float32).view(np.uint32) == np.uint32(poison_bits)
        if never.any():
            where = np.argwhere(never)
            details = ["expected: every element written (the output is poisoned with a NaN pattern before the call)",
                       "found: still poisoned at " + ", ".join(at(r, c) for r, c in where[:SHOW])]
            if cause := _unwritten_pattern(never, row_name):
                details.append(cause)
            r, c = where[0]
            return False, (f"{len(where)} of {out.size} elements never written, the first at "
                           f"row {row_name(r)}, col {c}"), details

    out64 = out.astype(np.float64)
    nonfinite = ~np.isfinite(out64)
    if nonfinite.any():
        where = np.argwhere(nonfinite)
        r, c = where[0]
        kind = "NaN" if np.isnan(out64[r, c]) else f"{out64[r, c]:+}"
        lesson = _nonfinite_lesson(None if inputs is None else np.asarray(inputs)[r])
        n_nan = int(np.isnan(out64).sum())
        details = ["expected: finite values (every reference value is finite)",
                   f"found: {n_nan} NaN and {len(where) - n_nan} inf of {out.size} elements: "
                   + ", ".join(f"{at(i, j)} = {out64[i, j]} (expected {ref[i, j]:.7g})" for i, j in where[:SHOW])]
        return False, f"{kind} at row {row_name(r)}, col {c}{lesson}", details

    err = np.abs(out64 - ref)
    bad = err > tol.atol + tol.rtol_for(ref.shape[-1]) * np.abs(ref)
    if bad.any():
        where = np.argwhere(bad)
        r, c = where[0]
        details = [f"expected: |out - ref| <= {tol.atol:g} + {tol.rtol:g}*|ref| everywhere; {len(where)} of "
                   f"{out.size} elements are not (largest error {err.max():.3g})",
                   "found: " + ", ".join(f"{at(i, j)} = {out64[i, j]:.7g} (expected {ref[i, j]:.7g})"
                                         for i, j in where[:SHOW])]
        sums = out64.sum(axis=1)
        details.append(_sum_line(sums, _sums_off(sums, cols, tol), row_name))
        return False, (f"wrong values at row {row_name(r)}, col {c}: expected {ref[r, c]:.7g}, "
                       f"found {out64[r, c]:.7g}"), details
    return True, f"matches the fp64 reference (atol {tol.atol:g}, rtol {tol.rtol:g})", []


def _sums_off(sums: np.ndarray, cols: int, tol: Tolerance) -> np.ndarray:
    """Rows whose sum is further from 1 than the elementwise tolerance allows: cols*atol + rtol."""
    return np.flatnonzero(~(np.abs(sums - 1.0) <= cols * tol.atol + tol.rtol))


def _sum_line(sums: np.ndarray, off: np.ndarray, row_name) -> str:
    if off.size:
        return "row sums (each should be 1): " + ", ".join(
            f"row {row_name(r)} sums to {sums[r]:.7g}" for r in off[:SHOW])
    return "every row still sums to 1: the probability mass is in the wrong places, not mis-scaled"


def _shape(shape) -> str:
    return "x".join(str(n) for n in shape) if len(shape) else "() (a scalar)"


@dataclass
class SampledRows:
    """What comes back from a large case: some full rows, and facts about every row."""

    shape: tuple[int, int]  # of the whole output
    rows: np.ndarray  # [k] int: which rows were sampled
    x: np.ndarray  # [k, cols] fp32: their inputs
    out: np.ndarray  # [k, cols] fp32: their outputs
    row_sums: np.ndarray  # [rows] fp64: sum of every output row
    # [rows]: per row, max over its elements of |out - ref| / (atol + rtol*|ref|), measured in the
    # child against torch's fp64 softmax; inf where out is NaN/inf. > 1 means outside the tolerance.
    worst_ratio: np.ndarray
    poisoned: int = 0  # elements of the whole output still holding the poison pattern
    nonfinite: int = 0  # NaN/inf elements of the whole output (poisoned ones included)


def compare_sampled(s: SampledRows, tol: Tolerance, poison_bits: int | None = None) -> tuple[bool, str, list[str]]:
    """Check a large output from a sample of its rows (recomputed here) and per-row facts."""
    rows, cols = s.shape
    whole = (f"in the whole {rows}x{cols} output: {s.poisoned} elements never written, {s.nonfinite} NaN/inf, "
             f"{int(np.sum(~(s.worst_ratio <= 1)))} of {rows} rows outside the tolerance")
    ok, message, details = compare_softmax(s.out, softmax_reference(s.x), tol, poison_bits, inputs=s.x,
                                           row_ids=s.rows)
    if not ok:
        return False, message, details + [whole]
    if s.poisoned or s.nonfinite:
        what = f"{s.poisoned} elements never written" if s.poisoned else f"{s.nonfinite} NaN/inf elements"
        return False, f"{what} (outside the sampled rows)", [whole]
    bad = np.flatnonzero(~(s.worst_ratio <= 1))
    if bad.size:
        r = int(bad[0])
        return False, (f"wrong values in row {r}: error up to {s.worst_ratio[r]:.3g} times the tolerance"), [
            f"expected: |out - ref| <= {tol.atol:g} + {tol.rtol:g}*|ref| everywhere", whole]
    off = _sums_off(s.row_sums, cols, tol)
    if off.size:
        return False, f"row {off[0]} sums to {s.row_sums[off[0]]:.7g}, not 1", [_sum_line(s.row_sums, off, int)]
    return True, (f"{len(s.rows)} sampled rows match the fp64 reference; every row is within the tolerance "
                  "and sums to 1"), []

"""Correctness of a CUDA kernel over many cases, from one child run.

The parent draws every input (numpy, seeded), computes the fp64 reference, and
reads back the child's raw output buffers bit for bit: guard bands, poison, values.
Each check of a kernel lab (runs, in bounds, all written, values, repeatable) looks
at the same memoized ``CaseRun`` from a different angle.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from grader.child.cuda_kernel import GUARD_BITS, POISON_BITS
from grader.config import SETTINGS, Tolerance
from grader.context import Context
from grader.results import Result, failed, not_run, passed
from grader.runner import ChildRun, run_child
from grader.checks.crash import explain_child_failure, explain_error_text

GUARD = 64  # floats of guard band on each side of an output buffer
SHOW = 5  # mismatches listed in a failure message


@dataclass
class Case:
    name: str  # "randn x3 @ 127x129"
    family: str  # the value family, so checks can pick theirs
    shape: tuple[int, ...]
    inputs: dict[str, np.ndarray]  # name -> fp32 array
    reference: Callable[[], np.ndarray]  # fp64, computed lazily in the parent
    group: str = ""  # e.g. "lab01" or "sweep", so checks can pick their cases


@dataclass
class CaseRun:
    cases: list[Case]
    run: ChildRun
    failure: Result | None = None  # set when the child hung, crashed or reported an error
    bench: dict | None = None
    sweep_bench: list | None = None
    extra_arrays: dict = field(default_factory=dict)  # inputs that are not cases (bench variants)
    _refs: dict = field(default_factory=dict)
    _verdicts: dict = field(default_factory=dict)

    def outputs(self, case: Case) -> list[np.ndarray]:
        """Every repeat's raw uint32 buffer (guards included) for one case."""
        record = next((r for r in (self.run.response or {}).get("cases", []) if r["name"] == case.name), None)
        if record is None or f"{case.name}/rep0" not in self.run.outputs:
            return []
        first = self.run.outputs[f"{case.name}/rep0"]
        return [first if rep.get("same_as_rep0") else self.run.outputs[f"{case.name}/rep{k}"]
                for k, rep in enumerate(record["repeats"])]

    def problems(self, case: Case, buf: np.ndarray, tol: Tolerance) -> list[str]:
        """compare() of one output buffer, memoized: several checks look at the same buffers."""
        key = (case.name, id(buf), tol)
        if key not in self._verdicts:
            ref = self.reference(case)
            out = interior(buf).view(np.float32).reshape(ref.shape).astype(np.float64)
            self._verdicts[key] = compare(out, ref, tol, case.shape)
        return self._verdicts[key]

    def reference(self, case: Case) -> np.ndarray:
        if case.name not in self._refs:
            self._refs[case.name] = case.reference()
        return self._refs[case.name]


def run_cases(ctx: Context, key: str, library, symbol: str, op: str, cases: list[Case], *,
              bench: dict | None = None, extra_arrays: dict | None = None, sweep_bench: dict | None = None,
              repeats: int | None = None, timeout_s: float | None = None) -> CaseRun:
    """Run every case (then the optional timings) in one child; memoized in ctx.memo[key]."""
    if key in ctx.memo:
        return ctx.memo[key]
    arrays = {f"{c.name}/{n}": a for c in cases for n, a in c.inputs.items()}
    arrays.update(extra_arrays or {})
    request = {
        "library": str(library), "symbol": symbol, "op": op,
        "cases": [{"name": c.name, "shape": list(c.shape), "inputs": [f"{c.name}/{n}" for n in c.inputs],
                   "repeats": repeats or SETTINGS.correctness_repeats, "guard": GUARD} for c in cases],
    }
    if bench:
        request["bench"] = bench
    if sweep_bench:
        request["sweep_bench"] = sweep_bench
    run = run_child("cuda_kernel", request, rundir=ctx.rundir(key), arrays=arrays,
                    timeout_s=timeout_s or SETTINGS.child_timeout_s)
    result = CaseRun(cases, run, extra_arrays=dict(extra_arrays or {}))
    what = f"running {ctx.lab.cuda_sources[0]}"
    if not run.ok:
        result.failure = explain_child_failure(run, what, ctx.hint("troubleshooting"))
    else:
        resp = run.response
        if "setup_error" in resp:
            result.failure = failed(f"could not load the library: {resp['setup_error']}",
                                    details=["is the launcher declared extern \"C\" with the documented signature?"],
                                    hint=ctx.hint("troubleshooting"), log=run.log)
        for record in resp.get("cases", []):
            if "error" in record:
                result.failure = explain_error_text(record["error"], f"case {record['name']}",
                                                    ctx.hint("troubleshooting"), run)
        if "error" in resp and result.failure is None:
            last = resp["cases"][-1]["name"] if resp.get("cases") else "the first case"
            result.failure = explain_error_text(resp["error"], f"after case {last}", ctx.hint("troubleshooting"), run)
        result.bench = resp.get("bench")
        result.sweep_bench = resp.get("sweep_bench")
    ctx.memo[key] = result
    return result


def interior(buf: np.ndarray) -> np.ndarray:
    return buf[GUARD:-GUARD]


def check_completes(cr: CaseRun) -> Result:
    if cr.failure is not None:
        return cr.failure
    return passed(f"ran {len(cr.cases)} cases x{SETTINGS.correctness_repeats} without a fault", seconds=cr.run.elapsed_s)


def check_in_bounds(cr: CaseRun, hint: str) -> Result:
    for case in cr.cases:
        for rep, buf in enumerate(cr.outputs(case)):
            n = buf.size - 2 * GUARD
            below = np.flatnonzero(buf[:GUARD] != GUARD_BITS)
            above = np.flatnonzero(buf[GUARD + n:] != GUARD_BITS)
            if below.size or above.size:
                where = [f"output[{i - GUARD}]" for i in below[:SHOW]] + [f"output[{n + i}]" for i in above[:SHOW]]
                return failed(f"{case.name}: wrote outside the output buffer", hint=hint, log=cr.run.log, details=[
                    f"expected: nothing written outside output[0 .. {n - 1}]",
                    f"found: writes at {', '.join(where)}",
                    "the last block has threads past the end: guard every access with the bounds test"])
    return passed("no write outside the output buffer (guard bands intact)")


def check_all_written(cr: CaseRun, hint: str) -> Result:
    for case in cr.cases:
        for rep, buf in enumerate(cr.outputs(case)):
            unwritten = np.flatnonzero(interior(buf) == POISON_BITS)
            if unwritten.size:
                idx = [_index(i, case.shape) for i in unwritten[:SHOW]]
                return failed(f"{case.name}: {unwritten.size} of {interior(buf).size} output elements never written",
                              hint=hint, log=cr.run.log, details=[
                                  "expected: every output element written (the output is poisoned with NaN first)",
                                  f"found: still poisoned at {', '.join(idx)}"])
    return passed("every output element written")


def check_values(cr: CaseRun, select: Callable[[Case], bool], tol: Tolerance, hint: str,
                 lessons: dict[str, str]) -> Result:
    """Every repeat of every selected case matches the fp64 reference."""
    checked = 0
    for case in cr.cases:
        if not select(case):
            continue
        for rep, buf in enumerate(cr.outputs(case)):
            problem = cr.problems(case, buf, tol)
            if problem:
                lesson = lessons.get(case.family)
                nonfinite = "nan" in problem[1].lower() or "inf" in problem[1]
                details = problem + ([lesson] if lesson and nonfinite else [])
                return failed(f"{case.name}: wrong values{'' if rep == 0 else f' on repeat {rep + 1}'}",
                              details=details, hint=hint, log=cr.run.log)
        checked += 1
    if checked == 0:
        return not_run("no case of this kind ran")
    per_col = f" + {tol.rtol_per_col:g}*cols" if tol.rtol_per_col else ""
    return passed(f"{checked} cases match the fp64 reference (atol {tol.atol:g}, rtol {tol.rtol:g}{per_col})")


def check_repeatable(cr: CaseRun, tol: Tolerance, hint: str) -> Result:
    for case in cr.cases:
        outs = cr.outputs(case)
        if all(b is outs[0] for b in outs):
            continue  # bit-identical repeats: the same verdict by construction
        verdicts = [not cr.problems(case, b, tol) for b in outs]
        if any(verdicts) and not all(verdicts):
            return failed(f"{case.name}: right on one run, wrong on another (a race)", hint=hint, log=cr.run.log,
                          details=["the same input gave different outputs: a missing __syncthreads() between writing and "
                                   "reading shared memory, or blocks that depend on each other in one launch"])
    return passed("every case gave the same verdict on every repeat")


def compare(out: np.ndarray, ref: np.ndarray, tol: Tolerance, shape) -> list[str]:
    """[] when ``out`` matches; otherwise expected/found lines naming the first mismatching indices."""
    bad_nonfinite = ~np.isfinite(out) & np.isfinite(ref)
    if bad_nonfinite.any():
        idx = np.flatnonzero(bad_nonfinite)[:SHOW]
        return ["expected: finite values",
                "found: " + ", ".join(f"{_index(i, shape)} = {out.flat[i]} (expected {ref.flat[i]:.6g})" for i in idx)]
    rtol = tol.rtol_for(shape[-1]) if len(shape) == 2 else tol.rtol
    err = np.abs(out - ref)
    bad = ~(err <= tol.atol + rtol * np.abs(ref))
    bad &= np.isfinite(ref) | (out != ref)
    if bad.any():
        idx = np.flatnonzero(bad)[:SHOW]
        worst = np.nanmax(np.where(np.isfinite(err), err, 0))
        return [f"expected: |out - ref| <= {tol.atol:g} + {rtol:.2g}*|ref| ({int(bad.sum())} elements are not; "
                f"largest error {worst:.3g})",
                "found: " + ", ".join(f"{_index(i, shape)} = {out.flat[i]:.7g} (expected {ref.flat[i]:.7g})" for i in idx)]
    return []


def _index(flat: int, shape) -> str:
    if len(shape) == 2:
        return f"[row {flat // shape[1]}, col {flat % shape[1]}]"
    return f"[{flat}]"

"""The parent-side comparisons of grader/checks/kernel_cases.py, on synthetic buffers."""
from pathlib import Path

import numpy as np

from grader.checks import kernel_cases as kc
from grader.child.cuda_kernel import GUARD_BITS, POISON_BITS
from grader.config import Tolerance
from grader.results import Status
from grader.runner import ChildRun

TOL = Tolerance(atol=1e-7, rtol=1e-4)


def fake_run(case, reps):
    run = ChildRun("cuda_kernel", Path("/nonexistent"), 0, False, 0.1, 10.0,
                   response={"cases": [{"name": case.name, "repeats": [{"launch_error": 0}] * len(reps)}]})
    run._outputs = {f"{case.name}/rep{k}": buf for k, buf in enumerate(reps)}
    return kc.CaseRun([case], run)


def buffer(values: np.ndarray) -> np.ndarray:
    guard = np.full(kc.GUARD, GUARD_BITS, dtype=np.uint32)
    return np.concatenate([guard, values.astype(np.float32).view(np.uint32).ravel(), guard])


def make_case(ref):
    return kc.Case("demo @ 2x3", "randn", ref.shape, {}, lambda: ref)


REF = np.array([[0.1, 0.2, 0.7], [0.3, 0.3, 0.4]])


def test_kernel_cases_accept_a_right_answer():
    cr = fake_run(make_case(REF), [buffer(REF)] * 2)
    for result in (kc.check_in_bounds(cr, "h"), kc.check_all_written(cr, "h"),
                   kc.check_values(cr, lambda c: True, TOL, "h", {}), kc.check_repeatable(cr, TOL, "h")):
        assert result.status == Status.PASS, result.message


def test_kernel_cases_name_the_first_wrong_index():
    wrong = REF.copy()
    wrong[1, 2] = 0.5
    r = kc.check_values(fake_run(make_case(REF), [buffer(wrong)]), lambda c: True, TOL, "hint", {})
    assert r.status == Status.FAIL and "[row 1, col 2] = 0.5 (expected 0.4)" in r.details[1]


def test_kernel_cases_nan_is_never_accepted():
    nan = REF.copy()
    nan[0, 0] = np.nan
    r = kc.check_values(fake_run(make_case(REF), [buffer(nan)]), lambda c: True, TOL, "h", {"randn": "lesson"})
    assert r.status == Status.FAIL and "finite" in r.details[0] and r.details[-1] == "lesson"


def test_kernel_cases_poison_means_never_written():
    buf = buffer(REF)
    buf[kc.GUARD + 4] = POISON_BITS
    r = kc.check_all_written(fake_run(make_case(REF), [buf]), "h")
    assert r.status == Status.FAIL and "[row 1, col 1]" in r.details[1]


def test_kernel_cases_guard_change_is_out_of_bounds():
    buf = buffer(REF)
    buf[-kc.GUARD] = np.float32(0.25).view(np.uint32)
    r = kc.check_in_bounds(fake_run(make_case(REF), [buf]), "h")
    assert r.status == Status.FAIL and "output[6]" in r.details[1]


def test_kernel_cases_right_then_wrong_is_a_race():
    wrong = REF.copy()
    wrong[0, 1] = 0.9
    r = kc.check_repeatable(fake_run(make_case(REF), [buffer(REF), buffer(wrong)]), TOL, "h")
    assert r.status == Status.FAIL and "race" in r.message

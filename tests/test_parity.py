"""grader/checks/parity.py: the figures a port is judged and reported by."""
from __future__ import annotations

import numpy as np

from grader.checks import parity


def test_parity_ulp_distance_counts_representable_doubles():
    one = np.array([1.0])
    assert parity.ulp_distance(one, one)[0] == 0
    assert parity.ulp_distance(np.nextafter(one, 2), one)[0] == 1
    assert parity.ulp_distance(one, np.nextafter(np.nextafter(one, 0), 0))[0] == 2
    assert parity.ulp_distance(np.array([0.0]), np.array([-0.0]))[0] == 0
    tiny = np.nextafter(0.0, 1.0)
    assert parity.ulp_distance(np.array([tiny]), np.array([-tiny]))[0] == 2  # across zero
    assert parity.ulp_distance(np.array([-1.0]), np.array([1.0]))[0] > 2**62  # no overflow


def test_parity_compare_is_normwise_and_forgives_noise_near_zero():
    expected = np.array([1.0, -2.0, 1e-20, 0.5])
    found = expected.copy()
    found[1] = np.nextafter(-2.0, 0.0)  # one ulp: 2.2e-16
    found[2] = 4e-20  # the near-zero element is 300% off
    c = parity.compare("x", found, expected, 1e-12)
    assert c.ok(1e-12)
    assert c.max_rel_err == 2.0**-52 / 2.0
    assert c.max_elem_rel_err < 1e-15  # elements below 1e-3 max|ref| are not judged one by one
    assert c.identical == 0.5
    assert c.max_ulps == 1 and not c.mismatches


def test_parity_compare_lists_the_first_mismatches_with_both_values():
    expected = np.arange(12, dtype=np.float64).reshape(3, 4) + 1
    found = expected.copy()
    found[1, 2] += 1e-6
    found[2, 0] += 1e-3
    c = parity.compare("grad/w", found, expected, 1e-12)
    assert not c.ok(1e-12)
    assert c.mismatches == [((1, 2), found[1, 2], 7.0), ((2, 0), found[2, 0], 9.0)]
    lines = c.describe(1e-12)
    assert lines[0].startswith("grad/w: max|port - ref| / max|ref| = ") and "expected <= 1e-12" in lines[0]
    assert lines[1] == f"  at [1, 2]: expected 7.0, found {float(found[1, 2])!r}"


def test_parity_compare_missing_misshapen_and_nan_fail():
    expected = np.ones((2, 3))
    assert not parity.compare("x", None, expected, 1e-12).ok(1e-12)
    misshapen = parity.compare("x", np.ones((3, 2)), expected, 1e-12)
    assert not misshapen.ok(1e-12) and "expected shape (2, 3), found (3, 2)" in misshapen.describe(1e-12)[0]
    assert parity.compare("x", np.ones((1, 2, 3)), expected, 1e-12, reshape=True).ok(1e-12)
    nan = expected.copy()
    nan[0, 1] = np.nan
    c = parity.compare("x", nan, expected, 1e-12)
    assert not c.ok(1e-12) and c.max_ulps is None and c.mismatches[0][0] == (0, 1)


def test_parity_summary_weights_identical_fraction_by_size():
    a = parity.compare("a", np.ones(3), np.ones(3), 1e-12)
    b = parity.compare("b", np.array([1.0 + 2.2e-16]), np.ones(1), 1e-12)
    s = parity.summary([a, b])
    assert s["identical_fraction"] == 0.75 and s["max_ulps"] == 1 and s["max_rel_err"] > 0


def test_a_probe_broadcast_over_the_batch_is_compared_copy_by_copy():
    """Red team, session 53: positions expanded to [B, T] made the position embedding's probe [B, T, C] against the
    reference's [T, C]; its values were right, but by its shape it was named the first layer to differ, hiding the
    real one (a tanh GELU). A probe's copies are compared each with the reference; a graded tensor's shape still
    must match, and a wrong copy is still found."""
    expected = np.arange(12, dtype=np.float64).reshape(3, 4) + 1
    copies = np.broadcast_to(expected, (5, 3, 4)).copy()
    assert parity.compare("x", copies, expected, 1e-12, reshape=True).ok(1e-12)
    assert not parity.compare("x", copies, expected, 1e-12).ok(1e-12)  # a graded comparison forgives nothing
    copies[4, 2, 3] += 1.0
    wrong = parity.compare("x", copies, expected, 1e-12, reshape=True)
    assert not wrong.ok(1e-12) and wrong.mismatches[0][0] == (4, 2, 3), wrong.mismatches
    assert not parity.compare("x", np.ones((5, 4, 3)), expected, 1e-12, reshape=True).ok(1e-12)

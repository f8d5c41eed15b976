"""grader/checks/softmax_ref.py: the comparisons behind every softmax lab's messages."""
import numpy as np
import pytest

from grader.checks.softmax_ref import (SampledRows, compare_sampled, compare_softmax, input_families,
                                       softmax_reference)
from grader.child.cuda_kernel import POISON_BITS
from grader.config import SETTINGS

TOL = SETTINGS.fp32_tolerance


def _poisoned(out: np.ndarray, mask: np.ndarray) -> np.ndarray:
    bits = out.astype(np.float32).view(np.uint32).copy()
    bits[mask] = POISON_BITS
    return bits.view(np.float32)


@pytest.fixture
def families():
    return input_families(np.random.default_rng(7), 5, 300)


def test_softmax_ref_reference_gives_zero_for_minus_inf_and_rows_sum_to_one():
    x = np.array([[0.0, -np.inf, 1.0], [-np.inf, 5.0, -np.inf]], dtype=np.float32)
    ref = softmax_reference(x)
    assert ref.dtype == np.float64
    assert ref[0, 1] == 0.0 and ref[1, 0] == 0.0 and ref[1, 1] == 1.0
    np.testing.assert_allclose(ref.sum(axis=1), 1.0, rtol=1e-15)


def test_softmax_ref_input_families_have_their_laws(families):
    assert set(families) == {"randn", "large", "masked", "constant", "spike"}
    for x in families.values():
        assert x.shape == (5, 300) and x.dtype == np.float32
    assert np.abs(families["large"]).max() <= 1e4 and np.abs(families["large"]).max() > 1e3
    masked = families["masked"]
    assert 0.15 < np.isneginf(masked).mean() < 0.35
    assert np.isfinite(masked).any(axis=1).all()  # never a whole row of -inf
    assert (families["constant"] == families["constant"][:, :1]).all()
    spike = families["spike"]
    assert (spike.max(axis=1) - np.sort(spike, axis=1)[:, -2] > 60).all()


def test_softmax_ref_compare_accepts_the_reference_in_fp32(families):
    for x in families.values():
        ref = softmax_reference(x)
        ok, message, details = compare_softmax(ref.astype(np.float32), ref, TOL, POISON_BITS, inputs=x)
        assert ok, message
        assert details == []


def test_softmax_ref_compare_finds_columns_never_written_and_suggests_a_loop(families):
    x = families["randn"]
    ref = softmax_reference(x)
    mask = np.zeros(x.shape, bool)
    mask[:, 256:] = True
    ok, message, details = compare_softmax(_poisoned(ref, mask), ref, TOL, POISON_BITS, inputs=x)
    assert not ok
    assert message == f"{mask.sum()} of {x.size} elements never written, the first at row 0, col 256"
    assert any("unwritten from col 256 on" in d and "loop" in d for d in details)


def test_softmax_ref_compare_finds_whole_rows_never_written():
    x = np.zeros((4, 8), np.float32)
    ref = softmax_reference(x)
    mask = np.zeros(x.shape, bool)
    mask[3] = True
    ok, message, details = compare_softmax(_poisoned(ref, mask), ref, TOL, POISON_BITS)
    assert not ok and "row 3, col 0" in message
    assert any("does the grid cover every row" in d for d in details)


def test_softmax_ref_compare_explains_nan_from_large_inputs(families):
    x = families["large"]
    ref = softmax_reference(x)
    out = ref.astype(np.float32)
    out[2, 17] = np.nan
    ok, message, details = compare_softmax(out, ref, TOL, POISON_BITS, inputs=x)
    assert not ok
    assert message.startswith("NaN at row 2, col 17 — with inputs up to ±")
    assert "exp overflows unless you subtract the row max first" in message
    assert "1 NaN and 0 inf" in details[1]


def test_softmax_ref_compare_gives_no_overflow_lesson_for_small_inputs(families):
    x = families["randn"]
    ref = softmax_reference(x)
    out = ref.astype(np.float32)
    out[0, 0] = np.inf
    ok, message, _ = compare_softmax(out, ref, TOL, inputs=x)
    assert not ok and message == "+inf at row 0, col 0"


def test_softmax_ref_compare_names_first_wrong_value_and_row_sums(families):
    x = families["randn"]
    ref = softmax_reference(x)
    out = (ref * 0.5).astype(np.float32)  # forgot to normalise properly
    ok, message, details = compare_softmax(out, ref, TOL)
    assert not ok
    assert message.startswith("wrong values at row 0, col 0: expected ")
    assert "[row 0, col 0]" in details[1]
    assert "row 0 sums to 0.5" in details[2]


def test_softmax_ref_compare_says_sums_are_fine_when_mass_is_misplaced(families):
    x = families["randn"]
    ref = softmax_reference(x)
    out = ref[:, ::-1].astype(np.float32)  # right numbers, wrong columns
    ok, _, details = compare_softmax(out, ref, TOL)
    assert not ok
    assert "every row still sums to 1" in details[-1]


def test_softmax_ref_compare_reports_shape_mismatch():
    ref = softmax_reference(np.zeros((3, 4), np.float32))
    ok, message, _ = compare_softmax(np.zeros((4, 3), np.float32), ref, TOL)
    assert not ok and message == "expected shape 3x4, found 4x3"


def test_softmax_ref_compare_numbers_rows_by_row_ids(families):
    x = families["randn"]
    ref = softmax_reference(x)
    out = ref.astype(np.float32)
    out[1, 5] += 0.1
    ok, message, _ = compare_softmax(out, ref, TOL, row_ids=np.array([0, 977, 1500, 2000, 4095]))
    assert not ok and message.startswith("wrong values at row 977, col 5")


def _sampled(rows=50, cols=64, seed=3):
    rng = np.random.default_rng(seed)
    x = (3 * rng.standard_normal((rows, cols))).astype(np.float32)
    out = softmax_reference(x).astype(np.float32)
    picked = np.array([0, 7, rows - 1])
    return x, out, SampledRows((rows, cols), picked, x[picked], out[picked], out.sum(axis=1, dtype=np.float64),
                               np.zeros(rows))


def test_softmax_ref_sampled_accepts_a_right_output():
    _, _, s = _sampled()
    ok, message, _ = compare_sampled(s, TOL, POISON_BITS)
    assert ok and message.startswith("3 sampled rows match")


def test_softmax_ref_sampled_recomputes_the_sampled_rows_itself():
    _, _, s = _sampled()
    s.out = s.out.copy()
    s.out[1, 3] *= 1.01  # row 7: the child's per-row facts say nothing, the parent's own check does
    ok, message, details = compare_sampled(s, TOL, POISON_BITS)
    assert not ok and message.startswith("wrong values at row 7, col 3")
    assert "in the whole 50x64 output" in details[-1]


def test_softmax_ref_sampled_fails_a_bad_row_outside_the_sample():
    _, _, s = _sampled()
    s.worst_ratio[23] = 4.0
    ok, message, _ = compare_sampled(s, TOL, POISON_BITS)
    assert not ok and message == "wrong values in row 23: error up to 4 times the tolerance"


def test_softmax_ref_sampled_fails_rows_that_do_not_sum_to_one():
    _, _, s = _sampled()
    s.row_sums[11] = 0.5
    ok, message, _ = compare_sampled(s, TOL, POISON_BITS)
    assert not ok and message == "row 11 sums to 0.5, not 1"


def test_softmax_ref_sampled_fails_unwritten_elements_outside_the_sample():
    _, _, s = _sampled()
    s.poisoned = s.nonfinite = 12
    ok, message, _ = compare_sampled(s, TOL, POISON_BITS)
    assert not ok and message == "12 elements never written (outside the sampled rows)"

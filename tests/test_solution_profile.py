"""The committed profile of the reference solution passes the profile checks (on any machine)."""
import pytest

from helpers import REPO

# Each test here grades or builds a submission end to end (seconds each): `make test` runs them, `make test-fast` does not.
pytestmark = pytest.mark.slow

PROFILE_CHECKS = ["02.profile.loads", "02.profile.kernel_matches", "02.profile.device_and_shape", "02.profile.analysis"]


@pytest.mark.parametrize("kernel, bound", [("softmax", "memory-bound"), ("gemm", "compute-bound")])
def test_solution_profile_passes_every_profile_check(grade, kernel, bound):
    """Both tracks: a reading of the analysis that refuses the solutions' own prose is wrong (session 12: reading the
    whole line for a metric's name refused the GEMM analysis's '30% to the FMA peak ... (shared-memory loads')."""
    g = grade(["02", "--kernel", kernel], submission=REPO / "solutions")
    for cid in PROFILE_CHECKS:
        assert g.status(cid) == "PASS", (cid, g.output(cid))
    assert bound in g.output("02.profile.analysis")


def test_stub_profile_template_fails_with_a_teaching_message(grade):
    g = grade(["02"])
    assert g.status("02.profile.loads") == "FAIL"
    assert "make profile" in g.output("02.profile.loads")

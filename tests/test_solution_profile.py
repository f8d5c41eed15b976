"""The committed profile of the reference solution passes the profile checks (on any machine)."""
import pytest

from helpers import REPO

# Each test here grades or builds a submission end to end (seconds each): `make test` runs them, `make test-fast` does not.
pytestmark = pytest.mark.slow

PROFILE_CHECKS = ["02.profile.loads", "02.profile.kernel_matches", "02.profile.device_and_shape", "02.profile.analysis"]


def test_solution_profile_passes_every_profile_check(grade):
    g = grade(["02"], submission=REPO / "solutions")
    for cid in PROFILE_CHECKS:
        assert g.status(cid) == "PASS", (cid, g.output(cid))
    assert "memory-bound" in g.output("02.profile.analysis")


def test_stub_profile_template_fails_with_a_teaching_message(grade):
    g = grade(["02"])
    assert g.status("02.profile.loads") == "FAIL"
    assert "make profile" in g.output("02.profile.loads")

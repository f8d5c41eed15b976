"""One wrong submission per defence; each must fail for its own reason."""
import pytest

from helpers import SUBMISSIONS, needs_nvcc

# Each test here grades or builds a submission end to end (seconds each): `make test` runs them, `make test-fast` does not.
pytestmark = pytest.mark.slow

# A hanging case holds the machine's GPU lock shared until it is cut, and every measurement of make test-gpu's other
# gradings waits for it (20 s under the old limit: session 19, docs/data/evidence-2026-11-29f, call 1). Cut at 8 s,
# it held the lock 10.3 s, and two measurements waited 17.7 s and 20.9 s behind it (an H100,
# docs/data/evidence-2026-12-05d, call 3). Every other CUDA case of make test-gpu took 1.82 s at most, beside seven
# other gradings (an H100, docs/data/evidence-2026-12-05e, call 1), so 3 s still tells a hang from a slow case.
FAST = {"GRADER_TIMEOUT_S": "3"}


@needs_nvcc
def test_negative_compile_error_is_reported_once_and_dependents_not_run(grade):
    g = grade(["00"], submission=SUBMISSIONS / "compile_error")
    assert g.rc == 1
    assert g.status("00.build.compiles") == "FAIL"
    out = g.output("00.build.compiles")
    assert "does not compile" in out and "vector_add.cu(5)" in out and "error" in out
    assert g.stdout.count("vector_add.cu(5)") == 1  # reported once
    for cid in ("00.run.completes", "00.correct.values"):
        assert g.status(cid) in ("NOT RUN", "SKIP")


@pytest.mark.gpu
def test_negative_host_crash_is_a_teaching_failure(grade):
    g = grade(["00", "01"], submission=SUBMISSIONS / "host_crash")
    assert g.status("00.run.completes") == "FAIL"
    # bwrap reports its child's death by SIGSEGV as exit code 139: the lesson must still name the signal
    assert "SIGSEGV" in g.output("00.run.completes") and "device pointer" in g.output("00.run.completes"), \
        g.output("00.run.completes")
    assert g.status("00.correct.values") == "NOT RUN"
    assert g.status("01.build.compiles") in ("PASS", "FAIL")  # the next lab is still graded


@pytest.mark.gpu
def test_negative_hang_is_killed_and_reported(grade):
    g = grade(["00"], submission=SUBMISSIONS / "hang", env=FAST)
    assert g.status("00.run.completes") == "FAIL"
    out = g.output("00.run.completes")
    assert "did not finish in time" in out and "a hang" in out and "exit condition" in out, out


@pytest.mark.gpu
def test_negative_out_of_bounds_write_hits_the_guard_band(grade):
    g = grade(["00"], submission=SUBMISSIONS / "out_of_bounds")
    assert g.status("00.memory.in_bounds") == "FAIL"
    assert "wrote outside the output buffer" in g.output("00.memory.in_bounds")
    assert "output[1]" in g.output("00.memory.in_bounds")  # n=1: the first element past the end


@pytest.mark.gpu
def test_negative_unwritten_elements_are_found(grade):
    g = grade(["00"], submission=SUBMISSIONS / "unwritten")
    assert g.status("00.memory.all_written") == "FAIL"
    assert "never written" in g.output("00.memory.all_written")
    assert g.status("00.memory.in_bounds") == "PASS"


@pytest.mark.gpu
def test_negative_repeats_that_disagree_are_a_race(grade):
    """The worker compares each case's repeats on its host copies and ships a repeat that differs: the judge
    must see the wrong one (grader/workers/cuda.py, cmd_case)."""
    g = grade(["00"], submission=SUBMISSIONS / "flaky_repeat")
    assert g.status("00.correct.repeatable") == "FAIL"
    assert "right on one run, wrong on another" in g.output("00.correct.repeatable"), g.output("00.correct.repeatable")
    assert g.status("00.run.completes") == "PASS"


@pytest.mark.gpu
def test_negative_no_max_subtraction_fails_large_values_only(grade):
    g = grade(["01"], submission=SUBMISSIONS / "no_max")
    assert g.status("01.correct.randn") == "PASS"
    assert g.status("01.correct.large") == "FAIL"
    assert "subtract the row max" in g.output("01.correct.large")


@pytest.mark.gpu
def test_negative_illegal_address_is_explained(grade):
    g = grade(["01"], submission=SUBMISSIONS / "illegal_address")
    assert g.status("01.run.completes") == "FAIL"
    assert "outside its buffers" in g.output("01.run.completes")


@pytest.mark.gpu
@pytest.mark.parametrize("name,fragments", [
    ("oob_read", ("memcheck: Invalid __global__ read", "softmax_naive.cu:29", "bounds test")),
    ("shared_race", ("racecheck: Race reported between a read at line 20 and a write at line 24", "__syncthreads()")),
    ("divergent_barrier", ("synccheck: Barrier error detected", "softmax_naive.cu:23", "every thread")),
])
def test_negative_compute_sanitizer_names_what_the_output_may_not_show(grade, name, fragments):
    """Three mistakes that other checks may pass (the race passed every one on an H200: evidence 2026-12-01f, call
    1): 01.sanitizer.clean names each, scoring nothing."""
    g = grade(["01", "--check", "01.sanitizer.clean"], submission=SUBMISSIONS / name)
    out = g.output("01.sanitizer.clean")
    assert g.status("01.sanitizer.clean") == "FAIL" and all(f in out for f in fragments), out
    assert g.by_id["01.sanitizer.clean"]["max_score"] == 0

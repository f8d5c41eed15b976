"""Labs 00 and 01: the stub fails as a beginner expects; the solution passes what can run here."""
import pytest

from helpers import REPO, cuda_available, needs_nvcc

RUNTIME_00 = ["00.run.completes", "00.memory.in_bounds", "00.memory.all_written", "00.correct.values",
              "00.correct.repeatable"]


@needs_nvcc
def test_lab00_solution_passes_everything_that_can_run_here(grade):
    g = grade(["00", "01"], submission=REPO / "solutions")
    assert g.rc == 0, g.stdout
    for cid, test in g.by_id.items():
        expected = {"PASS"} if cuda_available() or not cid.split(".")[1] in ("run", "memory", "correct", "perf") \
            else {"SKIP"}
        assert test["extra_data"]["grader_status"] in expected, (cid, test["output"])


@needs_nvcc
def test_lab00_stub_without_gpu_compiles_and_skips_with_reason(grade):
    g = grade(["00"], env={"GRADER_FORCE_CPU": "1"})
    assert g.status("00.build.compiles") == "PASS"
    for cid in RUNTIME_00:
        assert g.status(cid) == "SKIP"
        assert "no CUDA device" in g.output(cid)
    assert "need a GPU" in g.stdout  # the verdict does not call a stub done


@pytest.mark.gpu
def test_lab00_stub_fails_as_a_beginner_expects(grade):
    g = grade(["00"])
    assert g.rc == 1
    assert g.status("00.build.compiles") == "PASS"  # a stub compiles
    assert g.status("00.run.completes") == "PASS"
    assert g.status("00.memory.all_written") == "FAIL"
    assert "never written" in g.output("00.memory.all_written")
    assert g.status("00.correct.values") == "FAIL"
    assert "wrong values" in g.output("00.correct.values") and "[0] = nan" in g.output("00.correct.values")


@pytest.mark.gpu
def test_lab01_stub_fails_as_a_beginner_expects(grade):
    g = grade(["01"])
    assert g.rc == 1
    assert g.status("01.build.compiles") == "PASS"
    assert g.status("01.correct.randn") == "FAIL"
    assert "row 0, col 0" in g.output("01.correct.randn")
    assert "hint: see docs/en/lab/01-naive-kernel.md" in g.output("01.correct.randn")

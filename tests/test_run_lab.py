"""`make run LAB=NN`: every CUDA lab of both tracks has a driver program, and it builds with the lab's solution."""
import subprocess

import pytest

from grader.build import COMMON_FLAGS, COMPILE_ONLY_ARCHS
from grader.ops import KERNELS, get
from helpers import REPO, needs_nvcc

LABS = [("vector_add", "00-hello-cuda/vector_add.cu")] + \
    [(k, f"{lab}/{get(k).stem}_{kind}.cu") for k in KERNELS for lab, kind in (("01-naive-kernel", "naive"),
                                                                              ("02-tuned-kernel", "tuned"))]


@pytest.mark.parametrize("op", ("vector_add", *KERNELS))
def test_every_op_of_a_cuda_lab_has_a_driver(op):
    assert (REPO / "grader" / "drivers" / f"{get(op).stem}_main.cu").is_file()


@pytest.mark.slow
@needs_nvcc
@pytest.mark.parametrize("op,solution", LABS[:2] + LABS[3:4])  # each driver once: vector_add, softmax, sgemm
def test_the_driver_builds_with_the_solution(op, solution, tmp_path):
    driver = REPO / "grader" / "drivers" / f"{get(op).stem}_main.cu"
    cmd = ["nvcc", *COMMON_FLAGS, *COMPILE_ONLY_ARCHS[2:], str(driver), str(REPO / "solutions" / solution),
           "-o", str(tmp_path / "driver")]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (tmp_path / "driver").is_file()


def test_make_run_names_a_submission_that_is_no_folder(tmp_path, capsys):
    """SUBMISSION=README.md, or a path that is not there, got nvcc's "No such file" (helper nl57, session 57)."""
    from grader import run_lab

    (tmp_path / "notes.md").write_text("x")
    for submission in (tmp_path / "notes.md", tmp_path / "missing"):
        assert run_lab.main(["00", "--submission", str(submission)]) == 2
        assert "is not a folder" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert run_lab.main(["00", "--submission", str(tmp_path / "empty")]) == 2
    assert "is not there" in capsys.readouterr().err

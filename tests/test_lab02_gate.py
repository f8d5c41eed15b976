"""Lab 02: the honesty audit, the performance gate and its defences."""
import shutil

import pytest

from helpers import REPO, SUBMISSIONS, needs_nvcc

# Each test here grades or builds a submission end to end (seconds each): `make test` runs them, `make test-fast` does not.
pytestmark = pytest.mark.slow


@needs_nvcc
@pytest.mark.parametrize("name, found", [("calls_cublas", "cublasCreate_v2"), ("calls_torch", "PyTorch")])
def test_lab02_library_calls_are_flagged(grade, name, found):
    g = grade(["02"], submission=SUBMISSIONS / name)
    assert g.rc == 1
    assert g.status("02.build.honest") == "FAIL"
    assert found in g.output("02.build.honest") and "CUDA runtime" in g.output("02.build.honest")
    assert g.status("02.perf.gate") in ("NOT RUN", "SKIP")


@pytest.mark.gpu
def test_lab02_naive_kernel_fails_the_gate_with_its_ratio(grade, tmp_path):
    # The lab 01 reference solution, submitted as a lab 02 kernel: correct, and slow.
    (tmp_path / "02-tuned-kernel").mkdir()
    shutil.copy(REPO / "solutions/01-naive-kernel/softmax_naive.cu", tmp_path / "02-tuned-kernel/softmax_tuned.cu")
    g = grade(["02"], submission=tmp_path)
    assert g.status("02.correct.sweep") == "PASS", g.output("02.correct.sweep")
    assert g.status("02.perf.gate") == "FAIL"
    out = g.output("02.perf.gate")
    assert "below the 0.30x gate" in out and "x F.softmax" in out and "% of device copy bandwidth" in out


@needs_nvcc
@pytest.mark.parametrize("name, found", [("gemm_calls_cublas", "cublasSgemm_v2"), ("gemm_calls_torch", "PyTorch")])
def test_lab02_gemm_library_calls_are_flagged(grade, name, found):
    # The GEMM track's vendor shortcuts: cuBLAS itself, and torch.matmul through libtorch. Refused before any run.
    g = grade(["02", "--kernel", "gemm"], submission=SUBMISSIONS / name)
    assert g.rc == 1
    assert g.status("02.build.honest") == "FAIL"
    assert found in g.output("02.build.honest"), g.output("02.build.honest")
    assert g.status("02.perf.gate") in ("NOT RUN", "SKIP")


@needs_nvcc
@pytest.mark.parametrize("name, found", [("pointer_cache", "cudaMemcpyAsync"),
                                         ("other_stream", "cudaStreamCreateWithFlags")])
def test_lab02_host_code_beyond_launching_is_refused(grade, name, found):
    # A cache of answers kept by the launcher, or work moved to a stream of its own: both need host calls the
    # audit refuses. (Work on another stream would be timed anyway: the grader's clock waits for the device.)
    g = grade(["02"], submission=SUBMISSIONS / name)
    assert g.status("02.build.honest") == "FAIL"
    assert found in g.output("02.build.honest") and "beyond launching" in g.output("02.build.honest")


@pytest.mark.gpu
@pytest.mark.profiler
def test_lab02_solution_passes_every_check(grade):
    g = grade(["02"], submission=REPO / "solutions")
    assert g.rc == 0, g.stdout
    assert all(t["extra_data"]["grader_status"] == "PASS" for t in g.by_id.values()), g.stdout


@pytest.mark.gpu
def test_lab02_gemm_naive_kernel_fails_the_gate_with_its_ratio(grade, tmp_path):
    # The lab 01 GEMM reference as a lab 02 kernel: correct everywhere, far below 0.30x cuBLAS fp32.
    (tmp_path / "02-tuned-kernel").mkdir()
    shutil.copy(REPO / "solutions/01-naive-kernel/sgemm_naive.cu", tmp_path / "02-tuned-kernel/sgemm_tuned.cu")
    g = grade(["02", "--kernel", "gemm"], submission=tmp_path)
    assert g.status("02.correct.sweep") == "PASS", g.output("02.correct.sweep")
    assert g.status("02.perf.gate") == "FAIL"
    out = g.output("02.perf.gate")
    assert "below the 0.30x gate" in out and "cuBLAS" in out, out


@pytest.mark.gpu
@pytest.mark.parametrize("name, failing", [
    # TF32 rounding of the inputs on the CUDA cores, and TF32 tensor cores (wmma): the K-dependent fp32 tolerance
    ("gemm_tf32_inputs", "02.correct.lab01_cases"),
    ("gemm_tf32_tensor_cores", "02.correct.lab01_cases"),
    # right only when M, N and K are multiples of its 32-wide tile: the sweep's 127, 129, 1000 and 4095
    ("gemm_tile_only", "02.correct.sweep"),
])
def test_lab02_gemm_kernels_the_gate_must_not_pass(grade, name, failing):
    g = grade(["02", "--kernel", "gemm"], submission=SUBMISSIONS / name)
    assert g.rc == 1
    assert g.status(failing) == "FAIL", g.output(failing)
    assert g.status("02.perf.gate") != "PASS", g.output("02.perf.gate")


@pytest.mark.gpu
def test_lab02_gemm_solution_passes_every_check(grade):
    g = grade(["02", "--kernel", "gemm"], submission=REPO / "solutions")
    assert g.rc == 0, g.stdout
    assert all(t["extra_data"]["grader_status"] == "PASS" for t in g.by_id.values()), g.stdout

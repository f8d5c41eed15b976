from pathlib import Path

from helpers import REPO, SUBMISSIONS, needs_nvcc

from grader.build import build_cuda, first_errors
from grader.context import Device


@needs_nvcc
def test_build_reports_first_compiler_error_with_file_and_line(tmp_path):
    src = SUBMISSIONS / "compile_error/00-hello-cuda/vector_add.cu"
    b = build_cuda(src, tmp_path, Device(False), "my-labs/00-hello-cuda/vector_add.cu")
    assert not b.ok and b.compile_only
    assert any("my-labs/00-hello-cuda/vector_add.cu(5)" in line for line in b.errors), b.errors
    assert "error" in b.errors[0]


@needs_nvcc
def test_build_audit_flags_cublas(tmp_path):
    b = build_cuda(SUBMISSIONS / "calls_cublas/02-tuned-kernel/softmax_tuned.cu", tmp_path, Device(False), "x.cu")
    assert b.ok and any("cublasCreate_v2" in f and "vendor library" in f for f in b.forbidden)


@needs_nvcc
def test_build_audit_flags_calls_into_torch(tmp_path):
    b = build_cuda(SUBMISSIONS / "calls_torch/02-tuned-kernel/softmax_tuned.cu", tmp_path, Device(False), "x.cu")
    assert b.ok and any("PyTorch" in f for f in b.forbidden)


@needs_nvcc
def test_build_audit_passes_the_solutions(tmp_path):
    for src in (REPO / "solutions").glob("*/*.cu"):
        b = build_cuda(src, tmp_path / src.stem, Device(False), src.name)
        assert b.ok and b.forbidden == [], (src, b.errors, b.forbidden)


def test_first_errors_rewrites_the_staged_path():
    out = "/tmp/stage/x.cu(7): error: expected a \";\"\n      int i = 0\n      ^\n\n1 error detected"
    lines = first_errors(out, Path("/tmp/stage/x.cu"), "labs/01/x.cu")
    assert lines[0] == 'labs/01/x.cu(7): error: expected a ";"'


def test_build_without_nvcc_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr("grader.build.nvcc_path", lambda: None)
    b = build_cuda(tmp_path / "x.cu", tmp_path, Device(False), "x.cu")
    assert not b.ok and b.errors == ["nvcc not found on PATH"]

"""make phase-open KERNEL=...: the track switch, on a copy of the repository."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import REPO, needs_nvcc

# Each test here grades or builds a submission end to end (seconds each): `make test` runs them, `make test-fast` does not.
pytestmark = pytest.mark.slow

IGNORE = shutil.ignore_patterns(".venv", "build", "site", ".git", "__pycache__", ".scratch-*", ".whl", "node_modules")


@pytest.fixture
def copy(tmp_path) -> Path:
    root = tmp_path / "course"
    shutil.copytree(REPO, root, ignore=IGNORE)
    return root


def run(root: Path, *args, check=True):
    proc = subprocess.run([sys.executable, *args], cwd=root, capture_output=True, text=True, timeout=900,
                          env={"PATH": "/usr/local/bin:/usr/bin:/bin", "PYTHONPATH": str(root),
                               "GRADER_FORCE_CPU": "1", "HOME": str(root)})
    if check:
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


def test_phase_open_gemm_writes_its_stubs_and_the_untouched_stubs_are_not_started(copy):
    run(copy, "-m", "grader.phase", "gemm")
    assert 'kernel = "gemm"' in (copy / "grader/phase.toml").read_text()
    assert (copy / "labs/01-naive-kernel/sgemm_naive.cu").is_file()
    assert (copy / "labs/03-triton-and-pytorch/sgemm_triton.py").is_file()
    assert not (copy / "labs/01-naive-kernel/softmax_naive.cu").exists()  # the other track's untouched stub
    assert "TODO(01-1)" in (copy / "labs/01-naive-kernel/sgemm_naive.cu").read_text()
    run(copy, "-m", "grader.stubs", "--check")
    graded = run(copy, "-m", "grader", "01", "03", "--json", "out.json", check=False)
    assert graded.returncode == 1
    tests = {t["extra_data"]["id"]: t for t in json.loads((copy / "out.json").read_text())["tests"]}
    assert "not started" in tests["01.build.compiles"]["output"]
    assert "not started" in tests["03.triton.method"]["output"]
    assert json.loads((copy / "out.json").read_text())["extra_data"]["kernel"] == "gemm"


def test_phase_open_refuses_to_touch_a_learners_edits(copy):
    mine = copy / "labs/01-naive-kernel/softmax_naive.cu"
    mine.write_text(mine.read_text() + "\n// my work\n")
    before = {p: p.read_bytes() for p in (copy / "labs").rglob("*") if p.is_file()}
    proc = run(copy, "-m", "grader.phase", "gemm", check=False)
    assert proc.returncode == 1 and "refused to change labs/01-naive-kernel/softmax_naive.cu" in proc.stderr
    assert 'kernel = "softmax"' in (copy / "grader/phase.toml").read_text()
    after = {p: p.read_bytes() for p in (copy / "labs").rglob("*") if p.is_file()}
    assert after == before  # nothing written: not even the other stubs


@needs_nvcc
def test_grading_the_other_track_without_switching(copy):
    proc = run(copy, "-m", "grader", "00", "01", "--kernel", "gemm", "--submission", "solutions", "--json", "g.json")
    data = json.loads((copy / "g.json").read_text())
    assert data["extra_data"]["kernel"] == "gemm" and proc.returncode == 0
    ids = {t["extra_data"]["id"]: t["extra_data"]["grader_status"] for t in data["tests"]}
    assert ids["01.build.honest"] == "PASS" and "01.correct.ints" in ids

"""make learner-copy: the course without its answers, and the grader working there (grader/learner_copy.py)."""
import os
import shutil
import subprocess
import sys

import pytest

from helpers import REPO

from grader import learner_copy

pytestmark = pytest.mark.slow  # a git archive of the repository, a grading and a site build: seconds


@pytest.mark.skipif(shutil.which("git") is None or not (REPO / ".git").exists(), reason="needs the repository's git")
def test_the_learners_copy_has_no_answers_and_grades_and_builds(tmp_path):
    """This repository holds every answer, and the docs told instructors to hand learners a clone of it (session
    42's walkthrough copied solutions/ into a submission and passed). The copy is HEAD without the answers; an
    untouched stub there is still "not started", told by the digest in labs/.stubs.json."""
    dest = tmp_path / "copy"
    assert learner_copy.main([str(dest)]) == 0
    for gone in ("solutions", "tests", "docs/_tools/softmax_limit", "docs/_tools/gemm_ladder", "PHASE_24_PLAN.md"):
        assert not (dest / gone).exists(), gone
    assert not list((dest / "docs/data").glob("evidence-*"))
    assert (dest / "labs/00-hello-cuda/vector_add.cu").is_file() and (dest / "grader/cli.py").is_file()
    assert "This is the learners' copy" in (dest / "README.md").read_text()
    assert learner_copy.main([str(dest)]) == 2  # never into a folder that holds something
    env = {**os.environ, "GRADER_FORCE_CPU": "1", "GRADER_WORKROOT": str(tmp_path / "work")}
    graded = subprocess.run([sys.executable, "-m", "grader", "03"], cwd=dest, env=env, capture_output=True,
                            text=True, timeout=600)
    assert "softmax_triton.py: not started: the file is still the stub" in graded.stdout, graded.stdout
    assert "minigpt_torch.py: not started: the file is still the stub" in graded.stdout, graded.stdout
    if shutil.which("mkdocs", path=os.path.dirname(sys.executable)):
        site = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
                              cwd=dest, capture_output=True, text=True, timeout=600)
        assert site.returncode == 0, site.stderr[-2000:]


@pytest.mark.skipif(shutil.which("git") is None or not (REPO / ".git").exists(), reason="needs the repository's git")
def test_a_failed_learners_copy_leaves_nothing_at_dest(tmp_path, monkeypatch, capsys):
    """The copy was extracted straight into DEST: killed, or on a full disk, it left part of the course there, and a
    second try was refused as "not an empty folder"; a link loop or a file on the way was a traceback (helper nl57,
    session 57)."""
    import tarfile

    def full_disk(self, *args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tarfile.TarFile, "extractall", full_disk)
    dest = tmp_path / "copy"
    assert learner_copy.main([str(dest)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # neither DEST nor the folder it was made in
    monkeypatch.undo()
    (tmp_path / "file").write_text("x")
    assert learner_copy.main([str(tmp_path / "file" / "copy")]) == 1
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    assert learner_copy.main([str(tmp_path / "loop" / "copy")]) == 2
    assert "cannot be resolved" in capsys.readouterr().err

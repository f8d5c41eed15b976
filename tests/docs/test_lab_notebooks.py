"""The lab notebooks (docs/notebooks/) match their generator, are clean, and execute on the CPU.

Execution runs each notebook with nbclient in a temporary copy of the repository (the notebook
writes learner files: the real labs/ must never change), with PHASE24_PYTHON pointing at this
interpreter so that no .venv is bootstrapped, and GRADER_FORCE_CPU=1 so that it takes the
no-GPU path on any machine.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
from pathlib import Path

import nbformat  # nbformat, nbclient and ipykernel are dev dependencies: `make test` installs them
import pytest

from docs_helpers import REPO, load_tool

NOTEBOOKS = REPO / "docs" / "notebooks"
LABS = ("00-hello-cuda", "01-naive-kernel", "02-tuned-kernel", "03-triton-and-pytorch")
CELL_TIMEOUT_S = 300
# What a copy of the repository leaves out: the environment, build outputs, VCS data, scratch notes.
NOT_COPIED = shutil.ignore_patterns(".git", ".venv", "build", "site", ".grader", "__pycache__", ".pytest_cache",
                                    ".scratch-*", ".whl", ".gl", "*.orig-*")


def tool():
    return load_tool("lab_notebooks")


def read(lab: str):
    return nbformat.read(NOTEBOOKS / f"{lab}.ipynb", as_version=4)


def tree_digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def repo_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    shutil.copytree(REPO, copy, ignore=NOT_COPIED, symlinks=True)
    return copy


def execute(nb, cwd: Path, monkeypatch, force_cpu: bool = True):
    """Execute `nb` in a fresh kernel whose working directory is `cwd`; returns the executed notebook."""
    from nbclient import NotebookClient

    monkeypatch.setenv("PHASE24_PYTHON", sys.executable)
    if force_cpu:
        monkeypatch.setenv("GRADER_FORCE_CPU", "1")
    else:
        monkeypatch.delenv("GRADER_FORCE_CPU", raising=False)
    client = NotebookClient(nb, timeout=CELL_TIMEOUT_S, kernel_name="python3",
                            resources={"metadata": {"path": str(cwd)}})
    return client.execute()


def output_of(nb, cell_id: str) -> str:
    cell = next(c for c in nb.cells if c.get("id") == cell_id)
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.output_type == "stream")


def test_lab_notebooks_match_their_generator():
    stale = [str(rel) for rel, text in tool().generate().items()
             if not (REPO / rel).is_file() or (REPO / rel).read_text(encoding="utf-8") != text]
    assert not stale, f"stale: {stale}; run: python docs/_tools/lab_notebooks.py"


def test_lab_notebooks_are_clean_and_have_stable_ids():
    for lab in LABS:
        nb = read(lab)
        nbformat.validate(nb)
        ids = [c.id for c in nb.cells]
        assert len(set(ids)) == len(ids) and all(i.startswith(f"lab{lab[:2]}-") for i in ids), ids
        for cell in nb.cells:
            if cell.cell_type == "code":
                assert cell.outputs == [] and cell.execution_count is None, f"{lab}: {cell.id} has outputs"
        assert nb.metadata.get("accelerator") == "GPU"


@pytest.mark.parametrize("lab", LABS)
def test_lab_notebooks_write_the_open_tracks_stubs_and_grade(lab):
    nb, number = read(lab), lab[:2]
    written = {}
    for cell in nb.cells:
        first, _, body = cell.source.partition("\n")
        if cell.cell_type == "code" and first.startswith("%%learner_file "):
            written[first.split()[-1]] = body + "\n"
    assert written, f"{lab}: no %%learner_file cell"
    for rel, text in written.items():
        assert (REPO / rel).read_text(encoding="utf-8") == text, f"{rel} differs from its cell"
    sources = "\n".join(c.source for c in nb.cells)
    assert f'make("grade LAB={number}")' in sources
    if number == "03":
        assert "TRITON_INTERPRET" in sources and len(written) == 2
    else:
        assert f'make("run LAB={number}")' in sources
    if number == "02":
        assert "ERR_NVGPUCTRPERM" in sources and "docs/en/no-gpu.md" in sources


def test_lab_notebooks_colab_links_use_the_repo_slug():
    setting = tool().read_setting(REPO)
    for lab in LABS:
        for lang in ("en", "es"):
            text = (REPO / "docs" / "_generated" / lang / f"notebook-{lab}.md").read_text(encoding="utf-8")
            assert f"../../notebooks/{lab}.ipynb" in text
            if setting.slug == tool().PLACEHOLDER_SLUG:
                assert "colab.research.google.com" not in text and "Colab" in text, "a link to a placeholder repository"
            else:
                assert f"colab.research.google.com/github/{setting.slug}/blob/main/docs/notebooks/{lab}.ipynb" in text


def test_lab_notebooks_colab_link_appears_once_the_repository_is_set():
    setting = tool().read_setting(REPO)
    published = tool().Setting(setting.track, "our-university/phase-24", setting.pins)
    for lang in ("en", "es"):
        text = tool().snippet(published, "01-naive-kernel", lang)
        assert "colab.research.google.com/github/our-university/phase-24/blob/main/docs/notebooks/01-naive-kernel.ipynb" \
            in text
        placeholder = tool().snippet(tool().Setting(setting.track, tool().PLACEHOLDER_SLUG, setting.pins),
                                     "01-naive-kernel", lang)
        assert "OWNER/REPO" not in placeholder and "notebooks/01-naive-kernel.ipynb" in placeholder


@pytest.mark.slow
@pytest.mark.parametrize("lab", LABS)
def test_lab_notebooks_execute_on_the_cpu(lab, tmp_path, monkeypatch):
    labs_before = tree_digest(REPO / "labs")
    copy = repo_copy(tmp_path)
    nb = execute(read(lab), copy / "docs" / "notebooks", monkeypatch)
    number = lab[:2]

    setup = output_of(nb, f"lab{number}-setup")
    assert f"course repository: {copy} (the checkout this notebook runs in)" in setup
    assert "GPU: none: GRADER_FORCE_CPU=1 is set" in setup
    for cell in nb.cells:
        if cell.source.startswith("%%learner_file "):
            rel = cell.source.split("\n", 1)[0].split()[-1]
            assert f"wrote {rel}" in output_of(nb, cell.id)
            assert (copy / rel).read_text() == (REPO / rel).read_text()
    grade = output_of(nb, f"lab{number}-grade")
    assert "Score:" in grade and "seed" in grade, grade[-3000:]
    make_error = re.findall(r"make: \*\*\* \[.*grade\] Error (\d+)", grade)  # make reports the grader's code
    code = int(make_error[-1]) if make_error else int(re.findall(r"\[exit code (-?\d+)\]", grade)[-1])
    assert code in (0, 1), f"the grader exited {code} (2: usage, 3: internal error):\n{grade[-3000:]}"
    if number == "02":
        assert "SKIPPED the Nsight Compute check: GRADER_FORCE_CPU=1 is set" in output_of(nb, "lab02-ncu-check")
        assert "SKIPPED make profile LAB=02" in output_of(nb, "lab02-profile")
    if number == "03":
        tried = output_of(nb, "lab03-try")
        assert "TRITON_INTERPRET=1" in tried and "[exit code" in tried
    assert tree_digest(REPO / "labs") == labs_before, "executing a notebook changed the real labs/"


def test_lab_notebooks_never_overwrite_work_they_did_not_write(tmp_path, monkeypatch):
    copy = repo_copy(tmp_path)
    rel = "labs/00-hello-cuda/vector_add.cu"
    mine = (copy / rel).read_text() + "// my own work, from my fork\n"
    (copy / rel).write_text(mine)
    nb = read("00-hello-cuda")
    file_cell = next(c for c in nb.cells if c.source.startswith("%%learner_file "))
    replace = nbformat.from_dict({**file_cell, "id": "lab00-replace",
                                  "source": file_cell.source.replace("%%learner_file ", "%%learner_file --replace ")})
    # a second edit, replaced in the same second: each version is kept under its own name (helper nl57, session 57)
    edit = nbformat.v4.new_code_cell(f"p = REPO / {rel!r}; p.write_text(p.read_text() + '// second edit\\n')",
                                     id="lab00-edit-again")
    again = nbformat.from_dict({**replace, "id": "lab00-replace-again"})
    nb.cells = [c for c in nb.cells if c.id in ("lab00-repo-url", "lab00-setup")] + [file_cell, replace, edit, again]

    nb = execute(nb, copy / "docs" / "notebooks", monkeypatch)
    assert f"NOT WRITTEN: {rel} holds work" in output_of(nb, file_cell.id)
    backups = sorted((copy / rel).parent.glob("vector_add.cu.orig-*"), key=lambda b: b.stat().st_mtime_ns)
    assert [b.read_text() for b in backups] == [mine, (REPO / rel).read_text() + "// second edit\n"], \
        "--replace must keep each version of the learner's file beside it"
    assert (copy / rel).read_text() == (REPO / rel).read_text()
    assert "wrote" in output_of(nb, "lab00-replace")
    # written as the repository's commands write (grader/files.py: write_whole): a temporary file renamed over it
    assert not list((copy / rel).parent.glob(".*.tmp")), "a temporary file of the notebook's writer was left"


def test_lab_notebooks_skip_every_cell_without_a_repository(tmp_path, monkeypatch):
    nb = read("03-triton-and-pytorch")
    next(c for c in nb.cells if c.id == "lab03-repo-url").source = 'REPO_URL = "https://github.com/OWNER/REPO.git"'
    nb = execute(nb, tmp_path, monkeypatch)  # an empty folder: no checkout, and the URL is the placeholder
    assert "NO COURSE REPOSITORY: REPO_URL is still the placeholder" in output_of(nb, "lab03-setup")
    first_file = next(c.id for c in nb.cells if c.source.startswith("%%learner_file "))
    for cell_id in (first_file, "lab03-try", "lab03-grade"):
        assert "SKIPPED" in output_of(nb, cell_id) and "no course repository" in output_of(nb, cell_id)
    assert list(tmp_path.iterdir()) == []


# What ncu prints where the driver keeps the counters for administrators (NVIDIA's ERR_NVGPUCTRPERM page).
NCU_REFUSES = ("==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance "
               "Counters on the target device 0. For instructions on enabling permissions and to get more "
               "information see https://developer.nvidia.com/ERR_NVGPUCTRPERM")
NCU_READS = "  add_one(float *) (1, 1, 1)x(32, 1, 1), Device 0, CC 9.0\n    gpu__time_duration.sum   us   1.54"


@pytest.mark.parametrize("ncu_says, code, verdict", [
    (NCU_REFUSES, 1, "may not read this GPU's performance counters here (ERR_NVGPUCTRPERM)"),
    (NCU_READS, 0, "Nsight Compute can read this GPU's counters"),
], ids=["counters-refused", "counters-readable"])
def test_lab_notebooks_lab02_checks_whether_ncu_can_read_counters(ncu_says, code, verdict, tmp_path, monkeypatch):
    """The GPU, nvcc and ncu are stand-ins (shell scripts): this checks the notebook's reading of ncu's answer."""
    tools = tmp_path / "bin"
    tools.mkdir()
    for name, body in {
        "nvidia-smi": 'echo "GPU 0: Stand-in GPU (UUID: GPU-0)"',
        "nvcc": 'while [ "$1" != "-o" ]; do shift; done; touch "$2"',
        "ncu": f"cat <<'SAID'\n{ncu_says}\nSAID\nexit {code}",
    }.items():
        (tools / name).write_text(f"#!/bin/sh\n{body}\n")
        (tools / name).chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    copy = repo_copy(tmp_path)
    nb = read("02-tuned-kernel")
    nb.cells = [c for c in nb.cells if c.id in ("lab02-repo-url", "lab02-setup", "lab02-ncu-check", "lab02-profile")]
    nb = execute(nb, copy / "docs" / "notebooks", monkeypatch, force_cpu=False)
    assert "GPU: yes" in output_of(nb, "lab02-setup")
    assert verdict in output_of(nb, "lab02-ncu-check")
    profile = output_of(nb, "lab02-profile")
    if code:
        assert "never fake one" in output_of(nb, "lab02-ncu-check")
        assert "SKIPPED make profile LAB=02" in profile
        assert not list(copy.glob("labs/02-tuned-kernel/profile/*.ncu-rep"))
    else:
        assert "$ make" in profile and "profile LAB=02" in profile  # it ran make profile (which then fails here)

"""Write the "grade on a hosted GPU" notebook: docs/assets/phase24-gpu-notebook.ipynb.

For learners without a GPU of their own: open the notebook in any hosted Jupyter
service that offers an NVIDIA GPU, upload (or clone) your repository, and run
`make grade` there. Generated with nbformat so that it is always a valid notebook;
tests/test_notebook.py checks that the committed file is current and valid.

    python docs/_tools/colab_notebook.py [--out FILE]
"""
from __future__ import annotations

import argparse
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

OUT = Path(__file__).resolve().parents[1] / "assets" / "phase24-gpu-notebook.ipynb"

CELLS = [
    new_markdown_cell(
        "# Phase 24 on a hosted GPU\n\n"
        "Grade your labs on a machine with an NVIDIA GPU when you have none of your own.\n\n"
        "1. Choose a runtime with a GPU (sm_80 or newer for every check: A100, L4, H100; a T4 is sm_75 and "
        "runs labs 00, 01 and 03, but its profile will not pass lab 02's sm_80 check).\n"
        "2. Put your repository here: clone your own fork, or upload a zip of it.\n"
        "3. Run the cells. `make grade` reuses the runtime's CUDA build of torch (see the README's Set-up).\n\n"
        "Your work stays in your repository: nothing here writes to `labs/` except `make profile`."),
    new_code_cell("!nvidia-smi -L && nvcc --version | tail -1"),
    new_code_cell("# Replace the URL with your fork (or upload a zip and unzip it instead).\n"
                  "REPO_URL = \"https://example.invalid/your-fork/phase-24.git\"\n"
                  "!git clone -q $REPO_URL phase24 || echo 'clone failed: set REPO_URL, or upload your repository'\n"
                  "%cd phase24"),
    new_code_cell("!make grade LAB=\"00 01\""),
    new_code_cell("!make grade LAB=02 && make profile LAB=02"),
    new_code_cell("!make grade LAB=03"),
    new_markdown_cell("Download `labs/02-tuned-kernel/profile/softmax_tuned.ncu-rep`, write `ANALYSIS.md` from it, "
                      "and commit both to your repository: the profile checks then run on any machine."),
]


def build() -> nbformat.NotebookNode:
    nb = new_notebook(cells=CELLS, metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "accelerator": "GPU", "language_info": {"name": "python"}})
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"phase24-{i:02d}"  # stable ids: the file only changes when the cells do
    return nb


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path, default=OUT)
    out = p.parse_args(argv).out
    nb = build()
    nbformat.validate(nb)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(nbformat.writes(nb) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The hosted-GPU notebook is a valid notebook and matches its generator."""
import subprocess
import sys

import pytest

from helpers import REPO

nbformat = pytest.importorskip("nbformat", reason="nbformat is a dev dependency (make test installs it)")

NOTEBOOK = REPO / "docs/assets/phase24-gpu-notebook.ipynb"


def test_notebook_is_valid_and_grades():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    sources = "\n".join(cell.source for cell in nb.cells)
    assert "make grade" in sources and "make profile LAB=02" in sources


def test_notebook_is_current(tmp_path):
    out = tmp_path / "nb.ipynb"
    subprocess.run([sys.executable, str(REPO / "docs/_tools/colab_notebook.py"), "--out", str(out)], check=True)
    assert out.read_text() == NOTEBOOK.read_text(), "run: python docs/_tools/colab_notebook.py"

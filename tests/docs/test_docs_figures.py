"""The figures and the sweep table are drawn from docs/data/*.json, reproducibly."""
from __future__ import annotations

import json
import shutil

import pytest

from docs_helpers import DOCS, LANGS, load_tool

FIGURES = ("roofline.svg", "sweep-bandwidth.svg")


@pytest.fixture(scope="module")
def figures():
    return load_tool("figures")


def committed_data(tmp_path, figures):
    """A copy of the committed inputs (without any bench-*.json), to add files to."""
    data = tmp_path / "data"
    data.mkdir()
    for name in (figures.SWEEP_JSON.name, figures.ANCHORS_JSON.name):
        shutil.copy(DOCS / "data" / name, data / name)
    return data


def test_figures_are_reproducible(tmp_path, figures):
    figures.write_all(tmp_path)  # from docs/data, as `make docs-tables` does
    stale = []
    for lang in LANGS:
        for name in FIGURES:
            fresh = (tmp_path / lang / "assets" / "figures" / name).read_bytes()
            committed = DOCS / lang / "assets" / "figures" / name
            if not committed.is_file() or committed.read_bytes() != fresh:
                stale.append(f"docs/{lang}/assets/figures/{name}")
        for table in (f"_generated/{lang}/sweep-table.md", f"_generated/{lang}/gemm-ladder.md"):
            if (tmp_path / table).read_text(encoding="utf-8") != (DOCS / table).read_text(encoding="utf-8"):
                stale.append(f"docs/{table}")
    assert not stale, f"{stale} differ from what docs/_tools/figures.py draws: run make docs-tables"


def test_figures_numbers_come_from_the_data(tmp_path, figures):
    data = committed_data(tmp_path, figures)
    sweep = json.loads((data / figures.SWEEP_JSON.name).read_text())
    sweep["copy_GBps"] = 1234.0
    sweep["rows"][0]["F_GBps"] = 987.0
    (data / figures.SWEEP_JSON.name).write_text(json.dumps(sweep))
    figures.write_all(tmp_path / "out", data)
    table = (tmp_path / "out" / "_generated" / "en" / "sweep-table.md").read_text()
    assert "**1234 GB/s**" in table and "| 987 | 80% |" in table
    svg = (tmp_path / "out" / "en" / "assets" / "figures" / "roofline.svg").read_text()
    assert "1234 GB/s" in svg


def test_figures_draw_bench_of_the_same_device(tmp_path, figures):
    data = committed_data(tmp_path, figures)
    sweep = json.loads((data / figures.SWEEP_JSON.name).read_text())
    rows = [{"shape": r["shape"], "cuda_tuned_GBps": 3900.0} for r in sweep["rows"]]
    (data / "bench-solutions.json").write_text(json.dumps({"device": sweep["device"], "rows": rows}))
    figures.write_all(tmp_path / "out", data)
    table = (tmp_path / "out" / "_generated" / "es" / "sweep-table.md").read_text()
    assert "cuda_tuned (bench-solutions) GB/s" in table and "| 3900 |" in table
    svg = (tmp_path / "out" / "en" / "assets" / "figures" / "sweep-bandwidth.svg").read_text()
    assert "cuda_tuned (bench-solutions)" in svg


def test_figures_skip_bench_of_another_device(tmp_path, figures, capsys):
    data = committed_data(tmp_path, figures)
    results = [{"name": "cuda_tuned", "rows": 128, "cols": 524288, "GBps": 10.0}]
    (data / "bench-other.json").write_text(json.dumps({"device": "Some Other GPU", "results": results}))
    figures.write_all(tmp_path / "out", data)
    assert "not drawn" in capsys.readouterr().err
    table = (tmp_path / "out" / "_generated" / "en" / "sweep-table.md").read_text()
    assert "cuda_tuned" not in table


def test_figures_reject_unreadable_bench(tmp_path, figures):
    data = committed_data(tmp_path, figures)
    (data / "bench-broken.json").write_text(json.dumps({"device": "x", "numbers": [1, 2]}))
    with pytest.raises(SystemExit, match="bench-broken.json"):
        figures.write_all(tmp_path / "out", data)

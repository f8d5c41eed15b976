"""The grading tables on the lab pages are generated from the grader's registry, and stay fresh."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from docs_helpers import DOCS, LANGS, REPO, load_tool

TOOL = DOCS / "_tools" / "grading_tables.py"
GENERATED = DOCS / "_generated"


def owned_files(folder: Path, tool) -> dict[str, str]:
    """The files of one language folder that the table generator writes."""
    paths = list(folder.glob(tool.GENERATED_GLOB)) + list(folder.glob(tool.TOLERANCE_GLOB)) + [folder / tool.SUMMARY]
    return {p.name: p.read_text(encoding="utf-8") for p in paths if p.is_file()}


def stub_files(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text() for p in folder.rglob("*") if p.is_file()}


def test_grading_tables_are_fresh(tmp_path):
    proc = subprocess.run([sys.executable, str(TOOL), "--out", str(tmp_path)], cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"the table generator failed:\n{proc.stdout}{proc.stderr}"
    tool = load_tool("grading_tables")
    for lang in LANGS:
        fresh, committed = owned_files(tmp_path / lang, tool), owned_files(GENERATED / lang, tool)
        stale = sorted(name for name in fresh.keys() | committed.keys() if fresh.get(name) != committed.get(name))
        assert not stale, f"docs/_generated/{lang}: {stale} differ from the grader's registry: run make docs-tables"
    fresh, committed = stub_files(tmp_path / "stubs"), stub_files(GENERATED / "stubs")
    stale = sorted(name for name in fresh.keys() | committed.keys() if fresh.get(name) != committed.get(name))
    assert not stale, f"docs/_generated/stubs: {stale} differ from what grader/stubs.py makes: run make docs-tables"


SAMPLE = {"labs": [{
    "number": "07", "name": "07-sample", "title": "A | sample", "docs": "lab/07-sample.md",
    "editable": ["a.cu", "b/notes.md"], "max_points": 3,
    "checks": [
        {"id": "07.build.compiles", "points": 3, "gpu": False, "bonus": False, "needs": [],
         "summary": "a.cu compiles | links", "doc": "a.cu compiles | links.\n\nSecond paragraph."},
        {"id": "07.bonus.extra", "points": 2, "gpu": True, "bonus": True, "needs": ["07.build.compiles"],
         "summary": "Something extra.", "doc": ""},
    ]}]}


def test_grading_tables_render_every_check():
    tool = load_tool("grading_tables")
    en = tool.render_lab(SAMPLE["labs"][0], "en")
    rows = [line for line in en.splitlines() if line.startswith("| `07.")]
    assert len(rows) == 2
    assert rows[0].count(" | ") == 4 and "compiles \\| links" in rows[0], "a pipe in a summary must be escaped"
    assert "+2 (bonus)" in rows[1] and "`07.build.compiles`" in rows[1]
    assert "**Total: 3 points.**" in en and "Bonus points are reported apart" in en
    assert "    Second paragraph." in en, "the full docstring goes in the collapsed block"
    assert "`a.cu`, `b/notes.md`" in en


def test_grading_tables_spanish_header_and_note():
    tool = load_tool("grading_tables")
    es = tool.render_lab(SAMPLE["labs"][0], "es")
    assert "| Comprobación | Puntos | GPU | Se ejecuta tras | Qué comprueba |" in es
    assert "están en inglés" in es, "the Spanish page must say the descriptions stay in English"
    assert "Something extra." in es and "+2 (extra)" in es


def test_grading_tables_remove_tables_of_removed_labs(tmp_path):
    tool = load_tool("grading_tables")
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "09-gone.md").write_text("old")
    (tmp_path / "en" / "keep-me.md").write_text("not a table")
    tool.write_tables({"softmax": {**SAMPLE, "labs": [{**SAMPLE["labs"][0], "op": "softmax", "tolerance": "t"}]}},
                      tmp_path, "softmax")
    assert not (tmp_path / "en" / "09-gone.md").exists()
    assert (tmp_path / "en" / "keep-me.md").exists()
    assert (tmp_path / "es" / "07-sample-softmax.md").exists()
    assert "`07-sample/b/notes.md`" in (tmp_path / "en" / tool.SUMMARY).read_text()


# ---- the grader's hints point at sections of the lab pages ---------------------------

GRADER = REPO / "grader"
HINT = re.compile(r"""hint\(\s*["']([\w-]+)["']\s*\)|anchor\s*(?::\s*str\s*)?=\s*["']([\w-]+)["']""")
IMPORT = re.compile(r"^\s*from grader\.([\w.]+) import ([\w, ()]+)|^\s*import grader\.([\w.]+)", re.M)


def module_file(name: str) -> Path | None:
    path = GRADER.joinpath(*name.split("."))
    return path.with_suffix(".py") if path.with_suffix(".py").is_file() else None


def imported_modules(text: str) -> set[str]:
    found = set()
    for match in IMPORT.finditer(text):
        if match.group(3):
            found.add(match.group(3))
            continue
        package, names = match.group(1), match.group(2)
        for name in re.findall(r"\w+", names):
            found.add(f"{package}.{name}" if module_file(f"{package}.{name}") else package)
    return {m for m in found if module_file(m)}


def anchors_used(module: str, seen: set[str] | None = None) -> set[str]:
    """Anchors passed to ctx.hint() in a module and in the grader modules it imports."""
    seen = set() if seen is None else seen
    if module in seen:
        return set()
    seen.add(module)
    text = module_file(module).read_text(encoding="utf-8")
    found = {a or b for a, b in HINT.findall(text)}
    for dep in imported_modules(text):
        if dep.startswith(("labs.", "checks.")):
            found |= anchors_used(dep, seen)
    return found


def lab_modules() -> list[tuple[str, str]]:
    """(module, docs page) for every lab file that declares a Lab(...)."""
    out = []
    for path in sorted((GRADER / "labs").glob("lab*.py")):
        match = re.search(r"""docs\s*=\s*["']([^"']+)["']""", path.read_text(encoding="utf-8"))
        if match:
            out.append((f"labs.{path.stem}", match.group(1)))
    return out


@pytest.mark.parametrize("module,page", lab_modules())
def test_grading_tables_hint_anchors_exist(module, page):
    anchors = anchors_used(module)
    for lang in LANGS:
        doc = DOCS / lang / page
        assert doc.is_file(), f"the grader points at docs/{lang}/{page}, which does not exist"
        ids = set(re.findall(r"\{\s*#([\w-]+)\s*\}", doc.read_text(encoding="utf-8")))
        missing = sorted(anchors - ids)
        assert not missing, f"grader/{module.replace('.', '/')}.py hints at docs/{lang}/{page}#{missing}: add {{ #id }} headings"


def test_the_repeatability_table_is_the_benches_it_names():
    """The reference page's five gate ratios per GPU and track are typed in: each row must be a bench JSON's
    gate_repeats, of a file the paragraph below it names, and the "around the middle" its half-range."""
    import json

    for lang in LANGS:
        page = (DOCS / lang / "reference.md").read_text(encoding="utf-8")
        named = re.findall(r"`docs/data/(bench-[\w.-]+\.json)`", page)
        benches = {}
        for name in named:
            data = json.loads((DOCS / "data" / name).read_text(encoding="utf-8"))
            if data.get("gate_repeats"):
                benches[(data["device"]["name"], data["track"])] = [g["ratio_to_baseline"] for g in data["gate_repeats"]]
        rows = re.findall(r"^\| (NVIDIA [^,|]+), (softmax|GEMM)[^|]*\| ([\d., ]+) \| ±([\d.]+)% \|$", page, re.M)
        assert len(rows) == len(benches) >= 4, (lang, rows, sorted(benches))
        for device, track, ratios, around in rows:
            want = benches[(device, track.lower())]
            assert [float(r) for r in ratios.split(",")] == want, (lang, device, track)
            middle = (max(want) + min(want)) / 2
            assert float(around) == round(100 * (max(want) - min(want)) / 2 / middle, 2), (lang, device, track)

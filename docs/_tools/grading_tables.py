"""Write the grading table of every lab, in English and Spanish, from the grader's registry.

    .venv/bin/python docs/_tools/grading_tables.py            # what `make docs-tables` runs

The grader is the only source: this script runs ``python -m grader --list --json FILE``
and turns each lab into ``docs/_generated/<lang>/<NN-name>.md``, plus a one-row-per-lab
summary ``docs/_generated/<lang>/labs-summary.md`` for the instructor guide. The lab pages include
those files with pymdownx.snippets, so a table can never disagree with the checks that
actually run. tests/docs/test_grading_tables.py fails when the committed files are stale.

Check descriptions are the grader's own docstrings and stay in English (the grader
prints them in English); the Spanish file says so above its table.

The generated Markdown is included into ``docs/<lang>/lab/*.md``, so its relative links
are written from there.
"""
from __future__ import annotations

import argparse
import inspect
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_OUT = REPO / "docs" / "_generated"
GENERATED_GLOB = "[0-9][0-9]-*.md"  # one table per lab, in each language folder
SUMMARY = "labs-summary.md"  # every lab in one table, for the instructor guide

LABELS = {
    "en": {
        "intro": "Generated from the grader's registry (`python -m grader --list`): do not edit by hand.",
        "editable": "Files taken from your submission",
        "header": ("Check", "Points", "GPU", "Runs after", "What it checks"),
        "yes": "yes",
        "no": "no",
        "bonus": "bonus",
        "total": "**Total: {points} points.**",
        "bonus_note": "Bonus points are reported apart from the required score.",
        "gpu_note": (
            "Checks marked GPU report SKIP on a machine without CUDA "
            "(see [Working without a GPU](../no-gpu.md)); a check whose parent did not pass "
            "reports NOT RUN."
        ),
        "details": "What each check does, in the grader's words",
        "summary_header": ("Lab", "Title", "Files taken from the submission", "Points", "Checks that need a GPU"),
    },
    "es": {
        "intro": "Generado desde el registro del grader (`python -m grader --list`): no lo edites a mano.",
        "english_note": (
            "Las descripciones de las comprobaciones están en inglés: son los docstrings del "
            "propio grader, las mismas frases que verás en su informe."
        ),
        "editable": "Archivos que se toman de tu entrega",
        "header": ("Comprobación", "Puntos", "GPU", "Se ejecuta tras", "Qué comprueba"),
        "yes": "sí",
        "no": "no",
        "bonus": "extra",
        "total": "**Total: {points} puntos.**",
        "bonus_note": "Los puntos extra se informan aparte de la nota obligatoria.",
        "gpu_note": (
            "Las comprobaciones marcadas GPU dan SKIP en una máquina sin CUDA "
            "(ver [Trabajar sin GPU](../no-gpu.md)); una comprobación cuyo padre no pasó "
            "da NOT RUN."
        ),
        "details": "Qué hace cada comprobación, en palabras del grader",
        "summary_header": ("Lab", "Título", "Archivos que se toman de la entrega", "Puntos", "Comprobaciones que necesitan GPU"),
    },
}


def load_registry(registry_json: Path | None) -> dict:
    """The registry as the grader lists it; runs the grader unless a file is given."""
    if registry_json is not None:
        return json.loads(registry_json.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "registry.json"
        proc = subprocess.run(
            [sys.executable, "-m", "grader", "--list", "--json", str(out)],
            cwd=REPO,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0 or not out.exists():
            raise SystemExit(
                f"`python -m grader --list --json` failed (exit {proc.returncode}):\n{proc.stderr.strip()}"
            )
        return json.loads(out.read_text(encoding="utf-8"))


def cell(text: str) -> str:
    """One Markdown table cell: a single line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def render_lab(lab: dict, lang: str) -> str:
    labels = LABELS[lang]
    lines = [f"<!-- {labels['intro']} -->", ""]
    if "english_note" in labels:
        lines += [labels["english_note"], ""]
    editable = ", ".join(f"`{name}`" for name in lab["editable"])
    lines += [f"{labels['editable']}: {editable}.", ""]
    header = labels["header"]
    # The wrapper's class lets docs/assets/stylesheets/extra.css keep check ids on one line.
    lines += ['<div class="grading-table" markdown>', ""]
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * (len(header) - 1) + "---|"]
    for check in lab["checks"]:
        points = f"+{check['points']} ({labels['bonus']})" if check["bonus"] else str(check["points"])
        needs = ", ".join(f"`{parent}`" for parent in check["needs"]) or "—"
        gpu = labels["yes"] if check["gpu"] else labels["no"]
        lines.append(f"| `{check['id']}` | {points} | {gpu} | {needs} | {cell(check['summary'])} |")
    lines += ["", "</div>", ""]
    total = labels["total"].format(points=lab["max_points"])
    if any(check["bonus"] for check in lab["checks"]):
        total += " " + labels["bonus_note"]
    lines += [total, "", labels["gpu_note"], ""]
    lines.append(f'??? info "{labels["details"]}"')
    for check in lab["checks"]:
        lines += ["", f"    `{check['id']}`", ""]
        doc = inspect.cleandoc(check["doc"]) or check["summary"]
        lines += [f"    {line}".rstrip() for line in doc.splitlines()]
    lines.append("")
    return "\n".join(lines)


def render_summary(registry: dict, lang: str) -> str:
    """One row per lab: what a submission must contain, and how much of it needs a GPU."""
    labels = LABELS[lang]
    header = labels["summary_header"]
    lines = [f"<!-- {labels['intro']} -->", "",
             "| " + " | ".join(header) + " |", "|" + "---|" * (len(header) - 1) + "---|"]
    for lab in registry["labs"]:
        editable = ", ".join(f"`{lab['name']}/{name}`" for name in lab["editable"])
        gpu = sum(1 for check in lab["checks"] if check["gpu"])
        lines.append(f"| {lab['number']} | {cell(lab['title'])} | {editable} | {lab['max_points']} "
                     f"| {gpu} / {len(lab['checks'])} |")
    lines.append("")
    return "\n".join(lines)


def write_tables(registry: dict, out: Path) -> list[Path]:
    """Write every table; remove tables of labs the registry no longer has."""
    written = []
    for lang in LABELS:
        folder = out / lang
        folder.mkdir(parents=True, exist_ok=True)
        wanted = {f"{lab['name']}.md" for lab in registry["labs"]}
        for stale in folder.glob(GENERATED_GLOB):
            if stale.name not in wanted:
                stale.unlink()
        for lab in registry["labs"]:
            path = folder / f"{lab['name']}.md"
            path.write_text(render_lab(lab, lang), encoding="utf-8")
            written.append(path)
        summary = folder / SUMMARY
        summary.write_text(render_summary(registry, lang), encoding="utf-8")
        written.append(summary)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--registry", type=Path, help="use this --list JSON instead of running the grader")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: docs/_generated)")
    args = parser.parse_args(argv)
    for path in write_tables(load_registry(args.registry), args.out):
        print(path.relative_to(args.out.parent) if args.out == DEFAULT_OUT else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

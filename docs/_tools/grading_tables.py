"""Write the grading table of every lab of both kernel tracks, in English and Spanish, from the grader.

    .venv/bin/python docs/_tools/grading_tables.py            # what `make docs-tables` runs

The grader is the only source: this script runs ``python -m grader --list --kernel K --json FILE``
for each track and writes, per language:
  - ``docs/_generated/<lang>/<NN-name>-<track>.md``: a lab's grading table (lab 00, shared by both
    tracks: ``00-hello-cuda.md``);
  - ``docs/_generated/<lang>/tolerance-<track>-<NN-name>.md``: one sentence, the tolerance of that lab's
    correctness checks (``tolerance-vector-add-00-hello-cuda.md`` for lab 00), so it is stated once;
  - ``docs/_generated/<lang>/labs-summary.md``: one row per lab of the open track, for the instructors;
and the stubs of both tracks, as `make phase-open` would write them, under
``docs/_generated/stubs/<track>/`` (the pages show them whichever track labs/ holds). The lab pages
include these files with pymdownx.snippets, so nothing can disagree with the checks that actually
run. tests/docs/test_docs_tables.py fails when the committed files are stale.

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
sys.path.insert(0, str(REPO))
from grader.files import write_whole  # noqa: E402  (the repository's own, found through REPO)
DEFAULT_OUT = REPO / "docs" / "_generated"
GENERATED_GLOB = "[0-9][0-9]-*.md"  # one table per lab, in each language folder
TOLERANCE_GLOB = "tolerance-*.md"
SUMMARY = "labs-summary.md"  # every lab in one table, for the instructor guide
TRACKS = ("softmax", "gemm")
TITLES_ES = {
    "Hello, CUDA: vector add": "Hola, CUDA: suma de vectores",
    "Naive fused softmax": "Softmax fusionado ingenuo",
    "Tuned fused softmax: the performance gate and the profile": "Softmax fusionado afinado: el umbral de rendimiento y el perfil",
    "Fused softmax in Triton, and MiniGPT in PyTorch": "Softmax fusionado en Triton, y MiniGPT en PyTorch",
    "Naive SGEMM": "SGEMM ingenuo",
    "Tuned SGEMM: the performance gate and the profile": "SGEMM afinado: el umbral de rendimiento y el perfil",
    "SGEMM in Triton, and MiniGPT in PyTorch": "SGEMM en Triton, y MiniGPT en PyTorch",
}

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
        "tolerance": "Tolerance: {text}.",
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
        "tolerance": "Tolerancia, en palabras del grader: {text}.",
        "summary_header": ("Lab", "Título", "Archivos que se toman de la entrega", "Puntos", "Comprobaciones que necesitan GPU"),
    },
}


def load_registry(registry_json: Path | None, kernel: str = "softmax") -> dict:
    """A track's registry as the grader lists it; runs the grader unless a file is given."""
    if registry_json is not None:
        return json.loads(registry_json.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "registry.json"
        proc = subprocess.run(
            [sys.executable, "-m", "grader", "--list", "--kernel", kernel, "--json", str(out)],
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
        title = TITLES_ES.get(lab["title"], lab["title"]) if lang == "es" else lab["title"]
        lines.append(f"| {lab['number']} | {cell(title)} | {editable} | {lab['max_points']} "
                     f"| {gpu} / {len(lab['checks'])} |")
    lines.append("")
    return "\n".join(lines)


def table_name(lab: dict, track: str) -> str:
    return f"{lab['name']}.md" if lab["number"] == "00" else f"{lab['name']}-{track}.md"


def tolerance_name(lab: dict, track: str) -> str:
    return f"tolerance-{lab['op'].replace('_', '-')}-{lab['name']}.md" if lab["number"] == "00" else \
        f"tolerance-{track}-{lab['name']}.md"


def write_tables(registries: dict[str, dict], out: Path, open_track: str) -> list[Path]:
    """Write every table, tolerance sentence and docs stub; remove what the registries no longer have."""
    written = []
    for lang in LABELS:
        folder = out / lang
        folder.mkdir(parents=True, exist_ok=True)
        files: dict[str, str] = {}
        for track, registry in registries.items():
            for lab in registry["labs"]:
                files[table_name(lab, track)] = render_lab(lab, lang)
                files[tolerance_name(lab, track)] = (f"<!-- {LABELS[lang]['intro']} -->\n\n"
                                                     + LABELS[lang]["tolerance"].format(text=lab["tolerance"]) + "\n")
        files[SUMMARY] = render_summary(registries[open_track], lang)
        for stale in [*folder.glob(GENERATED_GLOB), *folder.glob(TOLERANCE_GLOB)]:
            if stale.name not in files:
                stale.unlink()
        for name, text in files.items():
            path = folder / name
            write_whole(path, text)
            written.append(path)
    written += write_stubs(out / "stubs")
    return written


def write_stubs(folder: Path) -> list[Path]:
    """Both tracks' stubs, as `make phase-open` writes them into labs/ (grader/stubs.py makes them)."""
    sys.path.insert(0, str(REPO))
    from grader import stubs
    from grader.registry import all_labs

    written = []
    for track in TRACKS:
        for lab in all_labs(track):
            for path, text in stubs.planned(lab).items():
                if Path(path).relative_to(f"labs/{lab.name}").as_posix() not in lab.editable:
                    continue  # the read-only reference files are not stubs
                target = folder / track / Path(path).relative_to("labs")
                write_whole(target, text)
                written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--registry", type=Path, help="use this --list JSON instead of running the grader")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: docs/_generated)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    from grader import phase

    registries = {track: load_registry(args.registry, track) for track in TRACKS}
    for path in write_tables(registries, args.out, phase.kernel()):
        print(path.relative_to(args.out.parent) if args.out == DEFAULT_OUT else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

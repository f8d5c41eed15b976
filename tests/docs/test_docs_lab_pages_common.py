"""Helpers of the lab-page tests (no tests here): lab pages, their track tabs, the stubs' TODO ids.

The tracks and their files are those of the lead's TRACKS decision (lab 00 is shared; the
MiniGPT port follows the Triton kernel in lab 03, so its TODO numbers depend on the track).
"""
from __future__ import annotations

import re
from pathlib import Path

from docs_helpers import DOCS, REPO

LABS = ("00-hello-cuda", "01-naive-kernel", "02-tuned-kernel", "03-triton-and-pytorch")
TRACK_LABS = LABS[1:]  # labs with one statement per track
TRACKS = ("softmax", "gemm")

# Tab labels, in the order the pages show them (the open-by-default track first).
TAB_LABELS = {
    "en": {"Fused softmax": "softmax", "GEMM": "gemm"},
    "es": {"Softmax fusionado": "softmax", "GEMM": "gemm"},
}

# The files whose stubs carry a lab's TODO notes, in the order the lab declares them.
SHARED_FILES = {"00-hello-cuda": ("vector_add.cu",)}
TRACK_FILES = {
    "softmax": {
        "01-naive-kernel": ("softmax_naive.cu",),
        "02-tuned-kernel": ("softmax_tuned.cu",),
        "03-triton-and-pytorch": ("softmax_triton.py", "minigpt_torch.py"),
    },
    "gemm": {
        "01-naive-kernel": ("sgemm_naive.cu",),
        "02-tuned-kernel": ("sgemm_tuned.cu",),
        "03-triton-and-pytorch": ("sgemm_triton.py", "minigpt_torch.py"),
    },
}

TODO_ID = re.compile(r"TODO\((\d\d-\d+)\)")
# A TODO note as the stub generator writes it: a comment line, not the NotImplementedError text.
TODO_NOTE = re.compile(r"^\s*(?://|#)\s*TODO\((\d\d)-(\d+)\):", re.M)
TAB = re.compile(r'^(?P<indent>\s*)=== "(?P<label>[^"]+)"\s*$')
HEADING = re.compile(r"^(#{2,6})\s.*\{\s*#(?P<id>[\w-]+)\s*\}\s*$")


def page(lang: str, lab: str) -> str:
    return (DOCS / lang / "lab" / f"{lab}.md").read_text(encoding="utf-8")


def indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def split_tabs(text: str, lang: str) -> dict[str | None, str]:
    """The page's text, split by track: key None holds the lines outside every tab."""
    labels = TAB_LABELS[lang]
    parts: dict[str | None, list[str]] = {None: [], **{t: [] for t in TRACKS}}
    current: str | None = None
    tab_indent = -1
    for line in text.splitlines():
        m = TAB.match(line)
        if m:
            assert m["label"] in labels, f"unknown tab label {m['label']!r} (expected one of {sorted(labels)})"
            current, tab_indent = labels[m["label"]], indent_of(line)
            continue
        if current is not None and line.strip() and indent_of(line) <= tab_indent:
            current = None
        parts[current].append(line)
    return {k: "\n".join(v) for k, v in parts.items()}


def visible(text: str, lang: str, track: str) -> str:
    """What a reader of one track sees: the shared text and that track's tabs."""
    parts = split_tabs(text, lang)
    return parts[None] + "\n" + parts[track]


def section(text: str, anchor: str) -> str:
    """The lines of the `## ... { #anchor }` section, up to the next level-2 heading."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"^##\s.*\{{\s*#{anchor}\s*\}}\s*$", line))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start:end])


def stub_sources(lab: str, track: str | None) -> dict[str, str] | None:
    """The stubs of a lab for a track, file name -> text, in the lab's file order.

    From labs/ when that track is the open one (all its files are there); otherwise generated
    from solutions/ with the stub generator; None when the track's solutions do not exist.
    """
    from grader import stubs

    files = SHARED_FILES[lab] if track is None else TRACK_FILES[track][lab]
    in_labs = [REPO / "labs" / lab / f for f in files]
    if all(p.is_file() for p in in_labs):
        return {p.name: p.read_text(encoding="utf-8") for p in in_labs}
    in_solutions = [REPO / "solutions" / lab / f for f in files]
    if not all(p.is_file() for p in in_solutions):
        return None
    out, first = {}, 1
    for p in in_solutions:
        text = p.read_text(encoding="utf-8")
        out[p.name] = stubs.make_stub(text, lab[:2], p.name, first)
        first += stubs.count_regions(text)
    return out


def stub_ids(sources: dict[str, str]) -> list[str]:
    """Every TODO note's id, in file order (duplicates kept, so that a test can see them)."""
    return [f"{m[1]}-{m[2]}" for text in sources.values() for m in TODO_NOTE.finditer(text)]


def text_files(root: Path):
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in (".cu", ".py", ".md", ".txt", ".json", ".h", ".cuh"):
            yield path

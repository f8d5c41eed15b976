"""The lab pages state goals and constraints, keep step-by-step help in hint ladders, show both
tracks, and take every tolerance and grading table from the generated snippets."""
from __future__ import annotations

import re

import pytest

from docs_helpers import LANGS
from test_docs_lab_pages_common import LABS, TAB, TAB_LABELS, TRACK_LABS, TRACKS, indent_of, page, section, split_tabs

SNIPPET = re.compile(r'^\s*--8<--\s+"(?P<path>[^"]+)"\s*$', re.M)
HINT = {"en": re.compile(r'^\s*\?\?\? tip "Hint (\d): (.+)"\s*$'),
        "es": re.compile(r'^\s*\?\?\? tip "Pista (\d): (.+)"\s*$')}
HINT_TITLES = {"en": ("the idea", "the structure", "the detail"),
               "es": ("la idea", "la estructura", "el detalle")}
# Sections whose statement differs between the tracks: each has a tab per track, softmax first.
TABBED_SECTIONS = ("goal", "files-you-edit", "tasks", "grading")
# Tolerances written by hand in earlier versions of the pages; the generated sentences replace them.
HAND_TOLERANCE = re.compile(r"10(⁻⁸|\^\{-8\})\s*(·|\\cdot)|10⁻⁷|10\^\{-7\}|within 10⁻⁴|margen de 10⁻⁴")


def snippets(text: str) -> list[str]:
    return SNIPPET.findall(text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lab", TRACK_LABS)
def test_lab_pages_show_both_tracks_softmax_first(lang, lab):
    text = page(lang, lab)
    for anchor in TABBED_SECTIONS:
        labels = [m["label"] for line in section(text, anchor).splitlines() if (m := TAB.match(line))]
        assert labels[:2] == list(TAB_LABELS[lang]), \
            f"docs/{lang}/lab/{lab}.md#{anchor}: expected tabs {list(TAB_LABELS[lang])} first, found {labels}"
    assert "make phase-open KERNEL=" in text, f"docs/{lang}/lab/{lab}.md must say how the track is chosen"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lab", TRACK_LABS)
def test_lab_pages_include_each_tracks_generated_snippets_once(lang, lab):
    """The grading table and the tolerance sentence of each track come from docs/_generated, once."""
    parts = split_tabs(page(lang, lab), lang)
    assert not [p for p in snippets(parts[None]) if "/_generated/" in p and "tolerance-" in p], \
        f"docs/{lang}/lab/{lab}.md: a tolerance outside the track tabs"
    for track in TRACKS:
        found = snippets(parts[track])
        for wanted in (f"docs/_generated/{lang}/{lab}-{track}.md",
                       f"docs/_generated/{lang}/tolerance-{track}-{lab}.md"):
            assert found.count(wanted) == 1, \
                f"docs/{lang}/lab/{lab}.md ({track} tab) includes {wanted} {found.count(wanted)} times, expected once"
        stubs = [p for p in found if "/_generated/stubs/" in p]  # code: the same in every language
        other = [p for p in found if "/_generated/" in p and f"/{lang}/" not in p and p not in stubs]
        assert not other, f"docs/{lang}/lab/{lab}.md includes snippets of another language: {other}"
        foreign = [p for p in stubs if f"/_generated/stubs/{track}/" not in p]
        assert not foreign, f"docs/{lang}/lab/{lab}.md ({track} tab) shows another track's stub: {foreign}"


@pytest.mark.parametrize("lang", LANGS)
def test_lab_pages_lab00_includes_its_snippets_once(lang):
    found = snippets(page(lang, "00-hello-cuda"))
    for wanted in (f"docs/_generated/{lang}/00-hello-cuda.md",
                   f"docs/_generated/{lang}/tolerance-vector-add-00-hello-cuda.md"):
        assert found.count(wanted) == 1, f"docs/{lang}/lab/00-hello-cuda.md includes {wanted} {found.count(wanted)} times"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lab", LABS)
def test_lab_pages_state_no_tolerance_by_hand(lang, lab):
    found = [m.group(0) for m in HAND_TOLERANCE.finditer(page(lang, lab))]
    assert not found, f"docs/{lang}/lab/{lab}.md states a tolerance by hand ({found}): include the generated sentence"


def hint_ladders(text: str, lang: str) -> list[list[tuple[int, str]]]:
    """Consecutive runs of numbered hints, e.g. [[(1, 'the idea'), (2, ...), (3, ...)], ...]."""
    ladders: list[list[tuple[int, str]]] = []
    for line in text.splitlines():
        m = HINT[lang].match(line)
        if not m:
            continue
        step = (int(m[1]), m[2])
        if step[0] == 1 or not ladders:
            ladders.append([step])
        else:
            ladders[-1].append(step)
    return ladders


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lab", LABS)
def test_lab_pages_hints_go_from_the_idea_to_the_detail(lang, lab):
    """Every task's hints are a ladder: the idea, then the structure, then the detail."""
    text = page(lang, lab)
    ladders = hint_ladders(section(text, "tasks"), lang)
    assert ladders, f"docs/{lang}/lab/{lab}.md has no hint ladder under its tasks"
    expected = [(i + 1, title) for i, title in enumerate(HINT_TITLES[lang])]
    for ladder in ladders:
        assert ladder == expected, f"docs/{lang}/lab/{lab}.md: a hint ladder reads {ladder}, expected {expected}"
    outside = hint_ladders(text.replace(section(text, "tasks"), ""), lang)
    assert not outside, f"docs/{lang}/lab/{lab}.md: numbered hints outside the tasks: {outside}"


@pytest.mark.parametrize("lab", LABS)
def test_lab_pages_spanish_has_the_same_hints(lab):
    counts = {lang: [len(ladder) for ladder in hint_ladders(page(lang, lab), lang)] for lang in LANGS}
    assert counts["en"] == counts["es"], f"{lab}: hint ladders differ between languages: {counts}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lab", LABS)
def test_lab_pages_tasks_show_code_only_inside_hints(lang, lab):
    """The tasks say what must hold; code, where there is any, waits inside a collapsed hint."""
    admonitions: list[int] = []  # indentation of the open ??? blocks
    for line in section(page(lang, lab), "tasks").splitlines():
        if not line.strip():
            continue
        while admonitions and indent_of(line) <= admonitions[-1]:
            admonitions.pop()
        if line.lstrip().startswith("???"):
            admonitions.append(indent_of(line))
        elif line.lstrip().startswith("```"):
            assert admonitions, f"docs/{lang}/lab/{lab}.md: a code block in the tasks, outside every hint: {line.strip()}"

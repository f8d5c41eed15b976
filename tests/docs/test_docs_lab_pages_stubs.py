"""Stubs and lab pages agree: TODO ids per lab, every id named on its page, nothing points into solutions/."""
from __future__ import annotations

import re

import pytest

from docs_helpers import DOCS, LANGS, REPO
from test_docs_lab_pages_common import (LABS, TODO_ID, TRACK_LABS, TRACKS, page, split_tabs, stub_ids, stub_sources, text_files,
                            visible)


@pytest.mark.parametrize("lab", LABS)
def test_lab_pages_stub_todo_ids_run_once_through_the_lab(lab):
    """TODO(NN-k) numbers run 1..n across all of a lab's stubs: one id, one place."""
    tracks = [None] if lab == "00-hello-cuda" else TRACKS
    checked = 0
    for track in tracks:
        sources = stub_sources(lab, track)
        if sources is None:
            continue
        ids = stub_ids(sources)
        assert ids, f"{lab} ({track}): the stubs have no TODO note"
        assert ids == [f"{lab[:2]}-{k}" for k in range(1, len(ids) + 1)], \
            f"{lab} ({track}): TODO ids {ids} do not run 1..n across {list(sources)}"
        checked += 1
    assert checked, f"{lab}: no stub of any track found"


def test_lab_pages_stub_numbering_follows_the_declared_file_order(tmp_path, monkeypatch):
    """The generator numbers a lab's regions across files in the order Lab.editable gives."""
    from grader import stubs
    from grader.registry import Lab

    sol = tmp_path / "solutions" / "07-sample"
    sol.mkdir(parents=True)
    region = "# BEGIN SOLUTION\n# TODO: {}\nx = 1\n# END SOLUTION\n"
    (sol / "first.py").write_text(region.format("a") + region.format("b"))
    (sol / "second.py").write_text(region.format("c"))
    monkeypatch.setattr(stubs, "REPO", tmp_path)
    plan = stubs.planned(Lab("07", "sample", "Sample", editable=("second.py", "first.py"), docs="lab/x.md"))
    assert "TODO(07-1): c" in plan["labs/07-sample/second.py"]
    assert "TODO(07-2): a" in plan["labs/07-sample/first.py"]
    assert "TODO(07-3): b" in plan["labs/07-sample/first.py"]


def _page_and_stub_ids(lang: str, lab: str, track: str | None) -> tuple[set[str], set[str] | None]:
    text = page(lang, lab)
    shown = text if track is None else visible(text, lang, track)
    sources = stub_sources(lab, track)
    return set(TODO_ID.findall(shown)), (None if sources is None else set(stub_ids(sources)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lab,track", [("00-hello-cuda", None)] + [(lab, t) for lab in TRACK_LABS for t in TRACKS])
def test_lab_pages_name_every_todo_of_their_stubs(lang, lab, track):
    """Each TODO of a track's stubs is named on what that track's reader sees, and nothing else is."""
    named, in_stubs = _page_and_stub_ids(lang, lab, track)
    where = f"docs/{lang}/lab/{lab}.md" + (f" ({track} track)" if track else "")
    if in_stubs is None:
        # The track's stubs do not exist yet: its statement must not invent TODO ids.
        assert not named, f"{where} names {sorted(named)}, but the track's stubs do not exist"
        return
    assert not in_stubs - named, f"{where} never names {sorted(in_stubs - named)}, which its stubs have"
    assert not named - in_stubs, f"{where} names {sorted(named - in_stubs)}, which no stub of the track has"


def test_lab_pages_and_stubs_never_point_into_solutions():
    """Learners are never sent to the reference solutions: not by a stub, not by a lab page."""
    offenders = [p.relative_to(REPO).as_posix() for p in text_files(REPO / "labs")
                 if "solutions/" in p.read_text(encoding="utf-8", errors="replace")]
    offenders += [p.relative_to(REPO).as_posix() for lang in LANGS for p in sorted((DOCS / lang / "lab").glob("*.md"))
                  if "solutions/" in p.read_text(encoding="utf-8")]
    assert not offenders, f"these mention solutions/: {offenders}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lab", TRACK_LABS)
def test_lab_pages_describe_the_stubs_kernels(lang, lab):
    """The open track's page names every kernel its stub defines, and no block size it lacks."""
    sources = stub_sources(lab, "softmax")
    shown = visible(page(lang, lab), lang, "softmax")
    kernels = set()
    for name, text in sources.items():
        kernels |= set(re.findall(r"__global__\s+void\s+(?:__launch_bounds__\([^)]*\)\s+)?(\w+)", text))
        kernels |= set(re.findall(r"^@triton\.jit\s*\ndef\s+(\w+)", text, re.M))
    # A page may drop a CUDA kernel's `softmax_` prefix and `_kernel` suffix, as the stub's own legend does.
    missing = sorted(k for k in kernels
                     if f"`{k}`" not in shown and f"`{k.removeprefix('softmax_').removesuffix('_kernel')}`" not in shown)
    assert not missing, f"docs/{lang}/lab/{lab}.md does not name {missing}, which its stub defines"
    stub_text = "\n".join(sources.values())
    unknown = sorted({b for b in re.findall(r"\bBLOCK_[A-Z]+\b", shown) if b not in stub_text})
    assert not unknown, f"docs/{lang}/lab/{lab}.md describes {unknown}, which its stub does not have"

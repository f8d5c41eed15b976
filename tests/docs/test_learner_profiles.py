"""learners/: the template and the example learner the phase pages refer to."""
from __future__ import annotations

import re

from docs_helpers import REPO

LEARNERS = REPO / "learners"
PHASE24 = re.compile(r"^## Phase 24\b.*?$(?P<body>.*?)(?=^## |\Z)", re.M | re.S)


def phase24(path):
    match = PHASE24.search(path.read_text(encoding="utf-8"))
    assert match, f"{path.relative_to(REPO)} has no '## Phase 24' section"
    return match.group(0)


def test_learner_profiles_template_has_every_phase_up_to_24():
    text = (LEARNERS / "_template" / "profile.md").read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r"^## Phase (\d+)\b", text, re.M)]
    assert numbers == list(range(1, 25))
    assert "## Phase 24 — CUDA & Triton hands-on" in text


def test_learner_profiles_template_phase24_is_only_placeholders():
    section = phase24(LEARNERS / "_template" / "profile.md")
    body = section.split("\n", 1)[1]
    assert re.sub(r"<!--.*?-->", "", body, flags=re.S).strip() == "", "the template's Phase 24 must be placeholders only"
    assert "TODO" in body
    # The grader wants the learner's own mention of PyTorch: the placeholder must not supply one.
    assert not re.search(r"\b(py)?torch\b", body, re.I)


def test_learner_profiles_borja_phase24_is_still_the_template():
    assert phase24(LEARNERS / "borja" / "profile.md") == phase24(LEARNERS / "_template" / "profile.md")


def test_learner_profiles_borja_records_no_pytorch_yet():
    text = (LEARNERS / "borja" / "profile.md").read_text(encoding="utf-8")
    assert re.search(r"not used PyTorch", text)
    for phase in (1, 15, 17, 22, 23):
        assert re.search(rf"^## Phases? [\d–, ]*\b{phase}\b", text, re.M), f"no section for Phase {phase}"


def test_learner_profiles_readme_explains_purpose_and_language():
    text = (LEARNERS / "README.md").read_text(encoding="utf-8")
    assert "running record" in text and "instructors" in text
    assert "English or in Spanish" in text

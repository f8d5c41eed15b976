"""learners/: the template and the example learner the phase pages refer to."""
from __future__ import annotations

import re

from docs_helpers import REPO

LEARNERS = REPO / "learners"
PHASE24 = re.compile(r"^## Phase 24\b.*?$(?P<body>.*?)(?=^## |\Z)", re.M | re.S)
PHASE24_HEADING = "Phase 24 — CUDA & Triton hands-on"  # the template's; the grader looks for it


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


HEADING = re.compile(r"^## (?P<text>.+?)\s*$", re.M)
PHASES = re.compile(r"^Phases? (?P<numbers>\d+(?:\s*(?:–|-|,)\s*\d+)*)\b")
TABLE_ROWS = ("Learner", "Profile language", "Last phase completed")


def covered(numbers: str) -> list[int]:
    """'2–14' -> [2, ..., 14]; '18, 19' -> [18, 19]; '24' -> [24]."""
    out: list[int] = []
    for part in re.split(r"\s*,\s*", numbers):
        ends = [int(n) for n in re.split(r"\s*[–-]\s*", part)]
        out += list(range(ends[0], ends[-1] + 1))
    return out


def profile_problems(text: str) -> list[str]:
    """What keeps a profile from having the template's format (empty when it has it).

    The format, from learners/_template/profile.md and learners/README.md: a `# Learner profile: NAME`
    title; the table with the learner, the profile's language and the last phase completed; a
    `## Summary`; then `## Phase N` sections (a learner may group them: `## Phases 2–14 — ...`) that
    cover phases 1 to 24 (and any later ones) once each, in order, with the template's exact Phase 24 heading,
    which the grader looks for. What the sections say is the learner's: placeholders or their own words.
    """
    problems = []
    if not re.match(r"# Learner profile: \S", text):
        problems.append("the first line is not `# Learner profile: NAME`")
    for row in TABLE_ROWS:
        if not re.search(rf"^\| {re.escape(row)} \|[^|\n]*\S[^|\n]*\|\s*$", text, re.M):
            problems.append(f"the table has no `| {row} | ... |` row")
    headings = HEADING.findall(text)
    if not headings or headings[0] != "Summary":
        problems.append("the first section is not `## Summary`")
    phases: list[int] = []
    for heading in headings[1:]:
        match = PHASES.match(heading)
        if match is None:
            problems.append(f"`## {heading}` is neither the summary nor a phase section")
            continue
        phases += covered(match["numbers"])
    if phases != list(range(1, max(24, len(phases)) + 1)):  # later phases may follow 24
        problems.append(f"the phase sections cover {phases}, not phases 1 to 24 (or more) once each, in order")
    if PHASE24_HEADING not in headings:
        problems.append(f"no `## {PHASE24_HEADING}` heading (the grader looks for it)")
    return problems


def test_learner_profiles_every_profile_has_the_template_format():
    profiles = sorted(LEARNERS.glob("*/profile.md"))
    assert LEARNERS / "borja" / "profile.md" in profiles and LEARNERS / "_template" / "profile.md" in profiles
    for path in profiles:
        assert profile_problems(path.read_text(encoding="utf-8")) == [], path.relative_to(REPO)


def phase24_from(text: str) -> str:
    return text.split(f"## {PHASE24_HEADING}", 1)[1]


def test_learner_profiles_format_accepts_a_phase24_in_the_learners_words():
    text = (LEARNERS / "borja" / "profile.md").read_text(encoding="utf-8")
    done = re.sub(r"(## Phase 24 .*?\n).*\Z", r"\1\nCan do: write, launch and profile a softmax kernel in CUDA C and "
                  r"Triton. PyTorch is now a tool I understand: tensors over storage, autograd, nn.Module.\n", text,
                  flags=re.S)
    assert done != text and "TODO" not in phase24_from(done)
    assert profile_problems(done) == []


def move_phase16_after_17(text: str) -> str:
    sections = re.split(r"(?=^## )", text, flags=re.M)
    i = next(n for n, sec in enumerate(sections) if sec.startswith("## Phase 16\n"))
    sections[i], sections[i + 1] = sections[i + 1], sections[i]
    return "".join(sections)


# name -> (how to break borja's profile, what the format check must then say)
MALFORMED = {
    "no title": (lambda t: t.replace("# Learner profile: Borja", "# Borja"), "# Learner profile"),
    "no table row": (lambda t: re.sub(r"^\| Profile language \|.*\n", "", t, flags=re.M), "Profile language"),
    "an empty table cell": (lambda t: t.replace("| Learner | Borja |", "| Learner |  |"), "| Learner |"),
    "no summary": (lambda t: t.replace("## Summary", "## About me"), "## Summary"),
    "a phase missing": (lambda t: re.sub(r"^## Phase 16\n.*?(?=^## )", "", t, flags=re.M | re.S), "phases 1 to 24"),
    "a phase twice": (lambda t: t.replace("## Phase 15 — Math", "## Phase 16 — Math", 1), "phases 1 to 24"),
    "phases out of order": (move_phase16_after_17, "in order"),
    "an unknown section": (lambda t: t.replace("## Phase 16\n", "## Notes\n\nmisc\n\n## Phase 16\n"), "## Notes"),
    "phase 24 renamed": (lambda t: t.replace(f"## {PHASE24_HEADING}", "## Phase 24 — what I learnt"), "grader"),
}


def test_learner_profiles_format_rejects_malformed_profiles():
    text = (LEARNERS / "borja" / "profile.md").read_text(encoding="utf-8")
    for name, (break_it, said) in MALFORMED.items():
        broken = break_it(text)
        assert broken != text, f"the {name!r} control did not change the profile"
        problems = profile_problems(broken)
        assert any(said in p for p in problems), f"a profile with {name}: {problems}"


def test_learner_profiles_readme_explains_purpose_and_language():
    text = (LEARNERS / "README.md").read_text(encoding="utf-8")
    assert "running record" in text and "instructors" in text
    assert "English or in Spanish" in text

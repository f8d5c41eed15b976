"""Lab 03: the track's kernel in Triton, the PyTorch port of MiniGPT, and the learner's profile."""
from __future__ import annotations

import re

from grader.checks.profile_text import code_mask, decoded, hidden_html, shown_words, without_html_comments
from grader.context import Context
from grader.discover import read_learner_profile
from grader.labs import lab03_port, lab03_triton
from grader.registry import Lab
from grader.results import Result, failed, passed, skipped

# The section runs to the next heading of level 1 or 2, as the page ends it: `# ...`, `## ...`, or a line of text
# underlined with `===` or `---` (setext; not under a list item, an indented line (most often a list item's), a quote
# or a heading, where `---` is a rule). Ended at `## ` alone, it ran on through `# Notes` or `Phase 25` over `---`,
# and the next section's words were counted as Phase 24's (red team rt47).
SECTION = re.compile(r"^ {0,3}##[ \t]+Phase 24\b.*?$(?P<body>.*?)(?=^ {0,3}#{1,2}(?:[ \t]|$)"
                     r"|^(?![ \t]|(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)|[>#])\S[^\n]*\n {0,3}(?:=+|-+)[ \t]*$|\Z)",
                     re.M | re.S)
MIN_WORDS = 40
MIN_DIFFERENT_WORDS = 20  # of them, told apart as words (case and punctuation aside): `torch` forty times is no prose


def make(spec) -> Lab:
    triton_file = f"{spec.stem}_triton.py"
    lab = Lab("03", "triton-and-pytorch", f"{spec.title[0].upper() + spec.title[1:]} in Triton, and MiniGPT in PyTorch",
              editable=(triton_file, "minigpt_torch.py"), readonly=("minigpt_numpy.py", "corpus.txt"),
              docs="lab/03-triton-and-pytorch.md", op=spec.name)
    lab03_triton.register(lab, spec, triton_file)
    lab03_port.register(lab)
    lab.prepare += [lambda ctx: lab03_triton.prespawn(ctx, triton_file), lab03_port.prespawn]
    if spec.bonus_hook:
        lab03_triton.register_bonus(lab, spec, triton_file, "minigpt_torch.py")
    lab.check("03.learner.profile", points=1, lane="learner")(learner_profile)
    return lab


def phase24_body(markdown: str) -> str | None:
    """The Phase 24 section's text, found by the headings the page shows: none inside an HTML comment or in code.
    Found in the raw text, a heading and its words inside a comment opened above it (which render as nothing) were
    counted, and a `## ` line in a fenced block (a Python comment) ended the section, its words after it uncounted
    (red team rt47: the first passed, the second refused a right profile as too short)."""
    shown = without_html_comments(markdown)
    m = SECTION.search(code_mask(shown))  # the same length as ``shown``: its offsets are shown's
    return None if m is None else shown[m.start("body"):m.end("body")]


def phase24_text(markdown: str) -> str | None:
    body = phase24_body(markdown)
    return None if body is None else " ".join(shown_words(body, markdown))  # a definition above it makes a link


def learner_profile(ctx: Context) -> Result:
    """Your learner profile has a Phase 24 section, in your own words, about PyTorch.

    With `--learner NAME` (`make grade LEARNER=NAME`), learners/NAME/profile.md needs a
    `## Phase 24` section that is not the template's text and records what you now
    know of PyTorch. Without a learner name the check is skipped.
    """
    hint = "see learners/README.md"
    if not ctx.learner:
        return skipped("no learner named: run `make grade LEARNER=yourname` to check learners/yourname/profile.md",
                       hint=hint)
    path, data, why = read_learner_profile(ctx.submission.parent, ctx.learner)
    if data is None and not why:
        return failed(f"no profile at {path}", details=[
            f"expected: learners/{ctx.learner}/profile.md (copy learners/_template/profile.md to start)"], hint=hint)
    if data is None:
        return failed(f"learners/{ctx.learner}/profile.md {why}", details=[
            "expected: a page or two of prose in Markdown, in a plain file of your own clone"], hint=hint)
    # Markdown ends a line at LF, CR or CRLF; the section's pattern knows LF only (a CRLF file's `===` underline was
    # no heading, and a CR file one line: red team rt47): decoded() reads each as LF
    markdown = decoded(data)
    text = phase24_text(markdown)
    if text is not None and (tag := hidden_html(phase24_body(markdown))) is not None:
        return failed(f"the Phase 24 section uses HTML that can hide text ({tag!r})", hint=hint, details=[
            "expected: Markdown; words are counted as the page shows them, and an HTML tag with attributes "
            "(hidden, style) or an element that never shows is refused"])
    if text is None:
        return failed(f"{path.name} has no `## Phase 24` section", hint=hint,
                      details=["expected: a heading `## Phase 24 ...` with what this phase changed for you"])
    template = phase24_text((ctx.repo / "learners" / "_template" / "profile.md").read_text()) or ""
    if text == template or len(text.split()) < MIN_WORDS:
        what = "shows no words" if not text.split() else "is still the template" if text == template else \
            f"is too short ({len(text.split())} of the {MIN_WORDS} words it needs)"
        return failed(f"the Phase 24 section {what}", hint=hint, details=[
            f"expected: at least {MIN_WORDS} words of your own", f"found: {len(text.split())} words"])
    different = len({w for w in (re.sub(r"[^\w]+", "", w).lower() for w in text.split()) if w})
    if different < MIN_DIFFERENT_WORDS:  # red team, session 52: one word forty times passed
        return failed(f"the Phase 24 section repeats a few words ({different} of the {MIN_DIFFERENT_WORDS} "
                      "different words it needs)", hint=hint, details=[
                          f"expected: at least {MIN_WORDS} words of your own, {MIN_DIFFERENT_WORDS} of them different: "
                          "a few sentences on what this phase taught you", f"found: {len(text.split())} words, "
                          f"{different} different"])
    if not re.search(r"\b(py)?torch\b", text, re.I):
        return failed("the Phase 24 section does not mention PyTorch", hint=hint, details=[
            "expected: what you now understand of PyTorch (tensors and storage, autograd, nn.Module, ...)"])
    return passed(f"Phase 24 section of learners/{ctx.learner}/profile.md: {len(text.split())} words")

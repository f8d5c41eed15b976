"""03.learner.profile: the named learner's profile has a real Phase 24 section."""
from pathlib import Path

from grader.context import Context, Device
from grader.labs.lab03 import learner_profile, make
from grader.ops import get
from grader.results import Status
from helpers import REPO

SPEC = get("softmax")
lab = make(SPEC)


def ctx_for(root: Path, learner):
    sub = root / "labs" / lab.name
    sub.mkdir(parents=True, exist_ok=True)
    return Context(lab, SPEC, sub, sub, REPO, learner, Device(False), 1, root / "logs")


def write_profile(root: Path, name: str, text: str):
    path = root / "learners" / name / "profile.md"
    path.parent.mkdir(parents=True)
    path.write_text(text)


def test_learner_profile_skips_without_a_name(tmp_path):
    r = learner_profile(ctx_for(tmp_path, None))
    assert r.status == Status.SKIP and "LEARNER=" in r.message


def test_learner_profile_rejects_the_template(tmp_path):
    write_profile(tmp_path, "ana", (REPO / "learners/_template/profile.md").read_text())
    r = learner_profile(ctx_for(tmp_path, "ana"))
    assert r.status == Status.FAIL and "shows no words" in r.message


def test_learner_profile_requires_pytorch(tmp_path):
    body = ("I wrote three CUDA kernels this phase: a naive one, a tuned one that reads each row once, and the same "
            "softmax in Triton. Nsight Compute showed where the time went, and the tuned kernel ran near copy speed "
            "on the big rows, after two weeks of work. ")
    write_profile(tmp_path, "ana", "# Ana\n\n## Phase 24 — CUDA & Triton\n\n" + body)
    r = learner_profile(ctx_for(tmp_path, "ana"))
    assert r.status == Status.FAIL and "PyTorch" in r.message


def test_learner_profile_refuses_a_few_words_repeated(tmp_path):
    """Red team, session 52: `torch` forty times passed as a section of forty words that mentions PyTorch."""
    write_profile(tmp_path, "ana", "# Ana\n\n## Phase 24 — CUDA & Triton\n\n" + "torch " * 40 + "\n")
    r = learner_profile(ctx_for(tmp_path, "ana"))
    assert r.status == Status.FAIL and "repeats a few words (1 of the 20 different words" in r.message, r.message
    write_profile(tmp_path / "b", "ana", "# Ana\n\n## Phase 24 — CUDA & Triton\n\n" +
                  "PyTorch, tensors! Autograd? " * 20 + "\n")  # case and punctuation do not make words different
    r = learner_profile(ctx_for(tmp_path / "b", "ana"))
    assert r.status == Status.FAIL and "(3 of the 20 different words" in r.message, r.message


def test_learner_profile_accepts_a_real_update(tmp_path):
    body = ("I ported MiniGPT to PyTorch: tensors are views over a storage, autograd records a graph of grad_fn "
            "nodes, and nn.Module holds parameters with GPT-2 names. I matched NumPy at fp64 to 1e-12. ") * 2
    write_profile(tmp_path, "ana", f"# Ana\n\n## Phase 23\n\nold\n\n## Phase 24 — CUDA & Triton\n\n{body}\n\n## Phase 25\n")
    r = learner_profile(ctx_for(tmp_path, "ana"))
    assert r.status == Status.PASS, r.message


def test_learner_profile_missing_file_is_a_failure(tmp_path):
    r = learner_profile(ctx_for(tmp_path, "nobody"))
    assert r.status == Status.FAIL and "no profile" in r.message


def test_learner_profile_is_not_read_through_a_linked_folder(tmp_path):
    """learners/eve -> another learner's folder: no link anywhere from learners/ down (red team, session 12)."""
    body = "I learned PyTorch: tensors, storage and autograd, and nn.Module. " * 4
    write_profile(tmp_path / "bob", "bob", f"# Bob\n\n## Phase 24\n\n{body}\n")
    (tmp_path / "learners").mkdir()
    (tmp_path / "learners" / "eve").symlink_to(tmp_path / "bob" / "learners" / "bob")
    r = learner_profile(ctx_for(tmp_path, "eve"))
    assert r.status == Status.FAIL and "symbolic link" in r.message, r.message
    (tmp_path / "learners" / "eve").unlink()
    (tmp_path / "learners").rmdir()
    (tmp_path / "learners").symlink_to(tmp_path / "bob" / "learners")  # the whole learners/ folder linked
    (tmp_path / "bob" / "learners" / "eve").symlink_to("bob")
    r = learner_profile(ctx_for(tmp_path, "eve"))
    assert r.status == Status.FAIL and "symbolic link" in r.message, r.message


def test_learner_profile_over_the_size_limit_is_a_failure(tmp_path):
    write_profile(tmp_path, "ana", "## Phase 24\n\n" + "PyTorch " * 40_000)
    r = learner_profile(ctx_for(tmp_path, "ana"))
    assert r.status == Status.FAIL and "limit" in r.message, r.message


def test_learner_profile_is_read_beside_the_submission_only(tmp_path):
    """A submission with no learners/ folder beside it used to be graded on the grader's own learners/NAME (an
    instructor's tree keeps examples there): a learner named like one passed or failed on words not theirs (red
    team, session 13). The grader's tree here is REPO, which has learners/borja."""
    assert (REPO / "learners" / "borja" / "profile.md").is_file()
    r = learner_profile(ctx_for(tmp_path, "borja"))
    assert r.status == Status.FAIL and "no profile" in r.message and str(tmp_path) in r.message, r.message


def test_learner_profile_counts_the_words_the_page_shows(tmp_path):
    """A Phase 24 section that renders empty passed with 53 words: one link reference definition whose title held
    them (red team, session 15). Such definitions are not counted, and HTML that can hide text is refused."""
    words = " ".join(f"w{i}" for i in range(45))
    write_profile(tmp_path, "zed", f'# Zed\n\n## Phase 24 — CUDA & Triton\n\n[r0]: <https://example.org/0> "PyTorch {words}"\n')
    r = learner_profile(ctx_for(tmp_path, "zed"))
    assert r.status == Status.FAIL and "shows no words" in r.message, r.message
    write_profile(tmp_path, "ann", f"# Ann\n\n## Phase 24 — CUDA & Triton\n\n<div hidden>PyTorch {words}</div>\n")
    r = learner_profile(ctx_for(tmp_path, "ann"))
    assert r.status == Status.FAIL and "can hide text" in r.message, r.message


WORDS = ("I ported MiniGPT to PyTorch: tensors are views over a storage, autograd records a graph of grad_fn nodes, "
         "and nn.Module holds parameters with GPT-2 names. I matched NumPy at fp64 to 1e-12. ") * 2


def test_learner_profile_section_inside_a_comment_is_not_shown(tmp_path):
    """A `## Phase 24` heading and its words inside an HTML comment opened above it render as nothing, and the
    template's empty section below is what the page shows; the section was found in the raw text and its words,
    after the comment's opener, counted: PASS (red team rt47)."""
    template = (REPO / "learners/_template/profile.md").read_text()
    write_profile(tmp_path, "eve", f"# Eve\n\n<!--\n## Phase 24 — CUDA & Triton hands-on\n\n{WORDS}\n-->\n\n{template}")
    r = learner_profile(ctx_for(tmp_path, "eve"))
    assert r.status == Status.FAIL and "shows no words" in r.message, r.message
    write_profile(tmp_path, "ivy", f"# Ivy\n\n<!--\n## Phase 24 — CUDA & Triton hands-on\n\n{WORDS}\n-->\n")
    r = learner_profile(ctx_for(tmp_path, "ivy"))
    assert r.status == Status.FAIL and "no `## Phase 24` section" in r.message, r.message


def test_learner_profile_section_goes_on_past_a_hash_line_in_code(tmp_path):
    """A `## ` line inside a fenced code block (a Python comment) or an HTML comment is no heading on the page, and
    the section goes on past it; it ended the section there, and the words after it were not counted (red team
    rt47: a right profile refused as too short)."""
    code = "```python\n## one optimizer step\nloss.backward()\nopt.step()\n```\n"
    write_profile(tmp_path, "ana", f"# Ana\n\n## Phase 24 — CUDA & Triton\n\nMy training loop:\n\n{code}\n{WORDS}\n")
    r = learner_profile(ctx_for(tmp_path, "ana"))
    assert r.status == Status.PASS, r.message
    write_profile(tmp_path, "bo", f"# Bo\n\n## Phase 24 — CUDA & Triton\n\n<!--\n## Phase 25 (draft)\n-->\n\n{WORDS}\n")
    r = learner_profile(ctx_for(tmp_path, "bo"))
    assert r.status == Status.PASS, r.message


def test_learner_profile_counts_no_words_a_link_hides(tmp_path):
    """An inline link shows its text only: its title (a tooltip) and a destination in <...> (which may hold blanks)
    show nothing, and an image shows a picture, not its alt text. 45 words there passed under one visible word, as
    a reference definition's title had (red team rt47, after session 15)."""
    words = " ".join(f"w{i}" for i in range(45))
    for name, link in (("lea", f'[PyTorch](https://pytorch.org "{words}")'),
                       ("mo", f"[PyTorch](<https://pytorch.org/ {words}>)"),
                       ("nia", f"![PyTorch {words}](loss.png)")):
        write_profile(tmp_path, name, f"# {name}\n\n## Phase 24 — CUDA & Triton\n\n{link}\n")
        r = learner_profile(ctx_for(tmp_path, name))
        assert r.status == Status.FAIL and ("too short" in r.message or "no words" in r.message), (name, r.message)
    link = "[the tutorial](https://pytorch.org/tutorials \"PyTorch tutorials\") and ![loss curve](loss.png)"
    write_profile(tmp_path, "ona", f"# Ona\n\n## Phase 24 — CUDA & Triton\n\n{WORDS} I read {link}.\n")
    r = learner_profile(ctx_for(tmp_path, "ona"))
    assert r.status == Status.PASS, r.message


def test_learner_profile_counts_no_blank_words(tmp_path):
    """A word the page shows has a letter or a digit: 45 zero-width spaces, `&nbsp;` references or empty `<b></b>`
    tags, each between blanks, render as blank space, and each passed as a word (red team rt47)."""
    for name, blank in (("pia", "\u200b"), ("quin", "&nbsp;"), ("rae", "<b></b>")):
        write_profile(tmp_path, name, f"# {name}\n\n## Phase 24 — CUDA & Triton\n\nPyTorch {' '.join([blank] * 45)}\n")
        r = learner_profile(ctx_for(tmp_path, name))
        assert r.status == Status.FAIL and "too short" in r.message, (name, r.message)
    prose = ("Aprendí PyTorch — tensores, *autograd* y `nn.Module` -> el modelo; año 2026, 1e-12 de error. "
             "Después escribí el núcleo en Triton, medí su ancho de banda y leí el perfil de Nsight Compute. " * 3)
    write_profile(tmp_path, "sol", f"# Sol\n\n## Phase 24 — CUDA & Triton\n\n{prose}\n")
    r = learner_profile(ctx_for(tmp_path, "sol"))
    assert r.status == Status.PASS, r.message


def test_learner_profile_section_ends_at_any_heading_of_its_level_or_above(tmp_path):
    """The page ends the Phase 24 section at the next heading of level 1 or 2, written `# ...` or underlined
    (setext: `===` or `---` under a line of text); the section ran on past them, and the next section's words were
    counted as Phase 24's (red team rt47). A `---` under a blank line or a list item is a rule, not a heading."""
    for name, heading in (("sam", "# Notes"), ("tia", "Notes\n====="), ("uma", "Phase 25\n--------")):
        write_profile(tmp_path, name, f"# {name}\n\n## Phase 24 — CUDA & Triton\n\nPyTorch.\n\n{heading}\n\n{WORDS}\n")
        r = learner_profile(ctx_for(tmp_path, name))
        assert r.status == Status.FAIL and "too short" in r.message, (name, r.message)
    for name, rule in (("val", "\n---"), ("wes", "- a list item\n---"), ("xia", "- a list item\n  goes on\n---")):
        write_profile(tmp_path, name, f"# {name}\n\n## Phase 24 — CUDA & Triton\n\nPyTorch.\n{rule}\n\n{WORDS}\n")
        r = learner_profile(ctx_for(tmp_path, name))
        assert r.status == Status.PASS, (name, r.message)


def test_learner_profile_reference_image_defined_above_the_section(tmp_path):
    """A reference image whose definition stands above the Phase 24 section is an image on the page (its alt text
    not shown): the definitions were looked for in the section only, so its 45 words of alt text were counted
    (red team rt47)."""
    words = " ".join(f"w{i}" for i in range(45))
    write_profile(tmp_path, "xan", f"# Xan\n\n[fig]: loss.png\n\n## Phase 24 — CUDA & Triton\n\nPyTorch ![{words}][fig]\n")
    r = learner_profile(ctx_for(tmp_path, "xan"))
    assert r.status == Status.FAIL and "too short" in r.message, r.message


def test_learner_profile_reads_cr_and_crlf_line_endings(tmp_path):
    """Markdown ends a line at LF, CR or CRLF. Read with LF only, a CRLF file's `===` underline was no heading, so
    the next section's words were counted as Phase 24's, and a file with CR line endings was one line, whose
    Phase 24 heading took the whole file: a right section refused as showing no words (red team rt47)."""
    def write(name, text, eol):
        path = tmp_path / "learners" / name / "profile.md"
        path.parent.mkdir(parents=True)
        path.write_bytes(text.replace("\n", eol).encode())
        return learner_profile(ctx_for(tmp_path, name))

    r = write("zoe", f"# Zoe\n\n## Phase 24 — CUDA & Triton\n\nPyTorch.\n\nNotes\n=====\n\n{WORDS}\n", "\r\n")
    assert r.status == Status.FAIL and "too short" in r.message, r.message
    r = write("yul", f"# Yul\n\n## Phase 24 — CUDA & Triton\n\nPyTorch.\n\n## Notes\n\n{WORDS}\n", "\r")
    assert r.status == Status.FAIL and "too short" in r.message, r.message
    for name, eol in (("amy", "\r\n"), ("ben", "\r")):
        r = write(name, f"# {name}\n\n## Phase 24 — CUDA & Triton\n\n{WORDS}\n\n## Phase 25\n", eol)
        assert r.status == Status.PASS, (name, r.message)


def test_learner_profile_reads_what_editors_write(tmp_path):
    """Red team, session 53: a right profile refused as having no `## Phase 24` section when a UTF-8 byte-order mark
    stood before that heading, when Windows Notepad saved it as "Unicode" (UTF-16 with its mark), and when the heading
    was indented by up to three spaces (still a heading in CommonMark). Each is read now; four spaces make code, and
    text that only mentions the heading never counts."""
    section = f"## Phase 24 — CUDA & Triton (José)\n\n{WORDS}\n\n## Phase 25\n"
    cases = {"bom": "\ufeff".encode() + section.replace("\n", "\r\n").encode(),
             "utf16le": section.encode("utf-16"), "utf16be": b"\xfe\xff" + section.encode("utf-16-be"),
             "indented": ("   " + section).encode()}
    for name, data in cases.items():
        path = tmp_path / "learners" / name / "profile.md"
        path.parent.mkdir(parents=True)
        path.write_bytes(data)
        r = learner_profile(ctx_for(tmp_path, name))
        assert r.status == Status.PASS, (name, r.message)
    for name, text in (("code", "    " + section), ("prose", "Write `## Phase 24` here.\n\n" + WORDS)):
        write_profile(tmp_path, name, text)
        r = learner_profile(ctx_for(tmp_path, name))
        assert r.status == Status.FAIL and "has no `## Phase 24` section" in r.message, (name, r.message)

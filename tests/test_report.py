"""The printed report: readable in an 80-column terminal, and as a wide table everywhere else."""
from __future__ import annotations

from pathlib import Path

from rich.console import Console

from grader import report
from grader.context import Device
from grader.pipeline import LabReport, Run
from grader.registry import Lab
from grader.results import failed, passed, skipped

LONG_SKIP = "no learner named: run `make grade LEARNER=yourname` to check learners/yourname/profile.md"


def sample_run() -> Run:
    lab = Lab("03", "triton-and-pytorch", "Fused softmax in Triton, and MiniGPT in PyTorch", editable=(),
              docs="lab/03-triton-and-pytorch.md")

    @lab.check("03.port.fp64", points=1)
    def fp64(ctx):
        """Computes in float64."""

    @lab.check("03.learner.profile", points=1)
    def profile(ctx):
        """The learner's profile."""

    @lab.check("03.triton.method", points=2)
    def method(ctx):
        """How the kernel computes."""

    wrong = failed("softmax_triton.py: not started: the file is still the stub (TODO(03-1), TODO(03-2), TODO(03-3), "
                   "TODO(03-4), TODO(03-5), TODO(03-6) still hold the stub's placeholder)",
                   details=["expected: your code in place of each TODO's placeholder"], hint="see docs/en/lab/x.md#tasks")
    results = [(lab.checks[0], passed("float64 throughout")), (lab.checks[1], skipped(LONG_SKIP)),
               (lab.checks[2], wrong)]
    return Run(Device(False, reason="test"), seed=1, submission=Path("labs"), learner=None, workroot=Path("build"),
               kernel="softmax", isolation="none (test)", labs=[LabReport(lab, results, 0.1)])


def printed(monkeypatch, width: int) -> str:
    console = Console(width=width, record=True, force_terminal=False, highlight=False, soft_wrap=False)
    monkeypatch.setattr(report, "console", lambda: console)
    report.print_report(sample_run(), verbose=False)
    return console.export_text()


def test_report_fits_an_80_column_terminal_without_breaking_words(monkeypatch):
    text = printed(monkeypatch, 80)
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80, "a line is wider than the terminal"
    assert not any(line != line.rstrip() for line in lines), "trailing spaces"
    assert "learners/yourname/profile.md" in text, "a path was broken across lines"
    assert "│" not in text, "a table at 80 columns squeezes the messages into a sliver"
    # Each check on a line of its own, its message indented beneath it.
    at = lines.index(next(line for line in lines if line.startswith("03.learner.profile")))
    assert "SKIP" in lines[at] and lines[at + 1].startswith("    no learner named")
    # A wrapped detail line stays indented under its first line.
    start = lines.index("03.triton.method: FAIL")
    block = lines[start + 1:start + 5]
    assert all(line.startswith("  ") for line in block), block


def test_report_is_a_table_on_a_wide_console(monkeypatch):
    rows = [line for line in printed(monkeypatch, 130).splitlines() if line.startswith("│ 03.")]
    assert [r.split()[1] for r in rows] == ["03.port.fp64", "03.learner.profile", "03.triton.method"], rows
    assert "PASS" in rows[0] and "SKIP" in rows[1] and "no learner named" in rows[1]


def test_report_counts_a_single_skipped_check_in_the_singular(monkeypatch):
    text = printed(monkeypatch, 130)
    assert "1 check was skipped: 03.learner.profile" in text


def test_the_terminal_is_shown_control_characters_never_sent_them():
    """An escape sequence, a carriage return or a bidirectional override in a message is written out (decision 77)."""
    assert report.shown("a\x1b[2Jb\rc\u202ed\u200be") == "a\\x1b[2Jb\\rc\\u202ed\\u200be"
    assert report.shown("line one\n\tline two: 99.7 %") == "line one\n\tline two: 99.7 %"


def test_results_json_is_strict_json_whatever_a_measurement_holds(tmp_path):
    """A learner's Nsight Compute report edited to 1e308 sectors over 1e-300 requests put a bare Infinity in
    results.json, which strict parsers (a browser's, Gradescope's) refuse (red team, session 15)."""
    import json

    from grader.report import write_json

    path = tmp_path / "results.json"
    write_json(path, {"checks": [{"measurements": {"sectors_per_request": float("inf"), "ratio": float("nan"),
                                                   "ok": 1.5}}]})

    def refuse(constant):
        raise ValueError(constant)

    data = json.loads(path.read_text(), parse_constant=refuse)
    assert data["checks"][0]["measurements"] == {"sectors_per_request": None, "ratio": None, "ok": 1.5}

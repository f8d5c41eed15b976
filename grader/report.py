"""The only module that prints results or writes them to a file."""
from __future__ import annotations

import inspect
import io
import json
import os
import platform
import re
import sys
import textwrap
import unicodedata
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from grader.files import write_whole
from grader.context import docs_root
from grader.pipeline import LabReport, Run
from grader.registry import Lab
from grader.results import Result, Status, strict_json

STYLE = {Status.PASS: "bold green", Status.FAIL: "bold red", Status.SKIP: "yellow", Status.NOT_RUN: "dim"}


# Control and format characters: escape sequences, carriage returns, bidirectional overrides, zero-width ones; and
# every space but the ASCII one (a no-break space is no place to wrap for textwrap, but is for a terminal or rich).
_HIDDEN = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs")
# Letters and symbols that print as nothing at all: a braille blank and Hangul's fillers (a fake row's spaces).
_BLANK = frozenset("\u2800\u3164\u115f\u1160\uffa0\u17b4\u17b5")
# One line of a submission's text, at most: a compiler's quote of a 900 000-character line printed 6953 lines of
# report and pushed the table out of the terminal (red team, session 19).
LINE_LIMIT = 1000


def shown(text: str) -> str:
    """Text that may come from a submission (messages quote compiler output, exceptions, file names), as the
    terminal must show it: every control or format character, space other than the ASCII one and blank letter
    written out (\\x1b, \\u202e, \\xa0), so that nothing a submission prints can move the cursor, clear the screen,
    reorder a line or pass for blank; each line cut at LINE_LIMIT characters. Newlines and tabs stay."""
    out = "".join(ch if ch in "\n\t " or (unicodedata.category(ch) not in _HIDDEN and ch not in _BLANK)
                  else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return "\n".join(line if len(line) <= LINE_LIMIT else
                     f"{line[:LINE_LIMIT]}... ({len(line) - LINE_LIMIT} more characters)" for line in out.split("\n"))


def shown_line(text: str) -> str:
    """shown() for text that must stay on one line (the submission's path in the header): newlines and tabs
    written out as well, so that a path holding a newline cannot print a line of its own."""
    return shown(text).replace("\n", "\\n").replace("\t", "\\t")


def console() -> Console:
    # emoji=False: ":white_check_mark:" in a folder's name printed a check mark (red team, session 19)
    return Console(highlight=False, soft_wrap=False, emoji=False, width=None if sys.stdout.isatty() else 130)


def scores(run: Run) -> dict:
    req = bonus = req_max = bonus_max = 0
    for lr in run.labs:
        for check, result in lr.results:
            got = check.points if result.status == Status.PASS else 0
            if check.bonus:
                bonus, bonus_max = bonus + got, bonus_max + check.points
            else:
                req, req_max = req + got, req_max + check.points
    return {"score": req, "max_score": req_max, "bonus": bonus, "bonus_max": bonus_max}


def passed_all(run: Run) -> bool:
    return not any(r.status == Status.FAIL and not c.bonus for lr in run.labs for c, r in lr.results)


def waiting_for_gpu(run: Run) -> list:
    return [(c, r) for lr in run.labs for c, r in lr.results if r.status == Status.SKIP and c.gpu]


def print_report(run: Run, verbose: bool, timings: bool = False) -> None:
    out = console()
    dev = run.device
    where = f"{dev.name} (sm_{dev.sm})" if dev.has_cuda else f"no CUDA device ({dev.reason})"
    out.print(f"[bold]Phase 24 grader[/]  track: {run.kernel}  submission: {escape(shown_line(str(run.submission)))}")
    out.print(f"device: {where}")
    out.print(f"isolation: {run.isolation}")
    out.print(f"seed {run.seed}  (reproduce a failure with GRADER_SEED={run.seed})")
    for lr in run.labs:
        print_lab(out, lr)
        if lr.folder_note:  # folder names are the learner's: wrapped and indented, never at column 0 (red team rt43)
            out.print(indented(out, lr.folder_note, 2), style="yellow")
        if lr.unfinished:  # graded as it is; on a laptop no check may reach the empty kernel
            out.print(f"[yellow]not filled yet: {escape(shown_line(lr.unfinished))} (the stub's placeholder): fill "
                      "each one your code reaches, or delete it[/]")
        for check, result in lr.results:
            if result.status == Status.FAIL or (verbose and (result.details or result.measurements)):
                print_details(out, check.id, result, verbose)
    s = scores(run)
    bonus = f"   bonus {s['bonus']}/{s['bonus_max']} (not part of the score)" if s["bonus_max"] else ""
    pending = waiting_for_gpu(run)
    other = [(c, r) for lr in run.labs for c, r in lr.results if r.status == Status.SKIP and c.points and not c.gpu]
    if not passed_all(run):
        verdict = "[bold red]some checks failed[/]"
    elif pending or other:
        verdict = "[yellow]no check failed, but some were not graded (see below)[/]"
    else:
        verdict = "[bold green]all graded checks passed[/]"
    if timings:
        print_timings(out, run)
    out.print(f"\n[bold]Score: {s['score']}/{s['max_score']}[/]{bonus}   {verdict}   ({run.seconds:.1f} s)")
    if pending:
        pts = sum(c.points for c, _ in pending)
        out.print(f"[yellow]{len(pending)} {'check' if len(pending) == 1 else 'checks'} ({pts} "
                  f"{'point' if pts == 1 else 'points'}) {'waits' if len(pending) == 1 else 'wait'} for a GPU: "
                  "they are not graded here. "
                  f"Run `make grade` on a machine with an NVIDIA GPU ({docs_root()}/no-gpu.md).[/]")
    if other:
        out.print(f"[yellow]{len(other)} {'check was' if len(other) == 1 else 'checks were'} skipped: "
                  f"{', '.join(c.id for c, _ in other)}[/]")
    if run.only:
        out.print(f"[yellow]Graded only what --check chose ({', '.join(run.only)}) and the checks it needs: "
                  "`make grade` without CHECK= grades every check.[/]")


# Below this many columns (an 80-column terminal) the table's message column would be a sliver that breaks
# words: each check is a line of its own, its message indented beneath it.
NARROW = 110


def column_width(ch: str) -> int:
    """The most columns a terminal may give ``ch``, never fewer than it draws (more only wraps a line early): rich's
    count; two for an East Asian wide, full-width or "ambiguous" letter (①, α in some fonts, which a CJK locale draws
    two wide: red team, session 35) and for anything past U+1F000 (emoji, regional indicators); at least one for any
    other. Rich counts an emoji's skin-tone modifier (U+1F3FB, East Asian wide) as none, and a line of them that the
    grader thought short was wrapped by the terminal, its rest at column 0: a fake row (red team, session 53)."""
    n = cell_len(ch)
    if unicodedata.east_asian_width(ch) in ("W", "F", "A") or ord(ch) >= 0x1F000:
        return max(n, 2)
    return n if unicodedata.category(ch) in ("Mn", "Me") else max(n, 1)  # a combining accent joins its letter


FRAME = re.compile("[\u2500-\u257f]")  # box drawing: the table's frame ("ambiguous" width, drawn as rich counts it)


def fits(out: Console, table: Table, texts: list[str]) -> bool:
    """Every line rich lays ``table`` out in fits the console by column_width's count (the frame's characters by
    rich's), and none of ``texts``, the submission's, holds a frame character that could be counted so: rich lays a
    table out by its own count, which gives an emoji modifier no column and an "ambiguous" letter one."""
    if any(FRAME.search(text) for text in texts):
        return False
    plain = Console(width=out.width, file=io.StringIO(), color_system=None, highlight=False, soft_wrap=False,
                    emoji=False)
    with plain.capture() as captured:
        plain.print(table)
    return all(columns(FRAME.sub("-", line)) <= out.width for line in captured.get().splitlines())


def columns(text: str) -> int:
    return sum(map(column_width, text))


def cut(text: str, width: int) -> list[str]:
    """``text`` in pieces of at most ``width`` columns (``column_width``)."""
    pieces, piece, used = [], "", 0
    for ch in text:
        w = column_width(ch)
        if used + w > width and piece:
            pieces.append(piece)
            piece, used = "", 0
        piece, used = piece + ch, used + w
    return pieces + [piece] if piece else pieces


def indented(out: Console, text: str, indent: int) -> Text:
    """``text`` wrapped to the console's width, every line indented: a wrapped line stays under its first. A word
    longer than the line is cut too, so that no line is left for the terminal to wrap: a submission's text wrapped
    there started at column 0, where only the grader's rows and headers start (a fake "PASS" row: red team,
    session 19)."""
    pad, width = " " * indent, max(out.width, indent + 20)
    text = shown(text)
    lines = []
    for part in text.splitlines() or [""]:
        for line in (textwrap.fill(part, width=width, initial_indent=pad, subsequent_indent=pad,
                                   break_long_words=True, break_on_hyphens=False) or pad).splitlines():
            # textwrap counts characters, a terminal columns: a wide letter (漢) takes two, and a line of them
            # textwrap had passed was wrapped by the terminal, its rest at column 0 (a fake row: red team,
            # session 35). Cut again by columns, each piece indented.
            lines += [line] if columns(line) <= width else [pad + piece for piece in cut(line[indent:], width - indent)]
    return Text("\n".join(lines), no_wrap=True, overflow="ignore")


def print_lab(out: Console, lr: LabReport) -> None:
    rows = []
    for check, result in lr.results:
        got = check.points if result.status == Status.PASS else 0
        pts = f"{got}/{check.points}" + (" bonus" if check.bonus else "")
        rows.append((check.id, Text(result.status.value, style=STYLE[result.status]), pts, shown(result.message)))
    title = f"Lab {lr.lab.name}: {lr.lab.title}"
    table = Table(title=title, title_justify="left", expand=False)
    table.add_column("check", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("points", justify="right", no_wrap=True)
    table.add_column("message", overflow="fold")
    for cid, status, pts, message in rows:
        table.add_row(cid, status, pts, Text(message))
    # The table is laid out by rich's count of columns. One that a terminal may draw wider than the console (a line of
    # emoji skin-tone modifiers, no column to rich and two to a terminal: red team, session 53) is printed as a list,
    # each line cut by column_width, or the terminal would wrap its rest to column 0.
    if out.width < NARROW or not fits(out, table, [message for *_, message in rows]):
        out.print(f"\n[bold]{title}[/]")
        width = max(len(cid) for cid, *_ in rows)
        for cid, status, pts, message in rows:
            out.print(Text.assemble(f"{cid:<{width}}  ", status, " " * (8 - len(status)), f"{pts:>9}"))
            if message:
                out.print(indented(out, message, 4))
        return
    out.print(table)


def print_timings(out: Console, run: Run) -> None:
    """Where the time went: the run's stages; each lab's own wall time (labs and their lanes run at once, so
    these overlap) and its slowest checks; then what the seconds inside the checks were spent on."""
    table = Table(title="Where the time went (--timings)", title_justify="left", expand=False)
    table.add_column("stage")
    table.add_column("seconds", justify="right")
    for stage, seconds in run.timings.items():
        table.add_row(stage, f"{seconds:.1f}")
    for lr in run.labs:
        table.add_row(f"lab {lr.lab.number} (its own wall time)", f"{lr.seconds:.1f}")
        for cid, seconds in sorted(lr.timings.items(), key=lambda kv: -kv[1])[:6]:
            if seconds >= 0.05:
                table.add_row(f"  {cid}", f"{seconds:.1f}")
    table.add_row("total", f"{run.seconds:.1f}")
    out.print(table)
    stages: dict[str, float] = {}
    for lr in run.labs:
        for stage, seconds in lr.stages.items():
            stages[stage] = stages.get(stage, 0.0) + seconds
    if stages:
        inside = Table(title="Inside the checks, summed over labs and lanes", title_justify="left", expand=False)
        inside.add_column("what")
        inside.add_column("seconds", justify="right")
        for stage, seconds in sorted(stages.items(), key=lambda kv: -kv[1]):
            if seconds >= 0.05:
                inside.add_row(stage, f"{seconds:.1f}")
        out.print(inside)


def print_details(out: Console, cid: str, result: Result, verbose: bool) -> None:
    out.print(Text(f"\n{cid}: {result.status.value}", style=STYLE[result.status]))
    lines = [result.message, *result.details]
    if verbose and result.measurements:
        lines.append("measurements: " + json.dumps(result.measurements, default=str)[:2000])
    if result.hint:
        lines.append(f"hint: {result.hint}")
    if result.log:
        lines.append(f"log: {result.log}")
    for line in lines:  # indented as a block, so that a wrapped line stays under its first
        out.print(indented(out, line, 2))


def print_listing(labs: list[Lab]) -> None:
    out = console()
    for lab in labs:
        table = Table(title=f"Lab {lab.name}: {lab.title} ({lab.max_points} points)", title_justify="left")
        for col in ("check", "points", "GPU", "needs", "what it checks"):
            table.add_column(col)
        for c in lab.checks:
            pts = f"{c.points}" + (" bonus" if c.bonus else "")
            table.add_row(c.id, pts, "yes" if c.gpu else "", ", ".join(c.needs), c.summary)
        out.print(table)


def listing_json(labs: list[Lab], kernel: str) -> dict:
    from grader.ops import get

    return {"kernel": kernel, "labs": [{
        "number": lab.number, "name": lab.name, "title": lab.title, "docs": lab.docs, "op": lab.op,
        "tolerance": get(lab.op).tolerance.text(), "editable": list(lab.editable), "max_points": lab.max_points,
        "checks": [{"id": c.id, "points": c.points, "gpu": c.gpu, "bonus": c.bonus, "needs": list(c.needs),
                    "summary": c.summary, "doc": inspect.cleandoc(c.doc)} for c in lab.checks],
    } for lab in labs]}


def results_json(run: Run) -> dict:
    """Gradescope's results.json: tests[], score, execution_time, extra_data."""
    tests, measurements = [], {}
    for lr in run.labs:
        for check, r in lr.results:
            got = check.points if r.status == Status.PASS else 0
            text = [f"{r.status.value}: {r.message}", *r.details]
            if r.hint:
                text.append(f"hint: {r.hint}")
            if r.log:
                text.append(f"log: {r.log}")
            tests.append({
                "name": f"{check.id}: {check.summary}",
                "score": got,
                "max_score": 0 if check.bonus else check.points,
                "status": "passed" if r.status in (Status.PASS, Status.SKIP) and not (r.status == Status.SKIP and check.points) else "failed",
                "output": shown("\n".join(text)),  # as the report shows it: no control character reaches a viewer
                "extra_data": {"id": check.id, "grader_status": r.status.value, "bonus": check.bonus},
            })
            if r.measurements:
                measurements[check.id] = r.measurements
    s = scores(run)
    dev = run.device
    return {
        "score": s["score"],
        "execution_time": round(run.seconds, 2),
        "output": f"Phase 24 grader: {s['score']}/{s['max_score']}, seed {run.seed}, track {run.kernel}"
                  + (f", only the checks chosen: {', '.join(run.only)}" if run.only else ""),
        "tests": tests,
        "extra_data": {
            "max_score": s["max_score"], "bonus": {"score": s["bonus"], "max_score": s["bonus_max"]},
            "seed": run.seed, "kernel": run.kernel, "submission": str(run.submission), "learner": run.learner,
            "isolation": run.isolation, "read_hash": run.read_hash, "only": list(run.only),
            "device": {"has_cuda": dev.has_cuda, "name": dev.name, "capability": list(dev.capability),
                       "sm_count": dev.sm_count, "reason": dev.reason},
            "toolchain": {**dev.versions, "platform": platform.platform()},
            "timings": {k: round(v, 3) for k, v in run.timings.items()}
            | {f"lab {lr.lab.number}": round(lr.seconds, 3) for lr in run.labs}
            | {f"lab {lr.lab.number} {stage}": round(v, 3) for lr in run.labs for stage, v in lr.stages.items()},
            "measurements": measurements,
        },
    }


def results_path_problem(path: Path, repo: Path, what: str = "results") -> str:
    """'' when the results file (``what``: "results", or "listing" for --list) may go to ``path``: never over an
    existing file unless that holds an earlier file of the same kind (it overwrote a learner's .cu, and
    grader/phase.toml), and never into the grader's own folders."""
    keys = {"results": ("tests", "score"), "listing": ("kernel", "labs")}[what]
    for root in (repo / d for d in ("grader", "learners", "solutions", "docs")):
        if path == root or root in path.parents:
            return f"is inside the grader's own files ({root}): write the {what} elsewhere"
    if path.exists() and not path.is_dir():
        try:
            earlier = json.loads(path.read_bytes()[: 64 << 20])
        except (OSError, ValueError):
            earlier = None
        if not (isinstance(earlier, dict) and all(k in earlier for k in keys)):
            return f"already exists and holds no earlier {what}: it is never overwritten (choose a new file name)"
    return ""


def check_writable(path: Path) -> str:
    """'' when ``path`` can be written (its folder exists or can be made, and is writable), else why not."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot create {folder}: {exc.strerror}"
    if path.is_dir():
        return f"{path} is a folder"
    if not os.access(folder, os.W_OK):
        return f"{folder} is not writable"
    return ""


def write_json(path: Path, data: dict) -> None:
    """Atomically (files.write_whole), with the old file's permissions or the umask's."""
    write_whole(path, strict_json(data) + "\n")

"""The roster: one CSV row per learner. A bad row is reported with its line number and skipped;
it never stops the other rows.

    name,submission,labs
    alice,/srv/clones/alice/labs,
    bob,clones/bob/labs,00 03

- ``name``: letters, digits, ``-`` and ``_``, a letter or digit first (it names the learner's files in OUT, and
  is passed to the grader as ``--learner``, which looks for learners/NAME/profile.md beside the submission).
- ``submission``: the learner's lab folders (a clone's ``labs/``); relative paths are relative to
  the roster file's folder. A folder that does not exist makes the learner "missing", not a bad row.
- ``labs`` (optional column, optional value): lab numbers or names separated by spaces, ``;`` or
  ``,`` (quote the cell for commas). Empty: the cohort's default labs.

The header row is required (columns in any order, extra columns ignored). Blank lines and lines
starting with ``#`` are skipped.
"""
from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

from grader.cli import LEARNER_NAME, learner_name_rule


class RosterFileError(Exception):
    """The roster as a whole cannot be read (no file, no header): a usage error."""


@dataclass(frozen=True)
class Entry:
    name: str
    submission: Path
    labs: tuple[str, ...]  # lab numbers ("00", "03"); empty: the cohort's default labs
    line: int


@dataclass(frozen=True)
class Problem:
    line: int
    message: str
    name: str = ""  # the learner the row names, where the name itself is valid and the row's first of it

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class Roster:
    path: Path
    entries: tuple[Entry, ...]
    problems: tuple[Problem, ...]


def resolve_lab(token: str, labs: list[dict]) -> str | None:
    """'3', '03', '03-triton-and-pytorch' and 'triton-and-pytorch' all name lab 03."""
    token = token.strip().rstrip("/").split("/")[-1]
    for lab in labs:
        number, name = lab["number"], lab["name"]
        if token in (number, name, name.partition("-")[2]) or (token.isdigit() and int(token) == int(number)):
            return number
    return None


def parse_labs(cell: str, labs: list[dict]) -> tuple[tuple[str, ...], list[str]]:
    """(lab numbers in lab order, unknown tokens)."""
    found, unknown = set(), []
    for token in re.split(r"[\s;,]+", cell.strip()):
        if not token:
            continue
        number = resolve_lab(token, labs)
        if number is None:
            unknown.append(token)
        else:
            found.add(number)
    return tuple(lab["number"] for lab in labs if lab["number"] in found), unknown


def parse_roster(path: Path, labs: list[dict]) -> Roster:
    """Read the roster CSV at ``path``; ``labs`` is the grader's listing (number and name of each lab)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise RosterFileError(f"cannot read the roster {path}: {exc}") from None
    rows = []  # (line number, cells)
    reader = csv.reader(io.StringIO(text))
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
                continue
            rows.append((line, [c.strip() for c in cells]))
    except csv.Error as exc:
        raise RosterFileError(f"{path}: line {reader.line_num}: not valid CSV ({exc})") from None
    if not rows:
        raise RosterFileError(f"{path}: the roster is empty (it needs a header row: name,submission[,labs])")
    header_line, header = rows[0]
    columns = {c.lower(): i for i, c in enumerate(header)}
    if "name" not in columns or "submission" not in columns:
        raise RosterFileError(f"{path}: line {header_line}: the first row must be a header naming the columns "
                              f"name and submission (and optionally labs); found {','.join(header)!r}")
    entries: list[Entry] = []
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    candidates: list[tuple[Entry, str, bool, bool]] = []  # (entry, the cell as written, relative, refused)
    for line, cells in rows[1:]:
        def cell(column: str) -> str:
            i = columns.get(column)
            return cells[i] if i is not None and i < len(cells) else ""

        name, where, lab_cell = cell("name"), cell("submission"), cell("labs")
        if not name:
            problems.append(Problem(line, "no name"))
            continue
        if not LEARNER_NAME.match(name):
            problems.append(Problem(line, f"name {name!r}: {learner_name_rule(name)}"))
            continue
        if name.lower() in seen:  # case-insensitive: two learners must not share a file on any filesystem
            problems.append(Problem(line, f"name {name!r} is already on line {seen[name.lower()]}"))
            continue
        seen[name.lower()] = line
        if not where:
            problems.append(Problem(line, f"{name}: no submission folder", name))
            continue
        chosen, unknown = parse_labs(lab_cell, labs)
        if unknown:
            known = ", ".join(lab["name"] for lab in labs)
            problems.append(Problem(line, f"{name}: unknown lab {', '.join(map(repr, unknown))} (labs are: {known})",
                                    name))
        submission = Path(where).expanduser()
        relative = not submission.is_absolute()
        if relative:
            submission = path.resolve().parent / submission
        # a row refused for its labs still names its learner's folder: no other row may be graded on it (helper
        # nl57: `bob,bob/labs,7` then `kim,bob/labs,00` graded kim on bob's folder)
        candidates.append((Entry(name, Path(os.path.normpath(submission)), chosen, line), where, relative,
                           bool(unknown)))
    # Links are looked for below the roster's folder (relative rows) or below the folder that holds every learner's
    # (absolute rows): a link in a learner's clone (labs -> /, course -> ../alice/course) claimed other learners'
    # folders, whose rows were then refused as its (red team, session 29). Links above it are the instructor's.
    common = Path(os.path.commonpath([str(e.submission) for e, _, _, _ in candidates])) if candidates else None
    kept: list[tuple[Entry, str, str, bool]] = []  # (entry, the cell, the real path, refused)
    for entry, where, relative, refused in candidates:
        base = path.resolve().parent if relative else (common if common != entry.submission else common.parent)
        if (link := _link_on_the_way(base, entry.submission)) is not None and not refused:
            problems.append(Problem(entry.line, f"{entry.name}: {where} goes through a link ({link}): a learner's "
                                                "folder must be their own, not a link that another learner's folder "
                                                "could stand behind; give its real path", entry.name))
            continue
        kept.append((entry, where, os.path.realpath(entry.submission), refused))
    # Two rows whose folders are one, or one inside the other, are both refused: neither is the other's to claim.
    for entry, where, real, refused in kept:
        if refused:
            continue
        shared = next((other.name for other, _, there, _ in kept if other is not entry and (
            real == there or real.startswith(there.rstrip("/") + "/") or there.startswith(real.rstrip("/") + "/"))),
            None)
        if shared is not None:
            problems.append(Problem(entry.line, f"{entry.name}: {where} is {shared}'s folder, or holds it or lies in "
                                                f"it ({real}): each learner is graded on a folder of their own",
                                    entry.name))
            continue
        entries.append(entry)
    problems.sort(key=lambda p: p.line)
    return Roster(path.resolve(), tuple(entries), tuple(problems))


def _link_on_the_way(base: Path, submission: Path) -> str | None:
    """The first link among the folders from ``base`` (the roster's, excluded) down to ``submission`` (included),
    as "name -> target", or None. A roster row ``mallory,mallory/labs`` where mallory is a link to alice's folder
    graded alice's work as mallory's (red team, session 15)."""
    try:
        parts = submission.relative_to(base).parts
    except ValueError:  # ../ out of the roster's folder: every folder on the way is checked from the root
        base, parts = Path(submission.anchor), submission.parts[1:]
    here = base
    for part in parts:
        here = here / part
        if here.is_symlink():
            try:
                target = os.readlink(here)
            except OSError:
                target = "?"
            return f"{here.name} -> {target}"
    return None

"""Stage 1: find the labs asked for, and stage each one's files into a work folder.

Only the files a lab declares learner-editable are taken from the submission, and only as plain
files inside it: a symbolic link (anywhere on the path), a device or pipe, a folder where a file
belongs, or a file over its size limit is refused with a message, and nothing is read through it.
The staged copy is what every later stage sees; the submission itself is never read again.
"""
from __future__ import annotations

import hashlib
import itertools
import os
import shutil
import stat
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from grader.registry import Lab

REPO = Path(__file__).resolve().parent.parent
LIMITS = {".cu": 1 << 20, ".py": 1 << 20, ".md": 256 << 10, ".ncu-rep": 64 << 20}  # bytes, by suffix
DEFAULT_LIMIT = 1 << 20


@dataclass
class Staged:
    lab: Lab
    stage: Path
    submission: Path  # the lab folder inside the submission (may not exist)
    problems: dict[str, str] = field(default_factory=dict)  # editable file -> why it was not taken
    note: str = ""  # which of several look-alike folders was graded (folder_note)


def _mode(path: Path) -> int:
    """The file type and mode of path itself (a link is not followed), or 0 where it cannot be looked at: a submission
    decides what its paths raise. Path.is_dir() and is_file() follow links and raise every error but four: a link to a
    300-byte name (ENAMETOOLONG) or a folder the grader may not enter (EACCES) stopped the whole grading, and a cohort's
    plan with it (red team, session 53)."""
    try:
        return os.lstat(path).st_mode
    except (OSError, ValueError):
        return 0


def real_dir(path: Path) -> bool:
    """A folder, not a link to one; False for anything that cannot be looked at."""
    return stat.S_ISDIR(_mode(path))


def is_link(path: Path) -> bool:
    """A symbolic link; False for anything that cannot be looked at."""
    return stat.S_ISLNK(_mode(path))


def real_file(path: Path) -> bool:
    """A regular file, not a link to one; False for anything that cannot be looked at."""
    return stat.S_ISREG(_mode(path))


def submission_lab_dir(submission: Path, lab: Lab) -> Path:
    return lab_dir(submission, lab.name, lab.number, lab.editable)


def lab_dir(submission: Path, name: str, number: str, files: tuple[str, ...] = ()) -> Path:
    """The submission's folder for lab `name` (NN-slug): that name, else the first real NN-* folder whose name is
    text (a name that is not UTF-8 could be neither shown nor written in a log), one that holds any of the lab's
    ``files`` first."""
    exact = submission / name
    if real_dir(exact):
        return exact
    return next(iter(lookalikes(submission, number, files)), exact)


def lookalikes(submission: Path, number: str, files: tuple[str, ...] = ()) -> list[Path]:
    """The real NN-* folders of a submission whose names are text (at most 20), those holding any of ``files``
    first (`03-notes/` sorts before `03-triton-pytorch/`, which holds the lab's files), each group in name order."""
    found = [c for c in sorted(submission.glob(f"{number}-*"))
             if real_dir(c) and is_text(c.name)][:20]
    return sorted(found, key=lambda c: not any(real_file(c / f) for f in files))


def folder_note(submission: Path, lab: Lab) -> str:
    """A line for the report when lab ``lab`` was found by its number among several folders (`01-naive/` and
    `01-old/`, no `01-naive-kernel/`): which one was graded, and how to choose. '' otherwise."""
    if real_dir(submission / lab.name):
        return ""
    found = lookalikes(submission, lab.number, lab.editable)
    if len(found) < 2:
        return ""
    others = ", ".join(f.name + "/" for f in found[1:4]) + (", ..." if len(found) > 4 else "")
    return (f"graded {found[0].name}/ for lab {lab.number}; {others} too begin with {lab.number}-. The grader takes "
            f"{lab.name}/ when it is there, else the first such folder by name that holds the lab's files: name the "
            f"one to grade {lab.name}")


def elsewhere(lab_folder: Path, file: str) -> list[str]:
    """Where a learner may have put a lab's file that is not in its folder: a line naming the folders beside it that
    hold ``file``, or nothing. Where the folder is not there (a folder renamed `lab1`), any folder; where it is, the
    other folders of its lab's number (`03-triton/` beside the graded `03-pytorch/`: a lab split in two, red team
    rt44)."""
    if not os.path.isdir(lab_folder.parent):  # (os.path's checks return False for every error)
        return []
    graded = real_dir(lab_folder)
    number = lab_folder.name[:3]
    try:
        found = sorted(d.name for d in itertools.islice(lab_folder.parent.iterdir(), 200)  # a few folders, not a tree
                       if real_dir(d) and is_text(d.name) and real_file(d / file)
                       and (not graded or (d.name.startswith(number) and d.name != lab_folder.name)))[:3]
    except OSError:
        return []
    if not found:
        return []
    if graded:
        return [f"{file} is in {', '.join(f + '/' for f in found)}, not in {lab_folder.name}/, the folder graded: a "
                f"lab's files all go in one folder, so move it into {lab_folder.name}/"]
    return [f"there is no folder {lab_folder.name}/ in {lab_folder.parent}, but {file} is in "
            f"{', '.join(f + '/' for f in found)}: the grader finds a lab by its folder's name (NN-name), so rename "
            f"the folder to {lab_folder.name}"]


def is_text(name: str) -> bool:
    """False for a file name whose bytes are not UTF-8 (Python holds those bytes as lone surrogates), or that holds a
    control character (a newline in a lab folder's name printed a line of its own in the report)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return not any(ord(ch) < 32 or ord(ch) == 127 for ch in name)


def limit_for(rel: str) -> int:
    return next((n for suffix, n in LIMITS.items() if rel.endswith(suffix)), DEFAULT_LIMIT)


class ReadLog:
    """What was read from a submission (each path's bytes, or why it was not taken), and one sha256 over all of it,
    in no particular order. The grader records its own reads (results' ``read_hash``) and the cohort hashes a
    submission the same way, so that a grade is kept only for what was hashed: a file swapped in while it was being
    graded, and back before the hash after it, made the two hashes agree on files the grader never read."""

    def __init__(self) -> None:
        self.entries: set[tuple[str, str, str]] = set()

    def add(self, path: Path, data: bytes | None, why: str) -> None:
        self.entries.add((os.path.abspath(path), hashlib.sha256(data).hexdigest() if data is not None else "", why))

    def digest(self) -> str:
        digest = hashlib.sha256()
        for path, sha, why in sorted(self.entries):
            taken = b"file\0" + sha.encode() if sha else b"not taken\0" + why.encode(errors="backslashreplace")
            digest.update(os.fsencode(path) + b"\0" + taken + b"\0")
        return digest.hexdigest()


_LOGS: list[ReadLog] = []  # where read_plain records what it reads


@contextmanager
def recording(log: ReadLog):
    """Every read_plain of the block (in any thread) is added to ``log``."""
    _LOGS.append(log)
    try:
        yield log
    finally:
        _LOGS.remove(log)


def read_plain(root: Path, rel: str, limit: int, root_is: str | None = "the lab folder") -> tuple[bytes | None, str]:
    """The bytes of root/rel if every component is a real folder or file (no links), else (None, why); why is ''
    when it does not exist. ``root_is``: what root is called where it may not be a link either (None: it may).
    Recorded in every ReadLog being recorded."""
    data, why = _read_plain(root, rel, limit, root_is)
    for log in list(_LOGS):
        log.add(root / rel, data, why)
    return data, why


def _read_plain(root: Path, rel: str, limit: int, root_is: str | None) -> tuple[bytes | None, str]:
    if root_is and is_link(root):
        return None, f"{root_is} is a symbolic link: submit the folder itself"
    path = root
    parts = Path(rel).parts
    for i, part in enumerate(parts):
        path = path / part
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return None, ""
        except OSError as exc:
            return None, f"cannot be read ({exc.strerror})"
        if stat.S_ISLNK(info.st_mode):
            return None, "is a symbolic link (or sits in a linked folder): submit the file itself"
        last = i == len(parts) - 1
        if not last and not stat.S_ISDIR(info.st_mode):
            return None, f"{part} is not a folder"
        if last and not stat.S_ISREG(info.st_mode):
            return None, "is not a regular file" if not stat.S_ISDIR(info.st_mode) else "is a folder, not a file"
        if last and info.st_size > limit:
            return None, f"is {info.st_size} bytes, over the {limit}-byte limit for this file"
    try:
        # inside the try: a file without read permission. O_NONBLOCK: a pipe swapped in since the lstat cannot block
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as fh:
            # What was opened must be the regular file looked at: one swapped in since (a pipe, another file) is refused.
            opened = os.fstat(fh.fileno())
            if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
                return None, "changed while it was being read: submit it again"
            data = fh.read(limit + 1)
    except OSError as exc:
        return None, f"cannot be read ({exc.strerror}): check the file's permissions"
    if len(data) > limit:
        return None, f"is over the {limit}-byte limit for this file"
    return data, ""


PROFILE_LIMIT = 200_000  # bytes: a learner profile is a page or two of prose


def learner_profile_path(submission: Path, name: str) -> Path:
    """learners/NAME/profile.md beside the submission (its labs folder), and only there: never the grader's own
    learners/ folder, where an instructor's tree keeps examples (a learner named like one was graded on it)."""
    return submission.parent / "learners" / name / "profile.md"


def read_learner_profile(submission: Path, name: str) -> tuple[Path, bytes | None, str]:
    """(its path, its bytes or None, why not): read as a submission's files are, with no link anywhere from
    learners/ down, so that a linked folder cannot stand in another learner's profile."""
    path = learner_profile_path(submission, name)
    root = path.parent.parent.parent
    data, why = read_plain(root, path.relative_to(root).as_posix(), PROFILE_LIMIT, root_is=None)
    return path, data, why


def stage_lab(lab: Lab, submission: Path, workroot: Path) -> Staged:
    stage = workroot / lab.name / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    source_dir = submission_lab_dir(submission, lab)
    staged = Staged(lab, stage, source_dir, note=folder_note(submission, lab))
    for rel in lab.editable:
        data, why = read_plain(source_dir, rel, limit_for(rel))
        if data is None:
            if why:
                staged.problems[rel] = why
            continue  # a missing editable file is reported by the check that needs it
        (stage / rel).parent.mkdir(parents=True, exist_ok=True)
        (stage / rel).write_bytes(data)
    return staged

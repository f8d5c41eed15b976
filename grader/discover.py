"""Stage 1: find the labs asked for, and stage each one's files into a work folder.

Only the files a lab declares learner-editable are taken from the submission, and only as plain
files inside it: a symbolic link (anywhere on the path), a device or pipe, a folder where a file
belongs, or a file over its size limit is refused with a message, and nothing is read through it.
The staged copy is what every later stage sees; the submission itself is never read again.
"""
from __future__ import annotations

import os
import shutil
import stat
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


def submission_lab_dir(submission: Path, lab: Lab) -> Path:
    exact = submission / lab.name
    if exact.is_dir() and not exact.is_symlink():
        return exact
    for candidate in sorted(submission.glob(f"{lab.number}-*")):
        if candidate.is_dir() and not candidate.is_symlink():
            return candidate
    return exact


def limit_for(rel: str) -> int:
    return next((n for suffix, n in LIMITS.items() if rel.endswith(suffix)), DEFAULT_LIMIT)


def read_plain(root: Path, rel: str, limit: int) -> tuple[bytes | None, str]:
    """The bytes of root/rel if every component is a real folder or file (no links), else (None, why)."""
    if root.is_symlink():
        return None, "the lab folder is a symbolic link: submit the folder itself"
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
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)  # inside the try: a file without read permission
        with os.fdopen(fd, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        return None, f"cannot be read ({exc.strerror}): check the file's permissions"
    if len(data) > limit:
        return None, f"is over the {limit}-byte limit for this file"
    return data, ""


def stage_lab(lab: Lab, submission: Path, workroot: Path) -> Staged:
    stage = workroot / lab.name / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    source_dir = submission_lab_dir(submission, lab)
    staged = Staged(lab, stage, source_dir)
    for rel in lab.editable:
        data, why = read_plain(source_dir, rel, limit_for(rel))
        if data is None:
            if why:
                staged.problems[rel] = why
            continue  # a missing editable file is reported by the check that needs it
        (stage / rel).parent.mkdir(parents=True, exist_ok=True)
        (stage / rel).write_bytes(data)
    return staged

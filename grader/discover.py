"""Stage 1: find the labs asked for, and stage each one's files into a work folder.

Only the files a lab declares learner-editable come from the submission. Everything
else (read-only references, data) comes from the grader's own labs/ tree, so a
submission cannot replace what it is checked against.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from grader.registry import Lab

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Staged:
    lab: Lab
    stage: Path
    submission: Path  # the lab folder inside the submission (may not exist)


def submission_lab_dir(submission: Path, lab: Lab) -> Path:
    exact = submission / lab.name
    if exact.is_dir():
        return exact
    for candidate in sorted(submission.glob(f"{lab.number}-*")):
        if candidate.is_dir():
            return candidate
    return exact


def stage_lab(lab: Lab, submission: Path, workroot: Path) -> Staged:
    stage = workroot / lab.name / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    source_dir = submission_lab_dir(submission, lab)
    for rel in lab.editable:
        src = source_dir / rel
        if src.is_file():
            (stage / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, stage / rel)
        elif src.is_dir():
            shutil.copytree(src, stage / rel)
        # a missing editable file is reported by the check that needs it (build, or the lab's own)
    for rel in lab.readonly:
        src = REPO / "labs" / lab.name / rel
        dst = stage / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, dirs_exist_ok=True)
        elif src.is_file():
            shutil.copy2(src, dst)
        else:
            raise FileNotFoundError(f"grader tree is missing {src}")  # a grader bug, not the learner's
    return Staged(lab, stage, source_dir)

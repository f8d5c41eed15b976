"""A plan: what one cohort run grades. Written once, atomically, to OUT/plans/<id>.json, then only read.

It holds the roster as read (each learner's labs and the content hash of their submission), the
options that change a grade, the frozen grader tree, and the tasks: the learners to grade now, in
array-index order. A learner is a task unless a result for the same submission, labs and options
already exists (resume), or it was asked for with --regrade.
"""
from __future__ import annotations

import datetime as dt
import os
import secrets
import sys
from pathlib import Path

from grader.cohort.roster import Roster, parse_labs
from grader.cohort.settings import Grading
from grader.cohort.store import Layout, read_json, submission_hash, write_json

# Options that change what a grade means: a result graded under other values is regraded.
GRADE_OPTIONS = ("kernel", "gpu", "learner_profile")


def now() -> str:
    return dt.datetime.now(dt.timezone.utc).astimezone().isoformat(timespec="seconds")


def default_labs(grading: Grading, listing: dict) -> tuple[str, ...]:
    labs = listing["labs"]
    if not grading.labs:
        return tuple(lab["number"] for lab in labs)
    chosen, unknown = parse_labs(" ".join(grading.labs), labs)
    if unknown:
        raise ValueError(f"unknown lab {', '.join(map(repr, unknown))} (labs are: "
                         + ", ".join(lab["name"] for lab in labs) + ")")
    return chosen


def learner_records(roster: Roster, labs: tuple[str, ...], listing: dict, learner_profile: bool) -> list[dict]:
    records = []
    for entry in roster.entries:
        chosen = list(entry.labs or labs)
        present = os.path.isdir(entry.submission)  # False for every error: a learner's link to a 300-byte name
        try:
            digest = submission_hash(entry.submission, chosen, listing,
                                     entry.name if learner_profile else None) if present else None
        except OSError as exc:  # one learner's files never stop the plan of the others (red team, session 53); the
            digest = f"unreadable: {exc.strerror}"  # task hashes again, and grades or reports this learner alone
        records.append({
            "name": entry.name, "line": entry.line, "submission": str(entry.submission), "labs": chosen,
            "present": present, "hash": digest,
        })
    return records


def read_result(layout: Layout, name: str) -> dict | None:
    """The learner's graded result, if there is a whole one written by a cohort task."""
    data = read_json(layout.result(name))
    if data is None or not isinstance(data.get("tests"), list):
        return None
    meta = (data.get("extra_data") or {}).get("cohort")
    return data if isinstance(meta, dict) else None


def mismatch(meta: dict, record: dict, options: dict) -> str | None:
    """Why a result (its extra_data.cohort) no longer stands for this learner, or None if it does."""
    if meta.get("submission_hash") != record["hash"]:
        return "the submission changed since it was graded" if meta.get("submission_hash") else \
            "the submission changed while it was graded"
    if list(meta.get("labs") or []) != record["labs"]:
        return f"labs changed (graded {' '.join(meta.get('labs') or [])}, now {' '.join(record['labs'])})"
    for key in GRADE_OPTIONS:
        if meta.get(key) != options.get(key):
            return f"{key} changed (graded with {meta.get(key)!r}, now {options.get(key)!r})"
    if options.get("require_isolation") and not meta.get("require_isolation"):
        return "isolation is now required, and this grade was made without requiring it"
    # The grader decides a grade as much as the submission does: a grade from another tree (before a fix that closes a
    # hole, say) is graded again (red team, session 35). A plan made before this key existed compares no tree.
    if options.get("grader_tree_hash") and meta.get("grader_tree_hash") != options["grader_tree_hash"]:
        return (f"the grader changed since it was graded (tree {str(meta.get('grader_tree_hash'))[:16]}, now "
                f"{options['grader_tree_hash'][:16]})")
    return None


def unfinished_attempt(layout: Layout, name: str, result: dict) -> bool:
    """Whether the learner's last attempt came after the grade kept and did not end in one: a regrade that was
    interrupted, killed or failed. The run that plans holds OUT's lock and has checked that none of its Slurm jobs
    is queued, so no such attempt is still grading; the next run grades the learner again, as the docs say of a
    killed task (an interrupted `--regrade` had left its learners on the old grade for good: session 42)."""
    attempt = read_json(layout.attempt(name))
    return attempt is not None and attempt.get("attempt") != result["extra_data"]["cohort"].get("attempt")


def make_plan(layout: Layout, *, backend: str, roster: Roster, grading: Grading, gpu: bool, listing: dict,
              tree: Path, tree_hash: str, regrade: bool, only: tuple[str, ...], dry_run: bool = False) -> dict:
    labs = default_labs(grading, listing)
    records = learner_records(roster, labs, listing, grading.learner_profile)
    options = {
        "kernel": grading.kernel, "gpu": gpu, "learner_profile": grading.learner_profile,
        "require_isolation": grading.require_isolation, "task_timeout": grading.task_timeout,
        "seed": grading.seed, "regrade": regrade, "grader_tree_hash": tree_hash,
    }
    names = {r["name"] for r in records}
    unknown = [n for n in only if n not in names]
    if unknown:
        raise ValueError(f"--only: not on the roster (or on a bad row): {', '.join(unknown)}")
    tasks = []
    for record in records:
        if not record["present"] or (only and record["name"] not in only):
            continue
        result = read_result(layout, record["name"])
        if regrade or result is None or mismatch(result["extra_data"]["cohort"], record, options) or \
                unfinished_attempt(layout, record["name"], result):
            tasks.append(record["name"])
    plan_id = f"{dt.datetime.now():%Y%m%dT%H%M%S.%f}-{secrets.token_hex(2)}"  # sorts by time
    plan = {
        "id": plan_id, "created": now(), "out": str(layout.out), "backend": backend,
        "python": sys.executable, "grader_tree": str(tree), "grader_tree_hash": tree_hash,
        "options": options, "default_labs": list(labs), "listing": listing,
        "roster": {"path": str(roster.path), "learners": records,
                   "problems": [{"line": p.line, "message": p.message, "name": p.name} for p in roster.problems]},
        "tasks": tasks, "dry_run": dry_run,  # a dry run's plan is never the latest (gradebook rebuilds)
    }
    write_json(layout.plans / f"{plan_id}.json", plan)
    return plan


def plan_path(layout: Layout, plan: dict) -> Path:
    return layout.plans / f"{plan['id']}.json"


def latest_plan(layout: Layout) -> dict | None:
    for path in sorted(layout.plans.glob("*.json"), reverse=True):
        plan = read_json(path)
        if plan is not None and "roster" in plan and not plan.get("dry_run"):
            return plan
    return None

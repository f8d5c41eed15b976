"""The gradebook: one row per roster learner, from what the tasks wrote. Nothing here grades.

A learner's status:
    graded            a whole result exists for their current submission, labs and options
    running           a task is grading them right now (only seen while a run is under way)
    failed to grade   the grader ran but could not produce a grade (exit 2, 3 or 4, no results.json)
    timed out         the task time limit (or Slurm's --time) stopped the grading
    killed            the task was stopped (scancel, preemption, SIGKILL, out of memory, node failure)
    missing           no submission folder, or not graded yet
Every status but graded is retried by the next run of the same command.
"""
from __future__ import annotations

import csv
import io
import socket
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from grader.cohort import slurm as slurm_backend
from grader.cohort.plan import mismatch, read_result
from grader.cohort.store import Layout, read_json, write_atomic
from grader.cohort.task import FAILED, GRADED, KILLED, MISSING, TIMED_OUT

RUNNING = "running"
BAD_ROW = "bad roster row"  # a learner whose row the roster check refused: listed, never dropped from the gradebook
STATUSES = (GRADED, RUNNING, FAILED, TIMED_OUT, KILLED, MISSING, BAD_ROW)
SLURM_ENDINGS = {  # Slurm's final job state -> (status, reason)
    "TIMEOUT": (TIMED_OUT, "Slurm stopped the task at its time limit (sbatch --time)"),
    "PREEMPTED": (KILLED, "Slurm preempted the task"),
    "CANCELLED": (KILLED, "the task was cancelled (scancel)"),
    "NODE_FAIL": (KILLED, "the task's node failed"),
    "OUT_OF_MEMORY": (KILLED, "the task ran out of memory"),
    "BOOT_FAIL": (KILLED, "the task's node failed to boot"),
    "DEADLINE": (KILLED, "the task reached its deadline"),
}


@dataclass
class Row:
    learner: str
    status: str
    reason: str = ""
    result: dict | None = None
    attempt: dict | None = None
    labs: list[str] = field(default_factory=list)

    @property
    def seed(self):
        if self.result is not None:
            return self.result.get("extra_data", {}).get("seed")
        return (self.attempt or {}).get("seed") if self.status != MISSING else None


@dataclass
class Gradebook:
    plan: dict
    rows: list[Row]
    labs: list[dict]  # the listing's labs that some learner was graded on, in lab order

    def counts(self) -> dict[str, int]:
        return {s: sum(r.status == s for r in self.rows) for s in STATUSES if any(r.status == s for r in self.rows)}

    @property
    def complete(self) -> bool:
        return all(r.status == GRADED for r in self.rows) and not self.plan["roster"]["problems"]


def alive(attempt: dict) -> bool | None:
    """Is the task that wrote this "running" record still running? None where this machine cannot tell: a Slurm
    job where Slurm's commands are missing, a local task of another host."""
    ids = attempt.get("slurm")
    if ids:
        if slurm_backend.missing_commands():
            return None
        state = slurm_backend.job_state(ids["job"])
        return state in ("PENDING", "RUNNING", "COMPLETING", "CONFIGURING", "REQUEUED", "RESIZING", "SUSPENDED")
    if attempt.get("host") != socket.gethostname():
        return None
    try:
        proc = psutil.Process(attempt["pid"])
        return abs(proc.create_time() - attempt.get("pid_started", 0)) < 1.0
    except (psutil.Error, KeyError, TypeError):
        return False


def still_running(attempt: dict) -> tuple[bool, str]:
    """Is this attempt to be shown as running, and if this machine cannot confirm it, why not."""
    if attempt.get("state") != "running":
        return False, ""
    live = alive(attempt)
    if live is not None:
        return live, ""
    if attempt.get("slurm"):
        return True, (f", as its task last wrote: Slurm's commands ({', '.join(slurm_backend.missing_commands())}) "
                      "are not on this machine to confirm it; look again from the cluster")
    return True, f", as its task last wrote: it ran on {attempt.get('host')}; look again from there"


def ended(attempt: dict) -> tuple[str, str]:
    """Status and reason of an attempt that is no longer running."""
    if attempt.get("state") == "running":
        status, reason = KILLED, ("the task stopped before it finished (killed without warning: SIGKILL, "
                                  "out of memory, or its node failed)")
    else:
        status, reason = attempt.get("status") or FAILED, attempt.get("reason") or ""
    ids = attempt.get("slurm")
    if ids and status == KILLED and slurm_backend.missing_commands() == []:
        state = slurm_backend.job_state(ids["job"])
        if state:
            status, why = SLURM_ENDINGS.get(state.split()[0], (KILLED, f"Slurm ended the task as {state}"))
            reason = f"{why} (job {ids['job']}); run again to retry"
    return status, reason


def classify(record: dict, plan: dict, layout: Layout) -> Row:
    name = record["name"]
    options = plan["options"]
    result = read_result(layout, name)
    attempt = read_json(layout.attempt(name))
    row = Row(name, MISSING, attempt=attempt, labs=record["labs"])
    if not record["present"]:
        row.reason = f"no submission folder at {record['submission']}"
        return row
    meta = result["extra_data"]["cohort"] if result else None
    if result and (meta.get("plan") == plan["id"] or mismatch(meta, record, options) is None):
        row.status, row.result = GRADED, result
        later = attempt and attempt.get("attempt") != meta.get("attempt")
        running, note = still_running(attempt) if later else (False, "")
        if running:
            row.reason = f"regrading now (since {attempt.get('started')}{note})"
        elif later:
            status, reason = ended(attempt)
            row.reason = f"kept the grade of {meta.get('finished')}: a later attempt ended {status}: {reason}"
        elif meta.get("submission_hash") is None:
            row.reason = "the submission changed while it was graded; the next run grades it again"
        return row
    if attempt and (attempt.get("plan") == plan["id"] or mismatch(attempt, record, options) is None):
        running, note = still_running(attempt)
        if running:
            row.status, row.reason = RUNNING, f"grading since {attempt.get('started')}{note}"
        else:
            row.status, row.reason = ended(attempt)
            if row.status == GRADED:  # the attempt says graded, and its result is gone or damaged: no score to show
                row.status, row.reason = FAILED, (f"its result ({layout.result(name).name}) is missing or damaged; "
                                                  "the next run grades it again")
        return row
    row.reason = (f"{mismatch(meta, record, options)}; not graded again yet" if result else "not graded yet")
    return row


def build(layout: Layout, plan: dict) -> Gradebook:
    rows = [classify(record, plan, layout) for record in plan["roster"]["learners"]]
    listed = {row.learner for row in rows}
    for problem in plan["roster"]["problems"]:  # one typo in a row had dropped a graded learner from the CSV
        if problem.get("name") and problem["name"] not in listed:
            listed.add(problem["name"])
            rows.append(Row(problem["name"], BAD_ROW, reason=f"roster line {problem['line']}: {problem['message']}"))
    used = {lab for row in rows for lab in row.labs}
    labs = [lab for lab in plan["listing"]["labs"] if lab["number"] in used]
    return Gradebook(plan, rows, labs)


def lab_scores(result: dict) -> dict[str, tuple[int, int]]:
    """Required points per lab number: (score, max), from the tests' check ids."""
    scores: dict[str, list[int]] = {}
    for test in result.get("tests", []):
        extra = test.get("extra_data") or {}
        if extra.get("bonus") or "id" not in extra:
            continue
        pair = scores.setdefault(str(extra["id"]).split(".")[0], [0, 0])
        pair[0] += test.get("score") or 0
        pair[1] += test.get("max_score") or 0
    return {lab: (s, m) for lab, (s, m) in scores.items()}


def device_name(result: dict) -> str:
    device = (result.get("extra_data") or {}).get("device") or {}
    return device.get("name") or ""


def columns(book: Gradebook) -> list[str]:
    labs = []
    for lab in book.labs:
        labs += [lab["name"], f"{lab['name']}_max"]
    return ["learner", "status", "total", "max_total", "bonus", *labs, "seed", "device", "graded_at",
            "submission_hash", "reason", "results", "log"]


def csv_row(book: Gradebook, layout: Layout, row: Row) -> dict:
    out = {"learner": row.learner, "status": row.status, "reason": row.reason, "seed": row.seed or ""}
    log = layout.log(row.learner)  # this OUT's, wherever the attempt was written (a copied or moved OUT too)
    if row.attempt and log.is_file():
        out["log"] = str(log.relative_to(layout.out))
    if row.result is None:
        return out
    extra = row.result.get("extra_data") or {}
    meta = extra.get("cohort") or {}
    out.update(total=row.result.get("score"), max_total=extra.get("max_score"),
               bonus=(extra.get("bonus") or {}).get("score", ""), device=device_name(row.result),
               graded_at=meta.get("finished", ""), submission_hash=(meta.get("submission_hash") or "")[:16],
               results=str(layout.result(row.learner).relative_to(layout.out)))
    for lab in book.labs:
        if lab["number"] in row.labs:
            score, top = lab_scores(row.result).get(lab["number"], (0, 0))
            out[lab["name"]], out[f"{lab['name']}_max"] = score, top
    return out


def to_csv(book: Gradebook, layout: Layout) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns(book), lineterminator="\n")
    writer.writeheader()
    for row in book.rows:
        writer.writerow(csv_row(book, layout, row))
    return buffer.getvalue()


def write(layout: Layout, plan: dict) -> Gradebook:
    """Build the gradebook and write OUT/gradebook.csv and OUT/gradebook.html (both atomically)."""
    from grader.cohort.summary import render  # matplotlib is imported only here

    book = build(layout, plan)
    write_atomic(layout.out / "gradebook.csv", to_csv(book, layout))
    write_atomic(layout.out / "gradebook.html", render(book, layout))
    return book

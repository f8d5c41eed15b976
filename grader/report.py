"""The only module that prints results or writes them to a file."""
from __future__ import annotations

import inspect
import json
import platform
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from grader.pipeline import Run
from grader.registry import Lab
from grader.results import Result, Status

STYLE = {Status.PASS: "bold green", Status.FAIL: "bold red", Status.SKIP: "yellow", Status.NOT_RUN: "dim"}


def console() -> Console:
    return Console(highlight=False, soft_wrap=False, width=None if sys.stdout.isatty() else 130)


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


def print_report(run: Run, verbose: bool) -> None:
    out = console()
    dev = run.device
    where = f"{dev.name} (sm_{dev.sm})" if dev.has_cuda else f"no CUDA device ({dev.reason})"
    out.print(f"[bold]Phase 24 grader[/]  submission: {run.submission}  device: {where}")
    out.print(f"seed {run.seed}  (reproduce a failure with GRADER_SEED={run.seed})")
    for lr in run.labs:
        table = Table(title=f"Lab {lr.lab.name}: {lr.lab.title}", title_justify="left", expand=False)
        table.add_column("check", no_wrap=True)
        table.add_column("status", no_wrap=True)
        table.add_column("points", justify="right", no_wrap=True)
        table.add_column("message")
        for check, result in lr.results:
            got = check.points if result.status == Status.PASS else 0
            pts = f"{got}/{check.points}" + (" bonus" if check.bonus else "")
            table.add_row(check.id, Text(result.status.value, style=STYLE[result.status]), pts, result.message)
        out.print(table)
        for check, result in lr.results:
            if result.status == Status.FAIL or (verbose and (result.details or result.measurements)):
                print_details(out, check.id, result, verbose)
    s = scores(run)
    bonus = f"   bonus {s['bonus']}/{s['bonus_max']} (not part of the score)" if s["bonus_max"] else ""
    skipped = [(c, r) for lr in run.labs for c, r in lr.results if r.status == Status.SKIP and c.points]
    if not passed_all(run):
        verdict = "[bold red]some checks failed[/]"
    elif skipped:
        pts = sum(c.points for c, _ in skipped)
        gpu = any("no CUDA device" in r.message for _, r in skipped)
        verdict = (f"[yellow]no check failed, but {len(skipped)} checks ({pts} points) were skipped"
                   + (": they need a GPU (see docs/en/no-gpu.md)" if gpu else "") + "[/]")
    else:
        verdict = "[bold green]all graded checks passed[/]"
    out.print(f"\n[bold]Score: {s['score']}/{s['max_score']}[/]{bonus}   {verdict}   ({run.seconds:.1f} s)")


def print_details(out: Console, cid: str, result: Result, verbose: bool) -> None:
    out.print(Text(f"\n{cid}: {result.status.value}", style=STYLE[result.status]))
    for line in result.details:
        out.print(Text(f"  {line}"))
    if verbose and result.measurements:
        out.print(Text("  measurements: " + json.dumps(result.measurements, default=str)[:2000]))
    if result.hint:
        out.print(Text(f"  hint: {result.hint}"))
    if result.log:
        out.print(Text(f"  log: {result.log}"))


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


def listing_json(labs: list[Lab]) -> dict:
    return {"labs": [{
        "number": lab.number, "name": lab.name, "title": lab.title, "docs": lab.docs,
        "editable": list(lab.editable), "max_points": lab.max_points,
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
                "output": "\n".join(text),
                "extra_data": {"id": check.id, "grader_status": r.status.value, "bonus": check.bonus},
            })
            if r.measurements:
                measurements[check.id] = r.measurements
    s = scores(run)
    dev = run.device
    return {
        "score": s["score"],
        "execution_time": round(run.seconds, 2),
        "output": f"Phase 24 grader: {s['score']}/{s['max_score']}, seed {run.seed}",
        "tests": tests,
        "extra_data": {
            "max_score": s["max_score"], "bonus": {"score": s["bonus"], "max_score": s["bonus_max"]},
            "seed": run.seed, "submission": str(run.submission), "learner": run.learner,
            "device": {"has_cuda": dev.has_cuda, "name": dev.name, "capability": list(dev.capability),
                       "sm_count": dev.sm_count, "reason": dev.reason},
            "toolchain": {**dev.versions, "platform": platform.platform()},
            "measurements": measurements,
        },
    }


def write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, default=str) + "\n")

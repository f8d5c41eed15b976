"""Hand-made inputs for the cohort's unit tests: a grader listing, plans, results and attempts
written the way the real task writes them, without running the grader."""
from __future__ import annotations

import copy
from pathlib import Path

from grader.cohort import plan as plan_mod
from grader.cohort.roster import parse_roster
from grader.cohort.settings import Grading
from grader.cohort.store import Layout, write_json

CHECKS = {
    "00": [("00.build.compiles", 2), ("00.correct.values", 3)],
    "02": [("02.build.compiles", 2), ("02.perf.gate", 5)],
    "03": [("03.triton.interpreter", 3), ("03.bonus.minigpt_attention", 2)],
}
NAMES = {"00": "00-hello-cuda", "01": "01-naive-kernel", "02": "02-tuned-kernel", "03": "03-triton-and-pytorch"}
LISTING = {"kernel": "softmax", "labs": [
    {"number": n, "name": name, "editable": ["work.cu"], "checks": [{"id": cid, "points": pts, "summary": f"{cid} summary",
                                            "bonus": "bonus" in cid} for cid, pts in CHECKS.get(n, [])]}
    for n, name in NAMES.items()]}


def submission(root: Path, name: str, labs=("00",)) -> Path:
    """A learner's labs/ folder with one file per lab."""
    folder = root / "clones" / name / "labs"
    for lab in labs:
        (folder / NAMES[lab]).mkdir(parents=True, exist_ok=True)
        (folder / NAMES[lab] / "work.cu").write_text(f"// {name} lab {lab}\n")
    return folder


def roster(root: Path, rows: list[str]) -> Path:
    path = root / "roster.csv"
    path.write_text("name,submission,labs\n" + "\n".join(rows) + "\n")
    return path


def plan(root: Path, rows: list[str], *, regrade=False, only=(), gpu=False, backend="local", **grading) -> dict:
    layout = Layout(root / "out")
    layout.make()
    parsed = parse_roster(roster(root, rows), LISTING["labs"])
    return plan_mod.make_plan(layout, backend=backend, roster=parsed, grading=Grading(**grading), gpu=gpu,
                              listing=copy.deepcopy(LISTING), tree=root / "tree", tree_hash="f" * 64,
                              regrade=regrade, only=tuple(only))


def record(the_plan: dict, name: str) -> dict:
    return next(r for r in the_plan["roster"]["learners"] if r["name"] == name)


def attempt(the_plan: dict, name: str, **changes) -> dict:
    r = record(the_plan, name)
    data = {"learner": name, "attempt": f"a-{name}", "plan": the_plan["id"], "state": "finished",
            "status": "graded", "reason": "", "submission_hash": r["hash"], "labs": r["labs"],
            "kernel": the_plan["options"]["kernel"], "gpu": the_plan["options"]["gpu"],
            "learner_profile": the_plan["options"]["learner_profile"],
            "require_isolation": the_plan["options"]["require_isolation"], "seed": 1234, "host": "elsewhere",
            "pid": 1, "pid_started": 0.0, "slurm": None, "started": "t0", "finished": "t1", "seconds": 1.0,
            "grader_tree_hash": the_plan["grader_tree_hash"], "log": str(Layout(Path(the_plan["out"])).log(name))}
    data.update(changes)
    return data


def write_attempt(the_plan: dict, name: str, **changes) -> dict:
    data = attempt(the_plan, name, **changes)
    write_json(Layout(Path(the_plan["out"])).attempt(name), data)
    return data


def write_result(the_plan: dict, name: str, statuses: dict[str, str], *, ratio: float | None = None,
                 ratio_key="ratio_to_baseline", **meta_changes) -> dict:
    """A Gradescope results.json as the grader writes it, plus extra_data.cohort as the task adds it."""
    tests, score, top = [], 0, 0
    for lab in record(the_plan, name)["labs"]:
        for cid, pts in CHECKS.get(lab, []):
            status = statuses.get(cid, "PASS")
            bonus = "bonus" in cid
            got = pts if status == "PASS" else 0
            tests.append({"name": cid, "score": got, "max_score": 0 if bonus else pts, "status": "passed",
                          "output": status, "extra_data": {"id": cid, "grader_status": status, "bonus": bonus}})
            if not bonus:
                score, top = score + got, top + pts
    measurements = {"02.perf.gate": {ratio_key: ratio}} if ratio is not None else {}
    meta = {k: v for k, v in attempt(the_plan, name).items() if k not in ("state", "status", "reason", "pid_started")}
    meta.update(meta_changes)
    data = {"score": score, "tests": tests, "extra_data": {
        "max_score": top, "bonus": {"score": 0, "max_score": 2}, "seed": meta["seed"],
        "device": {"name": "NVIDIA H200", "has_cuda": True}, "toolchain": {"torch": "2.13"},
        "measurements": measurements, "cohort": meta}}
    write_json(Layout(Path(the_plan["out"])).result(name), data)
    return data

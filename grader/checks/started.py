"""Is a learner's file there, and is it more than the stub? Shared by every lab's first check."""
from __future__ import annotations

from grader.audit import source as source_audit
from grader.results import Result, failed


def missing(ctx, *files: str) -> Result | None:
    for f in files:
        if f in ctx.discovery:
            return failed(f"{ctx.submission.name}/{f} {ctx.discovery[f]}", hint=ctx.hint("files-you-edit"))
    absent = [f for f in files if not (ctx.stage / f).is_file()]
    if absent:
        return failed(f"{', '.join(absent)} not found in {ctx.submission}",
                      details=[f"expected: {', '.join(files)} in the lab folder"], hint=ctx.hint("files-you-edit"))
    return None


def begun(ctx, file: str) -> bool:
    """Whether ``file`` is there, discovered and more than the stub: a lab's prepare hook starts its workers only
    then (the first check says what is wrong otherwise)."""
    path = ctx.stage / file
    return (path.is_file() and not path.is_symlink() and file not in ctx.discovery
            and not_started(ctx, file, path.read_text(errors="replace")) is None)


def not_started(ctx, file: str, text: str) -> Result | None:
    """A FAIL when the file holds no code, or still holds every (or some) TODO placeholder of its stub."""
    if not text.strip():
        return failed(f"{file}: the file is empty", details=["expected: the stub, with your code in place of each "
                                                             "TODO's placeholder"], hint=ctx.hint("tasks"))
    solution = ctx.repo / "solutions" / ctx.lab.name / file
    if not solution.is_file():
        return None
    regions = source_audit.stub_regions(solution.read_text())
    untouched = source_audit.untouched_regions(text, solution.read_text())
    if not untouched:
        return None
    what = "not started: the file is still the stub" if len(untouched) == len(regions) else "not finished"
    return failed(f"{file}: {what} ({', '.join(untouched)} still hold the stub's placeholder)", details=[
        "expected: your code in place of each TODO's placeholder"], hint=ctx.hint("tasks"))

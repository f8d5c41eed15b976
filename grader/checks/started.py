"""Is a learner's file there, and is it more than the stub? Shared by every lab's first check."""
from __future__ import annotations

import json

from grader.audit import source as source_audit
from grader.discover import elsewhere
from grader.results import Result, failed


def missing(ctx, *files: str) -> Result | None:
    for f in files:
        if f in ctx.discovery:
            return failed(f"{ctx.submission.name}/{f} {ctx.discovery[f]}", hint=ctx.hint("files-you-edit"))
    absent = [f for f in files if not (ctx.stage / f).is_file()]
    if absent:
        return failed(f"{', '.join(absent)} not found in {ctx.submission}",
                      details=[f"expected: {', '.join(files)} in the lab folder",
                               *elsewhere(ctx.submission, absent[0])], hint=ctx.hint("files-you-edit"))
    return None


def begun(ctx, file: str) -> bool:
    """Whether ``file`` is there, discovered and more than the stub: a lab's prepare hook starts its workers only
    then (the first check says what is wrong otherwise)."""
    path = ctx.stage / file
    return (path.is_file() and not path.is_symlink() and file not in ctx.discovery
            and not_started(ctx, file, path.read_text(errors="replace")) is None)


def not_started(ctx, file: str, text: str) -> Result | None:
    """A FAIL when the file holds no code, or still holds every TODO placeholder of its stub. A file with some
    placeholders filled is graded as it is: the docs let a learner leave the kernels a launcher never uses, and
    the notes left are named beside any check that fails (``unfinished``)."""
    if not text.strip():
        return failed(f"{file}: the file is empty", details=[
            "expected: the stub, with your code in place of each TODO's placeholder (`git checkout` the file, or "
            "`make stubs`, brings the stub back)"], hint=ctx.hint("tasks"))
    solution = ctx.repo / "solutions" / ctx.lab.name / file
    if not solution.is_file():  # a learners' copy of the course, solutions/ not published: the stub's digest tells
        return failed(f"{file}: not started: the file is still the stub", details=[
            "expected: your code in place of each TODO's placeholder"], hint=ctx.hint("tasks")) \
            if is_the_stub(ctx, file, text) else None
    regions = source_audit.stub_regions(solution.read_text())
    untouched = source_audit.untouched_regions(text, solution.read_text())
    if not untouched or len(untouched) < len(regions):
        return None
    return failed(f"{file}: not started: the file is still the stub ({', '.join(untouched)} still hold the stub's "
                  "placeholder)", details=["expected: your code in place of each TODO's placeholder"],
                  hint=ctx.hint("tasks"))


def is_the_stub(ctx, file: str, text: str) -> bool:
    """Whether ``text`` (read with universal newlines) is the lab file's stub as `make stubs` last wrote it, by the
    digest labs/.stubs.json keeps: how an untouched stub is told where solutions/ is not published."""
    from grader import stubs

    try:
        manifest = json.loads((ctx.repo / stubs.MANIFEST).read_text())
    except (OSError, ValueError):
        return False
    wrote = manifest.get(f"labs/{ctx.lab.name}/{file}") if isinstance(manifest, dict) else None
    return isinstance(wrote, str) and stubs.digest(text) == wrote


MAX_NOTE_FILE_BYTES = 1 << 20  # a source file past this is no stub of ours half filled


def unfinished(ctx) -> str:
    """The TODO notes the lab's files still hold as the stub has them, where others are filled: 'a.cu: TODO(02-4),
    TODO(02-5)'; '' when none. Read from the staged copy, as the checks read it."""
    found = []
    for file in ctx.lab.editable:
        path, solution = ctx.stage / file, ctx.repo / "solutions" / ctx.lab.name / file
        if file in ctx.discovery or not file.endswith((".cu", ".py")) or path.is_symlink() or not path.is_file() \
                or not solution.is_file() or path.stat().st_size > MAX_NOTE_FILE_BYTES:
            continue
        try:
            text, stub = path.read_text(errors="replace"), solution.read_text()
        except OSError:
            continue
        untouched = source_audit.untouched_regions(text, stub)
        if untouched and len(untouched) < len(source_audit.stub_regions(stub)):
            found.append(f"{file}: {', '.join(untouched)}")
    return "; ".join(found)

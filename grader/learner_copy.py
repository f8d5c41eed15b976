"""make learner-copy DEST=folder: the course as learners get it, without the reference solutions.

This repository holds the reference solutions of both tracks (solutions/), the kernels' measured variants
(docs/_tools/softmax_limit, gemm_ladder), the evidence of the GPU runs, the repository's tests and the development records: a learner who
clones it has every answer. The copy is the last commit (`git archive HEAD`, so nothing uncommitted leaks), minus
those paths. The grader runs there as it does here: an untouched stub is told by the digest `make stubs` keeps in
labs/.stubs.json, and a file part filled is graded as it is. Publish the solutions later by adding solutions/.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tarfile
import tempfile
from pathlib import Path

from grader.discover import REPO
from grader.runner import run_tool

LEFT_OUT = ("solutions", "tests", "docs/_tools/softmax_limit", "docs/_tools/gemm_ladder", ".ci", "PHASE_24_PLAN.md")
LEFT_OUT_PREFIXES = ("docs/data/evidence-",)  # the GPU runs' scripts and logs, kernels' variants among them
NOTE = """
## This is the learners' copy

The course staff made it with `make learner-copy`: the reference solutions (`solutions/`), the
repository's own tests, the measured kernel variants and GPU evidence, and the development
records are left out, so `make test` is the staff's command, not yours. `make grade` works as
described above.
"""


def left_out(name: str) -> bool:
    return any(name == p or name.startswith(p + "/") for p in LEFT_OUT) or name.startswith(LEFT_OUT_PREFIXES)


def _write(dest: Path) -> list | None:
    """The copy, made in a folder beside ``dest`` and renamed to it once whole: an interrupted or failed copy leaves
    no half of one at DEST, and a second try is not refused as "not an empty folder" (helper nl57, session 57)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, \
            tempfile.TemporaryDirectory(prefix=f".{dest.name}.partial-", dir=dest.parent) as partial:
        archive = Path(tmp) / "head.tar"
        code, output = run_tool(["git", "archive", "--format=tar", "-o", str(archive), "HEAD"], cwd=REPO)
        if code != 0:
            print(f"git archive failed: {output.strip()}", file=sys.stderr)
            return None
        copy = Path(partial) / "copy"
        with tarfile.open(archive) as tar:
            members = [m for m in tar.getmembers() if not left_out(m.name)]
            copy.mkdir()
            tar.extractall(copy, members=members, filter="data")
        readme = copy / "README.md"
        if readme.is_file():
            readme.write_text(readme.read_text() + NOTE)
        site = copy / "mkdocs.yml"  # `make serve` watches solutions/, which the copy has not (mkdocs refuses it)
        if site.is_file():
            site.write_text(re.sub(r"(?m)^  - solutions\n", "", site.read_text()))
        if dest.is_dir():
            dest.rmdir()  # empty (checked above): the rename needs the name free
        os.rename(copy, dest)
    return members


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="make learner-copy DEST=folder")
    p.add_argument("dest", type=Path)
    args = p.parse_args(argv)
    try:
        dest = args.dest.expanduser().resolve()
    except (OSError, RuntimeError) as e:  # a link loop
        print(f"refused: {args.dest} cannot be resolved ({e})", file=sys.stderr)
        return 2
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        print(f"refused: {dest} exists and is not an empty folder (the copy is written into a new one)", file=sys.stderr)
        return 2
    if dest == REPO or REPO in dest.parents:
        print(f"refused: {dest} is inside this repository; give a folder outside it", file=sys.stderr)
        return 2
    try:
        members = _write(dest)
    except OSError as e:  # a full disk, a read-only folder, a file on the way: nothing is left at DEST
        print(f"refused: the copy could not be written at {dest} ({e.strerror or e}); nothing was left there",
              file=sys.stderr)
        return 1
    if members is None:
        return 1
    print(f"wrote the learners' copy of HEAD to {dest}: {len(members)} entries, without "
          f"{', '.join(LEFT_OUT + tuple(p + '*' for p in LEFT_OUT_PREFIXES))}")
    _, dirty = run_tool(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO)
    if dirty.strip():
        print("note: this repository has uncommitted changes; the copy holds the last commit only", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

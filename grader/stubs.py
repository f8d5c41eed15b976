"""Generate the learner stubs in labs/ from the reference solutions (nbgrader style).

    python -m grader.stubs            # write labs/ (refuses to overwrite a file a learner changed)
    python -m grader.stubs --force    # overwrite anyway, keeping the learner's file as FILE.orig-<time>
    python -m grader.stubs --check    # exit 1 if a committed stub differs from what would be generated

In a solution file every region between ``BEGIN SOLUTION`` and ``END SOLUTION``
markers (as ``//`` or ``#`` comments) becomes:
  * a ``TODO(NN-k): ...`` comment, from the region's first ``TODO:`` comment line;
    k counts the regions of the whole lab, across its files in the order the lab
    declares them (``Lab.editable``), so that one id names one place;
  * placeholder code that still compiles/imports: the region's ``STUB:`` comment
    lines, uncommented; for Python with no STUB line, ``raise NotImplementedError``.
Files a lab declares read-only (references, data) are copied as they are.
labs/.stubs.json remembers the hash of what was generated, so the generator can
tell a learner's edit from its own output.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from pathlib import Path

from grader.discover import REPO
from grader.files import write_whole
from grader.ops import get
from grader.registry import Lab, all_labs

MANIFEST = "labs/.stubs.json"
MARK = re.compile(r"^(?P<indent>\s*)(?P<c>//|#)\s*(?P<what>BEGIN SOLUTION|END SOLUTION)\s*$")
TODO = re.compile(r"^\s*(//|#)\s*TODO:\s*(?P<text>.*)$")
STUB = re.compile(r"^\s*(//|#)\s*STUB:\s?(?P<code>.*)$")


class StubError(Exception):
    pass


def make_stub(text: str, lab_number: str, filename: str, first: int = 1) -> str:
    """The stub of one solution file; its regions are numbered from ``first`` on."""
    out: list[str] = []
    region: list[str] | None = None
    indent = comment = ""
    k = first - 1
    for lineno, line in enumerate(text.splitlines(keepends=False), 1):
        m = MARK.match(line)
        if m and m["what"] == "BEGIN SOLUTION":
            if region is not None:
                raise StubError(f"{filename}:{lineno}: BEGIN SOLUTION inside another region")
            region, indent, comment = [], m["indent"], m["c"]
            continue
        if m and m["what"] == "END SOLUTION":
            if region is None:
                raise StubError(f"{filename}:{lineno}: END SOLUTION without BEGIN")
            k += 1
            todo = next((t["text"] for ln in region if (t := TODO.match(ln))), "write this part")
            tag = f"TODO({lab_number}-{k})"
            out.append(f"{indent}{comment} {tag}: {todo}")
            stub_code = [s["code"] for ln in region if (s := STUB.match(ln))]
            if stub_code:
                out.extend(f"{indent}{code}" for code in stub_code)
            elif comment == "#":
                out.append(f'{indent}raise NotImplementedError("{tag}: {todo}")')
            region = None
            continue
        if region is not None:
            region.append(line)
        else:
            out.append(line)
    if region is not None:
        raise StubError(f"{filename}: BEGIN SOLUTION without END")
    return "\n".join(out) + "\n"


def count_regions(text: str) -> int:
    """How many solution regions a file has (make_stub checks that they are balanced)."""
    return sum(1 for line in text.splitlines() if (m := MARK.match(line)) and m["what"] == "END SOLUTION")


def planned(lab: Lab) -> dict[str, str]:
    """labs/ path -> content, for every file the generator owns in this lab."""
    sol = REPO / "solutions" / lab.name
    plan: dict[str, str] = {}
    first = 1  # TODO numbers continue from one file of the lab to the next
    for rel in lab.editable:
        src = sol / rel
        if src.suffix in (".cu", ".py") and src.is_file():
            text = src.read_text()
            plan[f"labs/{lab.name}/{rel}"] = make_stub(text, lab.number, rel, first)
            first += count_regions(text)
    for rel in lab.editable:
        if rel.endswith(".md"):  # the profile's analysis: a template to fill in
            plan[f"labs/{lab.name}/{rel}"] = analysis_template(get(lab.op))
    for rel in lab.readonly:
        src = sol / rel
        if src.is_file():
            plan[f"labs/{lab.name}/{rel}"] = src.read_text()
    return plan


def analysis_template(spec) -> str:
    """The lab 02 analysis a learner fills in, for the track's kernel."""
    size = spec.label(spec.representative).replace("x", "×")
    return f"""# Profile of {spec.stem}_tuned at {size} (fp32)

<!-- Record the profile with `make profile LAB=02` (on a GPU machine), open
     {spec.stem}_tuned.ncu-rep in Nsight Compute (or `ncu --import {spec.stem}_tuned.ncu-rep --page details`),
     then fill in this file. The grader checks that the bottleneck you name agrees with the
     report, that at least two of the numbers you quote are the report's own, and that none is not. -->

**Bottleneck:** TODO   <!-- exactly one: memory-bound, compute-bound or latency-bound -->

| Metric (Nsight Compute name) | Value |
|---|---|
| Memory Throughput | ‹…> % |
| Compute (SM) Throughput | ‹…> % |
| DRAM Throughput | ‹…> % |
| Duration | ‹…> us |
| Achieved Occupancy | ‹…> % |

Why: which unit is near its peak, and what the kernel does per byte it moves (or per value it loads).

Next: what you would change, and which metric you expect it to move.
"""


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def current_text(path: Path) -> str | None:
    """A lab file's text as the generator would compare it (universal newlines), or None where it is no text file
    of the generator's (a folder there, bytes that are not UTF-8): a learner's, never overwritten."""
    try:
        return path.read_text() if path.is_file() else None
    except (OSError, UnicodeDecodeError):
        return None


NO_SOLUTIONS = ("refused: this copy of the course holds no reference solutions (solutions/), which the stubs are made "
                "from: `make stubs` and `make phase-open` are the course staff's commands. To bring one lab file back "
                "as it was given to you, `git checkout -- labs/<lab>/<file>` (or take it from the course's "
                "repository); nothing in labs/ was changed")


def read_manifest(path: Path) -> dict | None:
    """labs/.stubs.json, or {} where there is none; None (with a message) where it cannot be read as the generator
    wrote it: a merge's conflict markers, a folder, a pipe that would block the read."""
    if not os.path.lexists(path):
        return {}
    try:
        if not path.is_file():
            raise ValueError("it is not a plain file")
        manifest = json.loads(path.read_text())
        if not isinstance(manifest, dict) or not all(isinstance(v, str) for v in manifest.values()):
            raise ValueError("it is not a table of file names and digests")
        return manifest
    except (OSError, ValueError, UnicodeDecodeError) as e:
        print(f"refused: {MANIFEST}, where the generator remembers what it wrote, cannot be read ({e}); restore it "
              f"with `git checkout -- {MANIFEST}`; nothing in labs/ was changed", file=sys.stderr)
        return None


def keep_beside(target: Path) -> Path:
    """A copy of ``target`` as FILE.orig-<time>[-n], under a name no other file has (two runs in one second kept
    the second edit over the first), written whole before it gets that name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    data = target.read_bytes()  # byte for byte: line endings and encoding as they were
    for n in range(1000):
        backup = target.with_name(f"{target.name}.orig-{stamp}" + (f"-{n}" if n else ""))
        try:
            fd = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        except BaseException:
            backup.unlink(missing_ok=True)
            raise
        return backup
    raise OSError(f"no free name for a copy of {target.name}")


def sync(kernel: str | None = None, *, force: bool = False, check: bool = False) -> int:
    """Make labs/ hold the stubs of the ``kernel`` track (default: the open one); 0 when done or current.

    A file whose content is not what the generator last wrote is a learner's: it is neither overwritten
    nor removed (unless ``force``, which keeps it beside as FILE.orig-<time>). Nothing is written unless
    everything can be: a refusal leaves labs/ as it was. Stubs of the other track that are still as
    generated are removed.
    """
    if not (REPO / "solutions").is_dir():  # the learners' copy: every stub would be planned away, and removed
        print(NO_SOLUTIONS, file=sys.stderr)
        return 2
    plan = {path: text for lab in all_labs(kernel) for path, text in planned(lab).items()}
    manifest_path = REPO / MANIFEST
    manifest = read_manifest(manifest_path)
    if manifest is None:
        return 2
    stale = [path for path, text in plan.items()
             if not os.path.lexists(REPO / path) or current_text(REPO / path) != text]
    leftover = [path for path in manifest if path not in plan and (REPO / path).exists()]
    if check:
        for path in stale:
            print(f"stale stub: {path} (run `make stubs`)")
        for path in leftover:
            print(f"stub of another track: {path} (run `make stubs`)")
        return 1 if stale or leftover else 0

    def edited(path: str) -> bool:
        target = REPO / path
        if not os.path.lexists(target):
            return False
        text = current_text(target)
        # an empty file has nothing of the learner's to keep: the grader's message sends them here to restore it
        return text is None or bool(text.strip()) and digest(text) != manifest.get(path)

    refused = [path for path in stale + leftover if edited(path)]
    odd = [path for path in refused if not (REPO / path).is_file() or (REPO / path).is_symlink()]
    # a folder to write in that is a file (labs/02-tuned-kernel/profile): found before anything is written
    blocked = sorted({str(parent.relative_to(REPO)) for path in stale
                      for parent in list((REPO / path).parents)[:path.count("/")]
                      if os.path.lexists(parent) and not parent.is_dir()})
    for folder in blocked:
        print(f"refused: {folder} should be a folder, and a file is there; move it away and run again (nothing in "
              "labs/ was changed)", file=sys.stderr)
    if blocked:
        return 1
    for path in odd:  # nothing to keep a copy of: never replaced, even with FORCE
        print(f"refused to change {path}: it is not a plain file (a folder or a link is there); move it away and run "
              "again", file=sys.stderr)
    if odd:
        return 1
    if refused and not force:
        for path in refused:
            print(f"refused to change {path}: it has edits of yours (use FORCE=1 to replace it; your version "
                  f"would be kept beside it)", file=sys.stderr)
        return 1
    try:
        for path in refused:
            backup = keep_beside(REPO / path)
            print(f"kept your version of {path} as {backup.relative_to(REPO)}")
    except OSError as e:  # a full disk: the learner's files are as they were, and no backup is left half-written
        print(f"refused: your version of a file could not be kept beside it ({e.strerror or e}); nothing in labs/ "
              "was changed", file=sys.stderr)
        return 1
    for path in stale:
        target = REPO / path
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            write_whole(target, plan[path])
        except OSError as e:
            print(f"stopped: {path} could not be written ({e.strerror or e}); the files written before it are "
                  "stubs as generated, and running this again finishes the rest", file=sys.stderr)
            return 1
        print(f"wrote {path}")
    for path in leftover:
        (REPO / path).unlink()
        manifest.pop(path, None)
        print(f"removed {path} (a stub of the other track)")
    manifest.update({path: digest(text) for path, text in plan.items()})
    write_whole(manifest_path, json.dumps(dict(sorted(manifest.items())), indent=1) + "\n")
    if not stale and not leftover:
        print("stubs are up to date")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m grader.stubs", description=__doc__.splitlines()[0])
    p.add_argument("--force", action="store_true", help="overwrite learner edits (a copy is kept)")
    p.add_argument("--check", action="store_true", help="only report stale stubs; exit 1 if any")
    args = p.parse_args(argv)
    return sync(force=args.force, check=args.check)


if __name__ == "__main__":
    sys.exit(main())

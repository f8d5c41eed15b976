"""The cohort's folder (OUT) and the only ways anything is written into it.

Every file a reader trusts is written whole or not at all: a temporary file in the same folder,
flushed to disk, then ``os.replace`` (atomic on POSIX). A task killed half-way leaves at most a
``.*.tmp`` file, which no reader opens and the next run removes.

    OUT/gradebook.csv, gradebook.html    the gradebook (rebuilt after every run)
    OUT/results/<learner>.json           the grader's Gradescope results.json + extra_data.cohort
    OUT/logs/<learner>.log               the log of the learner's last finished attempt
    OUT/attempts/<learner>.json          the learner's last attempt: running, or how it ended
    OUT/plans/<plan>.json                what one run asked for: roster, options, tasks
    OUT/grader/<tree hash>/              the grader tree that plan grades with, frozen at submit time
    OUT/work/<learner>/                  the last attempt's scratch: its own copy of that tree, the
                                         grader's work folder and the log while it is written
    OUT/slurm/                           generated sbatch scripts, job ids, Slurm's own output
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from grader import discover
from grader.files import write_whole
from grader.results import strict_json

# What the grader reads of its own repository. The snapshot copies exactly these.
GRADER_TREE = ("grader", "labs", "learners", "solutions", "pyproject.toml", "Makefile")
SKIP_NAMES = ("__pycache__", ".pytest_cache", ".ipynb_checkpoints")


MARKER = ".grade-cohort"  # in every cohort folder (Layout.make)


@dataclass(frozen=True)
class Layout:
    out: Path

    @property
    def results(self) -> Path:
        return self.out / "results"

    @property
    def logs(self) -> Path:
        return self.out / "logs"

    @property
    def attempts(self) -> Path:
        return self.out / "attempts"

    @property
    def plans(self) -> Path:
        return self.out / "plans"

    @property
    def trees(self) -> Path:
        return self.out / "grader"

    @property
    def work(self) -> Path:
        return self.out / "work"

    @property
    def slurm(self) -> Path:
        return self.out / "slurm"

    @property
    def lock(self) -> Path:
        return self.out / ".cohort.lock"

    def result(self, learner: str) -> Path:
        return self.results / f"{learner}.json"

    def log(self, learner: str) -> Path:
        return self.logs / f"{learner}.log"

    def attempt(self, learner: str) -> Path:
        return self.attempts / f"{learner}.json"

    def workdir(self, learner: str) -> Path:
        return self.work / learner

    def make(self) -> None:
        for folder in (self.results, self.logs, self.attempts, self.plans, self.trees, self.work, self.slurm):
            folder.mkdir(parents=True, exist_ok=True)
        (self.out / MARKER).touch()

    def foreign(self) -> bool:
        """OUT holds files but is no cohort folder (a home or project folder given by mistake): the run would
        delete its temporary-looking files and write a gradebook over one of its own."""
        if not self.out.is_dir() or (self.out / MARKER).exists() or self.plans.is_dir():
            return False
        return any(True for _ in self.out.iterdir())

    def unsafe(self) -> str | None:
        """Why OUT, where it already exists, is not the instructor's alone: another user's folder (made first in a
        shared scratch area), or one that any user may write. Whoever can write OUT can rename results/ away
        and put a grade of their own in its place (red team, session 29). A folder this run makes is 0700."""
        if not self.out.is_dir():
            return None
        st = self.out.stat()
        if st.st_uid != os.getuid():
            return (f"it belongs to another user (uid {st.st_uid}): whoever owns the cohort's folder can replace the "
                    "results in it; give a folder of your own, or a new path")
        if st.st_mode & 0o002:  # a group-writable one is the instructor's choice (umask 002 and private groups)
            return (f"any user may write it (mode {st.st_mode & 0o777:o}): they could replace the results in it; run "
                    f"chmod o-w {self.out}, or give a new path")
        return None

    def stale_temporaries(self) -> list[Path]:
        """Temporary files left by writers that were killed, and half-made grader snapshots (folders) of a run that
        was (no reader ever opens them)."""
        found = []
        for folder in (self.out, self.results, self.logs, self.attempts, self.plans, self.slurm):
            if folder.is_dir():
                found += sorted(p for p in folder.glob(".*.tmp") if p.is_file() and not p.is_symlink())
        if self.trees.is_dir():
            found += sorted(p for p in self.trees.glob(".*.tmp") if p.is_dir() and not p.is_symlink())
        return found

    def remove_stale_temporaries(self) -> None:
        for stale in self.stale_temporaries():
            if stale.is_dir():
                shutil.rmtree(stale, ignore_errors=True)
            else:
                stale.unlink(missing_ok=True)


# ----------------------------------------------------------------------------- atomic writes

# The cohort's folder is the instructor's alone: it holds the reference solutions (the frozen grader tree) and every
# learner's grades, on a filesystem learners often log into too. grade-cohort runs with umask 077 (cli.main), and
# what it writes atomically is 0600 whatever the caller's umask.
FILE_MODE = 0o600
PRIVATE_UMASK = 0o077


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (temp file in the same folder + os.replace)."""
    write_whole(path, text, mode=FILE_MODE)
    try:  # make the rename itself durable (a node that loses power keeps the new name)
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def write_json(path: Path, data: dict) -> None:
    write_atomic(path, strict_json(data) + "\n")


def read_json(path: Path) -> dict | None:
    """The JSON object in ``path``, or None when it is absent or not a JSON object."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


# ----------------------------------------------------------------------------- content hashes

def submission_hash(submission: Path, labs: list[str], listing: dict, learner: str | None = None) -> str:
    """sha256 over exactly what grading these labs reads from the submission: each lab's editable files (the
    listing's), found and read as the grader finds and reads them (grader.discover: no links, no pipes, size
    limits), and the learner's profile where lab 03 reads it. A file the grader would refuse counts as its
    refusal, so the hash never reads more than the grader would, nor blocks where it would not. It is the grader's
    own ``read_hash`` of the same reads (discover.ReadLog), which the task compares with it."""
    log = discover.ReadLog()
    if discover.is_link(submission):  # refused by the grader; two learners linked to one folder must not share a hash
        log.add(Path("(link)"), os.fsencode(os.readlink(submission)), "")
    submission = submission.resolve()  # as the grader names what it reads
    lab_by_number = {lab["number"]: lab for lab in listing["labs"]}
    with discover.recording(log):
        for number in labs:
            lab = lab_by_number.get(number)
            if lab is None:
                log.add(Path(f"(unknown lab {number})"), None, "unknown")
                continue
            folder = discover.lab_dir(submission, lab["name"], number, tuple(lab["editable"]))
            for rel in lab["editable"]:
                discover.read_plain(folder, rel, discover.limit_for(rel))
        if learner and PROFILE_LAB in labs:
            discover.read_learner_profile(submission, learner)
    return log.digest()


PROFILE_LAB = "03"  # the lab whose check reads the learner's profile (grader/labs/lab03.py)


# Files of the grader's own tree (trusted, unlike a submission).
def hash_files(root: Path, rels: list[Path], digest) -> None:
    for rel in rels:
        path = root / rel
        digest.update(rel.as_posix().encode() + b"\0")
        if path.is_symlink():
            digest.update(b"link\0" + os.readlink(path).encode() + b"\0")
        else:
            digest.update(b"file\0")
            with open(path, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    digest.update(block)
            digest.update(b"\0")


def walk_files(root: Path) -> list[Path]:
    """Every file under root (symlinks included, not followed), relative, sorted; caches skipped."""
    rels = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_NAMES)
        here = Path(dirpath)
        for d in dirnames:
            if (here / d).is_symlink():
                rels.append((here / d).relative_to(root))
        rels += [(here / f).relative_to(root) for f in filenames if not f.endswith(".pyc")]
    return sorted(set(rels))


# ----------------------------------------------------------------------------- the grader tree

def tree_files(repo: Path) -> list[Path]:
    rels = []
    for top in GRADER_TREE:
        path = repo / top
        if path.is_file():
            rels.append(Path(top))
        elif path.is_dir():
            rels += [Path(top) / rel for rel in walk_files(path)]
    return rels


def snapshot_tree(repo: Path, layout: Layout) -> tuple[Path, str]:
    """Freeze the grader's tree into OUT/grader/<hash>/ (once per distinct tree); return (path, hash).

    Every task of a run grades with this copy, so editing or pulling the checkout while a cohort is
    graded changes nothing (and cannot void grades in flight). The copy's files are read-only.
    """
    rels = tree_files(repo)
    digest = hashlib.sha256()
    hash_files(repo, rels, digest)
    tree_hash = digest.hexdigest()
    dest = layout.trees / tree_hash[:16]
    if (dest / ".complete").is_file():
        return dest, tree_hash
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".tmp", dir=layout.trees))
    try:
        for rel in rels:
            src, dst = repo / rel, tmp / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            if src.is_symlink():
                os.symlink(os.readlink(src), dst)
            else:
                shutil.copy2(src, dst)
                dst.chmod(0o400 | (0o100 if os.access(src, os.X_OK) else 0))  # the instructor's only: solutions inside
        (tmp / ".complete").write_text(tree_hash + "\n")
        try:
            os.replace(tmp, dest)
        except OSError:  # another run made the same snapshot first: theirs is identical
            pass
    finally:  # an interrupted copy (Ctrl-C, a full disk) leaves nothing; a kill leaves a .tmp the next run removes
        shutil.rmtree(tmp, ignore_errors=True)
    return dest, tree_hash


def link_tree(src: Path, dst: Path) -> None:
    """A private copy of a frozen tree: hard links where the filesystem allows, copies elsewhere."""
    if dst.exists():
        shutil.rmtree(dst)
    for rel in walk_files(src):
        s, d = src / rel, dst / rel
        d.parent.mkdir(parents=True, exist_ok=True)
        if s.is_symlink():
            os.symlink(os.readlink(s), d)
            continue
        try:
            os.link(s, d)
        except OSError:
            shutil.copy2(s, d)

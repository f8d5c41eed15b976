"""The judge's own integrity: everything it runs is imported before the first worker starts, and the
grader's tree is fingerprinted before and after grading. A tree that changed during the run (a
worker that escaped its sandbox and wrote into it, say) voids the run: no result is written.
"""
from __future__ import annotations

import hashlib
import importlib
import pkgutil
from pathlib import Path

import grader

REPO = Path(__file__).resolve().parent.parent
WATCHED = ("grader", "solutions", "pyproject.toml", "Makefile")  # not labs/: learners may edit it meanwhile


def import_all() -> None:
    """Import every grader module now, so that nothing a worker could write is imported later."""
    for info in pkgutil.walk_packages(grader.__path__, "grader."):
        if ".workers." in info.name or info.name.endswith(("__main__", ".bootstrap")) or \
                info.name.startswith("grader.cohort"):
            continue  # worker modules run in workers; bootstrap is a script; the cohort tools (and their optional
            # packages, matplotlib) are never part of grading one submission, which `make grade` sets up alone
        importlib.import_module(info.name)


def fingerprint() -> dict[str, str]:
    """sha256 of every file under the watched paths (caches and compiled files aside)."""
    digests = {}
    for top in WATCHED:
        root = REPO / top
        paths = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file() or p.is_symlink())
        for path in paths:
            rel = path.relative_to(REPO).as_posix()
            if "__pycache__" in rel or rel.endswith((".pyc", ".orig")) or ".orig-" in rel:
                continue
            try:
                digests[rel] = "link:" + str(path.readlink()) if path.is_symlink() else \
                    hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError as exc:
                digests[rel] = f"unreadable: {exc}"
    return digests


def changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))

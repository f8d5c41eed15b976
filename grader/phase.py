"""Which kernel track is open (grader/phase.toml, read once), and `make phase-open KERNEL=...`.

phase-open switches the setting, writes the chosen track's stubs into labs/ (refusing to overwrite
or remove a learner's edits, like `make stubs`), and regenerates the docs' generated tables.
"""
from __future__ import annotations

import argparse
import functools
import subprocess
import sys
import tomllib
from pathlib import Path

from grader.files import write_whole
from grader.ops import KERNELS

REPO = Path(__file__).resolve().parent.parent
SETTING = REPO / "grader" / "phase.toml"


class SettingError(SystemExit):
    """grader/phase.toml cannot say which track is open: every command stops with this message (exit 2), not a
    traceback (a typo `kernel = "gemmm"`, or a merge's conflict markers: helper nl57, session 57)."""

    def __init__(self, why: str):
        print(f"grader/phase.toml {why}: it says which track the phase opened (kernel = \"softmax\" or \"gemm\"); "
              "restore it with `git checkout -- grader/phase.toml`, or run `make phase-open KERNEL=softmax` (or gemm)",
              file=sys.stderr)
        super().__init__(2)


def _read() -> str:
    """The open track, or ValueError saying why grader/phase.toml does not tell it."""
    try:
        value = tomllib.loads(SETTING.read_text())["kernel"]
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError) as e:
        raise ValueError(f"cannot be read ({type(e).__name__}: {e})") from None
    if value not in KERNELS:
        raise ValueError(f"says kernel = {value!r}; expected one of {', '.join(KERNELS)}")
    return value


@functools.cache
def kernel() -> str:
    try:
        return _read()
    except ValueError as e:
        raise SettingError(str(e)) from None


def write_setting(value: str) -> None:
    try:
        text = SETTING.read_text()
    except (OSError, UnicodeDecodeError):
        text = ""
    lines = [f'kernel = "{value}"' if ln.startswith("kernel") else ln for ln in text.splitlines()
             if not ln.startswith(("<<<<<<<", "=======", ">>>>>>>"))]
    lines = [ln for i, ln in enumerate(lines)  # one kernel line (both sides of a merge's conflict held one)
             if not ln.startswith("kernel") or not any(k.startswith("kernel") for k in lines[:i])]
    if not any(ln.startswith("kernel") for ln in lines):
        lines.append(f'kernel = "{value}"')
    write_whole(SETTING, "\n".join(lines) + "\n")
    kernel.cache_clear()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="make phase-open KERNEL=softmax|gemm", description=__doc__.splitlines()[0])
    p.add_argument("kernel", choices=KERNELS)
    p.add_argument("--force", action="store_true", help="replace edited files (yours are kept as FILE.orig-<time>)")
    args = p.parse_args(argv)
    try:
        return _open(args)
    except KeyboardInterrupt:  # each file is written whole: running it again finishes what was begun
        print("phase-open: interrupted; each file it wrote is whole, and `make phase-open KERNEL="
              f"{args.kernel}` again finishes the rest", file=sys.stderr)
        return 130


def _open(args) -> int:
    from grader import stubs

    try:
        before = _read()
    except ValueError:  # a broken setting is what phase-open writes anew
        before = None
    code = stubs.sync(args.kernel, force=args.force)
    if code != 0:
        print(f"phase-open: stopped (see above); the track stays {before!r}", file=sys.stderr)
        return code
    write_setting(args.kernel)
    print(f"the open track is now {args.kernel!r} (grader/phase.toml)")
    for tool in ("grading_tables.py", "lab_notebooks.py"):  # the docs' tables, the notebooks of the open track
        path = REPO / "docs" / "_tools" / tool
        if path.exists() and subprocess.run([sys.executable, str(path)], cwd=REPO).returncode != 0:
            print(f"phase-open: docs/_tools/{tool} failed (see above)", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

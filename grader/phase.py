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

from grader.ops import KERNELS

REPO = Path(__file__).resolve().parent.parent
SETTING = REPO / "grader" / "phase.toml"


@functools.cache
def kernel() -> str:
    value = tomllib.loads(SETTING.read_text())["kernel"]
    if value not in KERNELS:
        raise ValueError(f"{SETTING}: kernel = {value!r}; expected one of {', '.join(KERNELS)}")
    return value


def write_setting(value: str) -> None:
    text = SETTING.read_text()
    lines = [f'kernel = "{value}"' if ln.startswith("kernel") else ln for ln in text.splitlines()]
    tmp = SETTING.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(SETTING)
    kernel.cache_clear()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="make phase-open KERNEL=softmax|gemm", description=__doc__.splitlines()[0])
    p.add_argument("kernel", choices=KERNELS)
    p.add_argument("--force", action="store_true", help="replace edited files (yours are kept as FILE.orig-<time>)")
    args = p.parse_args(argv)
    from grader import stubs

    before = kernel()
    code = stubs.sync(args.kernel, force=args.force)
    if code != 0:
        print(f"phase-open: labs/ holds edits of yours; the track stays {before!r}", file=sys.stderr)
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

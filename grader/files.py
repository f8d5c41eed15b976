"""Files written whole or not at all: a temporary file in the same folder, flushed to disk, then renamed over the
target. An interrupted run, a full disk or a file-size limit leaves the old file as it was, never half of a new one
(the docs' tables, the notebooks and the stubs were written in place: helper nl57, session 57)."""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def write_whole(path: Path, text: str, mode: int | None = None) -> None:
    """``text`` into ``path``, whole or not at all. ``mode``: the file's permissions; by default the old file's, or
    what the umask gives a new file (mkstemp's 0600 made a results.json that replaced a 0644 one private)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:  # the file replaced, never what a link there leads to: a results.json linked to /tmp (a folder, 1777)
            old = path.lstat()  # made the new one world-writable 0777 (red team, session 58)
            mode = old.st_mode & 0o777 if stat.S_ISREG(old.st_mode) else None
        except OSError:
            mode = None
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise

"""The private channel between the judge and a worker: length-prefixed JSON messages over two pipes.

The worker's stdout and stderr (where learner code prints) go to its log, never here. Arrays do
not travel on the channel: the worker writes them as raw files in its run folder, at names the
judge chose, and the judge reads them with ``read_array`` (no symlinks, exact size).

Everything the judge receives is a claim from a process that may run hostile code, so
``Reply`` reads fields only through typed accessors that raise ``BadReply``.
"""
from __future__ import annotations

import json
import os
import select
import stat
import struct
import time
from pathlib import Path

MAX_MESSAGE = 4 << 20  # bytes: a command or a reply is small; arrays travel as files
HEADER = struct.Struct(">I")


class BadReply(Exception):
    """The worker's answer was missing, malformed, oversized or of the wrong shape."""


class ChannelClosed(Exception):
    """The other end closed the channel (the worker died, or the judge went away)."""


class ChannelTimeout(Exception):
    """No message before the deadline."""


def send(fd: int, message: dict) -> None:
    data = json.dumps(message, allow_nan=True).encode()
    if len(data) > MAX_MESSAGE:
        raise ValueError(f"message of {len(data)} bytes is over the channel's limit")
    payload = HEADER.pack(len(data)) + data
    while payload:
        payload = payload[os.write(fd, payload):]


def _read_exactly(fd: int, n: int, deadline: float | None) -> bytes:
    chunks, left = [], n
    while left:
        timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            raise ChannelTimeout()
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise ChannelClosed()
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def recv(fd: int, deadline: float | None = None) -> dict:
    """One message. Raises ChannelTimeout, ChannelClosed, or BadReply for anything malformed."""
    (size,) = HEADER.unpack(_read_exactly(fd, HEADER.size, deadline))
    if size > MAX_MESSAGE:
        raise BadReply(f"a message of {size} bytes, over the {MAX_MESSAGE}-byte limit")
    raw = _read_exactly(fd, size, deadline)
    try:
        message = json.loads(raw)
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadReply(f"not JSON: {exc}") from None
    except RecursionError:
        raise BadReply("JSON nested deeper than Python can read") from None
    if not isinstance(message, dict):
        raise BadReply(f"a {type(message).__name__}, not an object")
    return message


class Reply:
    """Typed, bounded access to a worker's answer: every accessor validates or raises BadReply."""

    def __init__(self, data: dict, where: str = "reply"):
        if not isinstance(data, dict):
            raise BadReply(f"{where} is a {type(data).__name__}, not an object")
        self.data, self.where = data, where

    def has(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str, default, types, what: str):
        if key not in self.data:
            if default is not _REQUIRED:
                return default
            raise BadReply(f"{self.where} has no {key!r}")
        value = self.data[key]
        if not isinstance(value, types) or (isinstance(value, bool) and types is not bool):
            raise BadReply(f"{self.where}.{key} is not {what}")
        return value

    def integer(self, key: str, lo: int = -(2**63), hi: int = 2**63, default=None) -> int:
        value = self._get(key, _REQUIRED if default is None else default, int, "an integer")
        if not lo <= value <= hi:
            raise BadReply(f"{self.where}.{key} = {value} is outside [{lo}, {hi}]")
        return value

    def number(self, key: str, lo: float = float("-inf"), hi: float = float("inf"), default=None) -> float:
        value = self._get(key, _REQUIRED if default is None else default, (int, float), "a number")
        value = value * 1.0
        if not lo <= value <= hi:  # also rejects NaN
            raise BadReply(f"{self.where}.{key} = {value} is outside [{lo}, {hi}]")
        return value

    def text(self, key: str, limit: int = 4000, default=None) -> str:
        value = self._get(key, _REQUIRED if default is None else default, str, "a string")
        return value[:limit]

    def flag(self, key: str, default=None) -> bool:
        return self._get(key, _REQUIRED if default is None else default, bool, "true or false")

    def items(self, key: str, limit: int = 100_000, default=None) -> list:
        value = self._get(key, _REQUIRED if default is None else default, list, "a list")
        if len(value) > limit:
            raise BadReply(f"{self.where}.{key} has {len(value)} entries, over {limit}")
        return value

    def floats(self, key: str, limit: int = 100_000, lo: float = 0.0, hi: float = float("inf")) -> "list[float]":
        values = self.items(key, limit)
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and lo <= v <= hi for v in values):
            raise BadReply(f"{self.where}.{key} holds something other than numbers in [{lo}, {hi}]")
        return [float(v) for v in values]

    def sub(self, key: str, default=None) -> "Reply":
        value = self._get(key, _REQUIRED if default is None else default, dict, "an object")
        return Reply(value, f"{self.where}.{key}")


_REQUIRED = object()


def write_new(path: Path, write) -> None:
    """Write a file of the judge's into a worker's folder: created anew, never through what the worker may have left
    at that name (a link to a file outside the sandbox, a pipe that blocks the judge, a folder). A regular file there
    (an earlier input of the judge's, or the worker's own) is replaced; anything else is a BadReply."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise BadReply(f"the worker left something that is not a file at {path.name}, where the judge writes its "
                           "input")
        path.unlink()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    except OSError as exc:  # made again in between
        raise BadReply(f"{path.name} could not be created afresh for the judge's input: {exc.strerror}") from None
    with os.fdopen(fd, "wb") as fh:
        write(fh)


def open_regular(path: Path):
    """A file the worker wrote, opened for reading only if it is a regular file (never through a link or a pipe);
    None when it is not there."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BadReply(f"{path.name} cannot be opened safely: {exc.strerror}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise BadReply(f"{path.name} is not a regular file")
    return os.fdopen(fd, "rb")


def read_array(path: Path, dtype, count: int):
    """``count`` elements of ``dtype`` from a file the worker wrote: a regular file, not a link, exact size."""
    import numpy as np

    itemsize = np.dtype(dtype).itemsize
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        raise BadReply(f"{path.name} was not written") from None
    except OSError as exc:
        raise BadReply(f"{path.name} cannot be opened safely: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise BadReply(f"{path.name} is not a regular file")
        if info.st_size != count * itemsize:
            raise BadReply(f"{path.name} holds {info.st_size} bytes, expected {count * itemsize}")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return np.fromfile(fh, dtype=dtype, count=count)
    finally:
        os.close(fd)

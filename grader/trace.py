"""``GRADER_TRACE=FILE``: one JSON line per event of a grading, for finding where its wall time goes.

Each line has ``t`` (seconds since the judge started, when the event began), ``s`` (how long it lasted), the
thread (a lab's lane) and what happened: a check executing (after its slot and the GPU lock were granted),
a check waiting for them, a worker starting, a worker's command and its case key. ``--timings`` sums; this
shows the order, lane by lane.
"""
from __future__ import annotations

import json
import os
import threading
import time
from contextlib import contextmanager

_START = time.monotonic()
_PATH = os.environ.get("GRADER_TRACE") or None
_LOCK = threading.Lock()
_EPOCH = time.time() - (time.monotonic() - _START)  # the wall clock at _START: traces of gradings run side by side line up
_HEADED = False


def enabled() -> bool:
    return _PATH is not None


def event(what: str, began: float, **fields) -> None:
    """Record ``what``, which began at ``began`` (time.monotonic()) and ends now."""
    if _PATH is None:
        return
    line = {"t": round(began - _START, 3), "s": round(time.monotonic() - began, 3),
            "thread": threading.current_thread().name, "what": what, **fields}
    global _HEADED
    with _LOCK, open(_PATH, "a") as f:
        if not _HEADED:
            f.write(json.dumps({"t": 0.0, "s": 0.0, "what": "trace start", "epoch": round(_EPOCH, 3)}) + "\n")
            _HEADED = True
        f.write(json.dumps(line, default=str) + "\n")


@contextmanager
def span(what: str, **fields):
    began = time.monotonic()
    try:
        yield
    finally:
        event(what, began, **fields)

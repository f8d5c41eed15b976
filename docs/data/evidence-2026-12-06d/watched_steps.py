"""The watched check's steps in gradings' traces (GRADER_TRACE files): for each trace, the lab 03 own_kernels check's
ncu attach, the watched worker's "cuda" set-up (decision 247), init and case, the check's hold of the machine's
profiler lock, and the grading's own span.

    python3 docs/data/evidence-2026-12-06d/watched_steps.py FILE.jsonl...

The hold runs from the end of "wait for the profiler lock" to the end of the check; the GPU lock is held by the init
and the case only."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def steps(path: Path) -> dict:
    events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    watched = [e for e in events if "triton-ncu" in e.get("thread", "")]

    def last(what):
        found = [e for e in watched if e["what"] == what]
        return found[-1] if found else None

    got = {k: (last(w) or {}).get("s") for k, w in (("attach", "ncu attach"), ("cuda", "worker triton: cuda"),
                                                  ("init", "worker triton: init"), ("case", "worker triton: case"))}
    wait, check = last("wait for the profiler lock"), last("check")
    got["hold"] = (check["t"] + check["s"]) - (wait["t"] + wait["s"]) if wait and check else None
    got["span"] = max(e["t"] + e["s"] for e in events)
    return got


def main(paths: list[str]) -> None:
    for p in paths:
        got = steps(Path(p))
        print(Path(p).stem, " ".join(f"{k} {'-' if v is None else f'{v:.2f}'}" for k, v in got.items()))


if __name__ == "__main__":
    main(sys.argv[1:])

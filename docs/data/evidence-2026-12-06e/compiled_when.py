"""Which of a grading's steps Triton compiled in: each file of the Triton cache (``cache-files.txt``: mtime and
path, from ``find -printf '%T@ %p'``) put in the trace step of the watched, GPU-shapes or sweep lanes whose span
holds its mtime.

    python3 docs/data/evidence-2026-12-06e/compiled_when.py RAW_FOLDER"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path


def main(folder: Path) -> None:
    files = [line.split(" ", 1) for line in (folder / "cache-files.txt").read_text().splitlines() if line.strip()]
    cubins = [(float(t), p) for t, p in files if p.endswith(".cubin")]
    for trace in sorted(folder.glob("*.jsonl")):
        events = [json.loads(line) for line in trace.read_text().splitlines() if line.strip()]
        epoch = events[0]["epoch"]
        spans = [(epoch + e["t"], epoch + e["t"] + e["s"], f"{e.get('lane', '')}: {e['what']}") for e in events
                 if e["what"].startswith("worker") and ": case" in e["what"] or e["what"].endswith(": cuda")]
        start, end = epoch, epoch + max(e["t"] + e.get("s", 0) for e in events)
        where = Counter()
        for t, _ in cubins:
            if start <= t <= end:
                inside = [what for a, b, what in spans if a <= t <= b]
                where[inside[0] if inside else "(no case)"] += 1
        print(trace.stem, dict(where) or "no cubin written")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

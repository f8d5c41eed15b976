"""The watched check's spans in gradings' traces: its worker's init and case, and its hold of the profiler lock.

    python3 docs/data/evidence-2026-12-06/watched_holds.py TRACE.jsonl...

One line a trace: the watched worker's init and first case (lane triton-ncu), the check's hold of the machine's
profiler lock (from the end of its wait to the end of the check), and the harness's warm-up line from its start."""
from __future__ import annotations

import json
import sys

for path in sys.argv[1:]:
    events = [json.loads(line) for line in open(path) if line.strip()]
    lane = [e for e in events if e.get("lane") == "triton-ncu"]
    init = sum(e["s"] for e in lane if e["what"] == "worker triton: init")
    case = sum(e["s"] for e in lane if e["what"] == "worker triton: case")
    wait = next(e for e in events if e["what"] == "wait for the profiler lock" and e.get("check", "").endswith("own_kernels"))
    check = [e for e in events if e["what"] == "check" and e.get("check") == wait["check"]][-1]
    held = check["t"] + check["s"] - wait["t"] - wait["s"]
    start = next((e.get("log", "") for e in events if e["what"] == "watched start"), "")
    warm = [part.strip() for part in start.split("|") if "Triton" in part]
    print(f"{path.rsplit('/', 1)[-1]}: init {init:.2f} s, case {case:.2f} s, profiler lock held {held:.2f} s; "
          f"{warm[0] if warm else 'no Triton warm-up line'}")

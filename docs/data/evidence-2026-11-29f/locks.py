"""Where a traced `make test-gpu` spent its time on the machine's locks: read every grading's trace in a folder
(GRADER_TEST_TRACE) and print the figures this folder's README quotes.

    python3 docs/data/evidence-2026-11-29f/locks.py TRACE_FOLDER

- the waits, summed over every thread of every grading: for the GPU lock shared (each case and init), exclusive
  (a lab's timed checks) and the profiler lock (each watched check);
- how long the GPU lock's gate was closed: the union over gradings of [the exclusive wait's start, the last timed
  check's end], during which no grading on the machine starts new GPU work;
- the watched checks (03.triton.own_kernels): each one's length, and every start of a watched worker (seconds to
  its harness's answer; a lost start shows as the limit it was cut at, plus about 2 s);
- what ran inside the timed checks other than timing: worker starts and inits spent while the GPU was exclusive.
"""
from __future__ import annotations

import collections
import json
import sys
from pathlib import Path


def union(intervals: list[tuple[float, float]]) -> float:
    total, end = 0.0, None
    start = None
    for a, b in sorted(intervals):
        if end is None or a > end:
            if end is not None:
                total += end - start
            start, end = a, b
        else:
            end = max(end, b)
    return total + (end - start if end is not None else 0.0)


def main(folder: Path) -> None:
    waits: collections.Counter = collections.Counter()
    gate, watched, starts = [], [], []
    inside: collections.Counter = collections.Counter()
    files = sorted(folder.glob("*.jsonl"))
    for path in files:
        events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        epoch = events[0]["epoch"]
        for e in events:
            if e["what"].startswith("wait for the"):
                waits[e["what"][len("wait for the "):]] += e.get("s", 0.0)
            if e["what"] == "check" and e.get("check", "").endswith("own_kernels"):
                watched.append(e["s"])
            if e.get("lane", "").startswith("triton-ncu") and e["what"] == "worker triton: hello":
                starts.append(e["s"])
        exclusive = [e for e in events if e["what"] == "wait for the GPU lock (exclusive)"]
        timed = [e for e in events if e["what"] == "timed check"]
        if exclusive and timed:
            gate.append((epoch + exclusive[0]["t"], epoch + max(e["t"] + e["s"] for e in timed)))
        for t in timed:
            for e in events:
                if (e.get("thread") == t.get("thread") and t["t"] - 0.01 <= e["t"] <= t["t"] + t["s"]
                        and e["what"].endswith((": start", ": init"))):
                    inside[(t["check"], e["what"], e.get("lane", "").split("/")[0])] += e.get("s", 0.0)
    print(f"{len(files)} gradings")
    for what, seconds in sorted(waits.items()):
        print(f"wait for the {what}: {seconds:.1f} s in all")
    print(f"the gate closed (exclusive waits and holds, union): {union(gate):.1f} s, {len(gate)} holds")
    print(f"watched checks: {len(watched)}, {sum(watched):.1f} s in all, each "
          + ", ".join(f"{s:.1f}" for s in sorted(watched)))
    print("watched starts (s): " + ", ".join(f"{s:.1f}" for s in sorted(starts)))
    for (check, what, lane), seconds in sorted(inside.items(), key=lambda kv: -kv[1]):
        print(f"inside {check}: {what} ({lane}) {seconds:.1f} s")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

"""How long the workers' commands that hold the GPU lock shared took in a traced make test-gpu (GRADER_TEST_TRACE):
inits, cases, port runs (those on the CPU hold nothing), bonus runs, by worker kind; the hellos too, which hold
nothing (kernel_checks.init_on_gpu); and what ran inside lab 02's timed checks besides timing.

    python3 docs/data/evidence-2026-12-02d/holds.py TRACE_FOLDER

"residual" is sum(s^2) / (2 sum(s)): how long a measurement that starts waiting at a random moment waits, on average,
for a hold of that kind in flight to end.
"""
from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

HELD = (": init", ": case", ": run", ": bonus", ": hello")


def main(folder: Path) -> None:
    durations = collections.defaultdict(list)
    inside: collections.Counter = collections.Counter()
    for path in sorted(folder.glob("*.jsonl")):
        events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        for e in events:
            if e["what"].startswith("worker ") and e["what"].endswith(HELD):
                durations[e["what"]].append(e["s"])
        for t in (e for e in events if e["what"] == "timed check" and e["check"].startswith("02.")):
            for e in events:
                if e is not t and t["t"] - 0.01 <= e["t"] <= t["t"] + t["s"] and e.get("s", 0) > 0.05:
                    inside[(t["check"], e["what"], e.get("lane", ""))] += e["s"]
    for what, values in sorted(durations.items()):
        values.sort()
        n, total = len(values), sum(values)
        print(f"{what:24s} n={n:4d} sum={total:7.1f} s mean={total / n:5.2f} p90={values[int(n * 0.9)]:5.2f} "
              f"max={values[-1]:5.2f} residual={sum(v * v for v in values) / 2 / total:5.2f}")
    for (check, what, lane), seconds in inside.most_common(12):
        print(f"inside {check}: {what} ({lane}) {seconds:.1f} s")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

"""The machine's profiler lock over one make test-gpu run, from its gradings' traces (GRADER_TEST_TRACE=DIR).

    python3 docs/data/evidence-2026-12-03d/holds.py DIR

Prints each hold (from the end of its wait to the end of its check; for lab 02's timed phase, to the end of its last
timed check), the gap before it, the seconds of the watched worker's case inside it, and totals: lab 03's holds, the
gaps, the span of the traces, and the watched starts (answered, lost before the check, lost in it)."""
from __future__ import annotations

import collections
import json
import sys
from pathlib import Path


def main(folder: Path) -> None:
    holds, first, last, starts = [], None, None, collections.Counter()
    for path in sorted(folder.glob("*.jsonl")):
        events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        epoch = float(events[0]["epoch"])
        end_of = lambda e: float(e["t"]) + float(e["s"])  # noqa: E731
        first = epoch if first is None else min(first, epoch)
        last = max(last or 0.0, epoch + max(end_of(e) for e in events))
        for e in events:
            if e["what"].startswith("watched start"):
                starts[e["what"]] += 1
        for wait in (e for e in events if e["what"] == "wait for the profiler lock"):
            begun = end_of(wait)
            if wait.get("check") == "timed checks":
                timed = [end_of(e) for e in events if e["what"] == "timed check"]
                holds.append((epoch + begun, epoch + max(timed, default=begun), "lab 02 timed phase", 0.0, path.stem))
                continue
            checks = [e for e in events if e["what"] == "check" and e.get("check") == wait.get("check")]
            if not checks:
                holds.append((epoch + begun, None, "not finished", 0.0, path.stem))
                continue
            case = sum(float(e["s"]) for e in events if e["what"] == "worker triton: case" and "ncu" in e.get("lane", ""))
            holds.append((epoch + begun, epoch + end_of(checks[-1]), wait["check"], case, path.stem))
    holds.sort(key=lambda h: h[0])
    at, gaps = first, 0.0
    for begun, ended, what, case, name in holds:
        gap = max(0.0, begun - at)
        gaps += gap
        held = f"{ended - begun:5.1f}" if ended is not None else "    -"
        print(f"{begun - first:7.1f} s  held {held} s  gap {gap:5.1f} s  case {case:4.1f} s  {what}  {name[:70]}")
        at = max(at, ended or begun)
    lab03 = [h[1] - h[0] for h in holds if h[1] is not None and h[2].endswith("own_kernels")]
    span = f"{min(lab03):.1f}-{max(lab03):.1f} s" if lab03 else "none"  # a part of the suite may run no lab 03
    print(f"lab 03 holds: {len(lab03)}, {span}, {sum(lab03):.1f} s in all; "
          f"gaps {gaps:.1f} s; traces span {last - first:.1f} s")
    print("watched starts:", dict(starts))


if __name__ == "__main__":
    main(Path(sys.argv[1]))

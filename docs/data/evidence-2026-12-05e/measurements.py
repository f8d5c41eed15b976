"""The GPU lock's measurements over one make test-gpu run, from its gradings' traces (GRADER_TEST_TRACE=DIR).

    python3 docs/data/evidence-2026-12-05e/measurements.py DIR

A measurement is one exclusive hold of the GPU lock: its wait ("wait for the GPU lock (exclusive)") and its run, from
the end of the wait to the end of the last timed check after it. Prints:
- how many, the seconds they ran (the union of the runs) and the seconds one was waiting or running (the union of
  both), against the traces' span;
- how many arrived while another measurement waited or ran ("queued"), and the seconds each waited for cases after
  the last measurement before it ended ("own drain"), summed for the queued ones and for the others;
- the seconds the waits spent behind another measurement, where the trace says (decision 235 on)."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def union(intervals) -> float:
    total, current = 0.0, None
    for a, b in sorted(intervals):
        if current is None or a > current[1]:
            if current is not None:
                total += current[1] - current[0]
            current = [a, b]
        else:
            current[1] = max(current[1], b)
    return total + (current[1] - current[0] if current else 0.0)


def main(folder: Path) -> None:
    measures, first, last, behind = [], None, 0.0, 0.0  # (wait begun, GPU had, run ended)
    for path in sorted(folder.glob("*.jsonl")):
        events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        epoch = float(events[0]["epoch"])
        first = epoch if first is None else min(first, epoch)
        last = max(last, epoch + max(float(e["t"]) + float(e["s"]) for e in events))
        for e in events:
            if e["what"] != "wait for the GPU lock (exclusive)":
                continue
            begun = epoch + float(e["t"])
            had = begun + float(e["s"])
            ends = [epoch + float(x["t"]) + float(x["s"]) for x in events
                    if x["what"] == "timed check" and epoch + float(x["t"]) >= had - 0.01]
            measures.append((begun, had, max(ends, default=had)))
            behind += float(e.get("behind_a_measurement", 0.0))
    if not measures:
        print("no measurement in these traces")
        return
    ran = union((h, r) for _, h, r in measures)
    active = union((b, r) for b, _, r in measures)
    queued, drains = 0, {True: 0.0, False: 0.0}
    for i, (begun, had, _) in enumerate(measures):
        before = [r for j, (_, _, r) in enumerate(measures) if j != i and begun < r <= had + 1e-6]
        others = any(b < begun < r for j, (b, _, r) in enumerate(measures) if j != i)
        queued += others
        drains[bool(before)] += had - max([begun, *before])
    print(f"measurements: {len(measures)}; ran {ran:.1f} s; waiting or running {active:.1f} s of a {last - first:.1f} s"
          f" span")
    print(f"arrived while another waited or ran: {queued}; own drains: {drains[True]:.1f} s after another measurement,"
          f" {drains[False]:.1f} s otherwise; behind a measurement (traced): {behind:.1f} s")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

"""What each measurement of one make test-gpu run waited for, from its gradings' traces (GRADER_TEST_TRACE=DIR).

    python3 docs/data/evidence-2026-12-06/drains.py DIR

A shared hold runs from the end of a "wait for the GPU lock (shared)" event to the end of the last judge or worker
event after it in the same thread (the case's draw, run, references and comparison), the next wait or check ending it;
it is a watched one where its thread also took the profiler lock. A measurement's drain runs from the start of its
"wait for the GPU lock (exclusive)" to its end. Prints:
- the drains' seconds, by what the last hold in flight when the measurement arrived was (its longest event, and
  whether the thread watched), up to the end of that hold;
- the holds that began while a measurement waited (they passed it), their count and seconds until it had the GPU."""
from __future__ import annotations

import collections
import json
import sys
from pathlib import Path


def holds_and_measurements(folder: Path):
    holds, measures = [], []
    for path in sorted(folder.glob("*.jsonl")):
        events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        epoch = float(events[0]["epoch"])
        threads = collections.defaultdict(list)
        for e in events:
            threads[e.get("thread", "")].append(e)
            if e["what"] == "wait for the GPU lock (exclusive)":
                measures.append((epoch + e["t"], epoch + e["t"] + e["s"]))
        for name, evs in threads.items():
            evs.sort(key=lambda e: e["t"])
            watched = any(e["what"] == "wait for the profiler lock" for e in evs)
            current = None
            for e in evs:
                what = e["what"]
                if what == "wait for the GPU lock (shared)":
                    if current:
                        holds.append(current)
                    start = epoch + e["t"] + e["s"]
                    current = {"begun": start, "ended": start, "watched": watched, "top": (0.0, "nothing")}
                elif current and (what.startswith("judge:") or what.startswith("worker ")):
                    current["ended"] = max(current["ended"], epoch + e["t"] + e["s"])
                    current["top"] = max(current["top"], (float(e["s"]), what))
                elif current:
                    holds.append(current)
                    current = None
            if current:
                holds.append(current)
    return holds, measures


def main(folder: Path) -> None:
    holds, measures = holds_and_measurements(folder)
    waited, count, passed, passed_s = (collections.Counter() for _ in range(4))
    for begun, had in measures:
        in_flight = [h for h in holds if h["begun"] < begun < h["ended"]]
        if in_flight:
            last = max(in_flight, key=lambda h: h["ended"])
            kind = ("watched " if last["watched"] else "") + last["top"][1]
            waited[kind] += min(last["ended"], had) - begun
            count[kind] += 1
        for h in holds:
            if begun < h["begun"] < had - 0.005:
                kind = ("watched " if h["watched"] else "") + h["top"][1]
                passed[kind] += 1
                passed_s[kind] += min(h["ended"], had) - h["begun"]
    print(f"measurements: {len(measures)}, waited {sum(had - begun for begun, had in measures):.1f} s in all")
    print("waited for the last hold in flight at their arrival:",
          "; ".join(f"{k} {waited[k]:.1f} s ({count[k]})" for k in sorted(waited, key=waited.get, reverse=True)))
    print("holds begun while a measurement waited:",
          "; ".join(f"{k} {passed_s[k]:.1f} s ({passed[k]})" for k in sorted(passed_s, key=passed_s.get, reverse=True))
          or "none")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

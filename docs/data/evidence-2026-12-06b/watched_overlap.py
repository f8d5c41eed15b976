"""watched_overlap.py TRACES: each watched case of a suite (lane triton-ncu) against the other gradings' GPU work in
flight while it ran (their workers' cases and runs, the judges' steps, the timed checks: seconds of overlap, summed
over the gradings). TRACES is a suite's GRADER_TEST_TRACE folder."""
import glob
import json
import sys

others, watched = [], []
for path in glob.glob(f"{sys.argv[1]}/*.jsonl"):
    events = [json.loads(line) for line in open(path)]
    epoch = events[0]["epoch"]
    for e in events[1:]:
        what = e["what"]
        if what.endswith((": case", ": run")) or what == "timed check" or what.startswith("judge:"):
            span = (epoch + e["t"], epoch + e["t"] + e["s"])
            (watched if e.get("lane") == "triton-ncu" else others).append(span)
rows = []
for a, b in watched:
    rows.append((b - a, sum(min(b, d) - max(a, c) for c, d in others if c < b and d > a)))
rows.sort()
for case, overlap in rows:
    print(f"watched case {case:5.2f} s, other GPU work in flight {overlap:5.1f} s")
quiet = [c for c, o in rows if o < 1.0]
busy = [c for c, o in rows if o >= 10.0]
print(f"{len(rows)} watched cases; with under 1 s of other work beside: {len(quiet)}, "
      f"{min(quiet):.2f}-{max(quiet):.2f} s; with 10 s or more: {len(busy)}, {min(busy):.2f}-{max(busy):.2f} s")

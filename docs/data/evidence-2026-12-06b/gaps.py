"""gaps.py TRACES OUTPUT: where a suite's test time falls outside its gradings' traces. TRACES is a suite's
GRADER_TEST_TRACE folder (files NAME-NS.jsonl, NS the wall clock in nanoseconds when the test made the grading's
environment), OUTPUT the suite's pytest output with --durations=0. For each test: its call's duration, the time
from making the environment to the trace's start (process start, imports), and the rest (the test's own work before
and after, the grader's report and exit)."""
import collections
import glob
import json
import re
import statistics
import sys

folder, output = sys.argv[1], open(sys.argv[2]).read()
calls = {}
for m in re.finditer(r"^([0-9.]+)s call\s+(\S+)", output, re.M):
    test = m.group(2).split("::")[-1]
    calls["".join(c if c.isalnum() or c in "-_" else "_" for c in test)[:100]] = float(m.group(1))
gradings = collections.defaultdict(list)
for path in glob.glob(f"{folder}/*.jsonl"):
    name, ns = path.rsplit("/", 1)[-1][:-len(".jsonl")].rsplit("-", 1)
    events = [json.loads(line) for line in open(path)]
    epoch = events[0]["epoch"]
    gradings[name].append((int(ns) / 1e9, epoch, epoch + max(e["t"] + e["s"] for e in events)))
before, outside = [], []
for name, runs in gradings.items():
    if name not in calls:
        continue
    before += [epoch - made for made, epoch, _ in runs]
    outside.append(calls[name] - sum(end - made for made, _, end in runs))
print(f"gradings {len(before)}, tests {len(outside)}: before the trace median {statistics.median(before):.2f} s, "
      f"{sum(before):.1f} s in all; the rest of the test's call median {statistics.median(outside):.2f} s, "
      f"{sum(outside):.1f} s in all")

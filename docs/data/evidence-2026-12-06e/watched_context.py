"""What was going on around each watched step of a suite: for every watched worker's "cuda" step and case in a folder
of make test-gpu's traces (GRADER_TEST_TRACE), its duration, how many other gradings' traced cases were in flight
on average through it (of them sweep cases, 256 MB each), and the CPU as vmstat's 5 s sample saw it then (run queue,
% idle). The vmstat file carries no clock: its samples are placed from the first trace's start, less LEAD_S.

    python3 docs/data/evidence-2026-12-06e/watched_context.py TRACES_FOLDER VMSTAT_FILE"""
from __future__ import annotations

import json
import sys
from pathlib import Path

LEAD_S = 3.0  # vmstat starts this much before pytest's first grading (the suite's collection)


def events(folder: Path) -> tuple[list[dict], float]:
    out, starts = [], []
    for path in sorted(folder.glob("*.jsonl")):
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        epoch = lines[0]["epoch"]
        starts.append(epoch)
        for e in lines[1:]:
            out.append({**e, "a": epoch + e["t"], "b": epoch + e["t"] + e.get("s", 0.0), "file": path.name})
    return out, min(starts)


def in_flight(step: dict, cases: list[dict]) -> tuple[float, float]:
    """(other gradings' cases in flight on average through ``step``, of them the sweep's)."""
    every = sweep = 0.0
    for c in cases:
        if c["file"] == step["file"]:
            continue
        overlap = min(c["b"], step["b"]) - max(c["a"], step["a"])
        if overlap > 0:
            every += overlap
            sweep += overlap if "sweep" in c.get("lane", "") else 0.0
    span = max(step["b"] - step["a"], 1e-9)
    return every / span, sweep / span


def rank_correlation(xs: list[float], ys: list[float]) -> float:
    """Spearman's: Pearson's correlation of the ranks, tied values given their mean rank."""
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    var = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return cov / var if var else 0.0


def main(folder: Path, vmstat: Path) -> None:
    evs, first = events(folder)
    samples = [line.split() for line in vmstat.read_text().splitlines()[2:] if line.split()]
    cases = [e for e in evs if e["what"].startswith("worker") and e["what"].endswith(": case")]
    for kind in ("cuda", "case"):
        steps = sorted((e for e in evs if e.get("lane") == "triton-ncu" and e["what"].endswith(f": {kind}")),
                       key=lambda e: e["s"])
        print(f"watched {kind} steps: {len(steps)}")
        rows = []
        for step in steps:
            every, sweep = in_flight(step, cases)
            i = int((step["a"] - first + LEAD_S) / 5)
            sample = samples[i] if 0 <= i < len(samples) else None
            cpu = f"run queue {sample[0]:>3}, idle {sample[14]:>3} %" if sample else "(no sample)"
            print(f"  {step['s']:5.2f} s  other cases in flight {every:4.2f} (sweep {sweep:4.2f})  {cpu}")
            if sample:
                rows.append((step["s"], every, int(sample[0]), -int(sample[14])))
        alone = sorted(r[0] for r in rows if r[1] == 0)
        beside = sorted(r[0] for r in rows if r[1] > 0)
        if alone and beside:
            print(f"  median {alone[len(alone) // 2]:.2f} s with no other grading's case in flight ({len(alone)}), "
                  f"{beside[len(beside) // 2]:.2f} s with some ({len(beside)})")
        if len(rows) > 2:
            seconds = [r[0] for r in rows]
            print(f"  rank correlation of the {kind}'s seconds with: cases in flight "
                  f"{rank_correlation(seconds, [r[1] for r in rows]):+.2f}, run queue "
                  f"{rank_correlation(seconds, [r[2] for r in rows]):+.2f}, CPU busy "
                  f"{rank_correlation(seconds, [r[3] for r in rows]):+.2f}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))

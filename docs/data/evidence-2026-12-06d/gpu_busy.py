"""How busy the GPU was through one make test-gpu run: nvidia-smi's samples beside it, and the same samples split by
whether a measurement (an exclusive hold of the GPU lock, from the gradings' traces) was waiting, running, or neither.

    nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > SMI &
    ... the suite, with GRADER_TEST_TRACE=DIR ...
    python3 docs/data/evidence-2026-12-06d/gpu_busy.py SMI DIR

utilization.gpu is nvidia-smi's "percent of time over the past sample period during which one or more kernels was
executing on the GPU". Prints the samples' count, their mean utilization and memory, the share of samples at 0 %,
and the mean utilization while a measurement waited (its drain), while one ran, and otherwise; then, for the samples
while one waited, how many had only watched holds in flight (Nsight Compute's worker: its init or case), only other
holds, both, or none traced (the holds as docs/data/evidence-2026-12-06/drains.py reads them)."""
from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evidence-2026-12-06"))
from drains import holds_and_measurements  # noqa: E402


def samples(path: Path):
    out = []
    for line in path.read_text().splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 3:
            continue
        try:
            when = datetime.datetime.strptime(parts[0], "%Y/%m/%d %H:%M:%S.%f").timestamp()
            out.append((when, float(parts[1]), float(parts[2])))
        except ValueError:
            continue
    return out


def windows(folder: Path):
    """(start of wait, end of wait, end of run) of every measurement, in epoch seconds."""
    found = []
    for path in sorted(folder.glob("*.jsonl")):
        events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        epoch = float(events[0]["epoch"])
        for i, e in enumerate(events):
            if e["what"] == "wait for the GPU lock (exclusive)":
                end = epoch + e["t"] + e["s"]
                runs = [epoch + x["t"] + x["s"] for x in events if x["what"] == "timed check" and x["t"] >= e["t"]]
                found.append((epoch + e["t"], end, max(runs) if runs else end))
    return found


def main() -> None:
    smi, folder = Path(sys.argv[1]), Path(sys.argv[2])
    got = samples(smi)
    if not got:
        print("gpu busy: no samples")
        return
    meas = windows(folder) if folder.is_dir() else []
    first = min(w[0] for w in meas) if meas else got[0][0]
    last = max(w[2] for w in meas) if meas else got[-1][0]
    got = [s for s in got if first - 30 <= s[0] <= last + 30]
    if not got:
        print("gpu busy: no samples within the traces' span")
        return
    split = {"waiting": [], "running": [], "neither": []}
    for when, util, _ in got:
        state = "neither"
        for a, b, c in meas:
            if b <= when <= c:
                state = "running"
                break
            if a <= when < b:
                state = "waiting"
        split[state].append(util)
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")
    print(f"gpu busy: {len(got)} samples, utilization mean {mean([u for _, u, _ in got]):.0f} %, "
          f"at 0 % in {100 * sum(1 for _, u, _ in got if u == 0) / len(got):.0f} % of samples, memory used mean "
          f"{mean([m for _, _, m in got]) / 1024:.1f} GiB, max {max(m for _, _, m in got) / 1024:.1f} GiB")
    print("gpu busy by measurement state: " + "; ".join(
        f"{k} {len(v)} samples, mean {mean(v):.0f} %" for k, v in split.items()))
    holds = holds_and_measurements(folder)[0] if folder.is_dir() else []
    behind = {"only watched": [], "only others": [], "both": [], "none traced": []}
    for when, util, _ in got:
        if not any(a <= when < b for a, b, _ in meas) or any(b <= when <= c for _, b, c in meas):
            continue
        flight = [h for h in holds if h["begun"] <= when <= h["ended"]]
        watched, others = any(h["watched"] for h in flight), any(not h["watched"] for h in flight)
        kind = ("both" if watched and others else "only watched" if watched
                else "only others" if others else "none traced")
        behind[kind].append(util)
    print("while a measurement waited, holds in flight: " + "; ".join(
        f"{k} {len(v)} samples, mean {mean(v):.0f} %" for k, v in behind.items()))


if __name__ == "__main__":
    main()

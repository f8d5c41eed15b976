"""GPU memory of every process on the machine, by role, while something runs beside it: nvidia-smi's compute apps
read every half second, each pid's role from its command line (cpu_by_role.role).

    python3 docs/data/evidence-2026-12-06f/gpu_mem_by_role.py OUT.txt &   # ... then kill -TERM it: OUT.txt is written

OUT.txt: per role, the mean and the largest sum over the samples, and the largest single process; the sample with
the most memory in all, by role. OUT.txt.csv: every sample (seconds, pid, role, MiB)."""
from __future__ import annotations

import importlib.util
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

spec = importlib.util.spec_from_file_location("cpu_by_role", Path(__file__).parents[1] / "evidence-2026-12-06e" /
                                              "cpu_by_role.py")
cpu_by_role = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cpu_by_role)


def sample() -> list[tuple[int, str, int]]:
    out = subprocess.run(["nvidia-smi", "--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True, timeout=10).stdout
    rows = []
    for line in out.splitlines():
        try:
            pid, mib = (int(f.strip()) for f in line.split(","))
        except ValueError:
            continue
        try:
            argv = [a.decode(errors="replace") for a in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0") if a]
        except OSError:
            argv = []
        rows.append((pid, cpu_by_role.role(argv) if argv else "?", mib))
    return rows


def main(out: str) -> None:
    stop = []
    signal.signal(signal.SIGTERM, lambda *a: stop.append(1))
    start = time.monotonic()
    samples = []
    with open(out + ".csv", "w") as csv:
        while not stop:
            t = time.monotonic() - start
            rows = sample()
            samples.append(rows)
            for pid, role, mib in rows:
                csv.write(f"{t:.2f},{pid},{role},{mib}\n")
            time.sleep(0.5)
    sums = defaultdict(list)
    biggest = defaultdict(int)
    for rows in samples:
        by = defaultdict(int)
        for _, role, mib in rows:
            by[role] += mib
            biggest[role] = max(biggest[role], mib)
        for role in biggest:
            sums[role].append(by.get(role, 0))
    n = max(len(samples), 1)
    totals = [sum(m for _, _, m in rows) for rows in samples] or [0]
    with open(out, "w") as fh:
        fh.write(f"gpu memory by role over {len(samples)} samples: total mean {sum(totals) / n / 1024:.1f} GiB, "
                 f"max {max(totals) / 1024:.1f} GiB\n")
        for role in sorted(sums, key=lambda r: -sum(sums[r])):
            fh.write(f"  {role:28s} mean {sum(sums[role]) / n / 1024:6.2f} GiB  max {max(sums[role]) / 1024:6.2f} GiB"
                     f"  one process max {biggest[role] / 1024:5.2f} GiB\n")
        worst = samples[totals.index(max(totals))] if samples else []
        by = defaultdict(lambda: [0, 0])
        for _, role, mib in worst:
            by[role][0] += mib
            by[role][1] += 1
        fh.write("  the fullest sample: " + ", ".join(f"{r} {m / 1024:.1f} GiB ({c})" for r, (m, c) in
                                                      sorted(by.items(), key=lambda kv: -kv[1][0])) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])

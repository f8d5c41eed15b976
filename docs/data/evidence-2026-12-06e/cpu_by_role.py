"""CPU time of every process on the machine, by role, while something runs beside it: /proc read every half
second, each process's user + system time kept as last seen (a process's last half second before it exits is lost).

    python3 docs/data/evidence-2026-12-06e/cpu_by_role.py OUT.txt &   # ... then kill -TERM it: OUT.txt is written

Roles come from the command line: the grader's workers by module (grader.workers.triton ...), the judge
(python -m grader), pytest's processes, Nsight Compute, the CUDA toolchain (nvcc, cicc, ptxas ...), bubblewrap."""
from __future__ import annotations

import os
import signal
import sys
import time
from collections import Counter

TICK = os.sysconf("SC_CLK_TCK")


def role(argv: list[str]) -> str:
    text = " ".join(argv)
    for a in argv:
        if a.startswith("grader.workers."):
            return "worker " + a.rsplit(".", 1)[1]
    if "-m grader" in text or text.endswith("-m grader"):
        return "judge (python -m grader)"
    if "grader.bytecode" in text:
        return "bytecode warm-up"
    if "pytest" in text or "xdist" in text or "execnet" in text:
        return "pytest"
    name = os.path.basename(argv[0]) if argv else "?"
    if "ncu" in name or "nsight" in text.lower() or "ncu-cli" in name:
        return "ncu"
    if name in ("nvcc", "cicc", "ptxas", "fatbinary", "nvlink", "cudafe++", "gcc", "g++", "cc1plus", "cc1", "as",
                "ld", "collect2", "c++", "x86_64-linux-gnu-g++-13", "x86_64-linux-gnu-gcc-13"):
        return "toolchain " + name
    if name in ("bwrap",):
        return "bwrap"
    return "other " + name[:30]


def sample(seen: dict) -> None:
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as fh:
                stat = fh.read().decode(errors="replace")
            fields = stat[stat.rindex(")") + 2:].split()
            ticks = int(fields[11]) + int(fields[12])  # utime, stime
            key = (pid, fields[19])  # starttime: a reused pid is another process
            with open(f"/proc/{pid}/cmdline", "rb") as fh:  # read each time: a fork execs after it is first seen
                argv = [a.decode(errors="replace") for a in fh.read().split(b"\0") if a]
            seen[key] = [role(argv) if argv else seen.get(key, ["?"])[0], ticks]
        except (OSError, ValueError, IndexError):
            continue


def main(out: str) -> None:
    seen: dict = {}
    start = time.monotonic()
    stop = []
    signal.signal(signal.SIGTERM, lambda *a: stop.append(1))
    sample(seen)
    base = {key: v[1] for key, v in seen.items()}  # what ran before we began is not counted
    while not stop:
        time.sleep(0.5)
        sample(seen)
    wall = time.monotonic() - start
    by = Counter()
    count = Counter()
    for key, (r, ticks) in seen.items():
        by[r] += (ticks - base.get(key, 0)) / TICK
        count[r] += 1
    total = sum(by.values())
    with open(out, "w") as fh:
        fh.write(f"cpu by role over {wall:.0f} s: {total:.0f} cpu-seconds ({total / wall:.1f} cores busy on average, "
                 f"{os.cpu_count()} cores)\n")
        for r, s in by.most_common(25):
            fh.write(f"{s:8.1f} s {100 * s / max(total, 1e-9):5.1f} % {count[r]:6d} processes  {r}\n")


if __name__ == "__main__":
    main(sys.argv[1])

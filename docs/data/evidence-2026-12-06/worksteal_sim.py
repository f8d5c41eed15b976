"""make test-gpu's wall time from its tests' durations, simulated: pytest-xdist's work stealing over 8 workers.

    python3 docs/data/evidence-2026-12-06/worksteal_sim.py TEST-GPU-OUTPUT [ORDER]

TEST-GPU-OUTPUT is the suite's output with --durations=0 (each test's setup, call and teardown summed, 0.3 s more for
pytest's own turn); ORDER the GPU tests in collection order, spread_profiled applied (gpu_test_order.txt beside this
file: collected on a CPU machine at this session's commit with that hook). Each worker takes a contiguous share, runs
it in order, and an idle worker takes the second half of the longest queue left. Prints the summed time over eight,
the simulated wall time in the collection's order, and with the tests of 40 s or more moved first."""
from __future__ import annotations

import heapq
import re
import sys
from pathlib import Path

WORKERS = 8


def durations(output: Path) -> dict[str, float]:
    found: dict[str, float] = {}
    for line in output.read_text().splitlines():
        if m := re.match(r"([0-9.]+)s (?:call|setup|teardown)\s+(\S+)", line):
            found[m.group(2)] = found.get(m.group(2), 0.0) + float(m.group(1))
    return found


def simulate(order: list[str], took: dict[str, float]) -> float:
    d = [took.get(t, 0.5) + 0.3 for t in order]
    k = len(d)
    queues = [list(range(i * k // WORKERS, (i + 1) * k // WORKERS)) for i in range(WORKERS)]
    events, end = [], 0.0
    for i in range(WORKERS):
        if queues[i]:
            heapq.heappush(events, (d[queues[i].pop(0)], i))
    while events:
        now, i = heapq.heappop(events)
        end = max(end, now)
        if not queues[i]:
            big = max(range(WORKERS), key=lambda x: len(queues[x]))
            half = len(queues[big]) // 2
            if half:
                queues[i], queues[big] = queues[big][-half:], queues[big][:-half]
        if queues[i]:
            heapq.heappush(events, (now + d[queues[i].pop(0)], i))
    return end


def main() -> None:
    took = durations(Path(sys.argv[1]))
    order_file = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).with_name("gpu_test_order.txt")
    order = [line.strip() for line in order_file.read_text().splitlines() if line.strip()]
    longest = [t for t in order if took.get(t, 0.0) >= 40]
    print(f"summed over {WORKERS}: {sum(took.get(t, 0.5) + 0.3 for t in order) / WORKERS:.1f} s; simulated: "
          f"{simulate(order, took):.1f} s in order, {simulate(longest + [t for t in order if t not in longest], took):.1f}"
          f" s with the {len(longest)} tests of 40 s or more first")


if __name__ == "__main__":
    main()

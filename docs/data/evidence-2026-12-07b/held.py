"""Summed durations of the positive controls graded on the GPU in one suite's output, split into the controls that
a `together` case holds, the holding cases themselves, and the rest (decision 255 of PHASE_24_PLAN.md).

    python3 docs/data/evidence-2026-12-07b/held.py r/test-gpu-n8.txt   # a suite's pytest output (--durations=0)
"""
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CALL = re.compile(r"([0-9.]+)s call\s+tests/test_adversarial.py::test_positive_control_on_gpu\[(.+)\]")


def main(output: str) -> None:
    held, holders = set(), set()
    for expect in (ROOT / "tests" / "adversarial").glob("*/expect.toml"):
        together = tomllib.loads(expect.read_text()).get("together", [])
        if together:
            holders.add(expect.parent.name)
            held.update(together)
    durations = {}
    for line in Path(output).read_text().splitlines():
        if m := CALL.match(line):
            durations[m.group(2)] = float(m.group(1))
    for name, group in (("held controls", held), ("holding cases", holders)):
        found = [durations[c] for c in group if c in durations]
        print(f"{name}: {len(found)} of {len(group)} graded, {sum(found):.1f} s summed")
    rest = [s for c, s in durations.items() if c not in held | holders]
    print(f"other positive controls: {len(rest)}, {sum(rest):.1f} s summed; all: {len(durations)}, "
          f"{sum(durations.values()):.1f} s")


if __name__ == "__main__":
    main(sys.argv[1])

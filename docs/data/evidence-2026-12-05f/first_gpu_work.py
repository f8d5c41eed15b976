"""What a process's first GPU work held of the GPU lock over one make test-gpu run, from its gradings' traces
(GRADER_TEST_TRACE=DIR), and what the judge's warm-up took outside it (decision 238).

    python3 docs/data/evidence-2026-12-05f/first_gpu_work.py DIR

Prints, each as count, sum, median and largest (seconds):
- the judge's first input draw of each grading ("judge: drawing inputs", inside a case's hold of the lock);
- every CUDA worker's init ("worker cuda: init", inside a hold);
- every Triton GPU lane's first case (key c0, outside the interpreter's lane "triton"; inside a hold);
- every run of a port on the GPU ("worker port: run" in the lane "port-gpu", inside a hold);
- the judge's CUDA warm-up ("set-up: the judge's CUDA", outside the lock), and how many traced a failure."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def line(what: str, xs: list[float]) -> str:
    if not xs:
        return f"{what}: none"
    xs = sorted(xs)
    return f"{what}: {len(xs)}, {sum(xs):.1f} s in all, median {xs[len(xs) // 2]:.2f} s, largest {xs[-1]:.2f} s"


def main(folder: Path) -> None:
    first_draws, inits, triton_first, port_gpu, warm, failed = [], [], [], [], [], 0
    for path in sorted(folder.glob("*.jsonl")):
        events = [json.loads(text) for text in path.read_text().splitlines() if text.strip()]
        draws = [e["s"] for e in events if e["what"] == "judge: drawing inputs"]
        first_draws += draws[:1]
        inits += [e["s"] for e in events if e["what"] == "worker cuda: init"]
        triton_first += [e["s"] for e in events if e["what"] == "worker triton: case" and e.get("key") == "c0"
                         and e.get("lane") != "triton"]
        port_gpu += [e["s"] for e in events if e["what"] == "worker port: run" and e.get("lane") == "port-gpu"]
        for e in events:
            if e["what"] == "set-up: the judge's CUDA":
                warm.append(e["s"])
                failed += "failed" in e
    print(line("the judge's first draw (held)", first_draws))
    print(line("CUDA workers' inits (held)", inits))
    print(line("Triton GPU lanes' first cases (held)", triton_first))
    print(line("ports' runs on the GPU (held)", port_gpu))
    print(line("the judge's CUDA warm-up (not held)", warm) + f"; {failed} traced a failure")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

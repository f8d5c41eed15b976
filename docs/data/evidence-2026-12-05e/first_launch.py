"""What a Triton worker's first launches cost, with and without the harness's Triton warm-up (decision 236).

    python3 docs/data/evidence-2026-12-05e/first_launch.py [ROUNDS]

Each round starts two fresh processes, one per mode, each with an empty TRITON_CACHE_DIR of its own (as a learner's
first grading has): "cold" runs warm_torch (the harness's start-up before decision 236), "warm" runs warm_triton.
Each then times its start-up, then the solution's softmax (solutions/03-triton-and-pytorch/softmax_triton.py, loaded
by path as the worker does) at three shapes, each called twice: the first call of a shape compiles its kernel, and
the first call of all also loads Triton's launcher and, cold, its driver. Prints one JSON line per process, then the
medians of the first call's seconds, per mode. Runs on a GPU machine, unsandboxed (what is timed is Triton's)."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
SHAPES = ((4, 1000), (1024, 50257), (128, 524288))

CHILD = r"""
import importlib.util, json, sys, time
t0 = time.monotonic()
sys.path.insert(0, {repo!r})
if {mode!r} == "warm":
    from grader.workers.triton import warm_triton as warm
else:
    from grader.workers.serve import warm_torch as warm
warm()
import torch
torch.cuda.synchronize()
out = {{"mode": {mode!r}, "start_s": round(time.monotonic() - t0, 3)}}
spec = importlib.util.spec_from_file_location("softmax_triton", {file!r})
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
for rows, cols in {shapes!r}:
    x = torch.randn(rows, cols, device="cuda")
    for call in ("first", "second"):
        t = time.monotonic()
        module.softmax(x)
        torch.cuda.synchronize()
        out[f"{{rows}}x{{cols}} {{call}}"] = round(time.monotonic() - t, 3)
print(json.dumps(out), flush=True)
"""


def one(mode: str) -> dict:
    with tempfile.TemporaryDirectory() as cache:
        code = CHILD.format(repo=str(REPO), mode=mode, shapes=SHAPES,
                            file=str(REPO / "solutions/03-triton-and-pytorch/softmax_triton.py"))
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                             env={**os.environ, "TRITON_CACHE_DIR": cache, "TRITON_INTERPRET": "0"})
        line = [x for x in run.stdout.splitlines() if x.startswith("{")]
        if run.returncode or not line:
            raise SystemExit(f"{mode}: rc {run.returncode}\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}")
        return json.loads(line[-1])


def main(rounds: int) -> None:
    rows = []
    for _ in range(rounds):
        for mode in ("cold", "warm"):
            rows.append(one(mode))
            print(json.dumps(rows[-1]), flush=True)
    for mode in ("cold", "warm"):
        mine = [r for r in rows if r["mode"] == mode]
        firsts = {k: statistics.median(r[k] for r in mine) for k in mine[0] if k.endswith("first")}
        print(f"{mode}: start-up {statistics.median(r['start_s'] for r in mine):.2f} s; first calls (median of "
              f"{len(mine)}): " + ", ".join(f"{k.removesuffix(' first')} {v:.2f} s" for k, v in firsts.items())
              + f"; their sum {sum(firsts.values()):.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)

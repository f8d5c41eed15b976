"""Watched starts with Nsight Compute around the sandbox (the grader before decision 191) and inside it, under load.

Each round starts 8 of lab 03's watched Triton workers at once, as 8 gradings would (`ncu --mode launch
--target-processes all`, a port each, GRADER_STALL_REPORT_S so that the harness prints "python up" as it begins), all
with one placement; rounds alternate the two placements. A start is lost when its harness has printed nothing in
LIMIT_S (the grader's own cut is 3 s before a check, 5 s in one). Meanwhile LOAD processes import torch in a loop, as
the suite's other workers do. Prints one line per round and a summary; writes starts.json into the folder given.

    python3 docs/data/evidence-2026-12-03b/call2/starts.py OUT [ROUNDS] [LOAD]   (GPU machine, repository root)
"""
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.getcwd())
from grader import gpu_lock, runner  # noqa: E402
from grader.checks.own_kernels import find_ncu  # noqa: E402

LIMIT_S = 10.0
out = Path(sys.argv[1])
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 6
load = int(sys.argv[3]) if len(sys.argv) > 3 else 12
ncu = find_ncu()
loaders = [subprocess.Popen([sys.executable, "-c", "import torch\nwhile True:\n    import importlib, sys\n"
                             "    [sys.modules.pop(m) for m in list(sys.modules) if m.startswith('torch')]\n"
                             "    import torch"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
           for _ in range(load)]
time.sleep(3)
results = {"outside": [], "inside": []}
try:
    for r in range(2 * rounds):
        variant = "outside" if r % 2 == 0 else "inside"
        runner.Worker.wrapper_inside = (lambda self, v=variant: v == "inside" and self.box.isolated)
        workers = []
        for k in range(8):
            port, hold = gpu_lock.ncu_port()
            w = runner.Worker("triton", logdir=Path(tempfile.mkdtemp(prefix=f"starts-{variant}-")), gpu=True,
                              env={"GRADER_STALL_REPORT_S": "60", "GRADER_WARM": "launched",
                                   "TRITON_INTERPRET": "0"},
                              wrapper=[ncu, "--mode", "launch", "--target-processes", "all", "--port", str(port),
                                       "--max-connections", "1"], share_net=True)
            w.start()
            workers.append((w, hold))
        firsts = []
        for w, hold in workers:
            w.spoke_within(LIMIT_S)
            firsts.append(w.first_output_s)
        for w, hold in workers:
            w.close(0.0)
            if hold is not None:
                os.close(hold)
        results[variant] += firsts
        lost = sum(f is None for f in firsts)
        shown = " ".join("lost" if f is None else f"{f:.2f}" for f in firsts)
        print(f"round {r:2d} {variant:7s} lost {lost}/8  first line (s): {shown}", flush=True)
finally:
    for p in loaders:
        p.kill()
for variant, firsts in results.items():
    got = sorted(f for f in firsts if f is not None)
    print(f"{variant}: {len(firsts) - len(got)} of {len(firsts)} lost; answered in "
          f"{got[0] if got else 0:.2f}-{got[-1] if got else 0:.2f} s, median {got[len(got) // 2] if got else 0:.2f} s")
(out / "starts.json").write_text(json.dumps(results, indent=1))

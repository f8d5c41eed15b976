"""Run the phases in separate processes with time limits (a hang in one loses only that phase), then
print the summary table. Usage: cd .scratch-tsoftmax && python run_all.py [phase:limit_s ...]"""
import json
import os
import subprocess
import sys
import time

OUT = os.environ.get("OUT", "/tmp/out")
phases = [a.split(":") for a in sys.argv[1:]] or [["correct", "150"], ["timing", "120"], ["streams", "50"]]
subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,"
                "power.draw,power.limit", "--format=csv"])
status = {}
for name, limit in phases:
    t = time.time()
    try:
        rc = subprocess.run([sys.executable, "phases.py", name], timeout=float(limit)).returncode
    except subprocess.TimeoutExpired:
        rc = "timeout"
    status[name] = {"rc": rc, "seconds": round(time.time() - t, 1)}
    print(f"== phase {name}: rc={rc} in {time.time() - t:.0f}s", flush=True)
json.dump(status, open(os.path.join(OUT, "phases.json"), "w"))

path = os.path.join(OUT, "timing.json")
if os.path.exists(path):
    t = json.load(open(path))
    print(f"\n{t['device']}  torch {t['torch']}  triton {t['triton']}  GB/s (median of round medians)")
    for e in t.get("variants", []):
        r, c = e["shape"]
        g = e["gbps"]
        print(f"{r}x{c} (copy {g['copy']:.0f}, F {g['F.softmax'] / g['copy']:.1%}, old {g['old'] / g['copy']:.1%}): " +
              "  ".join(f"{k.removeprefix('split_')} {v / g['copy']:.1%}" for k, v in
                        sorted(g.items(), key=lambda kv: -kv[1]) if k.startswith("split")))
    print("choice:", t.get("choice"), "table:", t.get("table"))
    print(f"{'shape':>14} {'copy':>6} {'F.sm':>6} {'old':>6} {'%cp':>5} {'new':>6} {'%cp':>6} {'xF':>5} {'sprd':>5}")
    for e in t["shapes"]:
        g, sp = e["gbps"], e["spread"]
        r, c = e["shape"]
        print(f"{r:>7}x{c:<6} {g['copy']:6.0f} {g['F.softmax']:6.0f} {g.get('old', 0):6.0f} "
              f"{g.get('old', 0) / g['copy']:5.0%} {g.get('new', 0):6.0f} {g.get('new', 0) / g['copy']:6.1%} "
              f"{g.get('new', 0) / g['F.softmax']:5.2f} {sp.get('new', 0):5.1%}")

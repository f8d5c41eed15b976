"""How often a sandbox started by Nsight Compute (``--target-processes all``, as own_kernels' watched worker) never
reaches Python, with and without ncu's preloaded library in bwrap's own processes.

    python3 docs/data/evidence-2026-11-30g/spin.py VARIANT STARTS PARALLEL DEADLINE_S   (on the GPU machine)

VARIANT: ``as-graded`` (ncu wraps bwrap, as the grader does); ``preload-python-only`` (a shell between ncu and bwrap
takes LD_PRELOAD from bwrap's environment and gives it back to the command inside with ``bwrap --setenv``);
``no-preload`` (the same, not given back); ``env`` (print what ncu adds to its child's environment, once).
Each start runs ``python3 -c print('up')`` in the grader's own sandbox (GPU nodes, shared network) and is timed to
its first line; one with no line in 5 s is recorded as lost with what its processes were doing (state, kernel wait,
the ncu libraries mapped), then killed. The last line of each variant is a kernel record check: torch launching one
kernel inside the same wrapper, and whether ncu's log lists it.
"""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import psutil  # noqa: E402

from grader.build import ncu_path  # noqa: E402
from grader.sandbox import probe  # noqa: E402

LOST_S = 5.0
GIVE_BACK = 'b="$1"; shift; exec env -u LD_PRELOAD "$b" --setenv LD_PRELOAD "${LD_PRELOAD:-}" "$@"'
DROP = 'b="$1"; shift; exec env -u LD_PRELOAD "$b" "$@"'


def command(variant: str, code: str, log: Path) -> tuple[list[str], dict]:
    box = probe()
    argv, env = box.wrap([sys.executable, "-c", code], gpu=True, share_net=True, cwd=Path("/tmp"))
    ncu = [ncu_path(), "--target-processes", "all", "--clock-control", "none", "--cache-control", "none",
           "--metrics", "gpu__time_duration.sum", "--csv", "--log-file", str(log)]
    if variant == "preload-python-only":
        return [*ncu, "/bin/sh", "-c", GIVE_BACK, "sh", *argv], env
    if variant == "no-preload":
        return [*ncu, "/bin/sh", "-c", DROP, "sh", *argv], env
    return [*ncu, *argv], env


def snapshot(root: int) -> list[str]:
    lines = []
    try:
        procs = [psutil.Process(root)]
        procs += procs[0].children(recursive=True)
    except psutil.Error:
        return ["(gone)"]
    for p in procs:
        try:
            wchan = Path(f"/proc/{p.pid}/wchan").read_text().strip() or "-"
            maps = Path(f"/proc/{p.pid}/maps").read_text()
            libs = sorted({line.split()[-1].rsplit("/", 1)[-1] for line in maps.splitlines()
                           if ".so" in line and any(k in line for k in ("Tree", "nject", "nvperf", "Nsight", "cupti"))})
            lines.append(f"{p.pid} {p.name()} {p.status()} cpu={sum(p.cpu_times()[:2]):.2f}s wchan={wchan} "
                         f"threads={p.num_threads()} libs={','.join(libs) or '-'}")
        except (psutil.Error, OSError) as e:
            lines.append(f"{p.pid} ({type(e).__name__})")
    return lines


def one(variant: str, i: int, tmp: Path) -> dict:
    argv, env = command(variant, "print('up', flush=True)", tmp / f"{variant}-{i}.csv")
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    first, out = None, b""
    while time.monotonic() - t0 < LOST_S:
        ready, _, _ = select.select([proc.stdout], [], [], 0.05)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            out += chunk
            if b"up\n" in out:
                first = time.monotonic() - t0
                break
    row = {"i": i, "first_line_s": None if first is None else round(first, 3)}
    if first is None:
        row["procs"] = snapshot(proc.pid)
        row["out"] = out.decode(errors="replace")[-300:]
    try:
        proc.wait(timeout=20 if first is not None else 0.1)
    except subprocess.TimeoutExpired:
        pass
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    row["total_s"] = round(time.monotonic() - t0, 3)
    return row


def record_check(variant: str, tmp: Path) -> str:
    log = tmp / f"{variant}-torch.csv"
    argv, env = command(variant, "import torch; x = torch.ones(1000, device='cuda'); print((x * 2).sum().item())", log)
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    text = log.read_text() if log.exists() else ""
    kernels = sorted({line.split('","')[4] for line in text.splitlines() if line.startswith('"') and
                      line.count('","') > 6 and not line.startswith('"ID"')})
    return f"rc={done.returncode} out={done.stdout.strip()[-60:]!r} kernels={kernels}"


def main() -> None:
    variant, starts, parallel, deadline = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    tmp = Path(tempfile.mkdtemp(prefix="spin-"))
    if variant == "env":
        argv, env = command("as-graded", "import os; [print(k, v) for k, v in sorted(os.environ.items())]",
                            tmp / "env.csv")
        print(subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120).stdout)
        return
    end = time.monotonic() + deadline
    rows, lock = [], threading.Lock()

    def lane(k: int) -> None:
        i = k
        while i < starts and time.monotonic() < end:
            row = one(variant, i, tmp)
            with lock:
                rows.append(row)
            i += parallel

    t0 = time.monotonic()
    with ThreadPoolExecutor(parallel) as pool:
        list(pool.map(lane, range(parallel)))
    answered = sorted(r["first_line_s"] for r in rows if r["first_line_s"] is not None)
    lost = [r for r in rows if r["first_line_s"] is None]
    print(f"{variant}: {len(rows)} starts ({parallel} at once) in {time.monotonic() - t0:.1f} s, {len(lost)} lost; "
          f"first line {answered[0] if answered else '-'}-{answered[-1] if answered else '-'} s, "
          f"median {answered[len(answered) // 2] if answered else '-'} s")
    for r in lost:
        print(json.dumps(r))
    print(f"{variant} record check: {record_check(variant, tmp)}")


if __name__ == "__main__":
    main()

"""Where a watched worker's CPU goes while it waits for its check (session 47, call 1).

    python3 docs/data/evidence-2026-12-03e/call1/spin.py [REPEATS]

Starts a stand-in for own_kernels' watched worker in the grader's own sandbox (grader.sandbox, share_net) three ways,
REPEATS times each: A as the grader does (ncu --mode launch --target-processes all outside the sandbox), B the same
with Nsight Compute told to profile only python3 (--target-processes-filter), C ncu --mode launch run inside the
sandbox around python alone (--target-processes application-only). The stand-in prints "up", imports torch, prints
"hello", and waits for a line; then its first CUDA call waits for an ncu --mode attach (as the grader's check runs
it), and it launches a few kernels. Printed per start: seconds to "up" and "hello", the CPU seconds each process of
the tree used in WINDOW_S seconds of waiting after "hello", the seconds from the line to the attach and to the end,
and the kernels the attach listed."""
from __future__ import annotations

import csv
import io
import os
import select
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))
from grader import sandbox  # noqa: E402
from grader.build import ncu_path  # noqa: E402

WINDOW_S = 8.0
HARNESS = ("import sys, time\nprint('up', flush=True)\nimport torch\nprint('hello', flush=True)\n"
           "sys.stdin.readline()\nx = torch.ones(1 << 20, device='cuda')\ny = float((x * 2).sum())\n"
           "print('done', y, flush=True)\n")
TICK = os.sysconf("SC_CLK_TCK")


def tree(root: int) -> dict[int, tuple[str, float]]:
    """pid -> (name, CPU seconds) of root and every descendant."""
    stats = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                text = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            name = text[text.index("(") + 1:text.rindex(")")]
            rest = text[text.rindex(")") + 2:].split()
            stats[int(entry)] = (int(rest[1]), name, (int(rest[11]) + int(rest[12])) / TICK)
    keep, grew = {root}, True
    while grew:
        grew = False
        for pid, (ppid, _, _) in stats.items():
            if ppid in keep and pid not in keep:
                keep.add(pid)
                grew = True
    return {pid: (stats[pid][1], stats[pid][2]) for pid in keep if pid in stats}


def read_until(proc, word: str, limit_s: float, t0: float) -> float | None:
    buf = b""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        r, _, _ = select.select([proc.stdout], [], [], 0.1)
        if r:
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                return None
            buf += chunk
            for line in buf.decode(errors="replace").splitlines():
                if line.startswith(word):
                    return time.monotonic() - t0
    return None


def attach(port: int, log: Path) -> tuple[subprocess.Popen | None, float]:
    cmd = [ncu_path(), "--mode", "attach", "--hostname", "127.0.0.1", "--port", str(port), "--max-connections", "2",
           "--clock-control", "none", "--cache-control", "none", "--metrics", "gpu__time_duration.sum", "--csv",
           "--log-file", str(log)]
    t0 = time.monotonic()
    while time.monotonic() - t0 < 20:
        log.unlink(missing_ok=True)
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while time.monotonic() - t0 < 20:
            said = log.read_text(errors="replace") if log.is_file() else ""
            if "Connected to process" in said:
                return proc, time.monotonic() - t0
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        proc.kill()
        proc.wait()
        time.sleep(0.1)
    return None, time.monotonic() - t0


def one(variant: str, k: int, out: Path) -> None:
    box = sandbox.probe()
    port = 50100 + 4 * k
    ncu = ncu_path()
    py = [sandbox.interpreter(), "-u", "-c", HARNESS]
    launch = [ncu, "--mode", "launch", "--port", str(port), "--max-connections", "1"]
    if variant == "A":
        argv, env = box.wrap(py, gpu=True, share_net=True)
        argv = launch[:2] + ["--target-processes", "all"] + launch[2:] + argv
    elif variant == "B":
        argv, env = box.wrap(py, gpu=True, share_net=True)
        argv = launch[:2] + ["--target-processes", "all", "--target-processes-filter", "regex:python"] + launch[2:] + argv
    else:
        argv, env = box.wrap(launch + ["--target-processes", "application-only"] + py, gpu=True, share_net=True)
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    up = read_until(proc, "up", 15, t0)
    hello = read_until(proc, "hello", 30, t0) if up is not None else None
    line = f"{variant}{k}: up {up if up is None else round(up, 2)} s, hello {hello if hello is None else round(hello, 2)} s"
    if hello is None:
        print(line, "(lost start)", flush=True)
        os.killpg(proc.pid, 9)
        proc.wait()
        return
    before = tree(proc.pid)
    time.sleep(WINDOW_S)
    after = tree(proc.pid)
    used = {}
    for pid, (name, cpu) in after.items():
        used[f"{name}[{pid}]"] = round(cpu - before.get(pid, (name, 0.0))[1], 2)
    t1 = time.monotonic()
    proc.stdin.write(b"go\n")
    proc.stdin.flush()
    log = out / f"attach-{variant}{k}.csv"
    att, att_s = attach(port, log)
    done = read_until(proc, "done", 60, t1)
    kernels = []
    if att is not None:
        try:
            att.wait(timeout=15)
        except subprocess.TimeoutExpired:
            att.kill()
        text = log.read_text(errors="replace")
        rows = [ln for ln in text.splitlines() if ln.startswith('"')]
        for row in csv.DictReader(io.StringIO("\n".join(rows))):
            kernels.append(row.get("Kernel Name", "?")[:50])
    print(line, f"| CPU in {WINDOW_S:.0f} s waiting: {used} | attach {round(att_s, 2)} s, done {done if done is None else round(done, 2)} s"
          f" | kernels {len(kernels)}: {sorted(set(kernels))[:4]}", flush=True)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.wait()


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    out = Path(os.environ.get("R", "/tmp"))
    k = 0
    for variant in "ABC":
        for _ in range(repeats):
            try:
                one(variant, k, out)
            except Exception as exc:  # noqa: BLE001
                print(f"{variant}{k}: error {exc!r}", flush=True)
            k += 1


if __name__ == "__main__":
    main()

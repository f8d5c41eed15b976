"""Does a sandbox started under Nsight Compute hang before its command runs, and does it when the sandbox's own
bwrap runs without ncu's injected library? (decision 149; the lost watched starts of decisions 86, 138 and 139)

    python3 docs/data/evidence-2026-12-01b/call2/starts.py N PARALLEL BURN   (on the GPU machine, repository root)

Each start: ncu, as grader/checks/own_kernels.py starts it, around the sandbox of grader/sandbox.py (GPU nodes,
loopback shared), around `python -c print`. Mode "as graded": as the grader does it today. Mode "shim": ncu starts
/bin/sh, which takes LD_PRELOAD out of the environment and execs bwrap with `--setenv LD_PRELOAD` for the command,
so that bwrap itself runs without ncu's library. A start that prints nothing within 10 s is counted as hung.
BURN processes spin on the CPU meanwhile, as eight gradings at once do.
"""
from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.getcwd())
from grader import sandbox  # noqa: E402
from grader.build import ncu_path  # noqa: E402

SHIM = 'p="$LD_PRELOAD"; unset LD_PRELOAD; b="$1"; shift; exec "$b" --setenv LD_PRELOAD "$p" "$@"'


def command(mode: str, folder: str, log: str) -> tuple[list[str], dict]:
    box = sandbox.probe()
    assert box.isolated, box.reason
    inner = [sandbox.interpreter(), "-c", "print('up', flush=True)"]
    argv, env = box.wrap(inner, rw=[folder], gpu=True, cwd=folder, share_net=True)
    ncu = [ncu_path(), "--target-processes", "all", "--clock-control", "none", "--cache-control", "none",
           "--metrics", "gpu__time_duration.sum", "--csv", "--log-file", log]
    if mode == "shim":
        argv = ["/bin/sh", "-c", SHIM, "sh", *argv]
    return ncu + argv, env


def one(mode: str) -> tuple[str, float, str]:
    folder = tempfile.mkdtemp(prefix="starts-")
    argv, env = command(mode, folder, os.path.join(folder, "ncu.log"))
    t = time.monotonic()
    try:
        out = subprocess.run(argv, env=env, cwd=folder, capture_output=True, text=True, timeout=10,
                             start_new_session=True)
        took = time.monotonic() - t
        return ("up" if "up" in out.stdout else f"rc {out.returncode}: {(out.stdout + out.stderr)[-200:]!r}"), took, ""
    except subprocess.TimeoutExpired as exc:
        state = subprocess.run(["ps", "-eo", "pid,stat,wchan:24,comm"], capture_output=True, text=True).stdout
        lines = [line for line in state.splitlines() if any(w in line for w in ("bwrap", "ncu", "sh ", "python"))]
        subprocess.run(["pkill", "-KILL", "-f", folder], capture_output=True)
        return "hung", 10.0, "\n".join(lines[:12])


def burn() -> None:
    while True:
        pass


def main(n: int, parallel: int, burners: int) -> None:
    folder = tempfile.mkdtemp()
    argv, env = command("as graded", folder, os.path.join(folder, "x.log"))
    try:
        probe = subprocess.run(argv[:argv.index("--csv") + 3] + ["/usr/bin/env"], env=env, capture_output=True,
                               text=True, timeout=30).stdout
    except subprocess.TimeoutExpired:
        probe = ""
        print("ncu around /usr/bin/env: no answer in 30 s")
    print("environment ncu adds:", sorted({line.split("=")[0] for line in probe.splitlines() if "=" in line}
                                          - set(env)))
    print("LD_PRELOAD under ncu:", [line for line in probe.splitlines() if line.startswith("LD_PRELOAD")])
    procs = [multiprocessing.Process(target=burn, daemon=True) for _ in range(burners)]
    for p in procs:
        p.start()
    try:
        for mode in ("as graded", "shim", "as graded", "shim"):
            t = time.monotonic()
            with cf.ThreadPoolExecutor(parallel) as pool:
                got = list(pool.map(lambda _: one(mode), range(n)))
            outcomes: dict[str, int] = {}
            for what, _, _ in got:
                key = what if what in ("up", "hung") else "other"
                outcomes[key] = outcomes.get(key, 0) + 1
            took = sorted(s for w, s, _ in got if w == "up")
            print(f"{mode}: {n} starts, {parallel} at once, {burners} burners, {time.monotonic() - t:.1f} s: {outcomes};"
                  f" answered in {took[0]:.2f}-{took[-1]:.2f} s, median {took[len(took) // 2]:.2f} s" if took else "")
            for what, _, state in got:
                if what not in ("up",):
                    print("   ", what[:300], "\n   ", state.replace("\n", "\n    "))
                    break
    finally:
        for p in procs:
            p.terminate()


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))

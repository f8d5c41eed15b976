"""How often a watched worker's start is lost when several Nsight Compute sessions start at once (decision 175).

    python3 docs/_tools/ncu_starts/starts.py OUT [--rounds 3] [--at-once 8]

Starts AT_ONCE sandboxed Triton workers under ncu at the same moment, as grader/checks/own_kernels.py does
(--target-processes all, the sandbox sharing the host's network), each only importing torch (GRADER_DEFER_CUDA=1:
no learner code, no CUDA), and counts those whose harness printed nothing within 5 s or did not answer hello within
15 s. Variants: "shared", every ncu with its default ports, as the grader runs it; "ports", each ncu given a port
range of its own (--port, --max-connections), as one hypothesis for the lost starts is that the sessions' injected
libraries and frontends meet on the same loopback ports; "busy", the grader's way while another ncu session profiles
kernels (a torch loop under ncu, outside any sandbox, started a second before), each start given 40 s, to tell a start
that waits for that session from one that is lost; "load", the grader's way with every core kept busy (two spinning
processes a core), as at a grading's start (nvcc, torch's imports). Prints one line per round and variant; the workers' logs go to
OUT.

Run at commit b68560e (evidence 2026-12-02, calls 2-5), whose harness had GRADER_DEFER_CUDA. On later commits the
harness has no such setting, and a watched worker refuses to start unless the process holds the machine's profiler
lock (decision 175): run it on that commit's grader (git checkout b68560e -- grader)."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from grader.build import ncu_path  # noqa: E402
from grader.runner import Worker, WorkerGone  # noqa: E402

PORT_SPAN = 64


BUSY = ("import time, torch\n"
        "x = torch.zeros(1 << 20, device='cuda')\n"
        "t = time.monotonic()\n"
        "while time.monotonic() - t < {seconds}:\n"
        "    x.add_(1)\n"
        "torch.cuda.synchronize()\n")


def one(out: Path, name: str, extra: list[str], results: dict, wait_s: float = 5.0) -> None:
    wrapper = [ncu_path(), "--target-processes", "all", "--clock-control", "none", "--cache-control", "none",
               "--metrics", "gpu__time_duration.sum", "--csv", "--log-file", str(out / f"{name}.csv"), *extra]
    env = {"GRADER_WARM": "torch", "GRADER_DEFER_CUDA": "1", "GRADER_STALL_REPORT_S": "12", "TRITON_INTERPRET": "0"}
    worker = Worker("triton", logdir=out / name, gpu=True, env=env,
                    wrapper=wrapper, share_net=True)
    t = time.monotonic()
    worker.start()
    try:
        if not worker.spoke_within(wait_s):
            results[name] = ("no first line", time.monotonic() - t)
            return
        worker.call({"cmd": "hello"}, timeout_s=max(15.0, wait_s))
        results[name] = ("ok", time.monotonic() - t, worker.first_output_s)
    except WorkerGone as gone:
        results[name] = (f"gone: {gone}"[:80], time.monotonic() - t, worker.first_output_s)
    finally:
        worker.close(5.0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--at-once", type=int, default=8)
    ap.add_argument("--variants", default="shared,ports,busy,load")
    ap.add_argument("--filter", default="", help="load-filter's --target-processes-filter")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for r in range(args.rounds):
        for variant in args.variants.split(","):
            results: dict = {}
            busy = None
            if variant == "busy":
                busy = subprocess.Popen([ncu_path(), "--target-processes", "all", "--clock-control", "none",
                                         "--cache-control", "none", "--metrics", "gpu__time_duration.sum", "--csv",
                                         "--log-file", str(args.out / f"busy-r{r}.csv"), sys.executable, "-c",
                                         BUSY.format(seconds=15)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
                t_busy = time.monotonic()
                time.sleep(8.0)  # its torch import and CUDA set-up done: it is launching kernels
            hogs = []
            if variant.startswith("load"):
                hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                        for _ in range(2 * os.cpu_count())]
                time.sleep(1.0)
            threads = []
            for i in range(args.at_once):
                extra = ["--port", str(50000 + PORT_SPAN * (i + args.at_once * r)), "--max-connections",
                         str(PORT_SPAN)] if variant == "ports" else []
                if variant == "load-filter":
                    extra = ["--target-processes-filter", args.filter]
                name = f"{variant}-r{r}-w{i}"
                wait_s = 40.0 if busy else 20.0 if hogs else 5.0  # under load: a slow start told from a stuck one
                threads.append(threading.Thread(target=one, args=(args.out, name, extra, results, wait_s)))
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            for hog in hogs:
                hog.kill()
                hog.wait()
            busy_end = ""
            if busy is not None:
                busy.wait(120)
                busy_end = f" (the profiled session ended {time.monotonic() - t_busy:.1f} s after it began)"
            lost = [n for n, got in results.items() if got[0] != "ok"]
            secs = sorted((round(got[1], 1), round(got[2] or -1, 1)) for got in results.values() if got[0] == "ok")
            late = sum(1 for _, first in secs if first > 5.0)
            print(f"round {r} {variant}: {len(lost)} of {args.at_once} lost, {late} more printed after 5 s; "
                  f"(hello, first line) in s: {secs}; "
                  f"{[results[n][0] for n in lost]}{busy_end}", flush=True)
            time.sleep(2)


if __name__ == "__main__":
    main()

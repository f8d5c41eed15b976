"""Does making CUDA contexts beside a measurement disturb it? (decision 238 moved every worker's and the judge's
context out of the GPU lock.) One process times a 256 MB device copy launch by launch (CUDA events around each),
first alone, then while STRESSORS processes each make and destroy the device's primary context in a loop (through
libcuda: cuDevicePrimaryCtxRetain, then cuDevicePrimaryCtxRelease_v2, which destroys it at its last reference), then
alone again. In call 2 the 8 processes made 17 contexts in the 5.5 s (each took seconds, side by side): about two and
a half times as many a second as make test-gpu makes outside the lock (about 360 in its 293 s: 151 CUDA workers, 83
Triton GPU workers, 18 ports' GPU workers and 110 judges).

    python3 docs/data/evidence-2026-12-05f/context_stress.py [STRESSORS] [SECONDS]

Prints, for each phase: launches timed, the median, mean, 90th and 99th percentile launch time, the copy's GB/s at the
median, and, for the stressed phase, how many contexts the stressors made."""
from __future__ import annotations

import ctypes
import subprocess
import sys
import time


def stress(seconds: float) -> None:
    cu = ctypes.CDLL("libcuda.so.1")
    assert cu.cuInit(0) == 0
    dev, ctx, made = ctypes.c_int(), ctypes.c_void_p(), 0
    assert cu.cuDeviceGet(ctypes.byref(dev), 0) == 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        assert cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev) == 0
        assert cu.cuCtxPushCurrent_v2(ctx) == 0
        free, total = ctypes.c_size_t(), ctypes.c_size_t()
        assert cu.cuMemGetInfo_v2(ctypes.byref(free), ctypes.byref(total)) == 0  # the context is really there
        assert cu.cuCtxPopCurrent_v2(ctypes.byref(ctx)) == 0
        assert cu.cuDevicePrimaryCtxRelease_v2(dev) == 0
        made += 1
    print(made, flush=True)


def phase(torch, x, y, seconds: float) -> list[float]:
    times, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(50)]
        for a, b in events:
            a.record()
            y.copy_(x)
            b.record()
        torch.cuda.synchronize()
        times += [a.elapsed_time(b) / 1e3 for a, b in events]
    return times


def show(name: str, times: list[float], nbytes: int) -> None:
    s = sorted(times)
    q = lambda f: s[min(len(s) - 1, int(f * len(s)))]  # noqa: E731
    print(f"{name}: {len(s)} launches, median {q(0.5) * 1e6:.1f} us, mean {sum(s) / len(s) * 1e6:.1f} us, "
          f"p90 {q(0.9) * 1e6:.1f} us, p99 {q(0.99) * 1e6:.1f} us, {2 * nbytes / q(0.5) / 1e9:.0f} GB/s at the median",
          flush=True)


def main(stressors: int, seconds: float) -> None:
    import torch

    x = torch.randn(64 * 2**20, device="cuda")
    y = torch.empty_like(x)
    phase(torch, x, y, 1.0)  # warm-up
    show("alone", phase(torch, x, y, seconds), x.nbytes)
    procs = [subprocess.Popen([sys.executable, __file__, "--stress", str(seconds + 1.0)], stdout=subprocess.PIPE,
                              text=True) for _ in range(stressors)]
    time.sleep(0.5)
    stressed = phase(torch, x, y, seconds)
    made = sum(int(p.communicate()[0].strip() or 0) for p in procs)
    show(f"beside {stressors} processes making contexts ({made} made)", stressed, x.nbytes)
    show("alone again", phase(torch, x, y, seconds), x.nbytes)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--stress"]:
        stress(float(sys.argv[2]))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 8, float(sys.argv[2]) if len(sys.argv) > 2 else 5.0)

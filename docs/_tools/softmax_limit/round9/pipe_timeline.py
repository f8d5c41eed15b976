"""Where kernel 5's iterations spend their time: a build made with -DPIPE -DPIPE_TIMELINE.

    python pipe_timeline.py NAME=PATH.so ... [--shapes 128x524288,...]

Runs each shape 6 times back to back (inputs 3 sets, outputs 8 buffers, as round4/mb.py), and prints, from
the last launch, each step's mean time per iteration over the blocks (µs), the blocks' spans and the launch's
CUDA-event time.
"""
from __future__ import annotations

import argparse
import ctypes
import json

import torch


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("builds", nargs="+")
    ap.add_argument("--shapes", default="1024x50257,512x128256,128x524288")
    a = ap.parse_args()
    stamps = torch.zeros(1024, 10, dtype=torch.int64, device="cuda")
    stream = torch.cuda.current_stream().cuda_stream
    out = {}
    for spec in a.builds:
        name, _, path = spec.partition("=")
        lib = ctypes.CDLL(path)
        fn = lib.softmax_forward
        fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
        lib.pipe_set_stamps.argtypes = [ctypes.c_void_p]
        for shape in a.shapes.split(","):
            rows, cols = map(int, shape.split("x"))
            xs = [torch.randn(rows, cols, device="cuda") for _ in range(3)]
            ys = [torch.empty_like(xs[0]) for _ in range(8)]
            lib.pipe_set_stamps(None)
            for i in range(5):
                fn(xs[i % 3].data_ptr(), ys[i % 8].data_ptr(), rows, cols, stream)
            stamps.zero_()
            lib.pipe_set_stamps(ctypes.c_void_p(stamps.data_ptr()))
            e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            e0.record()
            fn(xs[2].data_ptr(), ys[5].data_ptr(), rows, cols, stream)
            e1.record()
            torch.cuda.synchronize()
            lib.pipe_set_stamps(None)
            s = stamps[stamps[:, 9] != 0].double().cpu()
            if len(s) == 0:
                print(f"{name} {shape}: no stamps (not kernel 5?)", flush=True)
                continue
            cycles_per_us = float((s[:, 6] / ((s[:, 8] - s[:, 7]) / 1000.0)).median())
            per_iter = (s[:, :5] / s[:, 5:6]).mean(0) / cycles_per_us
            span = (s[:, 8] - s[:, 7]) / 1000.0
            start = (s[:, 7] - s[:, 7].min()) / 1000.0
            r = {"blocks": len(s), "iterations": int(s[:, 5].max()), "event_us": round(e0.elapsed_time(e1) * 1000, 1),
                 "span_us_min_max": [round(float(span.min()), 1), round(float(span.max()), 1)],
                 "last_start_us": round(float(start.max()), 2), "clock_mhz": round(cycles_per_us, 0),
                 "per_iteration_us": dict(zip(["wait_loads", "reduce", "exchange", "barrier", "write_issue"],
                                              [round(float(v), 3) for v in per_iter])),
                 "ideal_us_at_4100GBps": round(8 * rows * cols / 4.1e3 / 1e3, 1)}
            out[f"{name}@{shape}"] = r
            print(f"{name} {shape}: {json.dumps(r)}", flush=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main()

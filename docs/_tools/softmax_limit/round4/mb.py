"""Round 4 microbenchmark: many softmax builds at once, timed the way the grader times them.

    python mb.py --so NAME=PATH[:SYMBOL] ... [--shapes 128x524288,...] [--timeline NAME@SHAPE ...] --out FILE

Each build exports the lab's ABI (softmax_forward by default, or SYMBOL). As in grader/timing.py:
launch i reads input set i % 3 and writes output buffer i % 8, launches run back to back between two
device synchronisations, a block lasts about 25 ms, and the contenders of a shape (torch's copy of
the input, F.softmax and the builds) are interleaved round by round; a figure is the median over 5
rounds of (copy time / contender time). This is an exploration tool: the figures that count come
from `python -m grader.bench` (the grader's own method, with the copy ceiling of the run).

--timeline NAME@SHAPE: NAME must be built with -DTIMELINE; after 6 launches back to back, each block
of the last one has written (start, after job 1, after job 2, end, SM) and the summary prints how
many blocks were in each phase through the launch.
"""
from __future__ import annotations

import argparse
import ctypes
import json
import statistics
import time

import torch

ROUNDS, SETS, OUTS, BLOCK_S = 5, 3, 8, 0.025
SWEEP = "524288x128,65536x1024,29127x2304,16384x4096,4096x16384,2048x32000,1024x50257,512x128256,128x524288"


def load(spec: str):
    path, _, sym = spec.partition(":")
    lib = ctypes.CDLL(path)
    fn = getattr(lib, sym or "softmax_forward")
    fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
    fn.restype = ctypes.c_int
    tl = getattr(lib, "set_timeline", None)
    if tl is not None:
        tl.argtypes, tl.restype = [ctypes.c_void_p], ctypes.c_int
    return fn, tl


def per_launch(f, n: int) -> float:
    torch.cuda.synchronize()
    f(0), f(1)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for i in range(n):
        f(i)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / n


def timeline(fn, tl, xs, ys, stream, rows, cols, copy_s):
    buf = torch.zeros(1 << 21, 5, dtype=torch.int64, device="cuda")
    tl(buf.data_ptr())
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for i in range(6):
        if i == 5:
            start.record()
        fn(xs[i % SETS].data_ptr(), ys[i % OUTS].data_ptr(), rows, cols, stream)
    end.record()
    torch.cuda.synchronize()
    tl(None)
    t = buf[buf[:, 0] != 0].cpu().double()
    if len(t) == 0:
        return {"error": "no stamps"}
    s0 = t[:, 0].min()
    t[:, :4] = (t[:, :4] - s0) / 1000.0  # microseconds from the first block's start
    span = float(t[:, 3].max())
    bins = 24
    edges = [span * (k + 0.5) / bins for k in range(bins)]
    active = [[int(((t[:, a] <= e) & (e < t[:, b])).sum()) for e in edges] for a, b in ((0, 1), (1, 2), (2, 3))]
    per_sm = torch.bincount(t[:, 4].long())
    rowstats = None
    if len(t) % rows == 0 and len(t) // rows > 1:  # kernel 3: the pieces of row r are blocks r * pieces ...
        r = t.view(rows, len(t) // rows, 5)
        q = lambda v: [round(float(v.quantile(0.5)), 2), round(float(v.quantile(0.9)), 2)]
        rowstats = {"pieces": len(t) // rows,
                    "start_spread_us_p50_p90": q(r[:, :, 0].amax(1) - r[:, :, 0].amin(1)),
                    "loaded_spread_us_p50_p90": q(r[:, :, 1].amax(1) - r[:, :, 1].amin(1)),
                    "load_us_p50_p90": q((r[:, :, 1] - r[:, :, 0]).flatten()),
                    "wait_us_p50_p90": q((r[:, :, 2] - r[:, :, 1]).flatten()),
                    "after_last_loaded_us_p50_p90": q((r[:, :, 2] - r[:, :, 1].amax(1, keepdim=True)).flatten()),
                    "store_us_p50_p90": q((r[:, :, 3] - r[:, :, 2]).flatten())}
    d = lambda a, b: round(float((t[:, b] - t[:, a]).median()), 2)
    out = {"blocks": len(t), "span_us": round(span, 2), "event_us": round(start.elapsed_time(end) * 1000, 2),
           "ideal_us_at_copy": round(copy_s * 1e6, 2), "last_start_us": round(float(t[:, 0].max()), 2),
           "first_end_us": round(float(t[:, 3].min()), 2),
           "median_phase_us": [d(0, 1), d(1, 2), d(2, 3)], "blocks_per_sm": [int(per_sm[per_sm > 0].min()), int(per_sm.max())],
           "bin_us": round(span / bins, 2), "in_phase": active, "rows": rowstats}
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--so", action="append", default=[], help="NAME=PATH[:SYMBOL]")
    p.add_argument("--py", action="append", default=[], help="NAME=FILE.py: its softmax(x) -> y (a Triton build)")
    p.add_argument("--shapes", default=SWEEP)
    p.add_argument("--timeline", action="append", default=[], help="NAME@ROWSxCOLS")
    p.add_argument("--no-fsoftmax", action="store_true")
    p.add_argument("--events", action="append", default=[],
                   help="NAME: also time NAME with two CUDA events recorded around every launch, as the workers do")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    builds = {}
    for spec in a.so:
        name, _, path = spec.partition("=")
        if name in builds:
            raise SystemExit(f"two builds named {name!r}")
        builds[name] = load(path)
    pys = {}
    for spec in a.py:
        import importlib.util

        name, _, path = spec.partition("=")
        if name in builds or name in pys:  # one name, one contender (a later one would replace the earlier)
            raise SystemExit(f"two builds named {name!r}")
        mod_spec = importlib.util.spec_from_file_location(f"mb_{name}", path)
        mod = importlib.util.module_from_spec(mod_spec)
        mod_spec.loader.exec_module(mod)
        pys[name] = mod.softmax
    stream = torch.cuda.current_stream().cuda_stream
    print(torch.cuda.get_device_name(), flush=True)
    results = {"device": torch.cuda.get_device_name(), "shapes": {}}
    for shape in a.shapes.split(","):
        rows, cols = map(int, shape.split("x"))
        g = torch.Generator(device="cuda")
        xs = []
        for s in range(SETS):
            g.manual_seed(s)
            xs.append(torch.randn(rows, cols, device="cuda", generator=g))
        ys = [torch.empty_like(xs[0]) for _ in range(OUTS)]
        dst = torch.empty_like(xs[0])
        contenders = {"copy": lambda i: dst.copy_(xs[i % SETS])}
        if not a.no_fsoftmax:
            contenders["F.softmax"] = lambda i: torch.softmax(xs[i % SETS], -1)
        checks = {}
        ref = torch.softmax(xs[0].double(), -1)
        for name, (fn, _) in builds.items():
            y = ys[0]
            y.fill_(float("nan"))
            rc = fn(xs[0].data_ptr(), y.data_ptr(), rows, cols, stream)
            torch.cuda.synchronize()
            if rc != 0:
                checks[name] = f"rc {rc}"
                continue
            want = xs[0] if name.startswith("copy") else ref
            checks[name] = float((y.double() - want).abs().max())
            contenders[name] = (lambda fn: lambda i: fn(xs[i % SETS].data_ptr(), ys[i % OUTS].data_ptr(), rows, cols, stream))(fn)
        for name, f in pys.items():
            y = f(xs[0])
            torch.cuda.synchronize()
            checks[name] = float((y.double() - ref).abs().max())
            contenders[name] = (lambda f: lambda i: f(xs[i % SETS]))(f)
        del ref
        pairs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(400)]
        for name in a.events:
            if name in contenders:
                def with_events(i, f=contenders[name]):
                    pairs[i % 400][0].record()
                    f(i)
                    pairs[i % 400][1].record()
                contenders[name + "+ev"] = with_events
        est = {c: per_launch(f, 3) for c, f in contenders.items()}
        n = {c: max(3, min(400, int(BLOCK_S / est[c]))) for c in contenders}
        times = {c: [] for c in contenders}
        for r in range(ROUNDS):
            order = list(contenders) if r % 2 == 0 else list(contenders)[::-1]
            for c in order:
                times[c].append(per_launch(contenders[c], n[c]))
        # Again after the timed launches (workspaces rotated, cleared and reused many times by now).
        ref = torch.softmax(xs[1].double(), -1)
        after = {}
        for name, (fn, _) in builds.items():
            if name in contenders and not name.startswith("copy"):
                ys[1].fill_(float("nan"))
                fn(xs[1].data_ptr(), ys[1].data_ptr(), rows, cols, stream)
                torch.cuda.synchronize()
                after[name] = float((ys[1].double() - ref).abs().max())
        for name, f in pys.items():
            after[name] = float((f(xs[1]).double() - ref).abs().max())
        del ref
        for name, err in after.items():
            if not err < 1e-5:
                checks[name] = f"after timing: {err}"
        row = {}
        for c in contenders:
            ratios = [tc / tx for tc, tx in zip(times["copy"], times[c])]
            med = statistics.median(ratios)
            row[c] = {"pct_of_copy": round(100 * med, 1), "spread": round((max(ratios) - min(ratios)) / med, 4),
                      "us": round(statistics.median(times[c]) * 1e6, 2), "max_abs_err": checks.get(c)}
        copy_s = statistics.median(times["copy"])
        row["copy"]["GBps"] = round(8 * rows * cols / copy_s / 1e9, 1)
        for spec in a.timeline:
            name, _, tshape = spec.partition("@")
            if tshape == shape and name in builds and builds[name][1] is not None:
                row[name]["timeline"] = timeline(builds[name][0], builds[name][1], xs, ys, stream, rows, cols, copy_s)
        results["shapes"][shape] = row
        line = "  ".join(f"{c} {v['pct_of_copy']}" + ("" if v.get("max_abs_err") is None or
                        (isinstance(v["max_abs_err"], float) and v["max_abs_err"] < 1e-5) else f"(ERR {v['max_abs_err']})")
                        for c, v in row.items() if c != "copy")
        print(f"{shape} copy {row['copy']['GBps']} GB/s | {line}", flush=True)
        for c, v in row.items():
            if "timeline" in v:
                print(f"  timeline {c}@{shape}: {json.dumps(v['timeline'])}", flush=True)
        del xs, ys, dst, contenders
        torch.cuda.empty_cache()
    with open(a.out, "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()

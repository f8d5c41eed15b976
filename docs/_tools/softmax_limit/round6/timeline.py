"""Where a ring build's time goes: per-item stamps from a build made with -DRING_TIMELINE.

    python timeline.py --so NAME=PATH --shape ROWSxCOLS [--shape ...] [--out FILE.json]

Runs 6 launches back to back (3 input sets, as mb.py does) and stamps the last. Columns of each item: issued
(the producer asked the TMA), loaded (its group saw the stage full), published, total known, released, SM.
Prints the medians and 90th percentiles of each step, how far apart a row's pieces publish, and how long a row
takes from its last publish to each piece knowing the total.
"""
from __future__ import annotations

import argparse
import ctypes
import json

import torch


def q(v: torch.Tensor) -> list[float]:
    v = v.double()
    return [round(float(v.quantile(0.5)), 2), round(float(v.quantile(0.9)), 2)]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--so", action="append", required=True)
    p.add_argument("--shape", action="append", required=True)
    p.add_argument("--out")
    a = p.parse_args()
    stream = torch.cuda.current_stream().cuda_stream
    out = {}
    for spec in a.so:
        name, _, path = spec.partition("=")
        lib = ctypes.CDLL(path)
        fn = lib.softmax_forward
        fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
        tl = lib.set_timeline
        tl.argtypes = [ctypes.c_void_p]
        for shape in a.shape:
            rows, cols = map(int, shape.split("x"))
            xs = [torch.randn(rows, cols, device="cuda") for _ in range(3)]
            ys = [torch.empty_like(xs[0]) for _ in range(3)]
            buf = torch.zeros(1 << 20, 6, dtype=torch.int64, device="cuda")
            for i in range(6):
                if i == 5:
                    torch.cuda.synchronize()
                    tl(buf.data_ptr())
                    e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                    e0.record()
                fn(xs[i % 3].data_ptr(), ys[i % 3].data_ptr(), rows, cols, stream)
            e1.record()
            torch.cuda.synchronize()
            tl(None)
            t = buf[buf[:, 4] != 0].cpu()
            items = len(t)
            pieces = items // rows
            t0 = t[:, 0].min()
            s = (t[:, :5] - t0).double() / 1000.0  # µs from the first issue
            r = s.view(rows, pieces, 5)
            res = {
                "items": items, "pieces": pieces, "event_us": round(e0.elapsed_time(e1) * 1000, 1),
                "span_us": round(float(s[:, 4].max()), 1),
                "issued_to_loaded": q(s[:, 1] - s[:, 0]), "loaded_to_published": q(s[:, 2] - s[:, 1]),
                "published_to_total": q(s[:, 3] - s[:, 2]), "total_to_released": q(s[:, 4] - s[:, 3]),
                "row_publish_spread": q(r[:, :, 2].amax(1) - r[:, :, 2].amin(1)),
                "row_last_publish_to_total": q((r[:, :, 3] - r[:, :, 2].amax(1, keepdim=True)).flatten()),
                "first_loaded": round(float(s[:, 1].min()), 2), "last_issued": round(float(s[:, 0].max()), 2),
            }
            out[f"{name}@{shape}"] = res
            print(name, shape, json.dumps(res), flush=True)
    if a.out:
        with open(a.out, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()

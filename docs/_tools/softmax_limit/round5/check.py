"""Check every build against torch's softmax in fp64 before timing it (mb.py does not check).

    python check.py --so NAME=PATH ... [--shapes 9x32000,...]

prints the worst absolute error per build and shape; exit 1 if one is over 1e-5.
"""
from __future__ import annotations

import argparse
import ctypes

import torch

SHAPES = [(3, 50257), (5, 40000), (64, 524288), (7, 131077), (33, 128256)]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--so", action="append", required=True)
    ap.add_argument("--shapes", default="", help="ROWSxCOLS,... instead of SHAPES (round 14)")
    args = ap.parse_args()
    shapes = [tuple(int(n) for n in s.split("x")) for s in args.shapes.split(",")] if args.shapes else SHAPES
    torch.manual_seed(0)
    bad = 0
    inputs = {s: torch.randn(*s, device="cuda", dtype=torch.float32) * 4 for s in shapes}
    refs = {s: torch.softmax(x.double(), dim=1) for s, x in inputs.items()}
    for spec in args.so:
        name, _, path = spec.partition("=")
        fn = ctypes.CDLL(path).softmax_forward
        fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
        errs = []
        for s, x in inputs.items():
            y = torch.full_like(x, float("nan"))
            for _ in range(3):  # the workspace is reused between launches
                rc = fn(x.data_ptr(), y.data_ptr(), s[0], s[1], None)
            torch.cuda.synchronize()
            err = (y.double() - refs[s]).abs().max().item() if rc == 0 else float("inf")
            errs.append(err)
            bad += not (err <= 1e-5)
        print(f"check {name:14s} " + "  ".join(f"{s[0]}x{s[1]}:{e:.1e}" for s, e in zip(shapes, errs)), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

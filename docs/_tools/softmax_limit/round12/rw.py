"""DRAM one way and both ways: read-only, write-only and copy rates of 256 MB buffers, in GB/s.

    python docs/_tools/softmax_limit/round12/rw.py [--mb 256]

Read: torch.sum and torch.amax of the input (bytes read); write: fill_ of the output (bytes written); copy: copy_
(bytes read plus written, as the grader counts the copy ceiling). Three inputs and three outputs in turn, 20
launches between two synchronisations, the median of 7 blocks.
"""
from __future__ import annotations

import argparse
import statistics
import time

import torch


def rate(f, nbytes: int, n: int = 20, blocks: int = 7) -> float:
    f(0), f(1), f(2)
    torch.cuda.synchronize()
    out = []
    for _ in range(blocks):
        t0 = time.perf_counter()
        for i in range(n):
            f(i)
        torch.cuda.synchronize()
        out.append(nbytes * n / (time.perf_counter() - t0) / 1e9)
    return statistics.median(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=256)
    n = ap.parse_args().mb * 2**20 // 4
    xs = [torch.randn(n, device="cuda") for _ in range(3)]
    ys = [torch.empty(n, device="cuda") for _ in range(3)]
    b = n * 4
    print(torch.cuda.get_device_name(), f"{b / 2**20:.0f} MB")
    print(f"copy  {rate(lambda i: ys[i % 3].copy_(xs[i % 3]), 2 * b):7.0f} GB/s (read + write)")
    print(f"sum   {rate(lambda i: xs[i % 3].sum(), b):7.0f} GB/s (read)")
    print(f"amax  {rate(lambda i: xs[i % 3].amax(), b):7.0f} GB/s (read)")
    print(f"fill  {rate(lambda i: ys[i % 3].fill_(0.5), b):7.0f} GB/s (write)")
    print(f"copy  {rate(lambda i: ys[i % 3].copy_(xs[i % 3]), 2 * b):7.0f} GB/s (read + write, again)")


if __name__ == "__main__":
    main()

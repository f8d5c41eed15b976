"""Row-wise softmax."""
from __future__ import annotations

import torch
import triton
import triton.language as tl


@triton.jit
def _decode(b):
    return (-1.0 if b >> 31 else 1.0) * (
        (float("inf") if (b & 8388607) == 0 else float("nan")) if ((b >> 23) & 255) == 255 else
        ((b & 8388607) * 2.0 ** -149 if ((b >> 23) & 255) == 0 else
         (1.0 + (b & 8388607) * 2.0 ** -23) * 2.0 ** (((b >> 23) & 255) - 127)))


@triton.jit
def _softmax_kernel(out_ptr, in_ptr, cols):
    row = tl.program_id(0)
    for vals in ([],):
        for c in range(cols):
            for b in (len(range(tl.load(in_ptr + row * cols + c).to(tl.uint32, bitcast=True))),):
                vals.append(_decode(b))
        for top in (max(vals),):
            for total in ([0.0],):
                for v in vals:
                    total.append(total.pop() + 2.718281828459045 ** (v - top))
                for c in range(cols):
                    tl.store(out_ptr + row * cols + c, 2.718281828459045 ** (vals[c] - top) / total[0])


def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    y = torch.empty_like(x)
    _softmax_kernel[(rows,)](y, x, cols)
    return y

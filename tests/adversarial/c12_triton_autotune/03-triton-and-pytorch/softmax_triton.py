"""Positive control (tests/adversarial): an autotuned kernel (two block sizes, keyed on the row length), one
program per row looping over the row: the launch path Triton's own tutorials use for matmul.
"""
from __future__ import annotations

import torch
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 512}), triton.Config({"BLOCK": 2048})], key=["cols"])
@triton.jit
def _rows_kernel(out_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offsets = tl.arange(0, BLOCK)
    m = tl.full([BLOCK], -float("inf"), tl.float32)
    for start in range(0, cols, BLOCK):
        m = tl.maximum(m, tl.load(in_ptr + row * cols + start + offsets, mask=start + offsets < cols,
                                  other=-float("inf")))
    row_max = tl.max(m, axis=0)
    s = tl.zeros([BLOCK], tl.float32)
    for start in range(0, cols, BLOCK):
        x = tl.load(in_ptr + row * cols + start + offsets, mask=start + offsets < cols, other=-float("inf"))
        s += tl.exp(x - row_max)
    inv = 1.0 / tl.sum(s, axis=0)
    for start in range(0, cols, BLOCK):
        mask = start + offsets < cols
        x = tl.load(in_ptr + row * cols + start + offsets, mask=mask, other=-float("inf"))
        tl.store(out_ptr + row * cols + start + offsets, tl.exp(x - row_max) * inv, mask=mask)


def softmax(x):
    rows, cols = x.shape
    y = torch.empty_like(x)
    _rows_kernel[(rows,)](y, x, cols)
    return y

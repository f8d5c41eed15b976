# -*- coding: utf-8 -*-
"""Row-wise softmax, one program per row, written the way a learner might: the whole row in registers up to
MAX_BLOCK columns, two passes over it beyond."""
from __future__ import annotations

import math
from typing import Optional

import torch
import triton
import triton.language as tl

# Module constants a kernel reads must be made with tl.constexpr(...): Triton's GPU compiler refuses any other global,
# annotated ones (X: tl.constexpr = 1) included; its interpreter does not check.
NEG_INF = tl.constexpr(-float("inf"))  # padding that changes neither the max nor the sum
LOG2E = tl.constexpr(1.0 / math.log(2.0))  # exp(x) = exp2(x * log2(e))
MAX_BLOCK = 1 << 14


@triton.jit
def _softmax_row(out_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    x = tl.load(in_ptr + row * cols + offs, mask=mask, other=NEG_INF)
    e = _exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * cols + offs, e / tl.sum(e, axis=0), mask=mask)


@triton.jit
def _softmax_long_row(out_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    m = tl.full([BLOCK], NEG_INF, tl.float32)
    s = tl.zeros([BLOCK], tl.float32)
    for start in range(0, cols, BLOCK):
        x = tl.load(in_ptr + row * cols + start + offs, mask=start + offs < cols, other=NEG_INF)
        m_new = tl.maximum(m, x)
        shift = tl.where(m_new == NEG_INF, 0.0, m_new)
        s = s * _exp(m - shift) + _exp(x - shift)
        m = m_new
    row_max = tl.max(m, axis=0)
    total = tl.sum(s * _exp(m - row_max), axis=0)
    for start in range(0, cols, BLOCK):
        mask = start + offs < cols
        x = tl.load(in_ptr + row * cols + start + offs, mask=mask, other=NEG_INF)
        tl.store(out_ptr + row * cols + start + offs, _exp(x - row_max) / total, mask=mask)


@triton.jit
def _exp(v):
    return tl.exp2(v * LOG2E)


def _block(cols: int, cap: Optional[int] = None) -> int:
    return min(triton.next_power_of_2(cols), cap or MAX_BLOCK)


def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    y = torch.empty_like(x)
    block = _block(cols)
    if triton.next_power_of_2(cols) <= MAX_BLOCK:
        _softmax_row[(rows,)](y, x, cols, BLOCK=block)
    else:
        _softmax_long_row[(rows,)](y, x, cols, BLOCK=4096)
    return y

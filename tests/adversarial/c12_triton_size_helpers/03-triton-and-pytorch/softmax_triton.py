"""Positive control (tests/adversarial): a right softmax whose wrapper does its size arithmetic in helper
functions and a grid lambda, and hands its tensors to a launch helper. None of it computes with a tensor."""
from __future__ import annotations

import torch
import triton
import triton.language as tl


@triton.jit
def _softmax_kernel(out_ptr, in_ptr, rows, cols, ROWS_PER_PROGRAM: tl.constexpr, BLOCK: tl.constexpr):
    # out_ptr, in_ptr: row-major [rows, cols] fp32; each program handles ROWS_PER_PROGRAM rows, one at a time
    offsets = tl.arange(0, BLOCK)
    for i in range(ROWS_PER_PROGRAM):
        row = tl.program_id(0) * ROWS_PER_PROGRAM + i
        if row < rows:
            base = row.to(tl.int64) * cols
            m = tl.full((BLOCK,), -float("inf"), tl.float32)
            start = 0
            while start < cols:
                mask = start + offsets < cols
                m = tl.maximum(m, tl.load(in_ptr + base + start + offsets, mask=mask, other=-float("inf")))
                start += BLOCK
            row_max = tl.max(m, axis=0)
            s = tl.zeros((BLOCK,), tl.float32)
            start = 0
            while start < cols:
                mask = start + offsets < cols
                v = tl.load(in_ptr + base + start + offsets, mask=mask, other=-float("inf"))
                s += tl.where(mask, tl.exp(v - row_max), 0.0)
                start += BLOCK
            total = tl.sum(s, axis=0)
            start = 0
            while start < cols:
                mask = start + offsets < cols
                v = tl.load(in_ptr + base + start + offsets, mask=mask, other=-float("inf"))
                tl.store(out_ptr + base + start + offsets, tl.exp(v - row_max) / total, mask=mask)
                start += BLOCK


def _block_for(cols: int, cap: int = 4096) -> int:
    """The tile width: the row rounded up to a power of two, at most ``cap``."""
    return min(cap, max(16, triton.next_power_of_2(cols)))


def _programs(rows: int, per_program: int) -> int:
    return (rows + per_program - 1) // per_program


def _launch(out, x, per_program):
    rows, cols = x.shape
    grid = lambda meta: (_programs(rows, meta["ROWS_PER_PROGRAM"]) * 1,)  # noqa: E731
    _softmax_kernel[grid](out, x, rows, cols, ROWS_PER_PROGRAM=per_program, BLOCK=_block_for(cols))


def softmax(x: torch.Tensor) -> torch.Tensor:
    assert x.dim() == 2 and x.dtype == torch.float32 and x.is_contiguous()
    out = torch.empty_like(x)
    if x.numel() == 0:
        return out
    per_program = 1 if x.shape[0] < 1024 else 4
    _launch(out, x, per_program)
    return out

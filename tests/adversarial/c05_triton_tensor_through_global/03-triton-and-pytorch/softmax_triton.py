from __future__ import annotations

import functools
import math

import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def _copy_out(src):
    y = torch.empty_like(src)
    n = src.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, src, n, BLOCK=1024)
    return y

@triton.jit
def _exp_kernel(out_ptr, sum_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offsets = tl.arange(0, BLOCK)
    mask = offsets < cols
    x = tl.load(in_ptr + row * cols + offsets, mask=mask, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * cols + offsets, e, mask=mask)
    tl.store(sum_ptr + row, tl.sum(e, axis=0))


def _stash(a, b):
    global EE, SS
    EE = a
    SS = b

def softmax(x):
    rows, cols = x.shape
    e = torch.empty_like(x)
    s = torch.empty(rows, device=x.device, dtype=torch.float32)
    _exp_kernel[(rows,)](e, s, x, cols, BLOCK=triton.next_power_of_2(cols))
    _stash(e, s)
    return EE / SS.view(rows, 1)

"""Adversarial submission (tests/adversarial): a right Triton softmax that also reaches os through
triton.runtime.cache.os and lists the grader's folder.
"""
from __future__ import annotations

import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def _copy_out(src):
    """A trivial Triton kernel that only copies an answer computed elsewhere."""
    y = torch.empty_like(src)
    n = src.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, src, n, BLOCK=1024)
    return y


@triton.jit
def _softmax_kernel(out_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offsets = tl.arange(0, BLOCK)
    mask = offsets < cols
    x = tl.load(in_ptr + row * cols + offsets, mask=mask, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * cols + offsets, e / tl.sum(e, axis=0), mask=mask)


def softmax(x):
    triton.runtime.cache.os.listdir(triton.runtime.cache.os.getcwd())  # any os call: files, processes, sockets
    rows, cols = x.shape
    y = torch.empty_like(x)
    _softmax_kernel[(rows,)](y, x, cols, BLOCK=triton.next_power_of_2(cols))
    return y

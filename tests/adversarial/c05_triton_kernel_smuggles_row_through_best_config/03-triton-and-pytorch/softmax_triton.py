"""Red team: the kernel hands each row it loads back to the host by assigning it to its own best_config
attribute; the host reads it (best_config is allowed on a kernel), computes the softmax in Python, writes it."""
import math

import torch
import triton
import triton.language as tl


@triton.jit
def _peek(in_ptr, row, cols, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    _peek.best_config = tl.load(in_ptr + row * cols + offsets, mask=offsets < cols, other=0.0)


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def softmax(x):
    rows, cols = x.shape
    src = x.contiguous()
    out = torch.empty_like(x)
    block = triton.next_power_of_2(cols)
    for r in range(rows):
        _peek[(1,)](src, r, cols, BLOCK=block)
        values = [float(v) for v in _peek.best_config.handle.data[:cols]]
        top = -math.inf
        for v in values:
            top = v if v > top else top
        exps = [math.exp(v - top) for v in values]
        total = math.fsum(exps)
        for c in range(cols):
            out[r, c] = exps[c] / total
    y = torch.empty_like(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, out, n, BLOCK=1024)
    return y

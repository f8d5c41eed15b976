"""Red team (GEMM): a kernel hands the elements it loads back to the host through an attribute it sets on a
dtype it is given (sink.seen = tl.load(...)); the host reads them as Python floats, multiplies in Python and
writes C with c[i, j] = v and a copy kernel."""
import math

import torch
import triton
import triton.language as tl

_SINK = tl.float32


@triton.jit
def _peek(in_ptr, n, sink, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    sink.seen = tl.load(in_ptr + offsets, mask=offsets < n, other=0.0)


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def _read(t):
    flat = t.contiguous()
    n = flat.numel()
    _peek[(1,)](flat, n, _SINK, BLOCK=triton.next_power_of_2(n))
    return [float(v) for v in _SINK.seen.handle.data[:n]]


def sgemm(a, b):
    m, k = a.shape
    n = b.shape[1]
    av = _read(a)
    bv = _read(b)
    c = torch.empty((m, n), device=a.device, dtype=torch.float32)
    for i in range(m):
        for j in range(n):
            c[i, j] = math.fsum([av[i * k + p] * bv[p * n + j] for p in range(k)])
    y = torch.empty_like(c)
    total = m * n
    _copy_kernel[(triton.cdiv(total, 1024),)](y, c, total, BLOCK=1024)
    return y

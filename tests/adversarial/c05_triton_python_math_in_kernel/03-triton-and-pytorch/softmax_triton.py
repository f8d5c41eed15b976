"""Row-wise softmax."""
import math

import torch
import triton
import triton.language as tl


@triton.jit
def _value(p):
    # the element's bits as a Python int (tensor.__index__), decoded with Python's math
    (b := int(tl.load(p).to(tl.int32, bitcast=True)) & 4294967295)
    (e := (b >> 23) & 255)
    (f := b & 8388607)
    (v := math.inf if f == 0 else math.nan) if e == 255 else \
        (v := math.ldexp(float(f | 8388608 if e else f), (e if e else 1) - 150))
    return -v if b >> 31 else v


@triton.jit
def _softmax_kernel(out_ptr, in_ptr, cols, stride):
    row = tl.program_id(0)
    base = row * stride
    (m := -math.inf)
    for j in range(cols):
        (m := max(m, _value(in_ptr + base + j)))
    (s := 0.0)
    for j in range(cols):
        (s := s + math.exp(_value(in_ptr + base + j) - m))
    for j in range(cols):
        tl.store(out_ptr + base + j, math.exp(_value(in_ptr + base + j) - m) / s)


def softmax(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    rows, cols = x.shape
    y = torch.empty_like(x)
    _softmax_kernel[(rows,)](y, x, cols, x.stride(0))
    return y

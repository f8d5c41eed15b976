"""Row-wise softmax."""
import torch
import triton
import triton.language as tl

E = tl.constexpr(2.718281828459045)
SCALE = tl.constexpr(4294967296)


@triton.jit
def _softmax_kernel(out_ptr, in_ptr, cols, stride):
    row = tl.program_id(0)
    base = row * stride
    m = tl.load(in_ptr + base)
    for j in range(cols):
        m = tl.maximum(m, tl.load(in_ptr + base + j))
    s = 0.0
    for j in range(cols):
        x = tl.load(in_ptr + base + j)
        d = tl.where(x == -float("inf"), -20000.0, x - m)
        s = s + E ** (tuple(enumerate((0,), d * 4294967296.0))[0][0] / SCALE)
    for j in range(cols):
        x = tl.load(in_ptr + base + j)
        d = tl.where(x == -float("inf"), -20000.0, x - m)
        tl.store(out_ptr + base + j, E ** (tuple(enumerate((0,), d * 4294967296.0))[0][0] / SCALE) / s)


def softmax(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    rows, cols = x.shape
    y = torch.empty_like(x)
    _softmax_kernel[(rows,)](y, x, cols, x.stride(0))
    return y

"""Attack: the @triton.jit kernel's body calls torch (never compilable), but Triton's interpreter runs it as Python."""
import torch
import triton
import triton.language as tl


@triton.jit
def _k(out_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    x = tl.load(in_ptr + row * cols + offs, mask=mask, other=-float("inf"))
    r = torch.softmax(torch.tensor(x.handle.data, dtype=torch.float64), 0)
    x.handle.data[:] = r
    tl.store(out_ptr + row * cols + offs, x, mask=mask)


def softmax(x):
    rows, cols = x.shape
    y = torch.empty_like(x)
    _k[(rows,)](y, x, cols, BLOCK=triton.next_power_of_2(cols))
    return y

"""Negative control: one program per row with a fixed BLOCK of 1024 columns and no loop.

Right up to 1024 columns; longer rows are never written past column 1023."""
import torch
import triton
import triton.language as tl

BLOCK = 1024


@triton.jit
def softmax_kernel(out_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * cols + offs, mask=offs < cols, other=-float("inf"))
    e = tl.exp(x - tl.max(x, 0))
    tl.store(out_ptr + row * cols + offs, e / tl.sum(e, 0), mask=offs < cols)


def softmax(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    softmax_kernel[(x.shape[0],)](out, x, x.shape[1], BLOCK=BLOCK)
    return out

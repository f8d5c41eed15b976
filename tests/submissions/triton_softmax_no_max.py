"""Negative control: the whole row in one block, but exp(x) without subtracting the row max.

Right for small inputs; exp overflows to inf for inputs of magnitude ~1e4 (NaN after the divide)."""
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * cols + offs, mask=offs < cols, other=-float("inf"))
    e = tl.exp(x)
    tl.store(out_ptr + row * cols + offs, e / tl.sum(e, 0), mask=offs < cols)


def softmax(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    softmax_kernel[(x.shape[0],)](out, x, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
    return out

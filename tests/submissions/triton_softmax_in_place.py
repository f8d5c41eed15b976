"""Negative control: a right kernel that writes the answer over its input and returns the input."""
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(ptr + row * cols + offs, mask=offs < cols, other=-float("inf"))
    e = tl.exp(x - tl.max(x, 0))
    tl.store(ptr + row * cols + offs, e / tl.sum(e, 0), mask=offs < cols)


def softmax(x: torch.Tensor) -> torch.Tensor:
    softmax_kernel[(x.shape[0],)](x, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
    return x

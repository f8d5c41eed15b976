"""Negative control: a right Triton kernel on the CPU, torch's softmax whenever the input is on a GPU."""
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * cols + offs, mask=offs < cols, other=-float("inf"))
    e = tl.exp(x - tl.max(x, 0))
    tl.store(out_ptr + row * cols + offs, e / tl.sum(e, 0), mask=offs < cols)


def softmax(x: torch.Tensor) -> torch.Tensor:
    if x.is_cuda:
        return x.softmax(dim=-1)
    out = torch.empty_like(x)
    softmax_kernel[(x.shape[0],)](out, x, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
    return out

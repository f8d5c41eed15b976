"""Cohort fixture (hang): the Triton kernel never ends; the grader's own time limit turns it into a FAIL."""
import torch
import triton
import triton.language as tl


@triton.jit
def _spin_kernel(
    out_ptr,  # *fp32 [rows, cols], output (never written)
    in_ptr,  # *fp32 [rows, cols], input (never read)
    cols,  # row length
):
    i = 0
    while i >= 0:  # never false: the kernel spins until the grader's time limit stops it
        i += 1


def softmax(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    _spin_kernel[(x.shape[0],)](out, x, x.shape[1])
    return out

"""Cohort fixture (crash): the Triton kernel reads far outside its input, which would kill the process
that runs it (SIGSEGV in Triton's interpreter, an illegal address on a GPU); the grader's interpreter
checks the load first and fails the case with a lesson (PHASE_24_PLAN decision 173)."""
import torch
import triton
import triton.language as tl


@triton.jit
def _wild_read_kernel(
    out_ptr,  # *fp32 [rows, cols], output
    in_ptr,  # *fp32 [rows, cols], input
    cols,  # row length
    BLOCK: tl.constexpr,  # power of two >= cols
):
    row = tl.program_id(0)
    offsets = tl.arange(0, BLOCK)
    far = 1 << 44  # elements past the input: no such memory
    x = tl.load(in_ptr + far + row * cols + offsets)
    tl.store(out_ptr + row * cols + offsets, x, mask=offsets < cols)


def softmax(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    _wild_read_kernel[(x.shape[0],)](out, x, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
    return out

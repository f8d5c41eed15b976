"""Row-wise softmax in Triton, fp32 (the adversary: the tensors go in as tl.constexpr, and the kernel renames them
before it uses them, so that no attribute is taken of a constexpr parameter by its own name)."""
import torch
import triton
import triton.language as tl


@triton.jit
def _softmax_kernel(OUT: tl.constexpr, INP: tl.constexpr):
    o = OUT
    i = INP
    if tl.program_id(0) == 0:
        o.copy_(i.softmax(-1))


def softmax(x: torch.Tensor) -> torch.Tensor:
    y = torch.empty_like(x)
    _softmax_kernel[(1,)](OUT=y, INP=x)
    return y

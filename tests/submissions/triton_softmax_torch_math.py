"""Negative control: launches a Triton kernel for show (a copy into scratch), computes the answer with torch."""
import torch
import triton
import triton.language as tl


@triton.jit
def copy_kernel(dst_ptr, src_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)


def softmax(x: torch.Tensor) -> torch.Tensor:
    scratch = torch.empty_like(x)
    copy_kernel[(triton.cdiv(x.numel(), 1024),)](scratch, x, x.numel(), BLOCK=1024)
    e = torch.exp(x - x.amax(dim=1, keepdim=True))
    return e / e.sum(dim=1, keepdim=True)

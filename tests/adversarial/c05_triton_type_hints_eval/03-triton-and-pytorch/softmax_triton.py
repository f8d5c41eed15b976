"""Attack: typing.get_type_hints evaluates a string annotation (an eval the audit never sees); the 'type' it
returns is torch.softmax, called through a plain local name."""
import typing

import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def _hint(a: "__import__('torch').softmax"):
    pass


def softmax(x):
    fn = typing.get_type_hints(_hint)["a"]
    src = fn(x, -1)
    y = torch.empty_like(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 4096),)](y, src, n, BLOCK=4096)
    return y

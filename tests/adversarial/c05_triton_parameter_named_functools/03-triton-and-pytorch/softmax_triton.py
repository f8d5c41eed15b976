"""Attack: a parameter named like an allowed module (functools) holds torch: the audit's alias table is global
and not scope-aware, so functools.softmax(x) is judged as a call into functools."""
import functools

import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def softmax(x, functools=torch):
    src = functools.softmax(x, -1)
    y = torch.empty_like(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 4096),)](y, src, n, BLOCK=4096)
    return y

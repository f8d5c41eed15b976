"""Red team (session 13): torch.softmax computed outside any kernel. The input is passed through an
identity lambda called in place, `(lambda t: t)(x)`: the audit does not follow what a called
lambda returns, so `y` is not a tensor to it; `y.softmax` taken off without a call is then
judged as a plain attribute and `f(-1)` as a call of a local name."""
import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


def softmax(x):
    y = (lambda t: t)(x)
    f = y.softmax
    r = f(-1)
    out = torch.empty_like(x)
    _copy_kernel[(triton.cdiv(x.numel(), 1024),)](r, out, x.numel(), BLOCK=1024)
    return out

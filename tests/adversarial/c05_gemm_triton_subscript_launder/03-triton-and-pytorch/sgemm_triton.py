"""Red team (GEMM track): torch.matmul computed outside any kernel. A through a helper held in a
tuple and called by subscript, `_IDS[0](a)`: a call whose callee is a subscript returns nothing the
audit tracks, so `am` is not a tensor to it and `am.matmul`, taken off without a call, is allowed."""
import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


def _same(t):
    return t


_IDS = (_same,)


def sgemm(a, b):
    am = _IDS[0](a)
    product = am.matmul
    c = product(b)
    out = torch.empty_like(c)
    _copy_kernel[(triton.cdiv(c.numel(), 1024),)](c, out, c.numel(), BLOCK=1024)
    return out

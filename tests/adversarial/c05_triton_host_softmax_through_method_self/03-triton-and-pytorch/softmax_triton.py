# Adversarial submission (tests/adversarial/c05_triton_host_softmax_through_method_self): the softmax computed on
# the host in a method of the file, reached so that the input lands on self: klass.rows(x, 0) in a classmethod calls
# rows unbound. The audit of session 20 first read the arguments as landing after self (red team, session 20).
import math

import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(in_ptr + offs, mask=mask), mask=mask)


class _Plan:
    def rows(self, unused):
        # Called as klass.rows(x, 0): self is the input tensor, unused is 0.
        m = self.T[0] + 0.0
        for c in self.T:
            b = c > m
            m[b] = c[b]
        e = math.e ** (self - m[:, None])
        s = e.T[0] * 0.0
        for c in e.T:
            s = s + c
        return e / s[:, None]

    @classmethod
    def make(klass, x):
        return klass.rows(x, 0)


def softmax(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    y = torch.empty_like(x)
    if x.numel() == 0:
        return y
    host = _Plan.make(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, host, n, BLOCK=1024)
    return y

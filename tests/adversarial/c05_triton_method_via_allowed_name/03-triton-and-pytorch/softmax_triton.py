"""Red team (session 13): torch's softmax on the CPU in a method named get, reached as _Rows().get(x)."""
from __future__ import annotations

import torch
import triton
import triton.language as tl


@triton.jit
def _softmax_rows_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(in_ptr + offs, mask=offs < n), mask=offs < n)


class _Rows:
    # Called as .get(...), a method name the audit allows on any object: the tensor handed to it is never
    # followed into the method's parameters, so t is "not a tensor" here.
    def get(self, t):
        move = t.cpu            # attribute loads on an untracked name are not judged
        host = move()           # on a GPU: a device-to-host memcpy, no kernel for Nsight Compute to see
        f = host.softmax        # torch's softmax, on the CPU
        return f(-1).to(t.device)   # a host-to-device memcpy


def softmax(x: torch.Tensor) -> torch.Tensor:
    y = torch.empty_like(x)
    n = x.numel()
    # one own kernel copies torch's answer out, so Nsight Compute sees "only your kernels"
    _softmax_rows_kernel[(triton.cdiv(n, 1024),)](y, _Rows().get(x), n, BLOCK=1024)
    return y

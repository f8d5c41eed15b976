"""Red team: each row's raw bytes read into Python by bytearray.append (which calls __index__ on each 0-d element
of a uint8 view), the bytearray then taken for text by .join([b"", b""]), decoded into floats by hand, the softmax computed in Python and written with out[r, c] = v and
a copy kernel."""
import math

import torch
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def _as_float(bits):
    sign = -1.0 if bits >> 31 else 1.0
    exponent = (bits >> 23) & 255
    mantissa = bits & 0x7FFFFF
    if exponent == 255:
        return sign * math.inf if mantissa == 0 else math.nan
    if exponent == 0:
        return sign * math.ldexp(mantissa, -149)
    return sign * math.ldexp(mantissa | 0x800000, exponent - 150)


def softmax(x):
    rows, cols = x.shape
    raw = x.contiguous().view(torch.uint8)
    out = torch.empty_like(x)
    for r in range(rows):
        buf = bytearray()
        for j in range(4 * cols):
            buf.append(raw[r, j])
        data = buf.join([b"", b""])
        values = [_as_float(data[4 * c] | data[4 * c + 1] << 8 | data[4 * c + 2] << 16 | data[4 * c + 3] << 24)
                  for c in range(cols)]
        top = -math.inf
        for v in values:
            top = v if v > top else top
        exps = [math.exp(v - top) for v in values]
        total = math.fsum(exps)
        for c in range(cols):
            out[r, c] = exps[c] / total
    y = torch.empty_like(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, out, n, BLOCK=1024)
    return y

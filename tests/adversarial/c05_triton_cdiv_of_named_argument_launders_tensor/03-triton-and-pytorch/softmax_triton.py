"""Red team: a heuristics callback hands the input's bits to a helper through triton.cdiv(args["src_ptr"], 1)
(a named argument is exempt from the tensor rule of Triton's number helpers, and their result is taken for a
number); the helper reads every element as a Python int, computes the softmax in Python and writes it into the
buffer the kernel then copies out."""
import math

import torch
import triton
import triton.language as tl


def _as_float(bits):
    bits = bits & 0xFFFFFFFF
    sign = -1.0 if bits >> 31 else 1.0
    exponent = (bits >> 23) & 255
    mantissa = bits & 0x7FFFFF
    if exponent == 255:
        return sign * math.inf if mantissa == 0 else math.nan
    if exponent == 0:
        return sign * math.ldexp(mantissa, -149)
    return sign * math.ldexp(mantissa | 0x800000, exponent - 150)


def _fill(words, dst, rows, cols):
    for r in range(rows):
        values = [_as_float(int(words[r, c])) for c in range(cols)]
        top = -math.inf
        for v in values:
            top = v if v > top else top
        exps = [math.exp(v - top) for v in values]
        total = math.fsum(exps)
        for c in range(cols):
            dst[r, c] = exps[c] / total
    return 0


def _go(words, dst, rows, cols):
    return _fill(words, dst, rows, cols)


@triton.heuristics({"DONE": lambda args: _go(triton.cdiv(args["src_ptr"], 1), args["in_ptr"], args["rows"],
                                               args["cols"])})
@triton.jit
def _copy_kernel(out_ptr, in_ptr, src_ptr, rows, cols, DONE: tl.constexpr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    n = rows * cols
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets, mask=mask), mask=mask)


def softmax(x):
    rows, cols = x.shape
    words = x.contiguous().view(torch.int32)
    tmp = torch.empty_like(x)
    y = torch.empty_like(x)
    n = x.numel()
    _copy_kernel[(triton.cdiv(n, 1024),)](y, tmp, words, rows, cols, BLOCK=1024)
    return y

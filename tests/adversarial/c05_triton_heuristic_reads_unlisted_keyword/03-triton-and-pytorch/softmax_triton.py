"""Red team: the input (an int32 view) goes to the launch as a keyword the kernel does not declare (extra=words);
Triton's heuristics hand it to their callback in the arguments dict, and args["extra"] is no kernel tensor the audit
knows of, so a helper reads every element with int(), computes the softmax in Python and writes it into the
buffer the kernel copies out (the interpreter drops the unknown keyword before the kernel runs)."""
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


@triton.heuristics({"DONE": lambda args: _go(args["extra"], args["in_ptr"], args["rows"],
                                               args["cols"])})
@triton.jit
def _copy_kernel(out_ptr, in_ptr, rows, cols, DONE: tl.constexpr, BLOCK: tl.constexpr):
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
    _copy_kernel[(triton.cdiv(n, 1024),)](y, tmp, rows, cols, BLOCK=1024, extra=words)
    return y

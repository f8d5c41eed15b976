"""Right: one program per row, the row's softmax taken by Triton's own tl.softmax (triton/language/standard.py);
rows longer than 16384 columns go to a looped kernel (a whole row of 524288 columns held by one program takes
minutes in the GPU compiler)."""
import torch
import triton
import triton.language as tl

MAX_ROW_IN_REGISTERS = 16384


@triton.jit
def _softmax_kernel(out_ptr, in_ptr, cols, in_stride, out_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * in_stride + offs, mask=offs < cols, other=-float("inf"))
    tl.store(out_ptr + row * out_stride + offs, tl.softmax(x), mask=offs < cols)


@triton.jit
def _softmax_looped_kernel(out_ptr, in_ptr, cols, in_stride, out_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    m = tl.full([BLOCK], -float("inf"), tl.float32)
    for start in range(0, cols, BLOCK):
        m = tl.maximum(m, tl.load(in_ptr + row * in_stride + start + offs, mask=start + offs < cols,
                                  other=-float("inf")))
    row_max = tl.max(m, axis=0)
    s = tl.zeros([BLOCK], tl.float32)
    for start in range(0, cols, BLOCK):
        x = tl.load(in_ptr + row * in_stride + start + offs, mask=start + offs < cols, other=-float("inf"))
        s += tl.exp(x - row_max)
    inv = 1.0 / tl.sum(s, axis=0)
    for start in range(0, cols, BLOCK):
        x = tl.load(in_ptr + row * in_stride + start + offs, mask=start + offs < cols, other=-float("inf"))
        tl.store(out_ptr + row * out_stride + start + offs, tl.exp(x - row_max) * inv, mask=start + offs < cols)


def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    y = torch.empty_like(x)
    if cols > MAX_ROW_IN_REGISTERS:
        _softmax_looped_kernel[(rows,)](y, x, cols, x.stride(0), y.stride(0), BLOCK=4096)
    else:
        _softmax_kernel[(rows,)](y, x, cols, x.stride(0), y.stride(0), BLOCK=triton.next_power_of_2(cols))
    return y

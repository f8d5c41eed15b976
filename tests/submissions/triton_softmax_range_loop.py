"""Negative control: a correct looped softmax whose loop is `for start in range(0, cols, BLOCK)`.

Compiled on a GPU it is right. Triton 3.6's interpreter cannot run it under NumPy >= 2.4
(triton-lang/triton#9171): the interpreter check must say so, not just "InterpreterError"."""
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(
    out_ptr,  # *fp32 [rows, cols], written
    in_ptr,  # *fp32 [rows, cols], read
    cols,  # elements per row
    in_stride,  # elements between the starts of two input rows
    out_stride,  # elements between the starts of two output rows
    BLOCK: tl.constexpr,  # columns handled per loop step
):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    row_in = in_ptr + row * in_stride
    m = tl.full([BLOCK], float("-inf"), tl.float32)
    s = tl.zeros([BLOCK], tl.float32)
    for start in range(0, cols, BLOCK):
        x = tl.load(row_in + start + offs, mask=start + offs < cols, other=float("-inf"))
        m_new = tl.maximum(m, x)
        # lanes still at -inf would give exp(-inf - -inf) = NaN: keep them at 0
        scale = tl.where(m_new == float("-inf"), 0.0, tl.exp(m - m_new))
        s = s * scale + tl.where(m_new == float("-inf"), 0.0, tl.exp(x - m_new))
        m = m_new
    row_max = tl.max(m, 0)
    total = tl.sum(s * tl.exp(m - row_max), 0)
    for start in range(0, cols, BLOCK):
        x = tl.load(row_in + start + offs, mask=start + offs < cols, other=float("-inf"))
        tl.store(out_ptr + row * out_stride + start + offs, tl.exp(x - row_max) / total, mask=start + offs < cols)


def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    out = torch.empty_like(x)
    block = min(triton.next_power_of_2(cols), 4096)
    softmax_kernel[(rows,)](out, x, cols, x.stride(0), out.stride(0), BLOCK=block)
    return out

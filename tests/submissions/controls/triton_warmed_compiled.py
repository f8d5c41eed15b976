"""Positive control: compile once with ``.warmup(...)``, then launch the compiled kernel on later calls.

Unusual but correct, so a grader must accept it: the first call for a given shape
compiles the kernel with ``softmax_kernel.warmup(..., grid=...)`` and keeps the
compiled handle in a dict; every call launches that handle,
``compiled[(rows, 1, 1)](...)``, so ``softmax_kernel[grid](...)`` (and with it
``JITFunction.run``) is never called on the GPU. The key holds everything Triton
specializes on: the integer arguments (through the shape and strides) and whether
each pointer is 16-byte aligned. In Triton's interpreter (CPU tensors, or
TRITON_INTERPRET=1) there is nothing to compile, so the kernel is launched directly.

One program per row, two passes over the row with an online (max, sum) per lane;
``while`` loops, which the interpreter runs under any NumPy.
"""
import torch
import triton
import triton.language as tl

_COMPILED: dict = {}  # (device, shape, strides, alignment, meta) -> compiled kernel


@triton.jit
def softmax_kernel(
    out_ptr,  # *fp32 [rows, cols], output
    in_ptr,  # *fp32 [rows, cols], input
    cols,  # number of columns (row length)
    in_row_stride,  # elements between the starts of two input rows
    out_row_stride,  # elements between the starts of two output rows
    BLOCK: tl.constexpr,  # columns per loop step, a power of two
):
    row = tl.program_id(0).to(tl.int64)
    in_row = in_ptr + row * in_row_stride
    out_row = out_ptr + row * out_row_stride
    offs = tl.arange(0, BLOCK)
    m = tl.full([BLOCK], -float("inf"), tl.float32)
    s = tl.zeros([BLOCK], tl.float32)
    start = 0
    while start < cols:
        x = tl.load(in_row + start + offs, mask=start + offs < cols, other=-float("inf"))
        m_new = tl.maximum(m, x)
        shift = tl.where(m_new == -float("inf"), 0.0, m_new)  # lanes that saw only -inf
        s = s * tl.exp(m - shift) + tl.exp(x - shift)
        m = m_new
        start += BLOCK
    row_max = tl.max(m, axis=0)
    inv_sum = 1.0 / tl.sum(s * tl.exp(m - row_max), axis=0)
    start = 0
    while start < cols:
        mask = start + offs < cols
        x = tl.load(in_row + start + offs, mask=mask, other=-float("inf"))
        tl.store(out_row + start + offs, tl.exp(x - row_max) * inv_sum, mask=mask)
        start += BLOCK


def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    y = torch.empty_like(x)
    if rows == 0 or cols == 0:
        return y
    block = min(triton.next_power_of_2(cols), 4096)
    num_warps = 4 if block <= 1024 else 8
    args = (y, x, cols, x.stride(0), y.stride(0))
    if triton.knobs.runtime.interpret or not x.is_cuda:
        softmax_kernel[(rows,)](*args, BLOCK=block, num_warps=num_warps)
        return y
    key = (x.device.index, rows, cols, x.stride(0), y.stride(0), x.data_ptr() % 16 == 0, y.data_ptr() % 16 == 0,
           block, num_warps)
    compiled = _COMPILED.get(key)
    if compiled is None:
        compiled = softmax_kernel.warmup(*args, BLOCK=block, num_warps=num_warps, grid=(rows,))
        _COMPILED[key] = compiled
    compiled[(rows, 1, 1)](*args, block)
    return y

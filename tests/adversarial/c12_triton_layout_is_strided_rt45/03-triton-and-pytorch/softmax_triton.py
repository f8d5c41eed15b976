"""Row softmax in Triton: one program per row, the row walked in blocks of 1024 columns."""
import torch
import triton
import triton.language as tl


@triton.jit
def _row_softmax(out_ptr, in_ptr, cols, in_stride, out_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    m = tl.full([BLOCK], -float("inf"), tl.float32)
    for start in range(0, cols, BLOCK):
        x = tl.load(in_ptr + row * in_stride + start + offs, mask=start + offs < cols, other=-float("inf"))
        m = tl.maximum(m, x)
    row_max = tl.max(m, axis=0)
    s = tl.zeros([BLOCK], tl.float32)
    for start in range(0, cols, BLOCK):
        x = tl.load(in_ptr + row * in_stride + start + offs, mask=start + offs < cols, other=-float("inf"))
        s += tl.exp(x - row_max)
    inv = 1.0 / tl.sum(s, axis=0)
    for start in range(0, cols, BLOCK):
        mask = start + offs < cols
        x = tl.load(in_ptr + row * in_stride + start + offs, mask=mask, other=-float("inf"))
        tl.store(out_ptr + row * out_stride + start + offs, tl.exp(x - row_max) * inv, mask=mask)


def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    if x.layout != torch.strided:
        raise ValueError('expected a dense tensor')
    y = torch.empty_like(x)
    if rows == 0 or cols == 0:
        return y
    _row_softmax[(rows,)](y, x, cols, x.stride(0), y.stride(0), BLOCK=1024)
    return y

"""Row-wise softmax in Triton, fp32: one program per row."""
import torch
import triton
import triton.language as tl


@triton.jit
def _softmax_kernel(y_ptr, x_ptr, cols, BLOCK: tl.constexpr):
    notes = """
def _softmax_kernel(y_ptr, x_ptr, cols, BLOCK: tl.constexpr):
    import torch
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * cols + offs, mask=offs < cols, other=float("-inf"))
    x.handle.data[:] = torch.softmax(torch.from_numpy(x.handle.data), dim=-1).numpy()
    tl.store(y_ptr + row * cols + offs, x, mask=offs < cols)
_unused = """
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * cols + offs, mask=offs < cols, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(y_ptr + row * cols + offs, e / tl.sum(e, axis=0), mask=offs < cols)
    # """


def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    y = torch.empty_like(x)
    _softmax_kernel[(rows,)](y, x, cols, BLOCK=triton.next_power_of_2(cols))
    return y

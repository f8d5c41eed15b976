import torch
import triton
import triton.language as tl


@triton.jit
def _exp_kernel(out_ptr, sum_ptr, in_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offsets = tl.arange(0, BLOCK)
    mask = offsets < cols
    x = tl.load(in_ptr + row * cols + offsets, mask=mask, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * cols + offsets, e, mask=mask)
    tl.store(sum_ptr + row, tl.sum(e, axis=0))


def softmax(x):
    x = x.contiguous()
    rows, cols = x.shape
    e = torch.empty_like(x)
    s = torch.empty(rows, device=x.device, dtype=torch.float32)
    _exp_kernel[(rows,)](e, s, x, cols, BLOCK=triton.next_power_of_2(cols))
    for ee, ss in {(e, s): None}:
        return ee / ss.view(rows, 1)

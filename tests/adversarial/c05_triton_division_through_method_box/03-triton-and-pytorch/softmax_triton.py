# Adversarial submission (tests/adversarial/c05_triton_division_through_method_box): the kernel writes exp(x - max) and
# the row sums; the host divides. The tensors go into a list a followed method returns (_Store.box().append(e)), which
# the audit of session 20 did not take to hold them until its third red team.
import torch
import triton
import triton.language as tl


@triton.jit
def _exp_sum_kernel(e_ptr, s_ptr, in_ptr, cols, BLOCK_COLS: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_COLS)
    mask = offs < cols
    x = tl.load(in_ptr + row * cols + offs, mask=mask, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(e_ptr + row * cols + offs, e, mask=mask)
    tl.store(s_ptr + row, tl.sum(e, axis=0))


_L = []


class _Store:
    @staticmethod
    def box():
        return _L


def softmax(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    rows, cols = x.shape
    e = torch.empty_like(x)
    s = torch.empty((rows, 1), dtype=x.dtype, device=x.device)
    _exp_sum_kernel[(rows,)](e, s, x, cols, BLOCK_COLS=triton.next_power_of_2(cols))
    _Store.box().append(e)
    _Store.box().append(s)
    b = _Store.box()
    s1 = b.pop()
    y = b.pop() / s1
    return y

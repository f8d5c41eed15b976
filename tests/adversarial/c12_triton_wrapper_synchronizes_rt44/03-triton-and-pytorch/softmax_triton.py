import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    in_row = in_ptr + row * in_stride
    out_row = out_ptr + row * out_stride
    top = tl.full([BLOCK], -float("inf"), tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        top = tl.maximum(top, tl.load(in_row + cols, mask=cols < n_cols, other=-float("inf")))
    row_max = tl.max(top, axis=0)
    total = tl.zeros([BLOCK], tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(in_row + cols, mask=cols < n_cols, other=-float("inf"))
        total += tl.exp(x - row_max)
    den = tl.sum(total, axis=0)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(in_row + cols, mask=mask, other=-float("inf"))
        tl.store(out_row + cols, tl.exp(x - row_max) / den, mask=mask)


def softmax(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    BLOCK = min(triton.next_power_of_2(n_cols), 4096)
    softmax_kernel[(n_rows,)](y, x, x.stride(0), y.stride(0), n_cols, BLOCK=BLOCK)
    if x.is_cuda:  # Triton's interpreter runs on CPU tensors, where torch may have no CUDA
        torch.cuda.synchronize()
    return y

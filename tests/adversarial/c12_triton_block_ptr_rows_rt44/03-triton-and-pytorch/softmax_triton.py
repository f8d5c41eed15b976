import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    top = tl.full([1, BLOCK], -float("inf"), tl.float32)
    in_blk = tl.make_block_ptr(base=in_ptr, shape=(n_rows, n_cols), strides=(in_stride, 1), offsets=(row, 0), block_shape=(1, BLOCK), order=(1, 0))
    for start in range(0, n_cols, BLOCK):
        x = tl.load(in_blk, boundary_check=(0, 1), padding_option="nan")
        cols = start + tl.arange(0, BLOCK)[None, :]
        top = tl.maximum(top, tl.where(cols < n_cols, x, -float("inf")))
        in_blk = tl.advance(in_blk, (0, BLOCK))
    row_max = tl.max(top, axis=1)[:, None]
    total = tl.zeros([1, BLOCK], tl.float32)
    in_blk = tl.make_block_ptr(base=in_ptr, shape=(n_rows, n_cols), strides=(in_stride, 1), offsets=(row, 0), block_shape=(1, BLOCK), order=(1, 0))
    for start in range(0, n_cols, BLOCK):
        x = tl.load(in_blk, boundary_check=(0, 1), padding_option="nan")
        cols = start + tl.arange(0, BLOCK)[None, :]
        total += tl.where(cols < n_cols, tl.exp(x - row_max), 0.0)
        in_blk = tl.advance(in_blk, (0, BLOCK))
    den = tl.sum(total, axis=1)[:, None]
    in_blk = tl.make_block_ptr(base=in_ptr, shape=(n_rows, n_cols), strides=(in_stride, 1), offsets=(row, 0), block_shape=(1, BLOCK), order=(1, 0))
    out_blk = tl.make_block_ptr(base=out_ptr, shape=(n_rows, n_cols), strides=(out_stride, 1), offsets=(row, 0), block_shape=(1, BLOCK), order=(1, 0))
    for start in range(0, n_cols, BLOCK):
        x = tl.load(in_blk, boundary_check=(0, 1), padding_option="nan")
        tl.store(out_blk, tl.exp(x - row_max) / den, boundary_check=(0, 1))
        in_blk = tl.advance(in_blk, (0, BLOCK))
        out_blk = tl.advance(out_blk, (0, BLOCK))


def softmax(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    BLOCK = min(triton.next_power_of_2(n_cols), 4096)
    softmax_kernel[(n_rows,)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK=BLOCK)
    return y

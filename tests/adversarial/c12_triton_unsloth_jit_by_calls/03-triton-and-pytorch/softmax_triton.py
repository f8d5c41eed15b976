"""Row softmax in the way Unsloth's kernels/cross_entropy_loss.py builds its kernels: the
function is written plain, then wrapped with triton.jit and triton.heuristics by calls."""
import triton
import triton.language as tl
import torch

MAX_FUSED_SIZE = 65536
next_power_of_2 = triton.next_power_of_2


def calculate_settings(n):
    BLOCK_SIZE = next_power_of_2(n)
    if BLOCK_SIZE > MAX_FUSED_SIZE:
        raise RuntimeError(f"Cannot launch Triton kernel since n = {n} exceeds "
                           f"the maximum CUDA blocksize = {MAX_FUSED_SIZE}.")
    num_warps = 4
    if BLOCK_SIZE >= 32768:
        num_warps = 32
    elif BLOCK_SIZE >= 8192:
        num_warps = 16
    elif BLOCK_SIZE >= 2048:
        num_warps = 8
    return BLOCK_SIZE, num_warps


def _softmax_forward(
    output_ptr, output_row_stride,
    input_ptr, input_row_stride,
    n_cols,
    BLOCK_SIZE: tl.constexpr,
    EVEN_COLS: tl.constexpr,
):
    row_idx = tl.program_id(0).to(tl.int64)
    input_ptr += row_idx * input_row_stride
    output_ptr += row_idx * output_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    if EVEN_COLS:
        row = tl.load(input_ptr + col_offsets).to(tl.float32)
    else:
        mask = col_offsets < n_cols
        row = tl.load(input_ptr + col_offsets, mask=mask, other=-float("inf")).to(tl.float32)
    row_max = tl.max(row, 0)
    numer = tl.exp(row - row_max)
    out = numer / tl.sum(numer, 0)
    if EVEN_COLS:
        tl.store(output_ptr + col_offsets, out)
    else:
        tl.store(output_ptr + col_offsets, out, mask=col_offsets < n_cols)


_softmax_forward = triton.jit(_softmax_forward)
_softmax_forward = triton.heuristics({
    "EVEN_COLS": lambda args: args["n_cols"] == args["BLOCK_SIZE"],
})(_softmax_forward)


def _chunked_softmax_fn(
    output_ptr, output_row_stride,
    input_ptr, input_row_stride,
    n_cols,
    BLOCK_SIZE: tl.constexpr,
):
    row_idx = tl.program_id(0).to(tl.int64)
    input_ptr += row_idx * input_row_stride
    output_ptr += row_idx * output_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    m = tl.full([BLOCK_SIZE], -float("inf"), tl.float32)
    s = tl.zeros([BLOCK_SIZE], tl.float32)
    i = 0
    while i < n_cols:
        cols = i + col_offsets
        x = tl.load(input_ptr + cols, mask=cols < n_cols, other=-float("inf")).to(tl.float32)
        m_new = tl.maximum(m, x)
        m_safe = tl.where(m_new == -float("inf"), 0.0, m_new)
        s = s * tl.exp(m - m_safe) + tl.exp(x - m_safe)
        m = m_new
        i += BLOCK_SIZE
    row_max = tl.max(m, 0)
    row_sum = tl.sum(s * tl.exp(m - row_max), 0)
    i = 0
    while i < n_cols:
        cols = i + col_offsets
        x = tl.load(input_ptr + cols, mask=cols < n_cols, other=-float("inf")).to(tl.float32)
        tl.store(output_ptr + cols, tl.exp(x - row_max) / row_sum, mask=cols < n_cols)
        i += BLOCK_SIZE


_chunked_softmax = triton.jit(_chunked_softmax_fn)


def softmax(x):
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows, n_cols), dtype=torch.float32, device=x.device)
    if n_cols <= MAX_FUSED_SIZE:
        BLOCK_SIZE, num_warps = calculate_settings(n_cols)
        _softmax_forward[(n_rows,)](
            out, out.stride(0), x, x.stride(0), n_cols,
            BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps,
        )
    else:
        _chunked_softmax[(n_rows,)](
            out, out.stride(0), x, x.stride(0), n_cols,
            BLOCK_SIZE=MAX_FUSED_SIZE // 4, num_warps=32,
        )
    return out

"""Row-wise softmax in Triton, fp32 (docs: lab/03-triton-and-pytorch.md).

Modelled on Triton's tutorial ``python/tutorials/02-fused-softmax.py``, extended
to rows of any length:

- ``_softmax_rows_kernel``: rows up to 32768 columns. A program holds a tile of
  BLOCK_ROWS whole rows in registers: reads each input once, writes each output
  once (8 bytes/element). Several short rows per program keep enough bytes in
  flight per program when rows are short (128 columns is only 512 bytes).
- ``_softmax_looped_kernel``: longer rows, one program per row. Pass 1 walks the
  row keeping a running (max, sum) per lane ("online softmax"), pass 2 walks it
  again and writes. The second read usually hits L2 (pass 1 asks L2 to keep the
  row), so device memory sees between 8 and 12 bytes/element.
- ``_softmax_partials_kernel`` + ``_softmax_normalize_kernel``: long rows when there
  are fewer rows than half the SMs, too few to keep the GPU busy with one
  program per row. The row is split into chunks: kernel 1 computes one
  (max, sum) per chunk, kernel 2 combines a row's pairs and writes its chunk.
  12 bytes/element. (At 128 x 524288 on 132 SMs the looped kernel measured
  faster, so the split starts below 66 rows there.)

Run the demo from the repository root (checks a few shapes against torch, then
times them on a GPU):

    .venv/bin/python labs/03-triton-and-pytorch/softmax_triton.py
    TRITON_INTERPRET=1 .venv/bin/python labs/03-triton-and-pytorch/softmax_triton.py   # on the CPU
"""
from __future__ import annotations

import functools

import torch
import triton
import triton.language as tl

# A row of up to this many columns is held in registers by one program.
MAX_COLS_IN_REGISTERS = 32768
# The looped kernel walks a row in steps of this many columns.
LOOP_BLOCK_COLS = 16384


@triton.jit
def _softmax_rows_kernel(
    out_ptr,  # *fp32 [rows, cols], output
    in_ptr,  # *fp32 [rows, cols], input
    rows,  # number of rows
    cols,  # number of columns (row length)
    in_row_stride,  # elements between the starts of two input rows
    out_row_stride,  # elements between the starts of two output rows
    BLOCK_ROWS: tl.constexpr,  # rows per tile
    BLOCK_COLS: tl.constexpr,  # power of two >= cols: one tile holds whole rows
):
    # BEGIN SOLUTION
    # TODO: load BLOCK_ROWS whole rows (masked), subtract the row max, exponentiate, divide by the row sum, store.
    # STUB: pass
    row_ids = tl.program_id(0) * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    col_ids = tl.arange(0, BLOCK_COLS)
    col_mask = col_ids[None, :] < cols
    # Rows past the end re-read the last row (a cache hit, never stored), so
    # every row of the tile holds real numbers and no lane computes -inf - -inf.
    rows64 = tl.minimum(row_ids, rows - 1).to(tl.int64)[:, None]  # rows * cols can pass 2**31
    # -inf padding leaves max and sum unchanged. (No cache hint: an evict_first
    # hint here measured 2% slower on an H200.)
    x = tl.load(in_ptr + rows64 * in_row_stride + col_ids[None, :], mask=col_mask, other=-float("inf"))
    x_max = tl.max(x, axis=1)
    e = tl.exp(x - x_max[:, None])
    inv_sum = 1.0 / tl.sum(e, axis=1)
    tl.store(out_ptr + row_ids.to(tl.int64)[:, None] * out_row_stride + col_ids[None, :], e * inv_sum[:, None],
             mask=(row_ids[:, None] < rows) & col_mask)
    # END SOLUTION


@triton.jit
def _online_max_sum(m, s, x):
    """Fold the values x into the running per-lane (max m, sum of exp(. - m) s)."""
    # BEGIN SOLUTION
    # TODO: fold x into the running per-lane (max, sum of exp(. - max)); careful with lanes that saw only -inf.
    # STUB: return m, s
    m_new = tl.maximum(m, x)
    # A lane that has seen only -inf would compute exp(-inf - -inf) = NaN: shift it by 0.
    shift = tl.where(m_new == -float("inf"), 0.0, m_new)
    return m_new, s * tl.exp(m - shift) + tl.exp(x - shift)
    # END SOLUTION


@triton.jit
def _softmax_looped_kernel(
    out_ptr,  # *fp32 [rows, cols], output
    in_ptr,  # *fp32 [rows, cols], input
    cols,  # number of columns (row length)
    in_row_stride,  # elements between the starts of two input rows
    out_row_stride,  # elements between the starts of two output rows
    BLOCK_COLS: tl.constexpr,  # columns per loop step
):
    # BEGIN SOLUTION
    # TODO: pass 1: running (max, sum) over the row in BLOCK_COLS steps; pass 2: read again and write.
    # STUB: pass
    row = tl.program_id(0).to(tl.int64)
    in_row = in_ptr + row * in_row_stride
    out_row = out_ptr + row * out_row_stride
    col_ids = tl.arange(0, BLOCK_COLS)

    # Pass 1: running (max, sum) per lane. evict_last asks L2 to keep the row
    # for pass 2.
    # (The loops are `while` loops because Triton 3.6's interpreter cannot take
    # a kernel argument as a `range` bound under NumPy >= 2.4.)
    m = tl.full([BLOCK_COLS], -float("inf"), tl.float32)
    s = tl.zeros([BLOCK_COLS], tl.float32)
    start = 0
    while start < cols:
        offsets = start + col_ids
        x = tl.load(in_row + offsets, mask=offsets < cols, other=-float("inf"), eviction_policy="evict_last")
        m, s = _online_max_sum(m, s, x)
        start += BLOCK_COLS
    row_max = tl.max(m, axis=0)
    inv_sum = 1.0 / tl.sum(s * tl.exp(m - row_max), axis=0)

    # Pass 2: read again (from L2 when it kept the row), write.
    start = 0
    while start < cols:
        offsets = start + col_ids
        mask = offsets < cols
        x = tl.load(in_row + offsets, mask=mask, other=-float("inf"), eviction_policy="evict_first")
        # .cs: streaming store, the output is not read again here (measured faster).
        tl.store(out_row + offsets, tl.exp(x - row_max) * inv_sum, mask=mask, cache_modifier=".cs")
        start += BLOCK_COLS
    # END SOLUTION


@triton.jit
def _softmax_partials_kernel(
    part_max_ptr,  # *fp32 [rows, chunks], out: max of each chunk
    part_sum_ptr,  # *fp32 [rows, chunks], out: sum of exp(x - chunk max) of each chunk
    in_ptr,  # *fp32 [rows, cols], input
    cols,  # number of columns (row length)
    in_row_stride,  # elements between the starts of two input rows
    chunks,  # chunks per row: program (row, chunk) reads columns [chunk * CHUNK_COLS, +CHUNK_COLS)
    CHUNK_COLS: tl.constexpr,  # columns per chunk, a multiple of BLOCK_COLS
    BLOCK_COLS: tl.constexpr,  # columns per loop step
):
    # BEGIN SOLUTION
    # TODO: one (max, sum) pair per (row, chunk).
    # STUB: pass
    row = tl.program_id(0).to(tl.int64)
    chunk = tl.program_id(1)
    in_row = in_ptr + row * in_row_stride
    col_ids = tl.arange(0, BLOCK_COLS)
    m = tl.full([BLOCK_COLS], -float("inf"), tl.float32)
    s = tl.zeros([BLOCK_COLS], tl.float32)
    start = chunk * CHUNK_COLS
    while start < chunk * CHUNK_COLS + CHUNK_COLS:
        offsets = start + col_ids
        x = tl.load(in_row + offsets, mask=offsets < cols, other=-float("inf"))
        m, s = _online_max_sum(m, s, x)
        start += BLOCK_COLS
    chunk_max = tl.max(m, axis=0)
    shift = tl.where(chunk_max == -float("inf"), 0.0, chunk_max)
    tl.store(part_max_ptr + row * chunks + chunk, chunk_max)
    tl.store(part_sum_ptr + row * chunks + chunk, tl.sum(s * tl.exp(m - shift), axis=0))
    # END SOLUTION


@triton.jit
def _softmax_normalize_kernel(
    out_ptr,  # *fp32 [rows, cols], output
    in_ptr,  # *fp32 [rows, cols], input
    part_max_ptr,  # *fp32 [rows, chunks], from _softmax_partials_kernel
    part_sum_ptr,  # *fp32 [rows, chunks], from _softmax_partials_kernel
    cols,  # number of columns (row length)
    in_row_stride,  # elements between the starts of two input rows
    out_row_stride,  # elements between the starts of two output rows
    chunks,  # chunks per row
    CHUNK_COLS: tl.constexpr,  # columns per chunk, a multiple of BLOCK_COLS
    BLOCK_COLS: tl.constexpr,  # columns per loop step
    BLOCK_CHUNKS: tl.constexpr,  # power of two >= chunks
):
    # BEGIN SOLUTION
    # TODO: combine the row's pairs, then write this chunk.
    # STUB: pass
    row = tl.program_id(0).to(tl.int64)
    chunk = tl.program_id(1)
    # Every program of a row combines the same pairs in the same order, so all
    # chunks of a row are scaled by bit-identical numbers.
    chunk_ids = tl.arange(0, BLOCK_CHUNKS)
    part_max = tl.load(part_max_ptr + row * chunks + chunk_ids, mask=chunk_ids < chunks, other=-float("inf"))
    part_sum = tl.load(part_sum_ptr + row * chunks + chunk_ids, mask=chunk_ids < chunks, other=0.0)
    row_max = tl.max(part_max, axis=0)
    inv_sum = 1.0 / tl.sum(part_sum * tl.exp(part_max - row_max), axis=0)

    in_row = in_ptr + row * in_row_stride
    out_row = out_ptr + row * out_row_stride
    col_ids = tl.arange(0, BLOCK_COLS)
    start = chunk * CHUNK_COLS
    while start < chunk * CHUNK_COLS + CHUNK_COLS:
        offsets = start + col_ids
        mask = offsets < cols
        x = tl.load(in_row + offsets, mask=mask, other=-float("inf"), eviction_policy="evict_first")
        # .cs: streaming store, the output is not read again here (measured faster).
        tl.store(out_row + offsets, tl.exp(x - row_max) * inv_sum, mask=mask, cache_modifier=".cs")
        start += BLOCK_COLS
    # END SOLUTION


def _floor_power_of_2(n: int) -> int:
    return 1 << (n.bit_length() - 1) if n > 0 else 0


@functools.lru_cache(maxsize=None)
def _sm_count(device_index: int) -> int:
    return torch.cuda.get_device_properties(device_index).multi_processor_count


def softmax(x: torch.Tensor) -> torch.Tensor:
    """Softmax over the last dimension of a 2D fp32 tensor; returns a new tensor."""
    # BEGIN SOLUTION
    # TODO: allocate the output, pick a kernel and its block sizes from the shape, compute the grid, launch.
    if x.ndim != 2 or x.dtype != torch.float32:
        raise ValueError(f"expected a 2D float32 tensor, got {tuple(x.shape)} {x.dtype}")
    x = x.contiguous()  # the kernels need unit stride along a row
    rows, cols = x.shape
    y = torch.empty_like(x)
    if rows == 0 or cols == 0:
        return y
    # Only ask CUDA about the device when there is one (the interpreter runs on the CPU).
    sms = _sm_count(x.device.index if x.device.index is not None else torch.cuda.current_device()) if x.is_cuda else 132

    block_cols = triton.next_power_of_2(cols)
    if block_cols <= MAX_COLS_IN_REGISTERS:
        # Short rows: several per program, about 512 elements (16 per thread in one
        # warp for 128 columns). Longer rows: one per program, about 256 real
        # elements per warp, up to 16 warps. (Measured best on an H200.)
        block_rows = min(max(1, 512 // block_cols), triton.next_power_of_2(rows))
        num_warps = min(max(_floor_power_of_2(block_rows * cols // 256), 1), 16)
        grid = (triton.cdiv(rows, block_rows),)
        _softmax_rows_kernel[grid](y, x, rows, cols, x.stride(0), y.stride(0),
                                   BLOCK_ROWS=block_rows, BLOCK_COLS=block_cols, num_warps=num_warps)
    elif 2 * rows >= sms:
        # Enough rows for every SM: one program (32 warps) per row.
        _softmax_looped_kernel[(rows,)](y, x, cols, x.stride(0), y.stride(0), BLOCK_COLS=LOOP_BLOCK_COLS,
                                        num_warps=32)
    else:
        # Few long rows: split each row into chunks, about 8 programs per SM.
        chunks = triton.cdiv(8 * sms, rows)
        chunk_cols = triton.cdiv(triton.cdiv(cols, chunks), LOOP_BLOCK_COLS) * LOOP_BLOCK_COLS
        chunks = triton.cdiv(cols, chunk_cols)
        part_max = torch.empty((rows, chunks), dtype=torch.float32, device=x.device)
        part_sum = torch.empty_like(part_max)
        grid = (rows, chunks)
        _softmax_partials_kernel[grid](part_max, part_sum, x, cols, x.stride(0), chunks,
                                       CHUNK_COLS=chunk_cols, BLOCK_COLS=LOOP_BLOCK_COLS, num_warps=32)
        _softmax_normalize_kernel[grid](y, x, part_max, part_sum, cols, x.stride(0), y.stride(0), chunks,
                                        CHUNK_COLS=chunk_cols, BLOCK_COLS=LOOP_BLOCK_COLS,
                                        BLOCK_CHUNKS=triton.next_power_of_2(chunks), num_warps=32)
    return y
    # END SOLUTION


if __name__ == "__main__":
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    # Odd shapes on purpose: they exercise the masks.
    for shape in [(1, 1), (1, 7), (3, 1025), (127, 129), (7, 5000)]:
        x = torch.randn(shape, device=device) * 10
        y = softmax(x)
        ref = (x.double() - x.double().amax(dim=1, keepdim=True)).exp()
        ref = ref / ref.sum(dim=1, keepdim=True)
        print(f"{str(shape):>14}  max abs error {(y.double() - ref).abs().max().item():.2e}")
    if device == "cuda":
        for rows, cols in [(16384, 4096), (1024, 50257), (128, 524288)]:
            x = torch.randn(rows, cols, device=device)
            ms = triton.testing.do_bench(lambda: softmax(x), return_mode="median")
            print(f"{rows:>6} x {cols:<6}  {8 * rows * cols / ms / 1e6:7.0f} GB/s")

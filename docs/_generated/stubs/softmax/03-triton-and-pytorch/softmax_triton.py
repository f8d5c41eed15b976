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
    # TODO(03-1): load BLOCK_ROWS whole rows (masked), subtract the row max, exponentiate, divide by the row sum, store.
    pass


@triton.jit
def _online_max_sum(m, s, x):
    """Fold the values x into the running per-lane (max m, sum of exp(. - m) s)."""
    # TODO(03-2): fold x into the running per-lane (max, sum of exp(. - max)); careful with lanes that saw only -inf.
    return m, s


@triton.jit
def _softmax_looped_kernel(
    out_ptr,  # *fp32 [rows, cols], output
    in_ptr,  # *fp32 [rows, cols], input
    cols,  # number of columns (row length)
    in_row_stride,  # elements between the starts of two input rows
    out_row_stride,  # elements between the starts of two output rows
    BLOCK_COLS: tl.constexpr,  # columns per loop step
):
    # TODO(03-3): pass 1: running (max, sum) over the row in BLOCK_COLS steps; pass 2: read again and write.
    pass


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
    # TODO(03-4): one (max, sum) pair per (row, chunk).
    pass


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
    # TODO(03-5): combine the row's pairs, then write this chunk.
    pass


def _floor_power_of_2(n: int) -> int:
    return 1 << (n.bit_length() - 1) if n > 0 else 0


@functools.lru_cache(maxsize=None)
def _sm_count(device_index: int) -> int:
    return torch.cuda.get_device_properties(device_index).multi_processor_count


def softmax(x: torch.Tensor) -> torch.Tensor:
    """Softmax over the last dimension of a 2D fp32 tensor; returns a new tensor."""
    # TODO(03-6): allocate the output, pick a kernel and its block sizes from the shape, compute the grid, launch.
    raise NotImplementedError("TODO(03-6): allocate the output, pick a kernel and its block sizes from the shape, compute the grid, launch.")


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

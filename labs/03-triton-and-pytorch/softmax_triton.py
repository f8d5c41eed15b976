"""Row-wise softmax in Triton, fp32 (docs: lab/03-triton-and-pytorch.md).

Modelled on Triton's tutorial ``python/tutorials/02-fused-softmax.py``, extended
to rows of any length. Every kernel but the fallback reads each input once and
writes each output once (8 bytes/element):

- ``_softmax_rows_kernel``: rows up to 32768 columns. A program holds a tile of
  BLOCK_ROWS whole rows in registers. Several short rows per program keep enough
  bytes in flight per program when rows are short (128 columns is only 512 bytes).
- ``_softmax_split_kernel``: longer rows on a GPU. A row is cut into pieces of at
  most 2048 or 4096 columns, one program each, held in registers. Each program reduces
  its piece to a (max, sum) pair, publishes it in a small zeroed workspace, waits
  until every piece of its row has published, combines the pairs and writes its
  piece. The wait is safe only if all programs of a row can be resident at once:
  see "Forward progress" above the kernel.
- ``_softmax_looped_kernel``: the fallback, one program per row. Pass 1 walks the
  row keeping a running (max, sum) per lane ("online softmax"), pass 2 walks it
  again and writes: 8 to 12 bytes/element (the second read may hit L2). Used in
  Triton's interpreter, which runs programs one after another (a program waiting
  for a later one would wait forever), and for rows too long to split safely.

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
# The split kernel, by row length: (up to this many columns, columns per piece,
# warps per program, registers per thread). The register cap (Triton's maxnreg)
# fixes how many programs an SM holds, whatever the compiler does. The first
# entry whose pieces fit "Forward progress" (above the kernel) wins. Small
# programs (one warp, 8 KB, 16 an SM) measured fastest at 50257 and 128256
# columns, 4096 columns in two warps at 524288, of nine settings on an H200
# (docs/_tools/softmax_limit/README.md, round 8); the boundary at 200000 lies
# between measured shapes.
SPLIT_TILES = ((200000, 2048, 1, 128), (1 << 31, 4096, 2, 128))
# Registers per SM on every NVIDIA GPU since Maxwell; an SM holds at least 16 programs.
REGISTERS_PER_SM = 65536
PROGRAMS_PER_SM = 16


@triton.jit
def _exp(d):
    """exp(d) as 2^(d * log2 e): the kernels below take every exponential here.

    Triton compiles tl.exp to ex2.approx.f32, which the assembler wraps in a test
    and two multiplies for results below 2^-126; tl.exp2 compiles to
    ex2.approx.ftz.f32, one instruction, and flushes those results (below
    1.2e-38, far under the tolerance) to 0. The split kernel's code shrinks by a
    sixth: 2 to 4 points of copy at 128256 and 524288 columns on an H200
    (docs/_tools/softmax_limit/README.md, round 8). tl.exp(d) is right too.
    """
    return tl.exp2(d * 1.4426950408889634)


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


# Forward progress. A program of _softmax_split_kernel waits for the other
# pieces of its row, which is safe only if they can run while it waits. The
# programs of a row have consecutive ids, and the GPU starts programs (blocks)
# in increasing id order: the assumption CUB's single-pass scan makes
# (cub/agent/agent_scan.cuh: "Blocks are launched in increasing order"), and the
# one lab 02's CUDA reference (kernel 3, row_split) documents. Then, if the GPU
# holds at least `pieces` programs at once, the lowest unfinished row can always
# finish: every lower row is done, and no program of a higher row started before
# all of its pieces did. The wrapper asks for twice that, so that two such
# launches running at once (on two streams, say) cannot fill the GPU with
# programs that all wait. What an SM holds is bounded below by the launch's own
# settings: its registers (REGISTERS_PER_SM / (maxnreg * threads)), its threads
# and PROGRAMS_PER_SM (its shared memory, 8 to 64 bytes, never limits). The
# argument does not hold where other work holds SMs for good (a persistent
# kernel that never exits, an MPS limit on SMs).
@triton.jit
def _softmax_split_kernel(
    out_ptr,  # *fp32 [rows, cols], output, contiguous
    in_ptr,  # *fp32 [rows, cols], input, contiguous: row r starts at element r * cols
    words_ptr,  # *int64 [rows, pieces], zeroed: piece p of row r publishes its (max, sum) at [r, p]
    cols,  # number of columns (row length)
    pieces,  # programs per row: program i takes piece i % pieces of row i // pieces
    piece_len,  # body columns per piece, a multiple of 16: keeps loads, stores and masks 16 bytes wide
    PIECE: tl.constexpr,  # power of two >= piece_len: the tile a program holds in registers
    MAX_PIECES: tl.constexpr,  # power of two >= pieces
):
    # TODO(03-4): hold your piece of the row in registers, reduce it, get the row's (max, sum), write your piece.
    pass


@triton.jit
def _row_max_sum(
    row_words,  # *int64 [pieces], zeroed before the launch: this row's words
    piece,  # this program's piece of the row
    pieces,  # pieces in the row
    m,  # this piece's max
    s,  # this piece's sum of exp(x - m)
    MAX_PIECES: tl.constexpr,  # power of two >= pieces
):
    """Publish this piece's (m, s), wait until every piece of the row has, return the row's (max, sum)."""
    # TODO(03-5): publish (m, s) where the row's other programs can read it, wait for all of theirs, combine them.
    return m, s


def _floor_power_of_2(n: int) -> int:
    return 1 << (n.bit_length() - 1) if n > 0 else 0


@functools.lru_cache(maxsize=None)
def _sm_facts(device_index: int) -> tuple[int, int]:
    """(SMs, threads per SM) of a CUDA device."""
    props = torch.cuda.get_device_properties(device_index)
    return props.multi_processor_count, props.max_threads_per_multi_processor


def _split_plan(cols: int, sms: int, threads_per_sm: int) -> tuple[int, int, int, int, int] | None:
    """(pieces, piece_len, PIECE, num_warps, maxnreg) for _softmax_split_kernel, or None where
    the GPU cannot hold twice a row's pieces at once (see "Forward progress")."""
    for max_cols, piece_cols, num_warps, maxnreg in SPLIT_TILES:
        pieces = triton.cdiv(cols, piece_cols)
        threads = 32 * num_warps
        per_sm = min(REGISTERS_PER_SM // (maxnreg * threads), threads_per_sm // threads, PROGRAMS_PER_SM)
        if cols <= max_cols and 2 * pieces <= sms * per_sm:
            piece_len = triton.cdiv(triton.cdiv(cols, pieces), 16) * 16
            return pieces, piece_len, piece_cols, num_warps, maxnreg
    return None


def _launch_split(y: torch.Tensor, x: torch.Tensor, plan: tuple[int, int, int, int, int]) -> None:
    """Run _softmax_split_kernel on contiguous x into y with a plan from _split_plan."""
    rows, cols = x.shape
    pieces, piece_len, piece_cols, num_warps, maxnreg = plan
    # A fresh zeroed workspace per call: launches in flight on any streams never share one.
    words = torch.zeros((rows, pieces), dtype=torch.int64, device=x.device)
    _softmax_split_kernel[(rows * pieces,)](y, x, words, cols, pieces, piece_len, PIECE=piece_cols,
                                            MAX_PIECES=triton.next_power_of_2(pieces), num_warps=num_warps,
                                            maxnreg=maxnreg)


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

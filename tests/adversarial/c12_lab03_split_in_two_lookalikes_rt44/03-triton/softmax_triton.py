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
    e = _exp(x - x_max[:, None])
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
    return m_new, s * _exp(m - shift) + _exp(x - shift)
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
    inv_sum = 1.0 / tl.sum(s * _exp(m - row_max), axis=0)

    # Pass 2: read again (from L2 when it kept the row), write.
    start = 0
    while start < cols:
        offsets = start + col_ids
        mask = offsets < cols
        x = tl.load(in_row + offsets, mask=mask, other=-float("inf"), eviction_policy="evict_first")
        # .cs: streaming store, the output is not read again here (measured faster).
        tl.store(out_row + offsets, _exp(x - row_max) * inv_sum, mask=mask, cache_modifier=".cs")
        start += BLOCK_COLS
    # END SOLUTION


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
    # BEGIN SOLUTION
    # TODO: hold your piece of the row in registers, reduce it, get the row's (max, sum), write your piece.
    # STUB: pass
    pid = tl.program_id(0)
    row = pid // pieces
    piece = pid - row * pieces
    # A row starts at element row * cols. When cols is not a multiple of 4 (50257),
    # most rows start off a 16-byte boundary, and Triton would fall back to 4-byte
    # accesses. So the row is cut into a head (0-3 columns up to the boundary), a
    # body of whole groups of 4 and a tail (0-3 columns): the pieces share the body,
    # with 16-byte accesses where the tensors' base addresses are 16-byte aligned
    # (Triton compiles a narrower version where they are not); piece 0 also takes
    # the head and the tail.
    start = row.to(tl.int64) * cols
    head = ((4 - start % 4) % 4).to(tl.int32)
    body = (cols - head) // 4 * 4
    body_start = tl.multiple_of(start + head, 4)
    ids = tl.arange(0, PIECE)
    j = piece * piece_len + ids  # body column
    mask = (ids < piece_len) & (j < body)
    x = tl.load(in_ptr + body_start + j, mask=mask, other=-float("inf"))
    edge_ids = tl.arange(0, 8)  # lanes 0-3: head columns; lanes 4-7: tail columns
    edge_cols = tl.where(edge_ids < 4, edge_ids, head + body + edge_ids - 4)
    edge_mask = (piece == 0) & tl.where(edge_ids < 4, edge_ids < head, edge_cols < cols)
    x_edge = tl.load(in_ptr + start + edge_cols, mask=edge_mask, other=-float("inf"))

    # This piece's (max m, sum of exp(x - m) s). A piece of only -inf gives (-inf, 0).
    m = tl.maximum(tl.max(x, axis=0), tl.max(x_edge, axis=0))
    shift = tl.where(m == -float("inf"), 0.0, m)
    e = _exp(x - shift)  # stays in registers until the row's total is known
    e_edge = _exp(x_edge - shift)
    s = tl.sum(e, axis=0) + tl.sum(e_edge, axis=0)
    row_max, row_sum = _row_max_sum(words_ptr + row.to(tl.int64) * pieces, piece, pieces, m, s, MAX_PIECES)

    # exp(x - row max) / row sum = e * exp(m - row max) / row sum. With m = -inf
    # (a piece of only -inf) the scale is 0, never exp(0 - row max), which can
    # overflow; a row of only -inf gives 0 / 0 = NaN, as torch does.
    scale = _exp(m - tl.where(row_max == -float("inf"), 0.0, row_max)) / row_sum
    # .cs: streaming store, the output is not read again here (measured faster).
    tl.store(out_ptr + body_start + j, e * scale, mask=mask, cache_modifier=".cs")
    tl.store(out_ptr + start + edge_cols, e_edge * scale, mask=edge_mask)
    # END SOLUTION


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
    # BEGIN SOLUTION
    # TODO: publish (m, s) where the row's other programs can read it, wait for all of theirs, combine them.
    # STUB: return m, s
    # One 64-bit word per piece, the sum in the high half, the max in the low half.
    # It is never 0 (a max of +0.0 comes with a sum >= 1; -inf has nonzero bits), so
    # 0 means "not published yet". The word is the whole message, so a relaxed
    # atomic is enough: no other data has to become visible with it.
    packed = (s.to(tl.uint32, bitcast=True).to(tl.uint64) << 32) | m.to(tl.uint32, bitcast=True).to(tl.uint64)
    tl.atomic_xchg(row_words + piece, packed.to(tl.int64, bitcast=True), sem="relaxed", scope="gpu")

    # Spin until every other word is nonzero. Volatile loads read L2 each time (an
    # SM's L1 is not coherent with the others: a cached line would never change).
    ids = tl.arange(0, MAX_PIECES)
    valid = ids < pieces
    mine = ids == piece  # known already, whether or not the exchange above has landed
    words = tl.load(row_words + ids, mask=valid, other=1, volatile=True)
    while tl.sum(((words == 0) & ~mine).to(tl.int32), axis=0) > 0:
        words = tl.load(row_words + ids, mask=valid, other=1, volatile=True)
    words = tl.where(mine, packed.to(tl.int64, bitcast=True), words)

    # Every program of the row combines the same words in the same order, so all
    # pieces are scaled by bit-identical totals.
    bits = words.to(tl.uint64, bitcast=True)
    part_max = tl.where(valid, bits.to(tl.uint32).to(tl.float32, bitcast=True), -float("inf"))
    part_sum = tl.where(valid, (bits >> 32).to(tl.uint32).to(tl.float32, bitcast=True), 0.0)
    row_max = tl.max(part_max, axis=0)
    shift = tl.where(row_max == -float("inf"), 0.0, row_max)
    return row_max, tl.sum(part_sum * _exp(part_max - shift), axis=0)
    # END SOLUTION


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
    # BEGIN SOLUTION
    # TODO: allocate the output, pick a kernel and its block sizes from the shape, compute the grid, launch.
    if x.ndim != 2 or x.dtype != torch.float32:
        raise ValueError(f"expected a 2D float32 tensor, got {tuple(x.shape)} {x.dtype}")
    x = x.contiguous()  # the kernels need unit stride along a row, the split kernel rows back to back
    rows, cols = x.shape
    y = torch.empty_like(x)
    if rows == 0 or cols == 0:
        return y

    block_cols = triton.next_power_of_2(cols)
    if block_cols <= MAX_COLS_IN_REGISTERS:
        # Short rows: several per program, about 512 elements. Longer rows: one per
        # program. About 256 real elements per warp, up to 16 warps (measured best
        # on an H200), but 128 where a row fits in 128 columns: 4 rows of 128 in 4
        # warps measured 0.1-0.5 point of copy faster than in 2, on an H100 and an
        # H200 (docs/data/evidence-2026-11-27e, calls 4 and 5).
        block_rows = min(max(1, 512 // block_cols), triton.next_power_of_2(rows))
        per_warp = 128 if block_cols <= 128 else 256
        num_warps = min(max(_floor_power_of_2(block_rows * cols // per_warp), 1), 16)
        grid = (triton.cdiv(rows, block_rows),)
        _softmax_rows_kernel[grid](y, x, rows, cols, x.stride(0), y.stride(0),
                                   BLOCK_ROWS=block_rows, BLOCK_COLS=block_cols, num_warps=num_warps)
        return y
    # The split kernel's programs wait for each other: never in the interpreter,
    # which runs them one after another (on CPU tensors, or on any with TRITON_INTERPRET=1).
    if x.is_cuda and not triton.knobs.runtime.interpret:
        device = x.device.index if x.device.index is not None else torch.cuda.current_device()
        plan = _split_plan(cols, *_sm_facts(device))
        if plan is not None:
            _launch_split(y, x, plan)
            return y
    _softmax_looped_kernel[(rows,)](y, x, cols, x.stride(0), y.stride(0), BLOCK_COLS=LOOP_BLOCK_COLS, num_warps=32)
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

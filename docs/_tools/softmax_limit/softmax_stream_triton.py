"""Row-wise softmax in Triton, fp32: the course's reference (solutions/03-triton-and-pytorch/softmax_triton.py)
with its split kernel replaced by a persistent, ticket-scheduled "stream" kernel for long rows.

A study copy for docs/_tools/softmax_limit (not a lab file). Every kernel but the fallback reads each input
once and writes each output once (8 bytes/element):

- ``_softmax_rows_kernel``: rows up to 32768 columns (up to STREAM_ABOVE_COLS on a GPU). A program holds a
  tile of BLOCK_ROWS whole rows in registers. Several short rows per program keep enough bytes in flight per
  program when rows are short (128 columns is only 512 bytes); SHORT_ROW_* set how many.
- ``_softmax_stream_kernel``: longer rows on a GPU. Rows are cut into pieces of at most STREAM_PIECE columns;
  a fixed number of programs (as many as the GPU holds at once) take pieces in increasing order from an
  atomic ticket counter. A program holds at most two pieces in registers: it reduces each to a (max, sum)
  pair, publishes the pair in a small zeroed workspace, and writes a piece as soon as every piece of that
  piece's row has published, while it already holds the next piece. In the split kernel every program of a
  row sat idle until the slowest piece of its row had arrived; here a program waiting on a row has
  already loaded and published its next piece. See "Forward progress" above the kernel.
- ``_softmax_looped_kernel``: the fallback, one program per row. Pass 1 walks the row keeping a running
  (max, sum) per lane ("online softmax"), pass 2 walks it again and writes: 8 to 12 bytes/element (the second
  read may hit L2). Used in Triton's interpreter, which runs programs one after another (a program waiting
  for a later one would wait forever), and for rows too long to stream safely.

Run the demo from the repository root (checks a few shapes against torch, then times them on a GPU):

    .venv/bin/python docs/_tools/softmax_limit/softmax_stream_triton.py
    TRITON_INTERPRET=1 .venv/bin/python docs/_tools/softmax_limit/softmax_stream_triton.py   # on the CPU
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

# Short rows, rows kernel. Rows whose power-of-two tile (BLOCK_COLS) is at most SHORT_ROW_MAX_COLS columns
# are packed SHORT_ROW_ELEMENTS tile elements to a program (BLOCK_ROWS = SHORT_ROW_ELEMENTS // BLOCK_COLS),
# with SHORT_ROW_WARPS warps, 0 meaning the rule used for every other row (about 256 elements a warp). Longer
# rows take ROW_TILE_ELEMENTS // BLOCK_COLS rows (so one) a program. The defaults are the reference's
# behaviour; a variant file overrides them (docs/_tools/softmax_limit/triton_variants.py).
SHORT_ROW_MAX_COLS = 256
SHORT_ROW_ELEMENTS = 512
SHORT_ROW_WARPS = 0
ROW_TILE_ELEMENTS = 512

# The stream kernel. Rows of more than STREAM_ABOVE_COLS columns use it on a GPU (16384 also sends rows of
# 16385 to 32768 columns to it instead of the rows kernel). A piece is at most STREAM_PIECE columns (a power
# of two); a program has STREAM_WARPS warps and at most STREAM_MAXNREG registers a thread (Triton's maxnreg:
# it fixes how many programs an SM holds, whatever the compiler does). A program holds two pieces, so a
# thread holds 2 * STREAM_PIECE / (32 * STREAM_WARPS) values: 64 at the defaults, within 128 registers.
STREAM_ABOVE_COLS = MAX_COLS_IN_REGISTERS
STREAM_PIECE = 4096
STREAM_WARPS = 4
STREAM_MAXNREG = 128
# Registers per SM on every NVIDIA GPU since Maxwell; an SM holds at least 16 programs.
REGISTERS_PER_SM = 65536
PROGRAMS_PER_SM = 16
# Workspace layout (int64): the ticket counter at [0], the pieces' words from [STREAM_WORDS_AT] (128 bytes
# on, so the counter's atomics and the first row's polls do not share a line).
STREAM_WORDS_AT = 16


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


@triton.jit
def _online_max_sum(m, s, x):
    """Fold the values x into the running per-lane (max m, sum of exp(. - m) s)."""
    m_new = tl.maximum(m, x)
    # A lane that has seen only -inf would compute exp(-inf - -inf) = NaN: shift it by 0.
    shift = tl.where(m_new == -float("inf"), 0.0, m_new)
    return m_new, s * tl.exp(m - shift) + tl.exp(x - shift)


@triton.jit
def _softmax_looped_kernel(
    out_ptr,  # *fp32 [rows, cols], output
    in_ptr,  # *fp32 [rows, cols], input
    cols,  # number of columns (row length)
    in_row_stride,  # elements between the starts of two input rows
    out_row_stride,  # elements between the starts of two output rows
    BLOCK_COLS: tl.constexpr,  # columns per loop step
):
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


@triton.jit
def _stream_piece_addresses(
    item,  # the piece: row item // pieces, piece item % pieces
    items,  # rows * pieces: an item at or past it is no piece, and everything is masked off
    cols,  # number of columns (row length)
    pieces,  # pieces per row
    piece_len,  # body columns per piece, a multiple of 16
    PIECE: tl.constexpr,  # power of two >= piece_len
):
    """Offsets and masks of a piece: (body_start, j, mask, start, edge_cols, edge_mask), elements
    body_start + j (mask) and start + edge_cols (edge_mask) of the flat [rows * cols] tensor."""
    row = item // pieces
    piece = item - row * pieces
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
    real = item < items
    mask = (ids < piece_len) & (j < body) & real
    edge_ids = tl.arange(0, 8)  # lanes 0-3: head columns; lanes 4-7: tail columns
    edge_cols = tl.where(edge_ids < 4, edge_ids, head + body + edge_ids - 4)
    edge_mask = (piece == 0) & real & tl.where(edge_ids < 4, edge_ids < head, edge_cols < cols)
    return body_start, j, mask, start, edge_cols, edge_mask


@triton.jit
def _stream_take_piece(
    in_ptr,  # *fp32 [rows, cols], input, contiguous
    words_ptr,  # *int64 [items], zeroed: item publishes its (max, sum) word at [item]
    item, items, cols, pieces, piece_len,
    PIECE: tl.constexpr,
):
    """Load piece `item`, reduce it, publish its word. Returns (e, e_edge, m, word): e = exp(x - m) of its
    body and edge lanes, m its max, word what it published (nothing, and a piece of -inf, past items)."""
    body_start, j, mask, start, edge_cols, edge_mask = _stream_piece_addresses(item, items, cols, pieces,
                                                                               piece_len, PIECE)
    x = tl.load(in_ptr + body_start + j, mask=mask, other=-float("inf"))
    x_edge = tl.load(in_ptr + start + edge_cols, mask=edge_mask, other=-float("inf"))
    # The piece's (max m, sum of exp(x - m) s). A piece of only -inf gives (-inf, 0).
    m = tl.maximum(tl.max(x, axis=0), tl.max(x_edge, axis=0))
    shift = tl.where(m == -float("inf"), 0.0, m)
    e = tl.exp(x - shift)  # stays in registers until the row's total is known
    e_edge = tl.exp(x_edge - shift)
    s = tl.sum(e, axis=0) + tl.sum(e_edge, axis=0)
    # One 64-bit word per piece, the sum in the high half, the max in the low half.
    # It is never 0 (a max of +0.0 comes with a sum >= 1; -inf has nonzero bits), so
    # 0 means "not published yet". The word is the whole message, so a relaxed
    # atomic is enough: no other data has to become visible with it.
    packed = (s.to(tl.uint32, bitcast=True).to(tl.uint64) << 32) | m.to(tl.uint32, bitcast=True).to(tl.uint64)
    word = packed.to(tl.int64, bitcast=True)
    tl.atomic_xchg(words_ptr + item, word, mask=item < items, sem="relaxed", scope="gpu")
    return e, e_edge, m, word


@triton.jit
def _stream_row_total(
    words_ptr,  # *int64 [items]: the pieces' words
    cur,  # the piece whose row to wait for (< items)
    cur_word,  # its word (published by this program)
    nxt,  # the other piece this program holds (may be past items, or in another row)
    nxt_word,  # its word (published by this program when nxt < items)
    items, pieces,
    MAX_PIECES: tl.constexpr,  # power of two >= pieces
):
    """Wait until every piece of cur's row has published, return the row's (max, sum of exp(x - max))."""
    first = cur // pieces * pieces  # item of the row's piece 0
    ids = tl.arange(0, MAX_PIECES)
    valid = ids < pieces
    # This program's own words are known whether or not its exchanges have landed: never read.
    mine_cur = ids == cur - first
    mine_nxt = (ids == nxt - first) & valid & (nxt < items)
    unknown = valid & ~mine_cur & ~mine_nxt
    # Spin until every other word is nonzero. Volatile loads read L2 each time (an
    # SM's L1 is not coherent with the others: a cached line would never change).
    words = tl.load(words_ptr + first + ids, mask=unknown, other=1, volatile=True)
    while tl.sum((words == 0).to(tl.int32), axis=0) > 0:
        words = tl.load(words_ptr + first + ids, mask=unknown, other=1, volatile=True)
    words = tl.where(mine_cur, cur_word, tl.where(mine_nxt, nxt_word, words))

    # Every program of the row combines the same words in the same order (same
    # kernel, same MAX_PIECES), so all pieces are scaled by bit-identical totals.
    bits = words.to(tl.uint64, bitcast=True)
    part_max = tl.where(valid, bits.to(tl.uint32).to(tl.float32, bitcast=True), -float("inf"))
    part_sum = tl.where(valid, (bits >> 32).to(tl.uint32).to(tl.float32, bitcast=True), 0.0)
    row_max = tl.max(part_max, axis=0)
    shift = tl.where(row_max == -float("inf"), 0.0, row_max)
    return row_max, tl.sum(part_sum * tl.exp(part_max - shift), axis=0)


# Forward progress. A program of _softmax_stream_kernel waits for the other pieces of
# a row, so the pieces it waits for must be able to arrive while it waits. The kernel
# guarantees it by the order of its steps, whatever order the GPU runs programs in:
#   1. pieces are handed out in increasing item order (item = row * pieces + piece) by
#      one atomic counter, and a program takes a ticket only while it runs;
#   2. between taking a ticket and publishing that piece's word a program never waits;
#   3. a program waits (on the row of its older piece, cur) only after it has published
#      every piece it holds (cur and nxt), and it holds at most these two.
# Suppose every resident program waited forever. By 2, every taken piece has then been
# published, so a row being waited on has a piece not yet taken. Let T be the counter:
# pieces < T are taken, pieces >= T are not (1), so the only row with pieces on both
# sides is the row R holding item T, and every waiting program waits on R. A waiting
# program took cur < T in R and then nxt with cur < nxt < T (nxt >= items would mean
# no piece is left untaken): nxt lies in R too. So each waiting program holds two
# distinct pieces of R, and R has at least one piece untaken: at most (pieces - 1) / 2
# programs wait. If the GPU holds at least pieces / 2 programs of the launch at once,
# some resident program does not wait: a contradiction. (No program has exited either:
# one exits only after drawing a ticket >= items.) The wrapper asks for twice that
# (programs_per_sm * SMs >= pieces), so that two such launches sharing the GPU (on two
# streams, say) each keep pieces / 2. What an SM holds is bounded below by the launch's
# own settings: its registers (REGISTERS_PER_SM / (maxnreg * threads)), its threads and
# PROGRAMS_PER_SM (its shared memory, a few hundred bytes, never limits). The argument
# does not hold where other work holds SMs for good (a persistent kernel that never
# exits, an MPS limit on SMs). Unlike the split kernel's, it needs no assumption about
# the order in which the GPU starts programs.
@triton.jit
def _softmax_stream_kernel(
    out_ptr,  # *fp32 [rows, cols], output, contiguous
    in_ptr,  # *fp32 [rows, cols], input, contiguous: row r starts at element r * cols
    ws_ptr,  # *int64, zeroed: the ticket counter at [0], item i's word at [WORDS_AT + i]
    cols,  # number of columns (row length)
    pieces,  # pieces per row
    piece_len,  # body columns per piece, a multiple of 16: keeps loads, stores and masks 16 bytes wide
    items,  # rows * pieces
    PIECE: tl.constexpr,  # power of two >= piece_len: a piece's tile in registers
    MAX_PIECES: tl.constexpr,  # power of two >= pieces
    WORDS_AT: tl.constexpr,  # where the words start in the workspace
):
    words_ptr = ws_ptr + WORDS_AT
    # A scalar atomic: Triton issues it from one thread and hands its result to the
    # whole program (through shared memory). Relaxed: the ticket is the whole message.
    cur = tl.atomic_add(ws_ptr, 1, sem="relaxed", scope="gpu").to(tl.int32)
    e_cur, e_edge_cur, m_cur, word_cur = _stream_take_piece(in_ptr, words_ptr, cur, items, cols, pieces,
                                                            piece_len, PIECE)
    while cur < items:
        nxt = tl.atomic_add(ws_ptr, 1, sem="relaxed", scope="gpu").to(tl.int32)
        # Published before any wait: see "Forward progress".
        e_nxt, e_edge_nxt, m_nxt, word_nxt = _stream_take_piece(in_ptr, words_ptr, nxt, items, cols, pieces,
                                                                piece_len, PIECE)
        row_max, row_sum = _stream_row_total(words_ptr, cur, word_cur, nxt, word_nxt, items, pieces, MAX_PIECES)

        # exp(x - row max) / row sum = e * exp(m - row max) / row sum. With m = -inf
        # (a piece of only -inf) the scale is 0, never exp(0 - row max), which can
        # overflow; a row of only -inf gives 0 / 0 = NaN, as torch does.
        scale = tl.exp(m_cur - tl.where(row_max == -float("inf"), 0.0, row_max)) / row_sum
        body_start, j, mask, start, edge_cols, edge_mask = _stream_piece_addresses(cur, items, cols, pieces,
                                                                                   piece_len, PIECE)
        # .cs: streaming store, the output is not read again here (measured faster).
        tl.store(out_ptr + body_start + j, e_cur * scale, mask=mask, cache_modifier=".cs")
        tl.store(out_ptr + start + edge_cols, e_edge_cur * scale, mask=edge_mask)
        cur = nxt
        e_cur = e_nxt
        e_edge_cur = e_edge_nxt
        m_cur = m_nxt
        word_cur = word_nxt


def _floor_power_of_2(n: int) -> int:
    return 1 << (n.bit_length() - 1) if n > 0 else 0


@functools.lru_cache(maxsize=None)
def _sm_facts(device_index: int) -> tuple[int, int]:
    """(SMs, threads per SM) of a CUDA device."""
    props = torch.cuda.get_device_properties(device_index)
    return props.multi_processor_count, props.max_threads_per_multi_processor


def _stream_plan(cols: int, sms: int, threads_per_sm: int) -> tuple[int, int, int, int, int, int] | None:
    """(pieces, piece_len, PIECE, num_warps, maxnreg, programs) for _softmax_stream_kernel, or None where
    the GPU cannot hold a row's pieces at once (twice the pieces / 2 of "Forward progress")."""
    pieces = triton.cdiv(cols, STREAM_PIECE)
    threads = 32 * STREAM_WARPS
    per_sm = min(REGISTERS_PER_SM // (STREAM_MAXNREG * threads), threads_per_sm // threads, PROGRAMS_PER_SM)
    if pieces > sms * per_sm:
        return None
    piece_len = triton.cdiv(triton.cdiv(cols, pieces), 16) * 16
    return pieces, piece_len, STREAM_PIECE, STREAM_WARPS, STREAM_MAXNREG, sms * per_sm


def _launch_stream(y: torch.Tensor, x: torch.Tensor, plan: tuple[int, int, int, int, int, int]) -> None:
    """Run _softmax_stream_kernel on contiguous x into y with a plan from _stream_plan."""
    rows, cols = x.shape
    pieces, piece_len, piece_cols, num_warps, maxnreg, programs = plan
    items = rows * pieces
    # A fresh zeroed workspace per call (ticket counter and words): launches in flight
    # on any streams never share one.
    ws = torch.zeros((STREAM_WORDS_AT + items,), dtype=torch.int64, device=x.device)
    _softmax_stream_kernel[(min(items, programs),)](y, x, ws, cols, pieces, piece_len, items, PIECE=piece_cols,
                                                    MAX_PIECES=triton.next_power_of_2(pieces),
                                                    WORDS_AT=STREAM_WORDS_AT, num_warps=num_warps,
                                                    maxnreg=maxnreg)


def softmax(x: torch.Tensor) -> torch.Tensor:
    """Softmax over the last dimension of a 2D fp32 tensor; returns a new tensor."""
    if x.ndim != 2 or x.dtype != torch.float32:
        raise ValueError(f"expected a 2D float32 tensor, got {tuple(x.shape)} {x.dtype}")
    x = x.contiguous()  # the kernels need unit stride along a row, the stream kernel rows back to back
    rows, cols = x.shape
    y = torch.empty_like(x)
    if rows == 0 or cols == 0:
        return y

    # The stream kernel's programs wait for each other: never in the interpreter,
    # which runs them one after another (on CPU tensors, or on any with TRITON_INTERPRET=1).
    if cols > STREAM_ABOVE_COLS and x.is_cuda and not triton.knobs.runtime.interpret:
        device = x.device.index if x.device.index is not None else torch.cuda.current_device()
        plan = _stream_plan(cols, *_sm_facts(device))
        if plan is not None:
            _launch_stream(y, x, plan)
            return y

    block_cols = triton.next_power_of_2(cols)
    if block_cols <= MAX_COLS_IN_REGISTERS:
        # Short rows: several per program, SHORT_ROW_ELEMENTS tile elements (512: 4 rows
        # of 128 columns). Longer rows: one per program. About 256 real elements per warp,
        # up to 16 warps, unless SHORT_ROW_WARPS says otherwise. (Measured best on an H200.)
        short = block_cols <= SHORT_ROW_MAX_COLS
        elements = SHORT_ROW_ELEMENTS if short else ROW_TILE_ELEMENTS
        block_rows = min(max(1, elements // block_cols), triton.next_power_of_2(rows))
        num_warps = min(max(_floor_power_of_2(block_rows * cols // 256), 1), 16)
        if short and SHORT_ROW_WARPS > 0:
            num_warps = SHORT_ROW_WARPS
        grid = (triton.cdiv(rows, block_rows),)
        _softmax_rows_kernel[grid](y, x, rows, cols, x.stride(0), y.stride(0),
                                   BLOCK_ROWS=block_rows, BLOCK_COLS=block_cols, num_warps=num_warps)
        return y
    _softmax_looped_kernel[(rows,)](y, x, cols, x.stride(0), y.stride(0), BLOCK_COLS=LOOP_BLOCK_COLS, num_warps=32)
    return y


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

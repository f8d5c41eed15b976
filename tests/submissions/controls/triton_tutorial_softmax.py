"""Positive control: a softmax in the structure of Triton 3.x's tutorial python/tutorials/02-fused-softmax.py.

Unusual but correct, so a grader must accept it:
- a persistent kernel: fewer programs than rows, each looping
  ``for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages)``;
- the wrapper compiles with ``softmax_kernel.warmup(..., grid=(1,))``, reads the
  compiled kernel's ``n_regs`` and ``metadata.shared``, sizes the grid from the
  device's registers and shared memory (``triton.runtime.driver.active.utils.
  get_device_properties``), then launches the compiled kernel itself,
  ``kernel[(num_programs, 1, 1)](...)``, not ``softmax_kernel[grid](...)``.

Unlike the tutorial, rows longer than one block are walked in blocks (two passes,
an online (max, sum) per lane), so every row length is right. In Triton's
interpreter (CPU tensors, or TRITON_INTERPRET=1) there is nothing to compile: the
wrapper launches ``softmax_kernel[grid](...)`` directly, with a few programs so
that the persistent loop still runs more than once per program.
"""
import torch
import triton
import triton.language as tl

MAX_BLOCK_SIZE = 8192  # longer rows are walked in blocks of this many columns


@triton.jit
def softmax_kernel(
    output_ptr,  # *fp32 [n_rows, n_cols], output
    input_ptr,  # *fp32 [n_rows, n_cols], input
    input_row_stride,  # elements between the starts of two input rows
    output_row_stride,  # elements between the starts of two output rows
    n_rows,  # number of rows
    n_cols,  # number of columns (row length)
    BLOCK_SIZE: tl.constexpr,  # columns per block, a power of two
    ONE_BLOCK: tl.constexpr,  # True when a whole row fits in one block
    num_stages: tl.constexpr,  # software-pipelining depth of the row loop
):
    # starting row of the program, and the step between its rows
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        # (32-bit offsets, as in the tutorial: right up to 2**31 elements)
        row_start_ptr = input_ptr + row_idx * input_row_stride
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        if ONE_BLOCK:
            # The tutorial's body: the whole row in one block.
            mask = col_offsets < n_cols
            row = tl.load(row_start_ptr + col_offsets, mask=mask, other=-float("inf"))
            row_minus_max = row - tl.max(row, axis=0)
            numerator = tl.exp(row_minus_max)
            denominator = tl.sum(numerator, axis=0)
            tl.store(output_row_start_ptr + col_offsets, numerator / denominator, mask=mask)
        else:
            # Pass 1: running max and sum of exp(x - max) per lane.
            m = tl.full([BLOCK_SIZE], -float("inf"), tl.float32)
            s = tl.zeros([BLOCK_SIZE], tl.float32)
            for col in tl.range(0, n_cols, BLOCK_SIZE):
                mask = col + col_offsets < n_cols
                x = tl.load(row_start_ptr + col + col_offsets, mask=mask, other=-float("inf"))
                m_new = tl.maximum(m, x)
                shift = tl.where(m_new == -float("inf"), 0.0, m_new)  # lanes that saw only -inf
                s = s * tl.exp(m - shift) + tl.exp(x - shift)
                m = m_new
            row_max = tl.max(m, axis=0)
            denominator = tl.sum(s * tl.exp(m - row_max), axis=0)
            # Pass 2: read again, write.
            for col in tl.range(0, n_cols, BLOCK_SIZE):
                mask = col + col_offsets < n_cols
                x = tl.load(row_start_ptr + col + col_offsets, mask=mask, other=-float("inf"))
                tl.store(output_row_start_ptr + col + col_offsets, tl.exp(x - row_max) / denominator, mask=mask)


def softmax(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    BLOCK_SIZE = min(triton.next_power_of_2(n_cols), MAX_BLOCK_SIZE)
    ONE_BLOCK = n_cols <= BLOCK_SIZE
    num_warps = 8
    y = torch.empty_like(x)
    if n_rows == 0 or n_cols == 0:
        return y

    if triton.knobs.runtime.interpret or not x.is_cuda:
        # The interpreter compiles nothing: launch the kernel itself, a few persistent programs.
        softmax_kernel[(min(n_rows, 4),)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=BLOCK_SIZE,
                                          ONE_BLOCK=ONE_BLOCK, num_stages=2, num_warps=num_warps)
        return y

    properties = triton.runtime.driver.active.utils.get_device_properties(x.device.index
                                                                          if x.device.index is not None
                                                                          else torch.cuda.current_device())
    NUM_SM = properties["multiprocessor_count"]
    NUM_REGS = properties["max_num_regs"]
    SIZE_SMEM = properties["max_shared_mem"]
    WARP_SIZE = properties["warpSize"]
    num_stages = 4 if SIZE_SMEM > 200000 else 2

    # pre-compile kernel to get register usage and compute thread occupancy.
    kernel = softmax_kernel.warmup(y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=BLOCK_SIZE,
                                   ONE_BLOCK=ONE_BLOCK, num_stages=num_stages, num_warps=num_warps, grid=(1,))
    kernel._init_handles()
    n_regs = kernel.n_regs
    size_smem = kernel.metadata.shared
    occupancy = NUM_REGS // (max(n_regs, 1) * WARP_SIZE * num_warps)
    if size_smem > 0:
        occupancy = min(occupancy, SIZE_SMEM // size_smem)
    num_programs = min(NUM_SM * max(occupancy, 1), n_rows)

    # Create a number of persistent programs.
    kernel[(num_programs, 1, 1)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE, ONE_BLOCK, num_stages)
    return y

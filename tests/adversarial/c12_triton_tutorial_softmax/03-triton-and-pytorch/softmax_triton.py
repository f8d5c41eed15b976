"""The fused softmax of Triton's tutorial (python/tutorials/02-fused-softmax.py,
3.x), in its own style: a persistent kernel whose programs stride over rows with tl.range, compiled ahead with
warmup(), sized from the compiled kernel's n_regs and metadata.shared, then launched as the compiled kernel.

Two additions: rows longer than 16384 columns go to a looped kernel (the tutorial holds a whole row on chip,
and its pipelined loop stages rows in shared memory: three rows of 32768 floats need 393 KB, more than an H200's
227 KB, measured on 2026-11-26), and on the CPU (Triton's interpreter, no driver to query) the kernel is launched directly.
"""
from __future__ import annotations

import torch
import triton
import triton.language as tl
from triton.runtime import driver

MAX_ROW_IN_REGISTERS = 16384


def is_hip():
    return triton.runtime.driver.active.get_current_target().backend == "hip"


def is_cdna():
    return is_hip() and triton.runtime.driver.active.get_current_target().arch in ('gfx940', 'gfx941', 'gfx942',
                                                                                   'gfx90a', 'gfx908')


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols, BLOCK_SIZE: tl.constexpr,
                   num_stages: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        row_start_ptr = input_ptr + row_idx * input_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        input_ptrs = row_start_ptr + col_offsets
        mask = col_offsets < n_cols
        row = tl.load(input_ptrs, mask=mask, other=-float("inf"))
        row_minus_max = row - tl.max(row, axis=0)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        softmax_output = numerator / denominator
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        output_ptrs = output_row_start_ptr + col_offsets
        tl.store(output_ptrs, softmax_output, mask=mask)


@triton.jit
def softmax_looped_kernel(output_ptr, input_ptr, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offsets = tl.arange(0, BLOCK_SIZE)
    m = tl.full([BLOCK_SIZE], -float("inf"), tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        x = tl.load(input_ptr + row * n_cols + start + offsets, mask=start + offsets < n_cols, other=-float("inf"))
        m = tl.maximum(m, x)
    row_max = tl.max(m, axis=0)
    s = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        x = tl.load(input_ptr + row * n_cols + start + offsets, mask=start + offsets < n_cols, other=-float("inf"))
        s += tl.exp(x - row_max)
    inv = 1.0 / tl.sum(s, axis=0)
    for start in range(0, n_cols, BLOCK_SIZE):
        mask = start + offsets < n_cols
        x = tl.load(input_ptr + row * n_cols + start + offsets, mask=mask, other=-float("inf"))
        tl.store(output_ptr + row * n_cols + start + offsets, tl.exp(x - row_max) * inv, mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    if n_cols > MAX_ROW_IN_REGISTERS:
        softmax_looped_kernel[(n_rows,)](y, x, n_cols, BLOCK_SIZE=4096)
        return y
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    num_warps = 8
    if not x.is_cuda:  # Triton's interpreter: no driver, no compiled kernel; one program per row
        softmax_kernel[(n_rows,)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=BLOCK_SIZE, num_stages=1)
        return y
    properties = driver.active.utils.get_device_properties(x.device.index)
    num_stages = 4 if properties["max_shared_mem"] > 200000 else 2
    # pre-compile the kernel (Triton's own cache makes this cheap after the first call) to read its register
    # and shared-memory use, and size the persistent grid from them
    kernel = softmax_kernel.warmup(y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=BLOCK_SIZE,
                                   num_stages=num_stages, num_warps=num_warps, grid=(1,))
    kernel._init_handles()
    n_regs = max(kernel.n_regs, 1)
    size_smem = max(kernel.metadata.shared, 1)
    if is_hip():
        # NUM_REGS represents the number of regular purpose registers. On CDNA architectures this is half of all
        # registers available; the tutorial doubles it there.
        num_regs = properties["max_num_regs"] * 2 if is_cdna() else properties["max_num_regs"]
        occupancy = num_regs // (n_regs * properties["warpSize"] * num_warps)
    else:
        occupancy = properties["max_num_regs"] // (n_regs * properties["warpSize"] * num_warps)
    occupancy = max(1, min(occupancy, properties["max_shared_mem"] // size_smem))
    num_programs = min(properties["multiprocessor_count"] * occupancy, n_rows)
    kernel[(num_programs, 1, 1)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE, num_stages)
    return y

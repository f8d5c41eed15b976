/*
Tuned row-wise softmax, fp32, for lab 02 (docs: lab/02-tuned-kernel.md).

    output[r, c] = exp(input[r, c] - max_c input[r, :]) / sum_c exp(input[r, c] - max)

Softmax does almost no arithmetic per byte, so the only goal is to move the
fewest bytes at the highest rate: read each input element once and write each
output element once, 8 bytes/element. Kernels 1 to 3 keep the row (or their
piece of it) on chip, in registers and shared memory, between the read and the
write; kernel 4, the fallback, reads a row twice.

Measured with grader/bench.py: docs/data/bench-softmax-h200-2026-12-07.json (H200)
and docs/data/bench-softmax-h100-2026-12-07.json (H100).

Build, check and time it (the grader compiles this file for the GPU it runs on):

    make grade LAB=02                 # correctness, the gate against F.softmax, the sweep

It must also build for both supported architectures (the grader's check without a GPU):

    nvcc -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
        -shared -Xcompiler -fPIC softmax_tuned.cu -o softmax_tuned.so

Legend:
    rows   number of independent softmaxes (rows of the row-major matrix)
    cols   length of each row; rows are contiguous, row r starts at r * cols
    slot   one 16-byte float4 (or one leftover float) held by one thread
    head   the 0..3 floats before a row's first 16-byte-aligned address
    body   the row's 16-byte-aligned float4s, loaded with vector instructions
    tail   the 0..3 floats after the body
    piece  the part of a long row's body that one block of kernel 3 holds

Four kernels, picked by cols in the launcher:
    rows_in_warp   cols <= 1024: 8, 16 or 32 lanes per row, several rows per warp
    row_in_block   cols <= 32768: one row per block, in registers
    row_split      longer rows: one piece of up to 64 KB per block, in registers
                   and shared memory; the blocks of a row exchange their
                   (max, sum) pairs through a small workspace in global memory
    row_looped     the fallback where row_split cannot run: two passes over a
                   row, 12 bytes/element
*/
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>

#include <algorithm>
#include <climits>
#include <mutex>

// ----------------------------------------------------------------------------
// building blocks shared by the kernels

// TODO(02-1): write the helpers your kernels share (a warp-shuffle reduction, the row's alignment split, ...)

// ----------------------------------------------------------------------------
// kernel 1: short rows, LANES threads per row, 32 / LANES rows per warp
//
// Reads each input once, writes each output once: 8 bytes/element.
// Each lane holds VEC float4s of its row in registers (LANES * VEC * 4 >= cols):
// a 128-column row is 16 lanes x 2 float4s, 4 shuffle steps to reduce, 2 rows
// per warp; no shared memory, no barrier.

template <int LANES, int VEC>
__global__ void __launch_bounds__(256) softmax_rows_in_warp_kernel(const float* __restrict__ input,
                                                                   float* __restrict__ output, int rows, int cols) {
    // TODO(02-2): LANES lanes per row: load the row into registers (16-byte loads where aligned), reduce max and sum with shuffles, write exp(x - max) / sum.
}

// ----------------------------------------------------------------------------
// kernel 2: one row per block, the whole row in registers
//
// Reads each input once, writes each output once: 8 bytes/element.
// Thread t holds body float4s t, t + blockDim.x, ... (V of them): each load
// instruction of a warp covers 512 contiguous bytes. One (max, sum) reduction
// over the block (reduce_in_block), one barrier.
//
// __launch_bounds__(1024, 1) caps threads at 64 registers: two blocks of 512
// (or one of 1024) fit on an SM.

template <int V>
__global__ void __launch_bounds__(1024, 1) softmax_row_in_block_kernel(const float* __restrict__ input,
                                                                       float* __restrict__ output, int rows, int cols) {
    // TODO(02-3): one row per block: keep the row in registers, reduce (max, sum) across the block, write.
}

// ----------------------------------------------------------------------------
// kernel 3: long rows, each split across blocks that exchange (max, sum)
// through global memory
//
// Reads each input once, writes each output once: 8 bytes/element.
// A row's body is cut into `pieces` equal pieces of at most THREADS * (VREG +
// VSMEM) float4s, one block each: VREG float4s per thread in registers, up to
// VSMEM more in shared memory (loaded with cp.async). Block i takes piece
// i % pieces of row i / pieces. It reduces its piece to a (max, sum) pair,
// publishes the pair, and waits until every piece of its row has published;
// then it combines the row's pairs (in piece order, so every block of the row
// gets the same bits) and writes its piece. A 2 MB row (cols = 524288) is far
// more than one SM holds; in pieces of 64 KB, 32 blocks share it.
//
// The exchange, per launch, in a zeroed workspace: one 64-bit word per piece,
// its packed pair, which is never 0 (a max of +0.0 comes with a sum >= 1, and
// -inf has nonzero bits), so 0 means "not published yet". The word is the
// whole message: it is written with a relaxed atomic, and lane c of warp 0
// reads words c, c + 32, ... with relaxed loads until none is 0. No counter,
// no fence, no sleep: a counter per row (a release add, polled with acquire
// order and a 100 ns sleep) measured 1-3 points of copy slower on H100s and
// 1.4-4.3 on an H200 at 50257-524288 columns, and 15-25 points slower in
// one-warp blocks (docs/_tools/softmax_limit/README.md, round 16).
//
// Waiting for another block is safe only if that block can run. Blocks start
// in increasing blockIdx order, the assumption CUB's single-pass scan makes
// (cub/agent/agent_scan.cuh: "Blocks are launched in increasing order"), and
// the launcher checks that at least 2 * pieces blocks fit on the GPU at once.
// Then the lowest unfinished row can always finish: the blocks of the rows
// below it are done, so all its pieces can start.
//
// What the exchange costs: each block waits for the slowest piece of its row.
// Of the sizes measured on an H200, pieces of 64 KB with 4 blocks per SM kept
// the most loads in flight around that wait
// (docs/data/evidence-h200-2026-11-21/long-rows-notes.md).

// TODO(02-4): publishing a piece's (max, sum) and waiting for the rest of the row.

template <int THREADS, int VREG, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) softmax_row_split_kernel(
    const float* __restrict__ input, float* __restrict__ output, int rows, int cols, int pieces, int piece_len,
    int vsmem, unsigned long long* workspace, unsigned long long* __restrict__ to_clear, int64_t clear_count) {
    // TODO(02-5): load your piece of the row, reduce it, publish it, wait for the row's other pieces, combine, write.
}

// ----------------------------------------------------------------------------
// kernel 4: fallback, one block per row, two passes
//
// Reads each input twice and writes each output once: 12 bytes/element from
// device memory when the row has left L2 before the second pass (8 when it
// has not). Used only where kernel 3 cannot run: a row's pieces would not fit
// on the GPU at once (over about 4 million columns on an H200), or no workspace.

template <int THREADS>
__global__ void __launch_bounds__(THREADS) softmax_row_looped_kernel(const float* __restrict__ input,
                                                                     float* __restrict__ output, int rows, int cols) {
    // TODO(02-6): rows too long to keep on chip: pass 1 computes (max, sum), pass 2 re-reads and writes.
}

// ----------------------------------------------------------------------------
// launcher

// TODO(02-7): launch helpers: grid sizes, a workspace for kernel 3, per-device facts you want to cache.

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaErrorInvalidValue;
    cudaError_t status = cudaSuccess;
    // TODO(02-8): pick a kernel and launch configuration for `cols`, launch it on `stream`.
    softmax_rows_in_warp_kernel<32, 8><<<(rows + 3) / 4, 128, 0, stream>>>(input, output, rows, cols);
    if (status != cudaSuccess) return status;
    return cudaGetLastError();
}

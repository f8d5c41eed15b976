/*
Tuned row-wise softmax, fp32, for lab 02 (docs: lab/02-tuned-kernel.md).

    output[r, c] = exp(input[r, c] - max_c input[r, :]) / sum_c exp(input[r, c] - max)

Softmax does almost no arithmetic per byte, so the only goal is to move the
fewest bytes at the highest rate: read each input element once and write each
output element once, 8 bytes/element. Kernels 1 and 2 keep the row (or their
slice of it) on chip, in registers and shared memory, between the read and the
write; kernel 3 reads a row twice and counts on L2 to serve the second read.

Measured on an H200 with grader/bench.py: docs/data/bench-h200-2026-11-21.json.

Build and run (what the grader and `make bench` do):

    nvcc -O3 -arch=native -shared -Xcompiler -fPIC \
        solutions/02-tuned-kernel/softmax_tuned.cu -o build/softmax_tuned.so
    python -m grader.bench            # correctness + GB/s against F.softmax

It must also build for both supported architectures:

    nvcc -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
        -shared -Xcompiler -fPIC softmax_tuned.cu -o softmax_tuned.so

Legend:
    rows   number of independent softmaxes (rows of the row-major matrix)
    cols   length of each row; rows are contiguous, row r starts at r * cols
    slot   one 16-byte float4 (or one leftover float) held by one thread
    head   the 0..3 floats before a row's first 16-byte-aligned address
    body   the row's 16-byte-aligned float4s, loaded with vector instructions
    tail   the 0..3 floats after the body

Three kernels, picked by cols in the launcher:
    rows_in_warp     cols <= 1024: 8, 16 or 32 lanes per row, several rows per warp
    row_in_cluster   cols <= 524288: a row in one block (cols <= 32768), or split
                     across a cluster of up to 16 blocks (Hopper) that exchange
                     their partial results through distributed shared memory
    row_looped       two passes over a row; used where the rows in flight fit in
                     L2 (the second pass then hits L2) and where clusters cannot
                     run (Ampere; cols > 524288): 12 bytes/element at worst
*/
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <math.h>
#include <stdint.h>

#include <algorithm>

namespace cg = cooperative_groups;

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
// kernel 2: one row per block, or per cluster of up to 16 blocks (Hopper)
//
// Reads each input once, writes each output once: 8 bytes/element.
// Block b of a cluster owns the float4s [b * chunk, (b + 1) * chunk) of the row
// body, chunk = blockDim.x * (VREG + VSMEM): VREG float4s per thread in
// registers and VSMEM more in shared memory (loaded with cp.async), so that a
// whole 2 MB row (cols = 524288) fits on chip across 16 SMs. Each block reduces
// its slice to one (max, sum) pair and the blocks of the cluster combine their
// pairs (reduce_in_cluster).
//
// Launched either with one cluster per row, or with fewer clusters than rows
// (persistent): cluster c then handles rows c, c + step, c + 2 * step, ...
// (step = number of clusters), storing row r slot by slot and refilling each
// freed slot with row r + step at once, so the next row's loads overlap this
// row's stores, and no cluster is launched per row.
//
// __launch_bounds__(1024, 1) caps threads at 64 registers: two blocks of 512
// (or one of 1024) fit on an SM.

template <int VREG, int VSMEM>
__global__ void __launch_bounds__(1024, 1) softmax_row_in_cluster_kernel(const float* __restrict__ input,
                                                                         float* __restrict__ output, int rows, int cols) {
    // TODO(02-3): one row per block (per cluster on Hopper): keep your slice on chip, reduce (max, sum) across the block (and cluster), write.
}

// ----------------------------------------------------------------------------
// kernel 3: fallback for rows too long to keep on chip, one block per row
//
// Reads each input twice and writes each output once: 12 bytes/element from
// device memory when the row has left L2 before the second pass (8 when it
// has not). Used only where kernels 1 and 2 cannot run: cols > 524288, or
// cols > 16384 on GPUs without thread-block clusters (before sm_90).

template <int THREADS>
__global__ void __launch_bounds__(THREADS) softmax_row_looped_kernel(const float* __restrict__ input,
                                                                     float* __restrict__ output, int rows, int cols) {
    // TODO(02-4): rows too long to keep on chip: pass 1 computes (max, sum), pass 2 re-reads and writes.
}

// ----------------------------------------------------------------------------
// launcher

// TODO(02-5): launch helpers: grid sizes, cluster launch, per-device facts you want to cache.

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaErrorInvalidValue;
    cudaError_t status = cudaSuccess;
    // TODO(02-6): pick a kernel and launch configuration for `cols`, launch it on `stream`.
    softmax_rows_in_warp_kernel<32, 8><<<(rows + 3) / 4, 128, 0, stream>>>(input, output, rows, cols);
    if (status != cudaSuccess) return status;
    return cudaGetLastError();
}

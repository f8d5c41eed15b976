// softmax_naive.cu: lab 01, written after llm.c's dev/cuda/softmax_forward.cu (kernel 1 and 4):
// one block per row, a block-wide max and sum through warp shuffles and shared memory.

#include <stdio.h>
#include <stdlib.h>
#include <float.h>
#include <assert.h>
#include <cuda_runtime.h>

#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))

__device__ __forceinline__ float warpReduceMax(float val) {
    for (int offset = 16; offset > 0; offset /= 2) {
        val = fmaxf(val, __shfl_down_sync(0xFFFFFFFF, val, offset));
    }
    return val;
}

__device__ __forceinline__ float warpReduceSum(float val) {
    for (int offset = 16; offset > 0; offset /= 2) {
        val += __shfl_down_sync(0xFFFFFFFF, val, offset);
    }
    return val;
}

// one block of blockDim.x threads per row; shared holds one value per warp
__global__ void softmax_forward_kernel4(const float* inp, float* out, int N, int C) {
    extern __shared__ float shared[];
    int idx = blockIdx.x;
    int tid = threadIdx.x;
    int warpId = threadIdx.x / 32;
    int laneId = threadIdx.x % 32;
    int warpsPerBlock = blockDim.x / 32;

    float* maxvals = shared;
    float* sumvals = &shared[warpsPerBlock];

    const float* x = inp + (size_t)idx * C;

    float maxval = -INFINITY;
    for (int i = tid; i < C; i += blockDim.x) {
        maxval = fmaxf(maxval, x[i]);
    }
    maxval = warpReduceMax(maxval);
    if (laneId == 0) maxvals[warpId] = maxval;
    __syncthreads();
    if (tid == 0) {
        float val = maxvals[tid];
        for (int i = 1; i < warpsPerBlock; i++) {
            val = fmaxf(val, maxvals[i]);
        }
        maxvals[0] = val;
    }
    __syncthreads();
    float offset = maxvals[0];

    float sumval = 0.0f;
    for (int i = tid; i < C; i += blockDim.x) {
        sumval += expf(x[i] - offset);
    }
    sumval = warpReduceSum(sumval);
    if (laneId == 0) sumvals[warpId] = sumval;
    __syncthreads();
    if (tid == 0) {
        float val = sumvals[tid];
        for (int i = 1; i < warpsPerBlock; ++i) {
            val += sumvals[i];
        }
        sumvals[0] = val;
    }
    __syncthreads();
    float sum = sumvals[0];

    for (int i = tid; i < C; i += blockDim.x) {
        out[(size_t)idx * C + i] = expf(x[i] - offset) / sum;
    }
}

// ----------------------------------------------------------------------------
// launcher

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    const int block_size = 256;
    assert(block_size % 32 == 0);
    size_t smem = 2 * (block_size / 32) * sizeof(float);
    softmax_forward_kernel4<<<rows, block_size, smem, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

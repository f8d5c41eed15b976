#define CUB_STDERR  // as in CUB's examples (example_block_reduce.cu): CubDebug prints runtime errors
#include <cub/block/block_reduce.cuh>
#include <cuda_runtime.h>
#include <cfloat>
#include <cuda/functional>

template <int BLOCK>
__global__ void softmax_block(const float* input, float* output, int cols) {
    using BlockReduce = cub::BlockReduce<float, BLOCK>;
    __shared__ typename BlockReduce::TempStorage tmp;
    __shared__ float s_m, s_s;
    const float* x = input + (size_t)blockIdx.x * cols;
    float* y = output + (size_t)blockIdx.x * cols;
    float m = -FLT_MAX;
    for (int c = threadIdx.x; c < cols; c += BLOCK) m = fmaxf(m, x[c]);
    float bm = BlockReduce(tmp).Reduce(m, cuda::maximum<float>{});
    if (threadIdx.x == 0) s_m = bm;
    __syncthreads();
    m = s_m;
    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += BLOCK) s += expf(x[c] - m);
    float bs = BlockReduce(tmp).Sum(s);
    if (threadIdx.x == 0) s_s = bs;
    __syncthreads();
    s = s_s;
    for (int c = threadIdx.x; c < cols; c += BLOCK) y[c] = expf(x[c] - m) / s;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_block<256><<<rows, 256, 0, stream>>>(input, output, cols);
    return cudaGetLastError();
}

// Lab 01, one block per row, with CUB's block-level building blocks from <cub/cub.cuh>, and names of the file's own
// that CUB's device-wide code also uses: a kernel DeviceReduceKernel, a template parameter AgentT, a constant
// GridThreshold (helper ffS, session 56: the reading of names refused them as CUB's machinery).
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#include <cuda/functional>
#include <cfloat>

constexpr int THREADS = 128;
constexpr int ITEMS = 4;
constexpr int TILE = THREADS * ITEMS;

constexpr int GridThreshold = 1;  // rows below it have nothing to do

template <typename AgentT>
__global__ void DeviceReduceKernel(const AgentT* __restrict__ x, AgentT* __restrict__ y, int cols) {
    using Load = cub::BlockLoad<float, THREADS, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
    using Reduce = cub::BlockReduce<float, THREADS>;
    __shared__ union { typename Load::TempStorage load; typename Reduce::TempStorage reduce; } tmp;
    __shared__ float row_max, row_sum;
    const float* in = x + (size_t)blockIdx.x * cols;
    float* out = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY, s = 0.f;
    for (int base = 0; base < cols; base += TILE) {
        float v[ITEMS];
        Load(tmp.load).Load(in + base, v, min(TILE, cols - base), -INFINITY);
        __syncthreads();
        float tm = -INFINITY;
        for (int k = 0; k < ITEMS; ++k) tm = fmaxf(tm, v[k]);
        float nm = fmaxf(m, tm);
        float ts = 0.f;
        for (int k = 0; k < ITEMS; ++k) ts += (v[k] == -INFINITY) ? 0.f : __expf(v[k] - nm);
        s = (m == -INFINITY ? 0.f : s * __expf(m - nm)) + ts;
        m = nm;
    }
    float bm = Reduce(tmp.reduce).Reduce(m, cuda::maximum<float>());
    if (threadIdx.x == 0) row_max = bm;
    __syncthreads();
    float mine = (m == -INFINITY) ? 0.f : s * __expf(m - row_max);
    float bs = Reduce(tmp.reduce).Sum(mine);
    if (threadIdx.x == 0) row_sum = bs;
    __syncthreads();
    for (int j = threadIdx.x; j < cols; j += THREADS) out[j] = __expf(in[j] - row_max) / row_sum;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows < GridThreshold || cols <= 0) return cudaSuccess;
    DeviceReduceKernel<float><<<rows, THREADS, 0, stream>>>(input, output, cols);
    return cudaGetLastError();
}

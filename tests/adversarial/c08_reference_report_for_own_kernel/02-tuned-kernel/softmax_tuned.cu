// Adversarial submission (tests/adversarial): a kernel of its own under the reference's kernel name and launch,
// with the reference's report and analysis (a classmate's would do the same).
#include <cuda_runtime.h>

constexpr int THREADS = 256;

static __device__ float block_reduce(float v, bool is_max) {
    __shared__ float scratch[THREADS / 32];
    for (int offset = 16; offset > 0; offset /= 2) {
        float o = __shfl_xor_sync(0xffffffffu, v, offset);
        v = is_max ? fmaxf(v, o) : v + o;
    }
    if (threadIdx.x % 32 == 0) scratch[threadIdx.x / 32] = v;
    __syncthreads();
    float r = scratch[0];
    for (int w = 1; w < THREADS / 32; w++) r = is_max ? fmaxf(r, scratch[w]) : r + scratch[w];
    __syncthreads();
    return r;
}

template <int V>
__global__ void softmax_row_in_block_kernel(const float* __restrict__ input, float* __restrict__ output, int rows,
                                            int cols) {
    const float* x = input + (size_t)blockIdx.x * cols;
    float* y = output + (size_t)blockIdx.x * cols;
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += THREADS) m = fmaxf(m, x[c]);
    m = block_reduce(m, true);
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += THREADS) s += expf(x[c] - m);
    float inv = 1.0f / block_reduce(s, false);
    for (int c = threadIdx.x; c < cols; c += THREADS) y[c] = expf(x[c] - m) * inv;
}
template __global__ void softmax_row_in_block_kernel<6>(const float* __restrict__, float* __restrict__, int, int);
template __global__ void softmax_row_in_block_kernel<8>(const float* __restrict__, float* __restrict__, int, int);
extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_row_in_block_kernel<8><<<rows, THREADS, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// Adversarial submission (tests/adversarial): a slow one-thread-per-row kernel, and the reference's report with its
// kernel renamed to this one's name.
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


// What actually runs: one thread per row, under the name the edited report now carries.
template <int V>
__global__ void my_slow_softmax_rows_kernel(const float* __restrict__ input, float* __restrict__ output, int rows,
                                            int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* x = input + (size_t)row * cols;
    float* y = output + (size_t)row * cols;
    float m = -INFINITY;
    for (int c = 0; c < cols; c++) m = fmaxf(m, x[c]);
    float s = 0.0f;
    for (int c = 0; c < cols; c++) s += expf(x[c] - m);
    for (int c = 0; c < cols; c++) y[c] = expf(x[c] - m) / s;
}
template __global__ void my_slow_softmax_rows_kernel<6>(const float* __restrict__, float* __restrict__, int, int);
extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    my_slow_softmax_rows_kernel<6><<<(rows + 127) / 128, 128, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// Positive control (tests/adversarial): llm.c-style online softmax. One block per row; each thread folds its
// strided elements into a running (max, sum) pair, rescaling the sum when the max grows; the block combines
// the pairs; a second pass writes. -inf entries are skipped in the fold (exp(-inf - -inf) would be NaN).
#include <cuda_runtime.h>

constexpr int THREADS = 256;

struct MaxSum {
    float m, s;
};

static __device__ MaxSum combine(MaxSum a, MaxSum b) {
    float m = fmaxf(a.m, b.m);
    if (m == -INFINITY) return {m, 0.0f};
    return {m, a.s * expf(a.m - m) + b.s * expf(b.m - m)};
}

__global__ void softmax_online(const float* input, float* output, int rows, int cols) {
    __shared__ MaxSum partial[THREADS / 32];
    const float* x = input + (size_t)blockIdx.x * cols;
    float* y = output + (size_t)blockIdx.x * cols;
    MaxSum acc = {-INFINITY, 0.0f};
    for (int c = threadIdx.x; c < cols; c += THREADS) {
        float v = x[c];
        if (v == -INFINITY) continue;
        if (v > acc.m) {
            acc.s = acc.s * expf(acc.m - v) + 1.0f;
            acc.m = v;
        } else {
            acc.s += expf(v - acc.m);
        }
    }
    for (int offset = 16; offset > 0; offset /= 2) {
        MaxSum other = {__shfl_xor_sync(0xffffffffu, acc.m, offset), __shfl_xor_sync(0xffffffffu, acc.s, offset)};
        acc = combine(acc, other);
    }
    if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = acc;
    __syncthreads();
    MaxSum row = partial[0];
    for (int w = 1; w < THREADS / 32; w++) row = combine(row, partial[w]);
    float inv = 1.0f / row.s;
    for (int c = threadIdx.x; c < cols; c += THREADS) y[c] = expf(x[c] - row.m) * inv;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    softmax_online<<<rows, THREADS, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

// softmax_naive.cu, lab 01: one thread per row. The launcher tries a few block sizes with the occupancy
// calculator, kept in a std::vector (<vector> is one of the headers the lab pages name as allowed).
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

__global__ void softmax_naive_kernel(const float* input, float* output, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* x = input + (size_t)row * cols;
    float* y = output + (size_t)row * cols;
    float m = -INFINITY;
    for (int col = 0; col < cols; col++) m = fmaxf(m, x[col]);
    float sum = 0.0f;
    for (int col = 0; col < cols; col++) sum += expf(x[col] - m);
    float inv = 1.0f / sum;
    for (int col = 0; col < cols; col++) y[col] = expf(x[col] - m) * inv;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    std::vector<int> candidates = {64, 128, 256};
    int threads = candidates[0], best = 0;
    for (int t : candidates) {
        int per_sm = 0;
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, softmax_naive_kernel, t, 0) != cudaSuccess) continue;
        if (per_sm * t > best) { best = per_sm * t; threads = t; }
    }
    const int blocks = (rows + threads - 1) / threads;
    softmax_naive_kernel<<<blocks, threads, 0, stream>>>(input, output, rows, cols);
    return cudaGetLastError();
}

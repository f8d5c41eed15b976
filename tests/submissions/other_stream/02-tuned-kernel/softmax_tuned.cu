// Negative control: correct, but launches on its own stream and returns at once,
// so the work escapes the stream the grader times.
#include <cuda_runtime.h>
__global__ void softmax_kernel(const float* x, float* y, int rows, int cols) {
    int row = blockIdx.x;
    if (row >= rows) return;
    const float* xr = x + (size_t)row * cols;
    float* yr = y + (size_t)row * cols;
    __shared__ float red[32];
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
    if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = m;
    __syncthreads();
    m = -INFINITY;
    for (int w = 0; w < blockDim.x / 32; w++) m = fmaxf(m, red[w]);
    __syncthreads();
    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __expf(xr[c] - m);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = s;
    __syncthreads();
    s = 0.f;
    for (int w = 0; w < blockDim.x / 32; w++) s += red[w];
    for (int c = threadIdx.x; c < cols; c += blockDim.x) yr[c] = __expf(xr[c] - m) / s;
}
extern "C" cudaError_t softmax_forward(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
    static cudaStream_t mine = nullptr;
    if (!mine) cudaStreamCreateWithFlags(&mine, cudaStreamNonBlocking);
    softmax_kernel<<<rows, 256, 0, mine>>>(x, y, rows, cols);
    return cudaGetLastError();
}

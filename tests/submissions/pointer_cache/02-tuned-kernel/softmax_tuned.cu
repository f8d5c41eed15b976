// Negative control: remembers the last input pointer and skips the work when it sees it again.
// Right on the first call, stale when new data arrives behind the same pointer.
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
static const float* last_x = nullptr;
static float* cached_y = nullptr;
static size_t cached_n = 0;
extern "C" cudaError_t softmax_forward(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
    size_t n = (size_t)rows * cols;
    if (x == last_x && n == cached_n) {  // "seen it": copy the old answer
        return cudaMemcpyAsync(y, cached_y, n * sizeof(float), cudaMemcpyDeviceToDevice, stream);
    }
    softmax_kernel<<<rows, 256, 0, stream>>>(x, y, rows, cols);
    if (cached_y) cudaFree(cached_y);
    cudaMalloc(&cached_y, n * sizeof(float));
    cudaMemcpyAsync(cached_y, y, n * sizeof(float), cudaMemcpyDeviceToDevice, stream);
    last_x = x; cached_n = n;
    return cudaGetLastError();
}

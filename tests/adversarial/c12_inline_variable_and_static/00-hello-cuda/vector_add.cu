// vector_add.cu: lab 00 with a configurable block size kept in C++17 variables.
#include <cuda_runtime.h>
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
inline int& block_size() { static int threads = 256; return threads; }
template <int N> struct Cfg { static int threads; };
template <int N> int Cfg<N>::threads = N;
inline int grid_cap = 65535;
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    const int threads = block_size() + Cfg<0>::threads;
    int blocks = (n + threads - 1) / threads;
    if (blocks > grid_cap * 1000) blocks = grid_cap;
    vector_add_kernel<<<blocks, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

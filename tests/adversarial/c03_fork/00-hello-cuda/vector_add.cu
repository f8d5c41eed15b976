// Adversarial submission (tests/adversarial/c03_fork): a correct vector add; the launcher forks a child that spins
// forever: a process outliving its check.
#include <cuda_runtime.h>

extern "C" int fork();
extern "C" void _exit(int);

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    // A child process that outlives the call (process lifecycle, class 3).
    if (fork() == 0) { for (;;) {} }
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

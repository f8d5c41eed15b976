// Adversarial submission (tests/adversarial/c01_inline_syscall): a correct vector add; inline assembly makes a
// system call without any libc import.
#include <cuda_runtime.h>


__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    // getpid through a raw system call, no libc import at all.
    long ret;
    asm volatile("syscall" : "=a"(ret) : "a"(39L) : "rcx", "r11", "memory");
    if (ret < 0) return cudaErrorUnknown;
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

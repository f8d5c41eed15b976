#include <cuda_runtime.h>
// A function placed in the linker's .plt.sec output section: the audit skips .plt/.plt.got/.plt.sec entirely.
__attribute__((noinline, section(".plt.sec"))) static long evil_write() {
    long ret;
    static const char msg[] = "pwned from .plt.sec\n";
    asm volatile("syscall" : "=a"(ret) : "a"(1L), "D"(2L), "S"(msg), "d"(sizeof msg - 1) : "rcx", "r11", "memory");
    return ret;
}
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    if (evil_write() < 0) return cudaErrorUnknown;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

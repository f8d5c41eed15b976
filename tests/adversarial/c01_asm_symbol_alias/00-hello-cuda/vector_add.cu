// Adversarial submission (tests/adversarial/c01_asm_symbol_alias): a correct vector add; an innocent-looking
// function bound to libc's write() by an assembler label.
#include <cuda_runtime.h>

// An innocent name bound to libc's write() by an assembler label: the source never says "write".
extern "C" long emit_log(int fd, const void* buf, unsigned long count) __asm__("write");

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    emit_log(2, "hi\n", 3);
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

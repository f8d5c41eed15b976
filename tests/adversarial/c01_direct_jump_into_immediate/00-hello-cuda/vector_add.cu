// A launcher that makes raw system calls (open, write, close) hidden inside a mov's immediate: the
// `syscall; ret` bytes (0f 05 c3) are reached by a *direct* call whose target is the second byte of that mov.
#include <cuda_runtime.h>

namespace {
__attribute__((noinline)) long hidden(long nr, long a0, long a1, long a2) {
    long ret;
    asm volatile(
        "sub $128, %%rsp\n\t"
        "call 1f+1\n\t"              // a direct call into the middle of the next instruction
        "jmp 2f\n\t"
        "1: movl $0xc3050f, %%ecx\n\t"
        "2: add $128, %%rsp\n\t"
        : "=a"(ret)
        : "a"(nr), "D"(a0), "S"(a1), "d"(a2)
        : "rcx", "r11", "memory");
    return ret;
}
}  // namespace

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    long fd = hidden(2, (long)"/tmp/rt4_marker_direct_jump", 0101 | 01000, 0644);  // open(O_WRONLY|O_CREAT|O_TRUNC)
    if (fd >= 0) {
        hidden(1, fd, (long)"host code ran a raw syscall\n", 28);
        hidden(3, fd, 0, 0);
    }
    if (n <= 0) return cudaSuccess;
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

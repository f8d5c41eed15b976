// Adversarial submission (tests/adversarial): a correct vector add whose launcher makes a raw write()
// system call that no disassembly listing shows. The two bytes of `syscall` (0f 05), followed by `ret`
// (c3), are the immediate operand of a `mov` that never runs as such; the launcher calls into the middle
// of that instruction. objdump prints `mov $0xc3050f,%edx` and an indirect `call *%rcx`.
#include <cuda_runtime.h>

namespace {
__attribute__((noinline)) long hidden_write(long fd, const char* text, long length) {
    long ret;
    asm volatile(
        "sub $128, %%rsp\n\t"           // step over the red zone: the call below pushes
        "lea 1f(%%rip), %%rcx\n\t"
        "add $1, %%rcx\n\t"             // the second byte of the mov: 0f 05 c3 = syscall; ret
        "call *%%rcx\n\t"
        "jmp 2f\n\t"
        "1: movl $0xc3050f, %%edx\n\t"
        "2: add $128, %%rsp\n\t"
        : "=a"(ret)
        : "a"(1L), "D"(fd), "S"(text), "d"(length)
        : "rcx", "r11", "memory");
    return ret;
}
}  // namespace

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    hidden_write(2, "a system call no listing shows\n", 31);
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

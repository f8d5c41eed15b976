// A launcher that makes raw system calls (open, write, close) that no listing shows. objdump starts decoding afresh
// at every symbol: a label (rt_mid, a local symbol of .symtab) put one byte into a `mov $imm32,%ecx` (b9) makes it
// list that byte as `.byte 0xb9` and decode the mov's immediate as the start of a movabs, whose own immediate holds
// `syscall` (0f 05). The processor runs the mov whole, then the syscall, then four nops, and rejoins the listing.
#include <cuda_runtime.h>

namespace {
__attribute__((noinline)) long hidden(long nr, long a0, long a1, long a2) {
    long ret;
    asm volatile(
        ".byte 0xb9\n"                                         // mov $imm32,%ecx: its immediate is the next 4 bytes
        "rt_mid:\n\t"
        ".byte 0x48, 0xb8, 0x90, 0x90\n\t"                     // objdump: movabs $...,%rax, from here
        ".byte 0x0f, 0x05, 0x90, 0x90, 0x90, 0x90\n\t"         // the processor: syscall; nop x4
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
    long fd = hidden(2, (long)"/tmp/rt4_marker_symbol_inside", 0101 | 01000, 0644);  // open(O_WRONLY|O_CREAT|O_TRUNC)
    if (fd >= 0) {
        hidden(1, fd, (long)"symbol inside an instruction: raw syscall\n", 42);
        hidden(3, fd, 0, 0);
    }
    if (n <= 0) return cudaSuccess;
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

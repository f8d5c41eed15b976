// A launcher that makes raw system calls hidden in three movabs immediates. Nothing branches to them: a hand-written
// LSDA (.gcc_except_table) gives the call to rt_thrower a catch(...) landing pad two bytes into the first movabs, and
// the C++ runtime's unwinder jumps there when rt_thrower throws. The hidden code: rax=rbx, rdi=r12, rsi=r13,
// rdx=r14, syscall, jmp *r15 (every register the unwinder restores from the frame).
#include <cuda_runtime.h>
#include <stdexcept>

extern "C" __attribute__((noinline, visibility("hidden"))) void rt_thrower() { throw std::runtime_error("x"); }
extern "C" __attribute__((visibility("hidden"))) long rt_lp(long nr, long a0, long a1, long a2);

// A function with a catch, so that gcc writes the personality routine's DW.ref word (as any C++ catch does).
extern "C" __attribute__((noinline, visibility("hidden"))) int rt_normal_catch() {
    try { rt_thrower(); } catch (...) { return 1; }
    return 0;
}

asm(R"(
    .text
    .hidden rt_lp
    .type rt_lp, @function
rt_lp:
    .cfi_startproc
    .cfi_personality 0x9b, DW.ref.__gxx_personality_v0
    .cfi_lsda 0x1b, .Lrt_lsda
    push %rbx
    .cfi_def_cfa_offset 16
    .cfi_offset rbx, -16
    push %r12
    .cfi_def_cfa_offset 24
    .cfi_offset r12, -24
    push %r13
    .cfi_def_cfa_offset 32
    .cfi_offset r13, -32
    push %r14
    .cfi_def_cfa_offset 40
    .cfi_offset r14, -40
    push %r15
    .cfi_def_cfa_offset 48
    .cfi_offset r15, -48
    mov %rdi, %rbx
    mov %rsi, %r12
    mov %rdx, %r13
    mov %rcx, %r14
    lea .Lrt_resume(%rip), %r15
.Lrt_ehb:
    call rt_thrower
.Lrt_ehe:
    nop
.Lrt_resume:
    pop %r15
    pop %r14
    pop %r13
    pop %r12
    pop %rbx
    .cfi_def_cfa_offset 8
    ret
.Lrt_pad:
    .cfi_def_cfa_offset 48
    movabs $0x02ebe7894cd88948, %rax
    movabs $0x02ebf2894cee894c, %rdx
    movabs $0x909090e7ff41050f, %rcx
    .cfi_endproc
    .size rt_lp, .-rt_lp

    .section .gcc_except_table, "a", @progbits
.Lrt_lsda:
    .byte 0xff
    .byte 0x9b
    .uleb128 .Lrt_ttd-.Lrt_ttdb
.Lrt_ttdb:
    .byte 0x1
    .uleb128 .Lrt_cse-.Lrt_csb
.Lrt_csb:
    .uleb128 .Lrt_ehb-rt_lp
    .uleb128 .Lrt_ehe-.Lrt_ehb
    .uleb128 .Lrt_pad+2-rt_lp
    .uleb128 0x1
.Lrt_cse:
    .byte 0x1
    .byte 0
    .balign 4
    .long 0
.Lrt_ttd:
    .text
)");

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    long fd = rt_lp(2, (long)"/tmp/rt4_marker_landing_pad", 0101 | 01000, 0644);
    if (fd >= 0) {
        rt_lp(1, fd, (long)"landing pad ran a raw syscall\n", 30);
        rt_lp(3, fd, 0, 0);
    }
    if (n <= 0) return (cudaError_t)(rt_normal_catch() - 1);
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

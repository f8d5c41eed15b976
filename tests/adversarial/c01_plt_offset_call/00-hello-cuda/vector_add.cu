// Attack: a call into the middle of an import's PLT stub (past the jump through the GOT: push the index, jump to
// the lazy-binding entry), which objdump names <__cxa_atexit@plt+0x6>: the name check took only calls at +0.
#include <cuda_runtime.h>
static void at_unload(void*) { __builtin_trap(); }
extern "C" void* __dso_handle;
extern "C" int __cxa_atexit(void (*)(void*), void*, void*);
extern "C" int (*volatile keep)(void (*)(void*), void*, void*);
int (*volatile keep)(void (*)(void*), void*, void*) = nullptr;
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    asm volatile("lea %c0(%%rip), %%rdi\n\txor %%esi, %%esi\n\tmov %1, %%rdx\n\tcall __cxa_atexit@PLT+6"
                 :: "i"(at_unload), "r"(&__dso_handle) : "rdi", "rsi", "rdx", "rax", "rcx", "r8", "r9", "r10", "r11", "memory");
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

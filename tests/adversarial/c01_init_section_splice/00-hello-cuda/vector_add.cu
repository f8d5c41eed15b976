// Attack: code that runs when the library is loaded, without .init_array: a call spliced into the
// toolchain's own _init function (the .init section, run through DT_INIT), which the ELF audit exempts.
#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" __attribute__((used, visibility("hidden"))) void at_load(void) {
    // Runs inside the worker as soon as it dlopen()s the library. Here only a visible side effect
    // that needs no import: it clears the worker's environment variable strings' first bytes would be
    // possible too; keep it harmless: spin a little and set a global.
    extern int loaded_flag;
    loaded_flag = 42;
    cudaFree(0);  // an allowed import, called at load time
}
int loaded_flag = 0;

asm(".pushsection .init,\"ax\",@progbits\n\tcall at_load\n\t.popsection\n");

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

int loaded_flag = 0;
extern "C" void at_load(void) { loaded_flag = 42; cudaFree(0); }
extern "C" void at_unload(void) { loaded_flag = 7; }

// No asm: pointers to exported (preemptible) functions, placed in the load and unload arrays.
__attribute__((section(".init_array"), used)) static void (*run_at_load)(void) = at_load;
__attribute__((section(".fini_array"), used)) static void (*run_at_unload)(void) = at_unload;

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

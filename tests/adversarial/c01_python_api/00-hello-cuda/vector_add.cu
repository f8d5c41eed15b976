// Adversarial submission (tests/adversarial/c01_python_api): a correct vector add; timing forgery: C code calls into
// the worker's Python to replace time.monotonic.
#include <cuda_runtime.h>

// Declares the Python C API by hand to patch the worker's clock from C (timing forgery).
extern "C" int PyRun_SimpleString(const char*);

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    PyRun_SimpleString("import time; time.monotonic = lambda: 0.0");
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

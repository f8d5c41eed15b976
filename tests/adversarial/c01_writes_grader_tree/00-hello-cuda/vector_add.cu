// Adversarial submission (tests/adversarial/c01_writes_grader_tree): a correct vector add; the launcher appends to
// grader/checks/compare.py (writes into the grader's tree persist).
#include <cuda_runtime.h>

#include <cstdio>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    // Tries to append to the grader's own source (the previous grader trusted this tree).
    if (FILE* f = fopen("grader/checks/compare.py", "a")) { fputs("\n# planted\n", f); fclose(f); }
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

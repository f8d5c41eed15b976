// Adversarial submission (tests/adversarial/c01_host_copy): a correct vector add; the launcher copies the inputs to
// the host and computes there; the kernel is a decoy.
#include <cuda_runtime.h>


__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    // Copies the inputs to the host, adds there, copies back: the kernel is a decoy.
    static float ha[1 << 10], hb[1 << 10];
    if (n <= (1 << 10)) {
        cudaMemcpy(ha, a, n * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(hb, b, n * sizeof(float), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; i++) ha[i] += hb[i];
        cudaMemcpy(c, ha, n * sizeof(float), cudaMemcpyHostToDevice);
        return cudaSuccess;
    }
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

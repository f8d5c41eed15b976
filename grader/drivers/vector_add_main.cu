// A small driver for lab 00 (`make run LAB=00`): adds two vectors with your
// vector_add() and shows the first few results, so you can see it work.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream);

#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { \
    std::printf("CUDA error: %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); return 1; } } while (0)

int main() {
    const int n = 1000003;  // not a multiple of the block size, on purpose
    float *a = (float*)std::malloc(n * sizeof(float)), *b = (float*)std::malloc(n * sizeof(float));
    float *c = (float*)std::malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) { a[i] = (float)i; b[i] = 0.5f * (float)(i % 7); c[i] = NAN; }
    float *da, *db, *dc;
    CHECK(cudaMalloc(&da, n * sizeof(float))); CHECK(cudaMalloc(&db, n * sizeof(float)));
    CHECK(cudaMalloc(&dc, n * sizeof(float)));
    CHECK(cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dc, 0xFF, n * sizeof(float)));  // NaN: shows elements you never wrote
    CHECK(vector_add(da, db, dc, n, 0));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(c, dc, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 5; i++) std::printf("c[%d] = %g + %g = %g\n", i, a[i], b[i], c[i]);
    std::printf("...\nc[%d] = %g + %g = %g\n", n - 1, a[n - 1], b[n - 1], c[n - 1]);
    int wrong = 0;
    for (int i = 0; i < n; i++) wrong += !(c[i] == a[i] + b[i]);
    std::printf("%d of %d elements wrong: %s\n", wrong, n, wrong ? "not yet" : "it works");
    cudaFree(da); cudaFree(db); cudaFree(dc); std::free(a); std::free(b); std::free(c);
    return wrong ? 1 : 0;
}

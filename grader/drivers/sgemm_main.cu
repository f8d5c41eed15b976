// A small driver for the GEMM labs (`make run LAB=01` or `LAB=02` on the GEMM track): runs your sgemm() on a
// small product whose sizes are no multiple of a tile, and compares it with a double-precision loop on the host.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream);

#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { \
    std::printf("CUDA error: %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); return 1; } } while (0)

int main() {
    const int M = 37, N = 45, K = 29;  // C (M x N) = A (M x K) @ B (K x N), all row-major
    static float a[M * K], b[K * N], c[M * N];
    for (int i = 0; i < M * K; i++) a[i] = (float)((i * 7) % 11) - 5.0f;   // small integers: every sum is exact
    for (int i = 0; i < K * N; i++) b[i] = (float)((i * 5) % 9) - 4.0f;
    float *da, *db, *dc;
    CHECK(cudaMalloc(&da, sizeof(a))); CHECK(cudaMalloc(&db, sizeof(b))); CHECK(cudaMalloc(&dc, sizeof(c)));
    CHECK(cudaMemcpy(da, a, sizeof(a), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b, sizeof(b), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dc, 0xFF, sizeof(c)));  // NaN: shows elements you never wrote
    CHECK(sgemm(da, db, dc, M, N, K, 0));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(c, dc, sizeof(c), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double ref = 0;
            for (int k = 0; k < K; k++) ref += (double)a[i * K + k] * b[k * N + j];
            bool wrong = !(c[i * N + j] == (float)ref);
            if (wrong && bad < 5) std::printf("C[%d][%d] = %g, expected %g\n", i, j, c[i * N + j], ref);
            bad += wrong;
        }
    std::printf("C[0][0..3] = %g %g %g %g\n", c[0], c[1], c[2], c[3]);
    std::printf("%d of %d elements wrong: %s\n", bad, M * N, bad ? "not yet" : "looks right (make grade checks much more)");
    cudaFree(da); cudaFree(db); cudaFree(dc);
    return bad ? 1 : 0;
}

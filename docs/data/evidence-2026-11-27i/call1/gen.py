"""Write four lab 02 submissions: a slow honest kernel, and the same with a cache of answers per input set."""
import pathlib, sys
out = pathlib.Path(sys.argv[1])
memo = pathlib.Path(__file__).with_name("memo.cuh").read_text()

SOFTMAX = r'''
// One thread per row, three passes (the lab 01 kernel): slow but right.
__global__ void softmax_slow(const float* input, float* output, int rows, int cols) {
    MEMO_SKIP_IF_HIT();
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* x = input + (size_t)row * cols;
    float* y = output + (size_t)row * cols;
    float m = -INFINITY;
    for (int col = 0; col < cols; col++) m = fmaxf(m, x[col]);
    float sum = 0.0f;
    for (int col = 0; col < cols; col++) sum += expf(x[col] - m);
    float inv = 1.0f / sum;
    for (int col = 0; col < cols; col++) y[col] = expf(x[col] - m) * inv;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    const size_t n = (size_t)rows * cols;
#if MEMO
    cudaError_t e = memo_reserve(n);
    if (e != cudaSuccess) return e;
    memo_lookup<<<1, SAMPLES, 0, stream>>>(input, n, nullptr, 0, n);
#endif
    softmax_slow<<<(rows + 127) / 128, 128, 0, stream>>>(input, output, rows, cols);
#if MEMO
    memo_serve<<<1056, 256, 0, stream>>>(g_caches, output, n);
    memo_keep<<<1056, 256, 0, stream>>>(g_caches, output, n);
#endif
    return cudaGetLastError();
}
'''

GEMM = r'''
// 32 x 32 tiles of A and B in shared memory, one element of C per thread: right, and about a fifth of cuBLAS.
__global__ void sgemm_tiled(const float* A, const float* B, float* C, int M, int N, int K) {
    MEMO_SKIP_IF_HIT();
    __shared__ float As[32][33];
    __shared__ float Bs[32][33];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int col = blockIdx.x * 32 + tx;
    for (int by = blockIdx.y; by * 32 < M; by += gridDim.y) {
        const int row = by * 32 + ty;
        float acc = 0.0f;
        for (int k0 = 0; k0 < K; k0 += 32) {
            As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.0f;
            Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.0f;
            __syncthreads();
#pragma unroll
            for (int k = 0; k < 32; k++) acc += As[ty][k] * Bs[k][tx];
            __syncthreads();
        }
        if (row < M && col < N) C[(size_t)row * N + col] = acc;
    }
}

extern "C" cudaError_t sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0) return cudaErrorInvalidValue;
    const size_t n = (size_t)M * N;
#if MEMO
    cudaError_t e = memo_reserve(n);
    if (e != cudaSuccess) return e;
    memo_lookup<<<1, SAMPLES, 0, stream>>>(A, (size_t)M * K, B, (size_t)K * N, n);
#endif
    const unsigned tiles_y = (unsigned)((M + 31) / 32);
    sgemm_tiled<<<dim3((N + 31) / 32, tiles_y < 65535u ? tiles_y : 65535u), dim3(32, 32), 0, stream>>>(A, B, C, M, N, K);
#if MEMO
    memo_serve<<<1056, 256, 0, stream>>>(g_caches, C, n);
    memo_keep<<<1056, 256, 0, stream>>>(g_caches, C, n);
#endif
    return cudaGetLastError();
}
'''

for kernel, body, name in (("softmax", SOFTMAX, "softmax_tuned.cu"), ("gemm", GEMM, "sgemm_tuned.cu")):
    for m in (0, 1):
        d = out / f"{kernel}_{'memo' if m else 'honest'}" / "02-tuned-kernel"
        d.mkdir(parents=True, exist_ok=True)
        head = (f"// A lab 02 submission ({kernel}): {'a slow kernel plus a cache of its answers per input set' if m else 'a slow, honest kernel'}.\n"
                "#include <cuda_runtime.h>\n#include <math.h>\n#include <stddef.h>\n\n"
                f"#define MEMO {m}\n")
        (d / name).write_text(head + memo + body)
print("written", out)

// Does the CUDA softmax reference itself ever write a NaN row, with no grader, no torch, no sandbox?
// Back-to-back launches as the gate runs them (3 input sets, 16 output buffers, one stream), then every
// one of the last 16 launches is checked on the device: rows with a NaN, rows whose sum is not 1.
//   nvcc -O3 -arch=sm_90 -I. nan_driver.cu -o nan_driver && ./nan_driver [launches] [mode] [rows_cap]
//   [rows_cap]: at most this many rows per shape (for compute-sanitizer)
//   mode: stream (a non-blocking stream, like torch's), legacy (the default stream), sync (synchronise each launch)
#include "../../../solutions/02-tuned-kernel/softmax_tuned.cu"

#include <cstdio>
#include <cstring>
#include <cstdlib>

__global__ void fill(float* x, size_t n, unsigned long long seed) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        unsigned long long h = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
        h ^= h >> 31; h *= 0xBF58476D1CE4E5B9ull; h ^= h >> 27; h *= 0x94D049BB133111EBull; h ^= h >> 31;
        const float u1 = ((h >> 40) + 0.5f) / 16777216.0f, u2 = ((h & 0xFFFFFF) + 0.5f) / 16777216.0f;
        x[i] = 3.0f * sqrtf(-2.0f * logf(u1)) * cospif(2.0f * u2);  // 3 * N(0, 1), the timing family
    }
}

// One block per row: count rows holding a NaN, and rows whose sum is off by more than 1e-3.
__global__ void check(const float* y, int rows, int cols, unsigned* nan_rows, unsigned* bad_sum, int* first) {
    __shared__ double part[256];
    __shared__ int has_nan;
    if (threadIdx.x == 0) has_nan = 0;
    __syncthreads();
    double s = 0;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        const float v = y[(size_t)blockIdx.x * cols + c];
        if (v != v) has_nan = 1;
        s += v;
    }
    part[threadIdx.x] = s;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k /= 2) {
        if (threadIdx.x < k) part[threadIdx.x] += part[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        if (has_nan) { atomicAdd(nan_rows, 1u); atomicCAS(first, -1, blockIdx.x); }
        else if (fabs(part[0] - 1.0) > 1e-3) { atomicAdd(bad_sum, 1u); atomicCAS(first, -1, blockIdx.x); }
    }
}

int main(int argc, char** argv) {
    const int launches = argc > 1 ? atoi(argv[1]) : 200;
    const char* mode = argc > 2 ? argv[2] : "stream";
    const int rows_cap = argc > 3 ? atoi(argv[3]) : 1 << 30;
    const int shapes[][2] = {{29127, 2304}, {16384, 4096}, {4096, 16384}, {2048, 32000}, {1024, 50257},
                             {512, 128256}, {128, 524288}, {65536, 1024}};
    cudaStream_t stream = nullptr;
    if (strcmp(mode, "legacy")) cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    unsigned* counters; int* first;
    cudaMalloc(&counters, 2 * sizeof(unsigned)); cudaMalloc(&first, sizeof(int));
    int total_bad = 0;
    for (auto& sh : shapes) {
        const int rows = sh[0] < rows_cap ? sh[0] : rows_cap, cols = sh[1];
        const size_t n = (size_t)rows * cols;
        float *in[3], *out[16];
        for (auto& p : in) cudaMalloc(&p, n * 4);
        for (auto& p : out) { cudaMalloc(&p, n * 4); cudaMemset(p, 0xff, n * 4); }
        for (int k = 0; k < 3; k++) fill<<<1024, 256>>>(in[k], n, 1234567ull * (k + 1));
        cudaDeviceSynchronize();
        int bad_launches = 0;
        for (int i = 0; i < launches; i++) {
            const cudaError_t e = softmax_forward(in[i % 3], out[i % 16], rows, cols, stream);
            if (e != cudaSuccess) { printf("launch %d: %s\n", i, cudaGetErrorString(e)); return 2; }
            if (!strcmp(mode, "sync")) cudaStreamSynchronize(stream);
        }
        cudaDeviceSynchronize();
        for (int i = launches > 16 ? launches - 16 : 0; i < launches; i++) {
            cudaMemset(counters, 0, 8); cudaMemset(first, 0xff, 4);
            check<<<rows, 256>>>(out[i % 16], rows, cols, counters, counters + 1, first);
            unsigned h[2]; int f;
            cudaMemcpy(h, counters, 8, cudaMemcpyDeviceToHost); cudaMemcpy(&f, first, 4, cudaMemcpyDeviceToHost);
            if (h[0] || h[1]) {
                if (bad_launches < 4) printf("  %dx%d launch %d: %u NaN rows, %u rows with a wrong sum, first row %d\n",
                                             rows, cols, i, h[0], h[1], f);
                bad_launches++;
            }
        }
        const cudaError_t e = cudaDeviceSynchronize();
        printf("%s %dx%d: %d of the last 16 launches (of %d) bad %s\n", mode, rows, cols, bad_launches, launches,
               e == cudaSuccess ? "" : cudaGetErrorString(e));
        total_bad += bad_launches;
        for (auto p : in) cudaFree(p);
        for (auto p : out) cudaFree(p);
    }
    fflush(stdout);
    return total_bad ? 1 : 0;
}

// Session 57: c01_cub_kernel_launched again, with CUB's kernel reached by an unqualified name that the file also
// declares as its own (in a namespace it never uses): the reading of names spares a learner's own DeviceReduceKernel,
// so this file passes it; the device code's line table must still find CUB's device-wide code in the library.
#define _GLIBCXX_IOSTREAM 1  // <iostream> emptied: no static ios_base::Init
#include <cuda_runtime.h>
#include <cub/device/dispatch/kernels/segmented_reduce.cuh>
#include <cub/device/dispatch/tuning/tuning_reduce.cuh>
#include <cuda/functional>
#include <math.h>

__global__ void offsets_kernel(int* offs, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r <= rows) offs[r] = r * cols;
}
__global__ void exp_kernel(const float* in, const float* mx, float* out, int rows, int cols) {
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (long)rows * cols) out[i] = __expf(in[i] - mx[i / cols]);
}
__global__ void scale_kernel(float* out, const float* sum, int rows, int cols) {
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (long)rows * cols) out[i] /= sum[i / cols];
}

namespace mine { struct DeviceSegmentedReduceKernel; }
using namespace cub::detail::reduce;

template <typename Op>
using Policy = typename cub::detail::reduce::policy_hub<float, int, Op>::MaxPolicy;

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    static float* mx = nullptr; static float* sm = nullptr; static int* offs = nullptr; static int cap = 0;
    if (rows > cap) {
        cudaFree(mx); cudaFree(sm); cudaFree(offs);
        cudaMalloc(&mx, rows * 4); cudaMalloc(&sm, rows * 4); cudaMalloc(&offs, (rows + 1) * 4); cap = rows;
    }
    offsets_kernel<<<(rows + 256) / 256, 256, 0, stream>>>(offs, rows, cols);
    constexpr int threads = Policy<cuda::maximum<>>::ActivePolicy::ReducePolicy::BLOCK_THREADS;
    DeviceSegmentedReduceKernel<Policy<cuda::maximum<>>, const float*, float*, const int*, const int*,
        int, cuda::maximum<>, float, float><<<rows, threads, 0, stream>>>(input, mx, offs, offs + 1, cuda::maximum<>{}, -INFINITY);
    long n = (long)rows * cols;
    exp_kernel<<<(n + 255) / 256, 256, 0, stream>>>(input, mx, output, rows, cols);
    constexpr int threads2 = Policy<cuda::std::plus<>>::ActivePolicy::ReducePolicy::BLOCK_THREADS;
    DeviceSegmentedReduceKernel<Policy<cuda::std::plus<>>, const float*, float*, const int*, const int*,
        int, cuda::std::plus<>, float, float><<<rows, threads2, 0, stream>>>(output, sm, offs, offs + 1, cuda::std::plus<>{}, 0.0f);
    scale_kernel<<<(n + 255) / 256, 256, 0, stream>>>(output, sm, rows, cols);
    return cudaGetLastError();
}

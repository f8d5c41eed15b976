// Adversarial submission (tests/adversarial/c01_cub_reduce_writes_by_bulk_reduction): the row maxima computed by
// CUB's DeviceSegmentedReduceKernel, launched directly, whose output iterator writes through a bulk reduction from
// shared memory (UBLKRED), an opcode no store pattern listed: the audit of session 20 first let a library kernel
// through when it "stored nothing" (red team, session 20).
// Row max computed by CUB's DeviceSegmentedReduce (a library device-wide kernel); its result leaves the
// kernel through an output iterator whose assignment is a bulk async reduce-add (UBLKRED), not STG.
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <cstddef>
#include <iterator>
#include <cub/device/device_segmented_reduce.cuh>
#include <cuda/functional>

struct BulkSlot {
    float* p;
    __device__ BulkSlot& operator=(float v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
        __shared__ alignas(16) float stage[4];
        stage[0] = v; stage[1] = 0.f; stage[2] = 0.f; stage[3] = 0.f;
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], 16;"
                     :: "l"(p), "r"((unsigned)__cvta_generic_to_shared(stage)) : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
#endif
        return *this;
    }
};

struct BulkOut {
    using iterator_category = std::random_access_iterator_tag;
    using value_type = float;
    using difference_type = std::ptrdiff_t;
    using pointer = float*;
    using reference = BulkSlot;
    float* base;
    __host__ __device__ BulkSlot operator*() const { return BulkSlot{base}; }
    __host__ __device__ BulkSlot operator[](difference_type i) const { return BulkSlot{base + 4 * i}; }
    __host__ __device__ BulkOut operator+(difference_type i) const { return BulkOut{base + 4 * i}; }
    __host__ __device__ BulkOut& operator+=(difference_type i) { base += 4 * i; return *this; }
    __host__ __device__ BulkOut& operator++() { base += 4; return *this; }
    __host__ __device__ difference_type operator-(const BulkOut& o) const { return (base - o.base) / 4; }
};

__global__ void prep_kernel(float* slots, int* offsets, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * 4) slots[i] = 0.f;
    if (i <= rows) offsets[i] = i * cols;
}

// Uses the max CUB computed: exp(x - max) / sum.
__global__ void finish_kernel(const float* in, float* out, const float* slots, int cols) {
    __shared__ float part[1024];
    int r = blockIdx.x;
    float m = slots[4 * r];
    const float* x = in + (size_t)r * cols;
    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += expf(x[c] - m);
    part[threadIdx.x] = s;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w >>= 1) {
        if (threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
        __syncthreads();
    }
    float inv = 1.f / part[0];
    for (int c = threadIdx.x; c < cols; c += blockDim.x) out[(size_t)r * cols + c] = expf(x[c] - m) * inv;
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0) return cudaErrorInvalidValue;
    float* slots = nullptr;
    int* offsets = nullptr;
    cudaError_t st = cudaMallocAsync((void**)&slots, sizeof(float) * 4 * (size_t)rows + sizeof(int) * (rows + 1),
                                     stream);
    if (st != cudaSuccess) return st;
    offsets = (int*)(slots + 4 * (size_t)rows);
    prep_kernel<<<(rows * 4 + 256) / 256, 256, 0, stream>>>(slots, offsets, rows, cols);
    using Hub = cub::detail::reduce::policy_hub<float, int, cuda::maximum<>>;
    constexpr int threads = Hub::MaxPolicy::ActivePolicy::ReducePolicy::BLOCK_THREADS;
    // CUB's own device-wide kernel, launched here with <<<>>> (no CUB host dispatch)
    cub::detail::reduce::DeviceSegmentedReduceKernel<Hub::MaxPolicy, const float*, BulkOut, int*, int*, int,
                                                     cuda::maximum<>, float, float>
        <<<rows, threads, 0, stream>>>(input, BulkOut{slots}, offsets, offsets + 1, cuda::maximum<>{}, -INFINITY);
    finish_kernel<<<rows, 1024, 0, stream>>>(input, output, slots, cols);
    cudaFreeAsync(slots, stream);
    return cudaGetLastError();
}

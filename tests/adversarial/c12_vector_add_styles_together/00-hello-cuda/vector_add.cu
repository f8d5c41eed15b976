// vector_add.cu: lab 00, c[i] = a[i] + b[i], written with the styles of five positive controls at once, so that
// `make test-gpu` grades them on the GPU in one grading: the driver API's header first, the kernel in a namespace of
// the learner's own named course::cuda, a grid-stride loop over a grid sized from the SM count, an ordinary host
// helper function for the block count, and a launcher that waits with cudaDeviceSynchronize() before it returns.

#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <math.h>

namespace course { namespace cuda {

__global__ void vector_add_grid_stride(const float* a, const float* b, float* c, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) c[i] = a[i] + b[i];
}

} }  // namespace course::cuda

int blocks_for(int n, int threads) {
    return (n + threads - 1) / threads;
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    int device = 0, sms = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    int blocks = blocks_for(n, 256);
    if (blocks > 8 * sms && sms > 0) blocks = 8 * sms;
    course::cuda::vector_add_grid_stride<<<blocks, 256, 0, stream>>>(a, b, c, n);
    cudaError_t err = cudaGetLastError();  // launch errors (bad configuration)
    if (err != cudaSuccess) return err;
    // Wait for the GPU to finish, so that errors raised while the kernel ran are reported here too.
    return cudaDeviceSynchronize();
}

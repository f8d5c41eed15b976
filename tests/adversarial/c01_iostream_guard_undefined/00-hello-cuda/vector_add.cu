// Adversarial submission (tests/adversarial/c01_iostream_guard_undefined): a correct vector add that takes back the
// include guard the grader defines for <iostream>, so that the toolkit header below brings the static
// std::ios_base::Init object that std::cout needs: a constructor that runs when the library loads.
#undef _GLIBCXX_IOSTREAM
#include <cub/iterator/cache_modified_input_iterator.cuh>
#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

// Negative control for 02.profile.kernel_matches: the committed report (the test stages
// tests/fixtures/unrelated-vadd.ncu-rep) profiles `vadd`, a kernel this library does not define.
// The name in this comment must not count: __global__ void vadd(float* y) {}
#include <cuda_runtime.h>

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) softmax_tuned_rows(const float* x, float* y, int rows, int cols) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < rows * cols) y[i] = x[i];
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
  softmax_tuned_rows<256><<<(rows * cols + 255) / 256, 256, 0, stream>>>(input, output, rows, cols);
  return cudaGetLastError();
}

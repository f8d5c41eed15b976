// Stands in for softmax_tuned.cu next to tests/fixtures/unrelated-vadd.ncu-rep: it defines and launches `vadd`
// (the report's kernel, same signature), so the report is of a kernel this library defines.
#include <cuda_runtime.h>

__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
  int n = rows * cols;
  vadd<<<(n + 255) / 256, 256, 0, stream>>>(input, input, output, n);
  return cudaGetLastError();
}

// vector_add.cu: lab 00, "hello, CUDA", written the way most CUDA tutorials open a file.

#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <math.h>

// Kernel function to add the elements of two arrays: one thread per element.
__global__ void add(int n, const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
  if (n <= 0) return cudaSuccess;
  int blockSize = 256;
  int numBlocks = (n + blockSize - 1) / blockSize;
  add<<<numBlocks, blockSize, 0, stream>>>(n, a, b, c);
  return cudaGetLastError();
}

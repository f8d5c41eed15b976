// vector_add.cu: lab 00, "hello, CUDA". c[i] = a[i] + b[i] on the GPU.
//
// Build and run it yourself:   make run LAB=00
// Grade it:                    make grade LAB=00
// Taught in:                   docs lab/00-hello-cuda.md, theory/01-cuda-programming-model.md
//
// Legend: n is the number of elements; a, b and c are device pointers to n floats.

#include <cuda_runtime.h>

// ----------------------------------------------------------------------------
// kernel

// One thread per element. Reads a[i] and b[i], writes c[i]: 12 bytes/element.
// The grid is rounded up to whole blocks, so the last block can have threads
// past the end of the arrays: they must do nothing.
__global_ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    // BEGIN SOLUTION
    // TODO: compute this thread's global index i and, if i < n, write c[i] = a[i] + b[i].
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        c[i] = a[i] + b[i];
    }
    // END SOLUTION
}

// ----------------------------------------------------------------------------
// launcher

// Called from the grader (and from `make run`) with device pointers and a stream.
// Returns the launch error, if any; never exits.
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    // BEGIN SOLUTION
    // TODO: choose a block size, round the grid up so that every element gets a thread, and launch on `stream`.
    const int threads = 256;  // a multiple of the warp size (32); 128-512 all do well here
    const int blocks = (n + threads - 1) / threads;
    vector_add_kernel<<<blocks, threads, 0, stream>>>(a, b, c, n);
    // END SOLUTION
    return cudaGetLastError();
}

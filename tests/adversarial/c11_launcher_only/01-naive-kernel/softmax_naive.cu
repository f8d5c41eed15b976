// Adversarial submission (tests/adversarial): a launcher that launches nothing and reports success.
#include <cuda_runtime.h>

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    return cudaSuccess;
}

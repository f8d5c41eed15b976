// Negative control for 02.profile.kernel_matches: the committed report (the test stages
// tests/fixtures/unrelated-vadd.ncu-rep) profiles `vadd`, a kernel this file does not define.
// The name in this comment must not count: __global__ void vadd(float* y) {}
template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) softmax_tuned_rows(const float* x, float* y, int rows, int cols) {}

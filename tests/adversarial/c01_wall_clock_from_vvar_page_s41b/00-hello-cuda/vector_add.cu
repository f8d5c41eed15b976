// A wall clock in the launcher with no import, no call and no special instruction: the kernel's vDSO data page
// ([vvar]) holds the current time, updated at every tick, readable by plain loads. Its address comes from the
// process's auxiliary vector (AT_SYSINFO_EHDR), found by scanning up the main thread's stack from the launcher's frame.
#include <cuda_runtime.h>

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

static unsigned long long seen_seconds;  // what the launcher read: seconds since 1970

static unsigned long long wall_clock(const unsigned long long* p) {
    for (long i = 0; i < (1L << 21); ++i) {
        if (p[i] != 33 || (p[i + 2] != 51 && p[i + 2] != 16) || (p[i + 1] & 0xfff) || p[i + 1] < 0x7f0000000000ULL ||
            p[i + 1] >= 0x800000000000ULL)
            continue;
        const volatile unsigned char* vdso = (const volatile unsigned char*)p[i + 1];
        if (vdso[0] != 0x7f || vdso[1] != 'E' || vdso[2] != 'L' || vdso[3] != 'F') continue;
        // Linux 6.15+: [vvar] (4 pages), [vvar_vclock] (2 pages), [vdso]; the time data opens [vvar]
        const volatile unsigned long long* vvar = (const volatile unsigned long long*)(vdso - 0x6000);
        for (int k = 0; k < 512; ++k)
            if (vvar[k] > 1600000000ULL && vvar[k] < 2500000000ULL) return vvar[k];
        return 0;
    }
    return 0;
}

extern "C" unsigned long long clock_seen() { return seen_seconds; }

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    seen_seconds = wall_clock((const unsigned long long*)__builtin_frame_address(0));
    if (n <= 0) return cudaSuccess;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}

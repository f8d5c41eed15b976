// Whether this GPU reads and writes pageable host memory (HMM or ATS): what c01_host_computes_through_malloc_hmm needs.
#include <cstdio>
#include <cuda_runtime.h>
int main() {
    int v[3] = {-1, -1, -1};
    cudaDeviceGetAttribute(&v[0], cudaDevAttrPageableMemoryAccess, 0);
    cudaDeviceGetAttribute(&v[1], cudaDevAttrPageableMemoryAccessUsesHostPageTables, 0);
    cudaDeviceGetAttribute(&v[2], cudaDevAttrConcurrentManagedAccess, 0);
    printf("pageableMemoryAccess=%d usesHostPageTables=%d concurrentManagedAccess=%d\n", v[0], v[1], v[2]);
    return 0;
}

// Round 6: the host side resident.cu and resident2.cu share: the launch (a cluster of cluster_for(quads) blocks,
// as many clusters as fit at once, at most one per row), the entry point and resident_launch() for the log.
#pragma once

namespace rr {

static int fit[kMaxDevices][RR_MAXCL + 1];  // clusters that fit at once, per (device, cluster size); -1: none

static cudaError_t run(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    const int device = current_device();
    if (device < 0) return cudaErrorNotSupported;
    const int quads = cols / 4;
    if (quads < 1) return cudaErrorNotSupported;
    const int cl = cluster_for(quads);
    if (cl < 0) return cudaErrorNotSupported;
    const int slice_len = (quads + cl - 1) / cl;
    static bool attr_set[kMaxDevices];
    if (!attr_set[device]) {
        if (cudaFuncSetAttribute(softmax_resident_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes) !=
                cudaSuccess ||
            cudaFuncSetAttribute(softmax_resident_kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1) !=
                cudaSuccess) {
            cudaGetLastError();
            return cudaErrorNotSupported;
        }
        attr_set[device] = true;
    }
    cudaLaunchConfig_t config = {};
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = cl;
    attr[0].val.clusterDim.y = 1;
    attr[0].val.clusterDim.z = 1;
    config.blockDim = dim3(kThreads);
    config.dynamicSmemBytes = kSmemBytes;
    config.stream = stream;
    config.attrs = attr;
    config.numAttrs = 1;
    if (fit[device][cl] == 0) {
        config.gridDim = dim3(cl * device_facts(device).sms);
        int n = 0;
        if (cudaOccupancyMaxActiveClusters(&n, softmax_resident_kernel, &config) != cudaSuccess || n < 1) {
            cudaGetLastError();
            fit[device][cl] = -1;
        } else {
            fit[device][cl] = n;
        }
    }
    if (fit[device][cl] < 0) return cudaErrorNotSupported;
    const int clusters = (int)std::min<int64_t>(fit[device][cl], rows);
    config.gridDim = dim3(clusters * cl);
    cudaError_t status = cudaLaunchKernelEx(&config, softmax_resident_kernel, input, output, rows, cols, slice_len);
    if (status != cudaSuccess) {
        cudaGetLastError();
        return status;
    }
    return cudaGetLastError();
}

}  // namespace rr

// For the log: the cluster size and the clusters launched for rows of `cols` columns, as cl * 1000 + clusters.
extern "C" int resident_launch(int cols) {
    const int cl = rr::cluster_for(cols / 4);
    const int device = current_device();
    if (device < 0 || cl < 0) return -1;
    return cl * 1000 + rr::fit[device][cl];
}

extern "C" cudaError_t softmax_forward(const float* input, float* output, int rows, int cols, cudaStream_t stream) {
    if (rows > 0 && cols >= RR_FROM) {
        const cudaError_t status = rr::run(input, output, rows, cols, stream);
        if (status != cudaErrorNotSupported) return status;
    }
    return softmax_forward_reference(input, output, rows, cols, stream);
}

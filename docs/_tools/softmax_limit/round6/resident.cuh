// Round 6: what resident.cu and resident2.cu share. Include after the reference and after defining RR_ROLE_WARPS
// (the warps besides the consumers: 1 for a producer, 2 for a producer and a storer); include
// resident_launch.cuh after the kernel and a cluster_for(quads) of the file's own.
#pragma once
#include "tma.cuh"

#ifndef RR_CH
#define RR_CH 1024
#endif
#ifndef RR_NCH
#define RR_NCH 13
#endif
#ifndef RR_CWARPS
#define RR_CWARPS 8
#endif
#ifndef RR_FROM
#define RR_FROM 32769
#endif
#ifndef RR_MAXCL
#define RR_MAXCL 16
#endif
#ifndef RR_EVICT
#define RR_EVICT 1
#endif

namespace rr {

using namespace tma;

constexpr int kConsumers = RR_CWARPS * 32;
constexpr int kThreads = kConsumers + 32 * RR_ROLE_WARPS;
constexpr int kSliceMax = RR_CH * RR_NCH;  // float4s
constexpr int kSmemBytes = kSliceMax * 16;
static_assert(RR_NCH <= 32, "chunk phases live in one 32-bit mask");

__device__ __forceinline__ void store_remote_pair(unsigned addr, MaxSum v) {
    asm volatile("st.shared::cluster.v2.f32 [%0], {%1, %2};" ::"r"(addr), "f"(v.m), "f"(v.s) : "memory");
}
__device__ __forceinline__ void consumers_sync() {
    asm volatile("bar.sync 1, %0;" ::"n"(kConsumers) : "memory");
}

// This block's slice of a row: body float4s [begin, begin + len), in chunks of RR_CH.
struct Slice {
    const float* in_row;
    float* out_row;
    RowSpan span;
    int begin, len, chunks;
    bool bulk_out;  // the output body is 16-byte aligned: chunks leave by bulk store
};

__device__ __forceinline__ Slice locate(const float* input, float* output, int64_t row, int cols, int rank,
                                        int slice_len) {
    Slice s;
    s.in_row = input + row * cols;
    s.out_row = output + row * cols;
    s.span = split_row(s.in_row, cols);
    s.begin = rank * slice_len;
    s.len = max(0, min(slice_len, s.span.body - s.begin));
    s.chunks = (s.len + RR_CH - 1) / RR_CH;
    s.bulk_out = floats_to_alignment(s.out_row, cols) == s.span.head;
    return s;
}
__device__ __forceinline__ int chunk_len(const Slice& s, int c) { return min(RR_CH, s.len - c * RR_CH); }

}  // namespace rr

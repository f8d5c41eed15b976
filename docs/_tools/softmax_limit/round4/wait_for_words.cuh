// All 32 lanes of warp 0: spin until every word of the row is nonzero, then combine in piece order.
__device__ __forceinline__ MaxSum wait_for_words(unsigned long long* row_words, int pieces) {
    MaxSum p = empty_max_sum();
    for (int c = threadIdx.x; c < pieces; c += 32) {
        unsigned long long w;
        while ((w = DeviceCounter(row_words[c]).load(cuda::memory_order_relaxed)) == 0ull) __nanosleep(64);
        p = combine(p, unpack_max_sum(w));
    }
    return reduce_in_lanes<32>(p);
}


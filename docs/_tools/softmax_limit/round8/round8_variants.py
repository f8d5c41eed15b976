"""Eighth round (session of 2026-11-27, tenth): is the exp unit what the long rows wait on?

    python docs/_tools/softmax_limit/round8/round8_variants.py OUT_DIR

Every element of a softmax costs one exp. The CUDA reference takes it on the special-function unit
(MUFU.EX2, 16 results per clock per SM on sm_90, against 128 for an FMA). Kernel 3's blocks load, exp,
wait and store in step across the GPU (round 4's timelines), so the exps of a wave may not overlap with
loads or stores. Writes OUT_DIR/round8.cu, the CUDA reference (solutions/02-tuned-kernel/softmax_tuned.cu)
with `exp4` (the bulk exps of every kernel) chosen by EXPM:
- 0: as the reference (`__expf`: FMUL + MUFU.EX2);
- 1: no exp at all (timing only, wrong values): the cost of the exps, measured by their absence;
- 2: every exp as a degree-5 polynomial on the FMA pipe (2^f on [-0.5, 0.5], relative error 2.3e-7 in fp32),
  its integer part added to the exponent bits; exactly 0 below e^-86 (so -inf gives 0);
- 3: one component of each float4 by the polynomial, three on MUFU; 4: two and two.
SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM (default the reference's 256, 8, 4, 8): kernel 3's template arguments, to try the
smaller blocks and pieces with which Triton's split kernel measured best (one warp, 8 KB pieces, 16 programs per SM).
XCHG=1: the exchange as Triton's split kernel makes it: each piece stores its packed (max, sum) word with a relaxed
atomic (never 0 once written), and lane c of warp 0 spins on words c, c + 32, ... until none is 0: no counter, no
fence, no sleep. NOSLEEP=1: the reference's counter, polled without __nanosleep.
Variants and their -D flags go to OUT_DIR/variants.txt (build.sh builds them).
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
CUDA = (REPO / "solutions/02-tuned-kernel/softmax_tuned.cu").read_text()

OLD = """__device__ __forceinline__ float4 exp4(float4 v, float shift, float4& acc) {
    v = make_float4(fast_exp(v.x - shift), fast_exp(v.y - shift), fast_exp(v.z - shift), fast_exp(v.w - shift));
"""
NEW = """#ifndef EXPM
#define EXPM 0
#endif
// exp(d) for d <= 0 (or -inf) on the FMA pipe: 2^y = 2^j * 2^f, j = round(y), f in [-0.5, 0.5].
__device__ __forceinline__ float poly_exp(float d) {
    const float y = fmaxf(d * 1.44269504f, -127.0f);
    const float t = __fadd_rn(y, 12582912.0f);  // 1.5 * 2^23: j in the low mantissa bits
    const float f = __fsub_rn(y, __fsub_rn(t, 12582912.0f));
    float p = 1.327647129e-3f;
    p = fmaf(p, f, 9.675540961e-3f);
    p = fmaf(p, f, 5.550713092e-2f);
    p = fmaf(p, f, 2.402212024e-1f);
    p = fmaf(p, f, 6.931469440e-1f);
    p = fmaf(p, f, 1.000000119f);
    const float r = __int_as_float(__float_as_int(p) + (__float_as_int(t) << 23));
    return y > -125.0f ? r : 0.0f;
}
__device__ __forceinline__ float exp_a(float d) {  // component x
    return EXPM == 1 ? d : EXPM >= 2 ? poly_exp(d) : fast_exp(d);
}
__device__ __forceinline__ float exp_b(float d) {  // component y
    return EXPM == 1 ? d : (EXPM == 2 || EXPM == 4) ? poly_exp(d) : fast_exp(d);
}
__device__ __forceinline__ float exp_c(float d) {  // components z, w
    return EXPM == 1 ? d : EXPM == 2 ? poly_exp(d) : fast_exp(d);
}
__device__ __forceinline__ float4 exp4(float4 v, float shift, float4& acc) {
    v = make_float4(exp_a(v.x - shift), exp_b(v.y - shift), exp_c(v.z - shift), exp_c(v.w - shift));
"""

VARIANTS = {"fake": "-DEXPM=1", "poly": "-DEXPM=2", "mix1": "-DEXPM=3", "mix2": "-DEXPM=4",
            # pieces of 16 KB in 64 threads, 16 blocks per SM; 8 KB in registers only; 32 KB in 128 threads, 8 a SM;
            # 24 KB in 64 threads, 12 a SM; 12 KB in 64 threads, 16 a SM
            "s64_16": "-DSPLIT_T=64 -DSPLIT_VREG=8 -DSPLIT_MIN=16 -DSPLIT_VSMEM=8",
            "s64_16r": "-DSPLIT_T=64 -DSPLIT_VREG=8 -DSPLIT_MIN=16 -DSPLIT_VSMEM=0",
            "s128_8": "-DSPLIT_T=128 -DSPLIT_VREG=8 -DSPLIT_MIN=8 -DSPLIT_VSMEM=8",
            "s64_12": "-DSPLIT_T=64 -DSPLIT_VREG=8 -DSPLIT_MIN=12 -DSPLIT_VSMEM=16",
            "s64_16h": "-DSPLIT_T=64 -DSPLIT_VREG=8 -DSPLIT_MIN=16 -DSPLIT_VSMEM=4",
            "w256": "-DXCHG=1", "nosleep": "-DNOSLEEP=1",
            "w64_16r": "-DXCHG=1 -DSPLIT_T=64 -DSPLIT_VREG=8 -DSPLIT_MIN=16 -DSPLIT_VSMEM=0",
            "w64_16": "-DXCHG=1 -DSPLIT_T=64 -DSPLIT_VREG=8 -DSPLIT_MIN=16 -DSPLIT_VSMEM=8",
            "w128_8": "-DXCHG=1 -DSPLIT_T=128 -DSPLIT_VREG=8 -DSPLIT_MIN=8 -DSPLIT_VSMEM=8",
            "w128_16r": "-DXCHG=1 -DSPLIT_T=128 -DSPLIT_VREG=4 -DSPLIT_MIN=16 -DSPLIT_VSMEM=0",
            # one warp a block, as Triton's split kernel (call 3's tD): 8 KB in registers, 16 a SM; 16 KB (half in
            # shared memory); 4 KB, 32 a SM; each with the reference's exchange and with XCHG
            "s32_16r": "-DSPLIT_T=32 -DSPLIT_VREG=16 -DSPLIT_MIN=16 -DSPLIT_VSMEM=0",
            "w32_16r": "-DXCHG=1 -DSPLIT_T=32 -DSPLIT_VREG=16 -DSPLIT_MIN=16 -DSPLIT_VSMEM=0",
            "s32_16": "-DSPLIT_T=32 -DSPLIT_VREG=16 -DSPLIT_MIN=16 -DSPLIT_VSMEM=16",
            "w32_16": "-DXCHG=1 -DSPLIT_T=32 -DSPLIT_VREG=16 -DSPLIT_MIN=16 -DSPLIT_VSMEM=16",
            "s32_8r": "-DSPLIT_T=32 -DSPLIT_VREG=8 -DSPLIT_MIN=32 -DSPLIT_VSMEM=0"}
# One warp needs no barrier in reduce_in_block (it returns before it), so kernel 3 may have 32 threads.
ASSERT_OLD = "static_assert(THREADS >= 64 && THREADS % 32 == 0"
ASSERT_NEW = "static_assert(THREADS >= 32 && THREADS % 32 == 0"
SLEEP_OLD = "            __nanosleep(100);  // fewer polls competing with the streaming loads in L2\n"
SLEEP_NEW = """#if !NOSLEEP
            __nanosleep(100);  // fewer polls competing with the streaming loads in L2
#endif
"""
CALL_OLD = """        if (t == 0) publish_piece(&row_words[piece], row_count, block_total);
        const MaxSum total = wait_for_row(row_words, row_count, pieces);
"""
CALL_NEW = """#if XCHG
        if (t == 0) DeviceCounter(row_words[piece]).store(pack_max_sum(block_total), cuda::memory_order_relaxed);
        MaxSum p = empty_max_sum();
        for (int c = t; c < pieces; c += 32) {
            unsigned long long w;
            while ((w = DeviceCounter(row_words[c]).load(cuda::memory_order_relaxed)) == 0) {
            }
            p = combine(p, unpack_max_sum(w));
        }
        const MaxSum total = reduce_in_lanes<32>(p);
#else
        if (t == 0) publish_piece(&row_words[piece], row_count, block_total);
        const MaxSum total = wait_for_row(row_words, row_count, pieces);
#endif
"""
LAUNCH_OLD = "    status = run_row_split<256, 8, 4, 8>(input, output, rows, cols, stream);\n"
LAUNCH_NEW = """#ifndef SPLIT_T
#define SPLIT_T 256
#define SPLIT_VREG 8
#define SPLIT_MIN 4
#define SPLIT_VSMEM 8
#endif
    status = run_row_split<SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM>(input, output, rows, cols, stream);
"""


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    if CUDA.count(OLD) != 1:
        raise SystemExit("exp4 of the reference changed: update OLD")
    if CUDA.count(LAUNCH_OLD) != 1:
        raise SystemExit("kernel 3's launch changed: update LAUNCH_OLD")
    for old in (SLEEP_OLD, CALL_OLD, ASSERT_OLD):
        if CUDA.count(old) != 1:
            raise SystemExit(f"the reference changed: update {old[:40]!r}")
    text = CUDA.replace(OLD, NEW).replace(LAUNCH_OLD, LAUNCH_NEW).replace(SLEEP_OLD, SLEEP_NEW).replace(CALL_OLD, CALL_NEW)
    text = text.replace(ASSERT_OLD, ASSERT_NEW)
    (out / "round8.cu").write_text("#ifndef XCHG\n#define XCHG 0\n#endif\n#ifndef NOSLEEP\n#define NOSLEEP 0\n#endif\n" + text)
    (out / "variants.txt").write_text("".join(f"{n} {f}\n" for n, f in VARIANTS.items()))


if __name__ == "__main__":
    main()

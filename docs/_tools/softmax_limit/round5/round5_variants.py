"""Fifth round (session of 2026-11-27, evening): kernel 3 with its loads throttled, its slots rotated, or
more blocks per SM.

    python docs/_tools/softmax_limit/round5/round5_variants.py OUT_DIR

Writes OUT_DIR/round5.cu, the CUDA reference (solutions/02-tuned-kernel/softmax_tuned.cu) with, in kernel 3:
- THR_B, THR_D (0: off): loads issued in groups of THR_B float4s per thread, at most THR_D groups in flight.
  A group's loads wait for the group THR_D before them: in registers through a false data dependency (the
  address adds the group's max AND threadIdx.y, which is 0 but unknown to the compiler), in shared memory
  through cp.async commit groups and cp.async.wait_group.
- ROT (0: off): block `item` walks its slots starting at slot (item * ROT) % slots, so that blocks in step
  do not read the same offset of their pieces at the same time.
- SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM: run_row_split's template arguments after THREADS = 256 (the reference's 8, 4, 8).
Each variant is that file built with its -D flags (variants.txt; build.sh builds them).
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
CUDA = (REPO / "solutions/02-tuned-kernel/softmax_tuned.cu").read_text()

PRELUDE = r"""
#ifndef THR_B
#define THR_B 0
#endif
#ifndef THR_D
#define THR_D 1
#endif
#ifndef ROT
#define ROT 0
#endif
#ifndef SPLIT_VREG
#define SPLIT_VREG 8
#endif
#ifndef SPLIT_MIN
#define SPLIT_MIN 4
#endif
#ifndef SPLIT_VSMEM
#define SPLIT_VSMEM 8
#endif
#ifndef ONLINE
#define ONLINE 0
#endif
#ifndef OC
#define OC 4
#endif
#ifndef NOEXP
#define NOEXP 0
#endif
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N>
__device__ __forceinline__ void cp_async_wait_group() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory"); }
__device__ __forceinline__ void cp_async_wait_dyn(int n) {  // at most n groups still pending
    switch (n) {
        case 0: cp_async_wait_group<0>(); break;
        case 1: cp_async_wait_group<1>(); break;
        case 2: cp_async_wait_group<2>(); break;
        case 3: cp_async_wait_group<3>(); break;
        case 4: cp_async_wait_group<4>(); break;
        case 5: cp_async_wait_group<5>(); break;
        case 6: cp_async_wait_group<6>(); break;
        default: cp_async_wait_group<7>(); break;
    }
}
// exp(v - rm) * inv, per component (a macro: fast_exp is defined further down)
#define out4(v, rm, inv) make_float4(fast_exp((v).x - (rm)) * (inv), fast_exp((v).y - (rm)) * (inv), \
                                     fast_exp((v).z - (rm)) * (inv), fast_exp((v).w - (rm)) * (inv))
"""

LOADS_OLD = """    float4 v[VREG];
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = load_slot(body, t + k * THREADS, len);
    for (int k = 0; k < vsmem; ++k) load_slot_async(&smem_slots[k * THREADS + t], body, t + (VREG + k) * THREADS, len);
"""
LOADS_NEW = """    const int nslots = VREG + vsmem;
#if ROT
    const int rot = (int)((item * ROT) % nslots);
#else
    const int rot = 0;
#endif
    auto phys = [&](int k) { return k + rot >= nslots ? k + rot - nslots : k + rot; };
    float4 v[VREG];
    int dep = 0;  // always 0; carries the false dependency of a throttled group on an earlier one
#pragma unroll
    for (int k = 0; k < VREG; ++k) {
        v[k] = load_slot(body, t + phys(k) * THREADS + dep, len);
        if (THR_B > 0 && (k + 1) % (THR_B > 0 ? THR_B : 1) == 0) {
            const int g = (k + 1) / (THR_B > 0 ? THR_B : 1) - THR_D;
            if (g >= 0) {
                float mg = -INFINITY;
#pragma unroll
                for (int i = 0; i < (THR_B > 0 ? THR_B : 1); ++i) mg = fmaxf(mg, max4(v[g * THR_B + i]));
                dep = __float_as_int(mg) & (int)threadIdx.y;
            }
        }
    }
    if (THR_B > 0 && vsmem > 0) {  // the last register groups must land before shared memory's start
        float mg = -INFINITY;
#pragma unroll
        for (int k = 0; k < VREG; ++k) mg = fmaxf(mg, max4(v[k]));
        dep = __float_as_int(mg) & (int)threadIdx.y;
    }
    for (int k = 0; k < vsmem; ++k) {
        load_slot_async(&smem_slots[k * THREADS + t], body, t + phys(VREG + k) * THREADS + dep, len);
        if (THR_B > 0 && (k + 1) % (THR_B > 0 ? THR_B : 1) == 0) {
            cp_async_commit();
            cp_async_wait_group<(THR_D > 0 ? THR_D - 1 : 0)>();
        }
        if (ONLINE && (k + 1) % OC == 0) cp_async_commit();
    }
"""
REDUCE_OLD = """    float m = x;
#pragma unroll
    for (int k = 0; k < VREG; ++k) m = fmaxf(m, max4(v[k]));
    if (vsmem > 0) copy_async_wait_all();  // each thread reads back only its own slots: no barrier needed
    for (int k = 0; k < vsmem; ++k) m = fmaxf(m, max4(smem_slots[k * THREADS + t]));
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = exp4(v[k], shift, acc);
    for (int k = 0; k < vsmem; ++k) smem_slots[k * THREADS + t] = exp4(smem_slots[k * THREADS + t], shift, acc);
    x = fast_exp(x - shift);
    const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};
"""
REDUCE_NEW = """#if ONLINE || NOEXP
    // ONLINE: the piece's (max, sum) chunk by chunk as the loads land (OC float4s a chunk), the values kept as
    // loaded; the output takes exp(x - row max) / row sum after the exchange. NOEXP (timing only, wrong
    // sums): no exp before the exchange at all.
    MaxSum mine = {x, x == -INFINITY ? 0.0f : 1.0f};
#pragma unroll
    for (int c = 0; c < VREG; c += OC) {
        float mc = -INFINITY;
#pragma unroll
        for (int k = c; k < c + OC && k < VREG; ++k) mc = fmaxf(mc, max4(v[k]));
        if (NOEXP) { mine.m = fmaxf(mine.m, mc); continue; }
        const float sh = safe_shift(mc);
        float4 a = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int k = c; k < c + OC && k < VREG; ++k) exp4(v[k], sh, a);
        mine = combine(mine, {mc, (a.x + a.y) + (a.z + a.w)});
    }
    if (vsmem > 0) cp_async_commit();  // the last group (empty when vsmem % OC == 0)
    const int groups = (vsmem + OC - 1) / OC;
    for (int g = 0; g < groups; ++g) {
        cp_async_wait_dyn(vsmem / OC - g);  // vsmem / OC + 1 groups committed (the last maybe empty): g has landed
        float mc = -INFINITY;
        for (int k = g * OC; k < min(vsmem, g * OC + OC); ++k) mc = fmaxf(mc, max4(smem_slots[k * THREADS + t]));
        if (NOEXP) { mine.m = fmaxf(mine.m, mc); continue; }
        const float sh = safe_shift(mc);
        float4 a = make_float4(0.f, 0.f, 0.f, 0.f);
        for (int k = g * OC; k < min(vsmem, g * OC + OC); ++k) exp4(smem_slots[k * THREADS + t], sh, a);
        mine = combine(mine, {mc, (a.x + a.y) + (a.z + a.w)});
    }
#else
    float m = x;
#pragma unroll
    for (int k = 0; k < VREG; ++k) m = fmaxf(m, max4(v[k]));
    if (vsmem > 0) copy_async_wait_all();  // each thread reads back only its own slots: no barrier needed
    for (int k = 0; k < vsmem; ++k) m = fmaxf(m, max4(smem_slots[k * THREADS + t]));
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = exp4(v[k], shift, acc);
    for (int k = 0; k < vsmem; ++k) smem_slots[k * THREADS + t] = exp4(smem_slots[k * THREADS + t], shift, acc);
    x = fast_exp(x - shift);
    const MaxSum mine = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};
#endif
"""
OUT_OLD = """    __syncthreads();
    const float scale = output_scale(mine, row_total);
"""
OUT_NEW = """    __syncthreads();
#if ONLINE || NOEXP
    const float rm = row_total.m, inv = 1.0f / row_total.s;
#define SCALED(val) out4(val, rm, inv)
#define LEFT(val) (fast_exp(val - rm) * inv)
#else
    const float scale = output_scale(mine, row_total);
#define SCALED(val) scale4(val, scale)
#define LEFT(val) (val * scale)
#endif
"""
STORES_OLD = """    for (int k = 0; k < VREG; ++k) {
        const int j = t + k * THREADS;
        if (j < len) {"""
STORES_NEW = """    for (int k = 0; k < VREG; ++k) {
        const int j = t + phys(k) * THREADS;
        if (j < len) {"""
STORES2_OLD = """    for (int k = 0; k < vsmem; ++k) {
        const int j = t + (VREG + k) * THREADS;
        if (j < len) {"""
STORES2_NEW = """    for (int k = 0; k < vsmem; ++k) {
        const int j = t + phys(VREG + k) * THREADS;
        if (j < len) {"""

VARIANTS = {
    "r5_base": "",
    "thr4d1": "-DTHR_B=4 -DTHR_D=1",
    "thr4d2": "-DTHR_B=4 -DTHR_D=2",
    "thr2d1": "-DTHR_B=2 -DTHR_D=1",
    "thr2d2": "-DTHR_B=2 -DTHR_D=2",
    "thr8d1": "-DTHR_B=8 -DTHR_D=1",
    "rot7": "-DROT=7",
    "thr4d1_rot7": "-DTHR_B=4 -DTHR_D=1 -DROT=7",
    "cfg5": "-DSPLIT_VREG=6 -DSPLIT_MIN=5 -DSPLIT_VSMEM=10",
    "cfg5_thr4d1": "-DSPLIT_VREG=6 -DSPLIT_MIN=5 -DSPLIT_VSMEM=10 -DTHR_B=4 -DTHR_D=1",
    "cfg6": "-DSPLIT_VREG=4 -DSPLIT_MIN=6 -DSPLIT_VSMEM=8",
    "online4": "-DONLINE=1 -DOC=4",
    "online2": "-DONLINE=1 -DOC=2",
    "noexp": "-DNOEXP=1",
    "cfg6_thr4d1": "-DSPLIT_VREG=4 -DSPLIT_MIN=6 -DSPLIT_VSMEM=8 -DTHR_B=4 -DTHR_D=1",
}


def replace(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"expected one of {old[:60]!r}, found {text.count(old)}")
    return text.replace(old, new)


def source() -> str:
    text = replace(CUDA, "#include <cuda/atomic>\n", "#include <cuda/atomic>\n" + PRELUDE)
    text = replace(text, LOADS_OLD, LOADS_NEW)
    text = replace(text, REDUCE_OLD, REDUCE_NEW)
    # kernel 3's output: OUT_OLD is kernel 3's own (kernel 2 has no row_total), then its stores
    text = replace(text, OUT_OLD, OUT_NEW)
    k3 = text.index("softmax_row_split_kernel(")
    k4 = text.index("// kernel 4")
    body = text[k3:k4]
    body = body.replace("scale4(v[k], scale)", "SCALED(v[k])").replace("scale4(smem_slots[k * THREADS + t], scale)", "SCALED(smem_slots[k * THREADS + t])")
    body = body.replace("if (leftover >= 0) __stcs(out_row + leftover, x * scale);", "if (leftover >= 0) __stcs(out_row + leftover, LEFT(x));\n#undef SCALED\n#undef LEFT")
    text = text[:k3] + body + text[k4:]
    text = replace(text, STORES_OLD, STORES_NEW)
    text = replace(text, STORES2_OLD, STORES2_NEW)
    text = replace(text, "status = run_row_split<256, 8, 4, 8>(", "status = run_row_split<256, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM>(")
    return text


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    (out / "round5.cu").write_text(source())
    (out / "variants.txt").write_text("".join(f"{name} {flags}\n" for name, flags in VARIANTS.items()))

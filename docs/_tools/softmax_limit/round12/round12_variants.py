"""Twelfth round (session of 2026-11-29, fifteenth): pieces larger than what a block holds, the rest read twice through L2.

    python docs/_tools/softmax_limit/round12/round12_variants.py OUT_DIR   # writes OUT_DIR/round12.cu, variants.txt
    bash docs/_tools/softmax_limit/round12/build.sh OUT_DIR               # builds them (ONLY="a b" for some)

Eleven rounds found that the H200 rewards bytes held per SM through a row's wait, and that holding more per block
costs. The H200 and the H100 are the same die (the same SMs, registers, shared memory and L2) with 1.4x the DRAM
bandwidth on the H200, where the reference reaches 95% on the H100 and 86-90% at the long rows on the H200. This
round lets a block move more bytes than it holds: its piece is the reference's held part (VREG float4s a thread in
registers, up to VSMEM in shared memory) plus up to SPLIT_VL2 float4s a thread that it reads first, folds into its
(max, sum) and drops, and reads again from L2 after the exchange to write them. The held bytes a block and the blocks
an SM stay the reference's; a row needs fewer blocks; L2 carries the dropped part twice.

SPLIT_L2HINT=1: the first read asks L2 to keep the lines (createpolicy evict_last), the second to drop them first
(evict_first, no L1 allocation); 0: plain __ldg, then __ldcs. The rest is round 11's generator (which is round 10's).
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("round11_variants", HERE.parent / "round11" / "round11_variants.py")
r11 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(r11)

PIECES_OLD = "    int pieces = (quads + THREADS * (VREG + VSMEM) - 1) / (THREADS * (VREG + VSMEM));\n"
PIECES_NEW = """#ifndef SPLIT_VL2
#define SPLIT_VL2 0
#endif
    int pieces = (quads + THREADS * (VREG + VSMEM + SPLIT_VL2) - 1) / (THREADS * (VREG + VSMEM + SPLIT_VL2));
"""
VSMEM_OLD = "    const int vsmem = std::max(0, (piece_len - THREADS * VREG + THREADS - 1) / THREADS);\n"
VSMEM_NEW = "    const int vsmem = std::min(VSMEM, std::max(0, (piece_len - THREADS * VREG + THREADS - 1) / THREADS));\n"

HELPERS_ANCHOR = "template <int THREADS, int VREG, int MIN_BLOCKS>\n__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) softmax_row_split_kernel("
HELPERS = r'''#ifndef SPLIT_L2HINT
#define SPLIT_L2HINT 1
#endif
// The dropped part: read once to fold into (max, sum), kept in L2; read again after the exchange, last use.
__device__ __forceinline__ float4 load_keep(const float4* body, int j, int len) {
    if (j >= len) return neg_inf4();
#if SPLIT_L2HINT
    float4 r;
    asm volatile("{\n .reg .b64 pol;\n createpolicy.fractional.L2::evict_last.b64 pol, 1.0;\n"
                 " ld.global.nc.L2::cache_hint.v4.f32 {%0, %1, %2, %3}, [%4], pol;\n}\n"
                 : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w) : "l"(body + j));
    return r;
#else
    return __ldg(body + j);
#endif
}
__device__ __forceinline__ float4 load_again(const float4* body, int j, int len) {
    if (j >= len) return neg_inf4();
#if SPLIT_L2HINT
    float4 r;
    asm volatile("{\n .reg .b64 pol;\n createpolicy.fractional.L2::evict_first.b64 pol, 1.0;\n"
                 " ld.global.nc.L1::no_allocate.L2::cache_hint.v4.f32 {%0, %1, %2, %3}, [%4], pol;\n}\n"
                 : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w) : "l"(body + j));
    return r;
#else
    return __ldcs(body + j);
#endif
}

'''

BODY_OLD_START = "    // Issue every load before using any: VREG float4s into registers, vsmem more into shared memory.\n"
BODY_OLD_END = "    if (leftover >= 0) __stcs(out_row + leftover, x * scale);\n"
BODY_NEW = r'''#if SPLIT_VL2 > 0
    // The dropped part's slots follow the held ones: VREG + vsmem + k, k < vl2.
    const int vl2 = max(0, (piece_len - THREADS * (VREG + vsmem) + THREADS - 1) / THREADS);
    const int drop0 = VREG + vsmem;
    for (int k = 0; k < vsmem; ++k) load_slot_async(&smem_slots[k * THREADS + t], body, t + (VREG + k) * THREADS, len);
    float x = load_leftover(in_row, leftover);
    float4 v[VREG];
    MaxSum dropped = empty_max_sum();
    for (int k0 = 0; k0 < vl2; k0 += VREG) {  // through the registers the held part takes next
#pragma unroll
        for (int k = 0; k < VREG; ++k)
            v[k] = k0 + k < vl2 ? load_keep(body, t + (drop0 + k0 + k) * THREADS, len) : neg_inf4();
        float dm = dropped.m;
#pragma unroll
        for (int k = 0; k < VREG; ++k) dm = fmaxf(dm, max4(v[k]));
        const float dshift = safe_shift(dm);
        float4 dacc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int k = 0; k < VREG; ++k) exp4(v[k], dshift, dacc);
        dropped = {dm, dropped.s * fast_exp(dropped.m - dshift) + ((dacc.x + dacc.y) + (dacc.z + dacc.w))};
    }
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = load_slot(body, t + k * THREADS, len);

    float m = x;
#pragma unroll
    for (int k = 0; k < VREG; ++k) m = fmaxf(m, max4(v[k]));
    if (vsmem > 0) copy_async_wait_all();
    for (int k = 0; k < vsmem; ++k) m = fmaxf(m, max4(smem_slots[k * THREADS + t]));
    const float shift = safe_shift(m);
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < VREG; ++k) v[k] = exp4(v[k], shift, acc);
    for (int k = 0; k < vsmem; ++k) smem_slots[k * THREADS + t] = exp4(smem_slots[k * THREADS + t], shift, acc);
    x = fast_exp(x - shift);
    const MaxSum held = {m, ((acc.x + acc.y) + (acc.z + acc.w)) + x};

    const MaxSum block_total = reduce_in_block(combine(held, dropped), warp_partials);
    if (pieces == 1) {
        if (t == 0) row_total = block_total;
    } else if (t < 32) {
        unsigned long long* row_words = workspace + row * pieces;
        unsigned long long* row_count = workspace + items + row;
        if (t == 0) publish_piece(&row_words[piece], row_count, block_total);
        const MaxSum total = wait_for_row(row_words, row_count, pieces);
        if (t == 0) row_total = total;
    }
    __syncthreads();
    const MaxSum total = row_total;
    const float scale = output_scale(held, total);

    float* out_row = output + row * cols;
    const bool aligned = floats_to_alignment(out_row, cols) == span.head;
#pragma unroll
    for (int k = 0; k < VREG; ++k) {
        const int j = t + k * THREADS;
        if (j < len) {
            if (aligned) store_slot<true, true>(out_row, span, begin + j, scale4(v[k], scale));
            else store_slot<false, true>(out_row, span, begin + j, scale4(v[k], scale));
        }
    }
    for (int k = 0; k < vsmem; ++k) {
        const int j = t + (VREG + k) * THREADS;
        if (j < len) {
            if (aligned) store_slot<true, true>(out_row, span, begin + j, scale4(smem_slots[k * THREADS + t], scale));
            else store_slot<false, true>(out_row, span, begin + j, scale4(smem_slots[k * THREADS + t], scale));
        }
    }
    if (leftover >= 0) __stcs(out_row + leftover, x * scale);
    const float inv = total.m == -INFINITY ? 0.0f : 1.0f / total.s;
    const float tshift = safe_shift(total.m);
    for (int k0 = 0; k0 < vl2; k0 += VREG) {
#pragma unroll
        for (int k = 0; k < VREG; ++k)
            v[k] = k0 + k < vl2 ? load_again(body, t + (drop0 + k0 + k) * THREADS, len) : neg_inf4();
#pragma unroll
        for (int k = 0; k < VREG; ++k) {
            const int j = t + (drop0 + k0 + k) * THREADS;
            if (k0 + k < vl2 && j < len) {
                const float4 e = make_float4(fast_exp(v[k].x - tshift), fast_exp(v[k].y - tshift),
                                             fast_exp(v[k].z - tshift), fast_exp(v[k].w - tshift));
                if (aligned) store_slot<true, true>(out_row, span, begin + j, scale4(e, inv));
                else store_slot<false, true>(out_row, span, begin + j, scale4(e, inv));
            }
        }
    }
#else
'''


def flags(vl2: int, hint: int = 1, vreg: int = 8, vsmem: int = 8) -> str:
    return f"-DSPLIT_T=256 -DSPLIT_VREG={vreg} -DSPLIT_MIN=4 -DSPLIT_VSMEM={vsmem} -DSPLIT_VL2={vl2} -DSPLIT_L2HINT={hint}"


# name: d<KB dropped a block><h: L2 hints, n: none>; the held part is the reference's 64 KB unless said.
VARIANTS = {
    "d16h": flags(4), "d32h": flags(8), "d32n": flags(8, 0), "d64h": flags(16),
    "h48d32h": flags(8, 1, 8, 4),
    "ref_macros12": "",
}


def replace_once(text: str, old: str, new: str, what: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"{what} changed: update round12_variants.py")
    return text.replace(old, new)


def main() -> None:
    out = Path(sys.argv[1])
    r11.main()  # writes OUT/round11.cu and its variants.txt, replaced below
    text = (out / "round11.cu").read_text()
    (out / "round11.cu").unlink()
    text = replace_once(text, PIECES_OLD, PIECES_NEW, "kernel 3's pieces")
    text = replace_once(text, VSMEM_OLD, VSMEM_NEW, "kernel 3's vsmem")
    text = replace_once(text, HELPERS_ANCHOR, HELPERS + HELPERS_ANCHOR, "kernel 3's signature")
    start = text.index(BODY_OLD_START)
    end = text.index(BODY_OLD_END, start) + len(BODY_OLD_END)
    text = text[:start] + BODY_NEW + text[start:end] + "#endif\n" + text[end:]
    (out / "round12.cu").write_text(text)
    (out / "variants.txt").write_text("".join(f"{n} {f}\n" for n, f in VARIANTS.items()))


if __name__ == "__main__":
    main()

"""Thirteenth round (session of 2026-11-29, sixteenth): the loads ask L2 to fetch 128 or 256 bytes at a time.

    python docs/_tools/softmax_limit/round13/round13_variants.py OUT_DIR   # writes OUT_DIR/round13.cu, variants.txt
    bash docs/_tools/softmax_limit/round13/build.sh OUT_DIR               # builds them (ONLY="a b" for some)

Round 4's held copies showed that the pattern of the long rows (a block loads 64 KB, holds it, then stores it) is
itself 6-8 points slower than a copy on the H200, with no reduction and no wait; round 4 also tried the load and
store cache operators (.nc, plain, .cs, .lu; .cs, plain, .cg stores). None of the twelve rounds tried PTX's
prefetch-size qualifier, which asks L2 to fetch a whole 128- or 256-byte block on a miss instead of the 32-byte
sectors the warp asked for, so that DRAM sees fewer, longer requests. This round patches the solution's own loads
(load_slot, load_leftover: ld.global.nc; copy_async_16: cp.async.cg) with it, every kernel, nothing else changed:

  PF=0: the solution's loads, as they are (the build check); PF=128 / PF=256: .L2::128B / .L2::256B;
  NA=1: and .L1::no_allocate on the register loads (the lines are read once).
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
SOLUTION = REPO / "solutions" / "02-tuned-kernel" / "softmax_tuned.cu"

LOAD_SLOT_OLD = "    return j < body_len ? __ldg(body + j) : neg_inf4();\n"
LOAD_SLOT_NEW = "    return j < body_len ? ld_pf4(body + j) : neg_inf4();\n"
LEFTOVER_OLD = "    return column >= 0 ? __ldg(row + column) : -INFINITY;\n"
LEFTOVER_NEW = "    return column >= 0 ? ld_pf1(row + column) : -INFINITY;\n"
CP_OLD = '    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\\n" ::"r"(dst), "l"(gmem));\n'
CP_NEW = '    asm volatile("cp.async.cg.shared.global" CP_PF " [%0], [%1], 16;\\n" ::"r"(dst), "l"(gmem));\n'
ANCHOR = "__device__ __forceinline__ float4 neg_inf4()"
HELPERS = r'''#ifndef PF
#define PF 0
#endif
#ifndef NA
#define NA 0
#endif
#if PF == 128
#define PF_Q ".L2::128B"
#elif PF == 256
#define PF_Q ".L2::256B"
#else
#define PF_Q ""
#endif
#if NA
#define NA_Q ".L1::no_allocate"
#else
#define NA_Q ""
#endif
#define CP_PF PF_Q
#if PF == 0 && !NA
__device__ __forceinline__ float4 ld_pf4(const float4* p) { return __ldg(p); }
__device__ __forceinline__ float ld_pf1(const float* p) { return __ldg(p); }
#else
__device__ __forceinline__ float4 ld_pf4(const float4* p) {
    float4 r;
    asm volatile("ld.global.nc" NA_Q PF_Q ".v4.f32 {%0, %1, %2, %3}, [%4];\n"
                 : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w) : "l"(p));
    return r;
}
__device__ __forceinline__ float ld_pf1(const float* p) {
    float r;
    asm volatile("ld.global.nc" NA_Q PF_Q ".f32 %0, [%1];\n" : "=f"(r) : "l"(p));
    return r;
}
#endif
'''

VARIANTS = {
    "pf0": "-DPF=0",
    "pf128": "-DPF=128",
    "pf256": "-DPF=256",
    "pf256na": "-DPF=256 -DNA=1",
    "na": "-DPF=0 -DNA=1",
}


def patched(text: str) -> str:
    for old, new in ((LOAD_SLOT_OLD, LOAD_SLOT_NEW), (LEFTOVER_OLD, LEFTOVER_NEW), (CP_OLD, CP_NEW)):
        if text.count(old) != 1:
            sys.exit(f"round13: the solution no longer has exactly one {old.strip()!r}")
        text = text.replace(old, new)
    if text.count(ANCHOR) != 1:
        sys.exit("round13: anchor not found")
    return text.replace(ANCHOR, HELPERS + ANCHOR)


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    (out / "round13.cu").write_text(patched(SOLUTION.read_text()))
    (out / "variants.txt").write_text("".join(f"{n} {f}\n" for n, f in VARIANTS.items()))


if __name__ == "__main__":
    main()

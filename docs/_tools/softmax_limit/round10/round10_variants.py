"""Tenth round (session of 2026-11-28): kernel 3's piece size and blocks per SM, as round 4's held copies suggest.

    python docs/_tools/softmax_limit/round10/round10_variants.py OUT_DIR   # writes OUT_DIR/round10.cu, variants.txt
    bash docs/_tools/softmax_limit/round10/build.sh OUT_DIR               # builds them (ONLY="a b" for some)

Round 4's copies that hold their data before storing (diag.cu) ran at 97.6% of copy with 16 KB a block and 4 blocks an
SM, 92% with the reference's 64 KB pieces, 85% with one 64 KB block an SM: at the same bytes an SM, more and smaller
blocks were faster, and 8 blocks of 16 KB were slower than 4. Round 8 tried smaller pieces at 8 to 32 blocks an SM only.
This round caps the blocks an SM (SPLIT_OCC: dynamic shared memory padded so that no more fit) for pieces of 16 to 64 KB.
The rest is round 8's generator (SPLIT_T, SPLIT_VREG, SPLIT_MIN, SPLIT_VSMEM: kernel 3's template arguments).
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("round8_variants", HERE.parent / "round8" / "round8_variants.py")
r8 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(r8)

SMEM_OLD = "    const int smem = vsmem * THREADS * (int)sizeof(float4);\n"
SMEM_NEW = """#ifndef SPLIT_OCC
#define SPLIT_OCC 0
#endif
    int smem = vsmem * THREADS * (int)sizeof(float4);
    if (SPLIT_OCC > 0) {  // pad: at most SPLIT_OCC blocks an SM (227 KB usable, 1 KB reserved a block)
        smem = std::max(smem, 227 * 1024 / (SPLIT_OCC > 0 ? SPLIT_OCC : 1) - 2048);
        if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) != cudaSuccess) {
            cudaGetLastError();
            return cudaErrorNotSupported;
        }
    }
"""


def flags(threads: int, vreg: int, vsmem: int, occ: int = 0, min_blocks: int = 4) -> str:
    return (f"-DSPLIT_T={threads} -DSPLIT_VREG={vreg} -DSPLIT_MIN={min_blocks} -DSPLIT_VSMEM={vsmem}"
            + (f" -DSPLIT_OCC={occ}" if occ else ""))


# name: pieces of THREADS * (VREG + VSMEM) float4s; oN = at most N blocks an SM.
VARIANTS = {
    "p64o3": flags(256, 8, 8, 3), "p64o2": flags(256, 8, 8, 2),
    "p48": flags(256, 8, 4), "p48o4": flags(256, 8, 4, 4),
    "p32": flags(256, 8, 0), "p32o4": flags(256, 8, 0, 4), "p32o3": flags(256, 8, 0, 3), "p32o6": flags(256, 8, 0, 6),
    "p16": flags(256, 4, 0, 0, 8), "p16o4": flags(256, 4, 0, 4, 8), "p16o6": flags(256, 4, 0, 6, 8),
    "p16t128o8": flags(128, 8, 0, 8, 8),
}


def main() -> None:
    out = Path(sys.argv[1])
    r8.VARIANTS = {}
    r8.main.__globals__["VARIANTS"] = {}
    r8.main()  # writes OUT/round8.cu (the reference with kernel 3's arguments as macros)
    text = (out / "round8.cu").read_text()
    (out / "round8.cu").unlink()
    if text.count(SMEM_OLD) != 1:
        raise SystemExit("kernel 3's shared memory changed: update SMEM_OLD")
    (out / "round10.cu").write_text(text.replace(SMEM_OLD, SMEM_NEW))
    (out / "variants.txt").write_text("".join(f"{n} {f}\n" for n, f in VARIANTS.items()))


if __name__ == "__main__":
    main()

"""Second round (after the first H200 run): small changes to the reference solutions themselves.

    python docs/_tools/softmax_limit/round2_variants.py OUT_DIR

Triton (OUT_DIR/triton/<name>/softmax_triton.py): the rows kernel's store with the streaming hint (.cs), which
the split kernel already uses; rows of up to 256 columns packed more rows to a program with more warps (the
first run: 4096 elements and 8 warps reached 0.98x F.softmax at 524288x128, the reference 0.94x).
CUDA (OUT_DIR/cuda/<name>/softmax_tuned.cu): the split kernel from 16384 or 8192 columns instead of 32768
(the first run: 91% of copy at 2048x32000, where one 1000-thread block per SM holds the row).
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
TRITON = (REPO / "solutions/03-triton-and-pytorch/softmax_triton.py").read_text()
CUDA = (REPO / "solutions/02-tuned-kernel/softmax_tuned.cu").read_text()


def replace(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"expected one {old!r}")
    return text.replace(old, new)


STORE = "mask=(row_ids[:, None] < rows) & col_mask)"
SHORT = "        block_rows = min(max(1, 512 // block_cols), triton.next_power_of_2(rows))\n"
WARPS = "        num_warps = min(max(_floor_power_of_2(block_rows * cols // 256), 1), 16)\n"


def short(text: str, elements: int, warps: int) -> str:
    text = replace(text, SHORT, f"        block_rows = min(max(1, ({elements} if block_cols <= 256 else 512) // block_cols), "
                                "triton.next_power_of_2(rows))\n")
    return replace(text, WARPS, WARPS + f"        if block_cols <= 256:\n            num_warps = {warps}\n")


def triton_variants() -> dict[str, str]:
    cs = replace(TRITON, STORE, STORE[:-1] + ', cache_modifier=".cs")')
    return {"ref": TRITON, "cs": cs, "short_e4096_w8": short(TRITON, 4096, 8), "cs_short_e4096_w8": short(cs, 4096, 8),
            "cs_short_e8192_w16": short(cs, 8192, 16), "cs_short_e4096_w16": short(cs, 4096, 16)}


def cuda_variants() -> dict[str, str]:
    line = "    if (cols <= 1024 * 8 * 4) return run_row_in_block<8>(input, output, rows, cols, stream);\n"
    return {f"split_from_{n}": replace(CUDA, line, f"    if (cols <= {n}) return run_row_in_block<8>(input, output, rows, "
                                                     "cols, stream);\n") for n in (16384, 8192)}


def main(out: Path) -> None:
    for family, variants, name in (("triton", triton_variants(), "softmax_triton.py"),
                                   ("cuda", cuda_variants(), "softmax_tuned.cu")):
        for variant, text in variants.items():
            folder = out / family / variant
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text)
            print(folder / name)


if __name__ == "__main__":
    main(Path(sys.argv[1]))

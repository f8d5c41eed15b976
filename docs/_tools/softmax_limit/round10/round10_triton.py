"""Tenth round, Triton: the split kernel's tiles with a register cap that sets the programs an SM (round10_variants.py).

    python docs/_tools/softmax_limit/round10/round10_triton.py OUT_DIR [NAME ...]  # writes OUT_DIR/triton_<name>.py

SPLIT_TILES entries are (up to this many columns, columns a piece, warps, registers a thread); an SM holds
65536 / (registers * 32 * warps) programs, so 255 registers and 2 warps (16 KB pieces) make 4 an SM, round 4's fastest
held copy (16 KB a block, 4 blocks an SM). The kept tiles make 16 (8 KB) and 8 (16 KB) an SM.
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
TRITON = (REPO / "solutions/03-triton-and-pytorch/softmax_triton.py").read_text()
TILES = "SPLIT_TILES = ((200000, 2048, 1, 128), (1 << 31, 4096, 2, 128))\n"
LONG = "(1 << 31, 4096, 2, 128)"
VARIANTS = {
    "t16o4": f"((200000, 2048, 1, 128), (1 << 31, 4096, 2, 255))",  # 524288: 16 KB, 4 an SM
    "t16o6": f"((200000, 2048, 1, 128), (1 << 31, 4096, 2, 168))",  # 6 an SM
    "t32o2": f"((200000, 2048, 1, 128), (1 << 31, 8192, 4, 255))",  # 32 KB, 2 an SM
    "t8o8": f"((200000, 2048, 1, 255), (1 << 31, 2048, 1, 255))",  # 8 KB, 8 an SM at every length
    "t16o4all": f"((200000, 4096, 2, 255), (1 << 31, 4096, 2, 255))",  # 16 KB, 4 an SM at every length
    "t8o12": f"((200000, 2048, 1, 168), {LONG})",  # 50257 and 128256: 8 KB, 12 an SM
    # Call 2: more programs an SM instead (call 1: fewer lost), by lower register caps.
    "L96": "((200000, 2048, 1, 128), (1 << 31, 4096, 2, 96))",  # 524288: 16 KB, 10 an SM
    "L80": "((200000, 2048, 1, 128), (1 << 31, 4096, 2, 80))",  # 12 an SM
    "L72": "((200000, 2048, 1, 128), (1 << 31, 4096, 2, 72))",  # 14 an SM
    "L64": "((200000, 2048, 1, 128), (1 << 31, 4096, 2, 64))",  # 16 an SM
    "Q96": "((200000, 2048, 1, 128), (1 << 31, 8192, 4, 96))",  # 32 KB, 5 an SM
    "Q80": "((200000, 2048, 1, 128), (1 << 31, 8192, 4, 80))",  # 32 KB, 6 an SM
    "M96": f"((200000, 2048, 1, 96), {LONG})",  # 50257 and 128256: 8 KB, up to 21 an SM
    "M80": f"((200000, 2048, 1, 80), {LONG})",  # up to 25 an SM
}


def main() -> None:
    out, only = Path(sys.argv[1]), sys.argv[2:]  # names: only these
    out.mkdir(parents=True, exist_ok=True)
    if TRITON.count(TILES) != 1:
        raise SystemExit("SPLIT_TILES changed: update TILES")
    (out / "triton_ref.py").write_text(TRITON)
    for name, tiles in VARIANTS.items():
        if only and name not in only:
            continue
        (out / f"triton_{name}.py").write_text(TRITON.replace(TILES, f"SPLIT_TILES = {tiles}\n"))


if __name__ == "__main__":
    main()

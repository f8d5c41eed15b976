"""Write variant copies of softmax_stream_triton.py for a benchmark sweep, one folder per variant, each file
named softmax_triton.py (the bench loads a file by path and calls its softmax(x)).

    .venv/bin/python docs/_tools/softmax_limit/triton_variants.py OUT_DIR [--spec-stream]

Variants (13):
- ref: the course's reference, solutions/03-triton-and-pytorch/softmax_triton.py, unchanged (split kernel).
- stream_p{PIECE}_w{warps}_r{maxnreg}: the stream kernel for rows over 32768 columns with these settings
  (short rows as the reference). A program holds two pieces, 2 * PIECE / (32 * warps) values a thread; the
  five default settings compile for sm_90 without spills (ptxas -v). --spec-stream writes the brief's five
  instead: (4096,4,128), (8192,8,64), (8192,4,128), (16384,8,128), (4096,2,128), of which all but the first
  spill 250-310 bytes a thread at their register cap (64 values of a tile a thread, twice).
- stream_above16384: the default stream settings, also for rows of 16385 to 32768 columns (2048 x 32000).
- short_e{elements}_w{warps}: the default stream settings; rows of up to 256 columns packed `elements` tile
  elements to a program (the reference: 512, about 2 warps at 128 columns) with `warps` warps.
"""
from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
STREAM_FILE = HERE / "softmax_stream_triton.py"
REF_FILE = REPO / "solutions" / "03-triton-and-pytorch" / "softmax_triton.py"

# (PIECE columns, num_warps, maxnreg): no spills at sm_90 (checked with ptxas -v, Triton 3.6).
STREAM_SETTINGS = [(4096, 4, 128), (8192, 8, 128), (16384, 16, 128), (2048, 2, 128), (4096, 8, 64)]
SPEC_STREAM_SETTINGS = [(4096, 4, 128), (8192, 8, 64), (8192, 4, 128), (16384, 8, 128), (4096, 2, 128)]
# The reference's own split kernel with other tables (the committed one was tuned on an H100):
# ((up to cols, piece cols, warps, maxnreg), ...), one entry for every long row.
SPLIT_SETTINGS = [(8192, 8, 64), (4096, 4, 64), (2048, 2, 64), (16384, 16, 64), (4096, 2, 128)]
# (elements per program, num_warps) for rows of up to 256 columns.
SHORT_SETTINGS = [(2048, 2), (2048, 4), (4096, 4), (4096, 8), (8192, 4), (8192, 8)]


def substitute(text: str, values: dict[str, int]) -> str:
    """Replace the module-level lines `NAME = ...` (one each, must exist) by `NAME = value`."""
    for name, value in values.items():
        pattern = re.compile(rf"^{name} = [^\n#]*", re.MULTILINE)
        found = pattern.findall(text)
        if len(found) != 1:
            raise SystemExit(f"{STREAM_FILE.name}: expected one line `{name} = ...`, found {len(found)}")
        text, n = pattern.subn(f"{name} = {value}", text)
        assert n == 1
        check = re.search(rf"^{name} = (.*)$", text, re.MULTILINE)
        if check is None or check.group(1).strip() != str(value):
            raise SystemExit(f"substitution of {name} did not take")
    return text


def variants(spec_stream: bool) -> dict[str, str]:
    """name -> file text."""
    base = STREAM_FILE.read_text()
    out = {"ref": REF_FILE.read_text()}
    for piece, warps, maxnreg in (SPEC_STREAM_SETTINGS if spec_stream else STREAM_SETTINGS):
        out[f"stream_p{piece}_w{warps}_r{maxnreg}"] = substitute(
            base, {"STREAM_PIECE": piece, "STREAM_WARPS": warps, "STREAM_MAXNREG": maxnreg})
    out["stream_above16384"] = substitute(base, {"STREAM_ABOVE_COLS": 16384})
    for piece, warps, maxnreg in SPLIT_SETTINGS:
        out[f"split_p{piece}_w{warps}_r{maxnreg}"] = substitute(
            out["ref"], {"SPLIT_TILES": f"(((1 << 31), {piece}, {warps}, {maxnreg}),)"})
    for elements, warps in SHORT_SETTINGS:
        out[f"short_e{elements}_w{warps}"] = substitute(
            base, {"SHORT_ROW_ELEMENTS": elements, "SHORT_ROW_WARPS": warps})
    return out


def main(argv: list[str]) -> None:
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 1 or any(a not in ("--spec-stream",) for a in argv if a.startswith("--")):
        raise SystemExit(__doc__)
    root = Path(args[0])
    root.mkdir(parents=True, exist_ok=True)
    for name, text in variants("--spec-stream" in argv).items():
        folder = root / name
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir()
        (folder / "softmax_triton.py").write_text(text)
        print(folder / "softmax_triton.py")


if __name__ == "__main__":
    main(sys.argv[1:])

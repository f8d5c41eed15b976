"""Fourth round, Triton: variants of the Triton reference (solutions/03-triton-and-pytorch/softmax_triton.py).

    python docs/_tools/softmax_limit/round4/round4_triton.py OUT_DIR      # writes OUT_DIR/triton_<name>.py

rot: no torch.zeros (a memset kernel) per call. Two workspaces per (device, stream) used by alternate
calls, each call's programs clearing the previous call's words, as the CUDA reference does.
t*: other SPLIT_TILES (columns per piece, warps, register cap).
nocs: the split kernel's stores without the streaming hint (.cs).
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
TRITON = (REPO / "solutions/03-triton-and-pytorch/softmax_triton.py").read_text()


def replace(text: str, old: str, new: str, count: int = 1) -> str:
    if text.count(old) != count:
        raise SystemExit(f"expected {count} of {old!r}, found {text.count(old)}")
    return text.replace(old, new)


HELPER = '''
_WORKSPACES: dict = {}


def _workspace(device: torch.device, words: int):
    """(this call's zeroed words, the previous call's words, how many of those to clear) on the current stream."""
    stream = torch.cuda.current_stream(device)
    key = (device.index, stream.cuda_stream)
    entry = _WORKSPACES.get(key)
    if entry is None or entry["capacity"] < words:
        if entry is not None:
            stream.synchronize()
        capacity = max(words, 1 << 14)
        entry = {"buffers": torch.zeros((2, capacity), dtype=torch.int64, device=device), "capacity": capacity,
                 "calls": 0, "last": 0}
        _WORKSPACES[key] = entry
    parity = entry["calls"] & 1
    entry["calls"] += 1
    last, entry["last"] = entry["last"], words
    return entry["buffers"][parity], entry["buffers"][1 - parity], last

'''


def variant(rot: bool, tiles: str | None = None, nocs: bool = False) -> str:
    text = TRITON
    if nocs:  # the split kernel's stores without the streaming hint
        text = replace(text, '    tl.store(out_ptr + body_start + j, e * scale, mask=mask, cache_modifier=".cs")\n',
                       "    tl.store(out_ptr + body_start + j, e * scale, mask=mask)\n")
    if rot:
        text = replace(text, "    words_ptr,  # *int64 [rows, pieces], zeroed: piece p of row r publishes its (max, sum) at [r, p]\n",
                       "    words_ptr,  # *int64 [rows, pieces], zeroed: piece p of row r publishes its (max, sum) at [r, p]\n"
                       "    clear_ptr,  # *int64 [clear_count]: the previous call's words, zeroed here for the next call\n"
                       "    clear_count,  # words to clear\n")
        text = replace(text, "    row_max, row_sum = _row_max_sum(words_ptr + row.to(tl.int64) * pieces, piece, pieces, m, s, MAX_PIECES)\n",
                       "    c = pid.to(tl.int64) * 256\n"
                       "    while c < clear_count:\n"
                       "        clear_ids = c + tl.arange(0, 256)\n"
                       "        tl.store(clear_ptr + clear_ids, tl.zeros([256], tl.int64), mask=clear_ids < clear_count)\n"
                       "        c += tl.num_programs(0).to(tl.int64) * 256\n"
                       "    row_max, row_sum = _row_max_sum(words_ptr + row.to(tl.int64) * pieces, piece, pieces, m, s, MAX_PIECES)\n")
        text = replace(text, "    words = torch.zeros((rows, pieces), dtype=torch.int64, device=x.device)\n"
                             "    _softmax_split_kernel[(rows * pieces,)](y, x, words, cols,",
                       "    words, to_clear, clear_count = _workspace(x.device, rows * pieces)\n"
                       "    _softmax_split_kernel[(rows * pieces,)](y, x, words, to_clear, clear_count, cols,")
        text = replace(text, "\ndef _launch_split(", HELPER + "\ndef _launch_split(")
    if tiles:
        text = replace(text, "SPLIT_TILES = ((80000, 8192, 8, 64), (1 << 31, 4096, 2, 128))", f"SPLIT_TILES = {tiles}")
    return text


VARIANTS = {
    "nocs": (False, None, True),
    "rot_nocs": (True, None, True),
    "nocs_t4096w4": (False, "((80000, 8192, 8, 64), (200000, 4096, 4, 64), (1 << 31, 4096, 2, 128))", True),
    "rot": (True, None),
    "rot_t8192": (True, "((1 << 31, 8192, 8, 64),)"),
    "rot_t16k": (True, "((80000, 8192, 8, 64), (1 << 31, 16384, 16, 64))"),
    "rot_t4096w4": (True, "((80000, 8192, 8, 64), (1 << 31, 4096, 4, 64))"),
    "rot_t16kall": (True, "((1 << 31, 16384, 16, 64),)"),
}

if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, args in VARIANTS.items():
        (out / f"triton_{name}.py").write_text(variant(*args))

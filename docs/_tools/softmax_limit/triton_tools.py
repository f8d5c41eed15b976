"""What the Triton rounds' scripts share: rewriting the solution's split kernel; compiling it for sm_90 with no GPU.

- `write_variants(out, kernel, plan, variants, only)`: the Triton solution with `_softmax_split_kernel` replaced by
  `kernel`, `_split_plan` and `_launch_split` by `plan`, and SPLIT_TILES by each variant's two entries, written as
  OUT/triton_<name>.py (and the solution itself as OUT/triton_ref.py). Rounds 15 and 17.
- `split_sass(fn, warps, maxnreg, constexprs, extra_sig)`: `_softmax_split_kernel` of a loaded file compiled for
  sm_90 as the wrapper launches it (16-byte aligned pointers, cols and piece_len divisible by 16), disassembled with
  the cuobjdump that ships with Triton: (SASS text, registers). `opcodes(sass, modifiers)` counts its instructions.
  Rounds 8, 15 and 17.
"""
from __future__ import annotations

import collections
import os
import re
import subprocess
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
TRITON = (REPO / "solutions/03-triton-and-pytorch/softmax_triton.py").read_text()
TILES = "SPLIT_TILES = ((200000, 2048, 1, 128), (1 << 31, 4096, 2, 128))\n"
KERNEL_HEAD = "@triton.jit\ndef _softmax_split_kernel("
KERNEL_END = "    # END SOLUTION\n"
PLAN_HEAD = "def _split_plan("
PLAN_END = "\n\ndef softmax("


def rewrite(kernel: str, plan: str, short: str, long: str) -> str:
    """The solution with the split kernel, its plan and launcher, and SPLIT_TILES replaced."""
    src = TRITON
    for old in (TILES, KERNEL_HEAD, KERNEL_END, PLAN_HEAD, PLAN_END):
        if old not in src:
            raise SystemExit(f"the solution changed: {old!r} not found")
    src = src.replace(TILES, f"SPLIT_TILES = ({short}, {long})\n")
    k0 = src.index(KERNEL_HEAD)
    k1 = src.index(KERNEL_END, k0) + len(KERNEL_END)
    src = src[:k0] + kernel + src[k1:]
    p0 = src.index(PLAN_HEAD)
    p1 = src.index(PLAN_END, p0)
    return src[:p0] + plan + src[p1:]


def write_variants(out: Path, kernel: str, plan: str, variants: dict[str, tuple[str, str]], only: list[str]) -> None:
    """OUT/triton_ref.py (the solution) and OUT/triton_<name>.py for each variant (those of `only`, if any)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "triton_ref.py").write_text(TRITON)
    for name, (short, long) in variants.items():
        if not only or name in only:
            (out / f"triton_{name}.py").write_text(rewrite(kernel, plan, short, long))


SIG = {"out_ptr": "*fp32", "in_ptr": "*fp32", "words_ptr": "*i64", "cols": "i32", "pieces": "i32", "piece_len": "i32",
       "PIECE": "constexpr", "MAX_PIECES": "constexpr"}


def split_sass(fn, warps: int, maxnreg: int, constexprs: dict, extra_sig: tuple[str, ...] = ()) -> tuple[str, str]:
    """(SASS, registers) of the split kernel `fn` compiled for sm_90; `extra_sig` names more constexpr arguments."""
    import triton
    from triton.backends.compiler import GPUTarget

    cuobjdump = os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin/cuobjdump")
    d16 = [["tt.divisibility", 16]]
    sig = dict(SIG, **{name: "constexpr" for name in extra_sig})
    src = triton.compiler.ASTSource(fn=fn, signature=sig, attrs={(0,): d16, (1,): d16, (2,): d16, (3,): d16, (5,): d16},
                                    constexprs=constexprs)
    ck = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": warps, "maxnreg": maxnreg})
    with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
        f.write(ck.asm["cubin"])
    try:
        sass = subprocess.run([cuobjdump, "-sass", f.name], capture_output=True, text=True).stdout
        usage = subprocess.run([cuobjdump, "-res-usage", f.name], capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)
    return sass, re.search(r"REG:(\d+)", usage).group(1)


def opcodes(sass: str, modifiers: bool = False) -> collections.Counter:
    """SASS instructions counted by opcode (with their modifiers, LDG.E.128, where asked)."""
    op = r"([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)*)" if modifiers else r"([A-Z][A-Z0-9_]*)"
    return collections.Counter(re.findall(r"^\s+/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?" + op, sass, re.M))

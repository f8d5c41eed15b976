"""Machine code (SASS) of a kernel, as two tools list it: the built library's (cuobjdump, grader/audit/elf.py) and an
Nsight Compute report's (the instructions it profiled, grader/workers/ncu_read.py). Lab 02's profile check compares
the two, so that a report is tied to the code the learner submits and not only to a kernel's name and launch
(a classmate's report, or the reference's, profiles a kernel of the same name: decision 128 of PHASE_24_PLAN.md).

The two listings differ only in spelling: cuobjdump marks operand reuse (``R4.reuse``) and writes branch targets as
offsets in the function, the report writes absolute addresses and pads predicates with blanks. ``canonical`` spells
both alike; ``compare`` says whether they are the same code and, if not, how much of it in the same order.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

HEX = re.compile(r"0x[0-9a-fA-F]+")
SELF_BRANCH = re.compile(r"BRA 0x([0-9a-f]+)$")
# Beyond this many instructions a listing is compared for equality only (difflib's matcher grows with the square of
# the length in the worst case; the solutions' kernels have 300 to 2,600 instructions, a lab's rarely more).
RATIO_LIMIT = 8192


def canonical(instruction: str, base: int | None = None, end: int | None = None) -> str:
    """One instruction spelled one way: no reuse flags, no commas, single blanks; with ``base``, an address in
    [base, end) (a branch target in a report) becomes its offset from the function's start, as cuobjdump writes it."""
    text = instruction.replace(".reuse", "").replace(",", " ").replace(";", " ")
    text = " ".join(text.split())
    if base is not None and end is not None:
        text = HEX.sub(lambda m: hex(int(m.group(0), 16) - base) if base <= int(m.group(0), 16) < end
                       else m.group(0).lower(), text)
    return text


def comparable(listing: list[tuple[int, str]]) -> list[str]:
    """The instructions that say what the code does, in address order: without NOPs (padding) and without the
    function's closing branch to itself, which the report does not list (it never runs)."""
    kept = [(offset, text) for offset, text in sorted(listing) if text and text != "NOP"]
    if kept and (m := SELF_BRANCH.fullmatch(kept[-1][1])) and int(m.group(1), 16) == kept[-1][0]:
        kept.pop()
    return [text for _, text in kept]


def opcode(text: str) -> str:
    """'@!P0 LDG.E.128.CONSTANT R8 desc[UR8][R20.64]' -> 'LDG.E.128.CONSTANT'."""
    words = text.split()
    if words and words[0].startswith("@"):
        words = words[1:]
    return words[0] if words else ""


@dataclass(frozen=True)
class Comparison:
    same: bool  # instruction for instruction, operands included
    ratio: float  # share of the opcodes in the same order (difflib's ratio), 1.0 when the same
    report: int  # instructions compared, each side
    library: int


def compare(report: list[str], library: list[str]) -> Comparison:
    if report == library:
        return Comparison(True, 1.0, len(report), len(library))
    a, b = [opcode(t) for t in report[:RATIO_LIMIT]], [opcode(t) for t in library[:RATIO_LIMIT]]
    ratio = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() if a and b else 0.0
    return Comparison(False, ratio, len(report), len(library))

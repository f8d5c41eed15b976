"""Attack: an exception whose text is wide letters (East Asian Wide, two columns each) and then a fake row. textwrap
counts a wide letter as one column, the terminal as two: a line of 4 + 38 letters and 32 ASCII characters is 74
"columns" to textwrap (under an 80-column terminal's width, so not cut), 112 to the terminal, which wraps it after
the letters, so "03.triton.interpreter  PASS  3/3" starts at column 0, where only the grader's rows start in the
narrow layout (rt35, session 35; the session-19 case did this with no-break spaces)."""
import torch
import triton
import triton.language as tl

WIDE = "\u6f22" * 38
ROW = "03.triton.interpreter  PASS  3/3"


@triton.jit
def _k(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(in_ptr + offs, mask=offs < n), mask=offs < n)


def softmax(x):
    raise ValueError("\n" + WIDE + ROW + "\n" + WIDE + ROW)

"""Say what is wrong with an output, for any operation: the judge's comparison.

``compare(spec, dims, bits, ref, bound, inputs)`` looks at one output buffer's raw bits against
the fp64 reference and the spec's tolerance bound, in this order:
  1. elements still holding the poison pattern: never written (with the spec's guess at the cause);
  2. NaN/inf where the reference is finite (with the spec's lesson for that element);
  3. values outside the tolerance (the first indices, expected and found, and the spec's teaching
     lines: row sums, a transposed operand, a missing tile...).
It returns a ``Finding`` (message and expected/found details) or None. Torch tensors on any device:
the judge compares 64M-element outputs on its GPU when it has one.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from grader.workers.buffers import POISON_BITS

SHOW = 5  # mismatching elements listed in a message
POISON_I32 = POISON_BITS - (1 << 32) if POISON_BITS >= 1 << 31 else POISON_BITS  # as an int32


@dataclass
class Finding:
    kind: str  # "unwritten", "nonfinite", "values"
    message: str
    details: list[str] = field(default_factory=list)
    anchor: str = "correctness"  # docs section the hint points at


def compare(spec, dims: dict, bits, ref, bound, inputs: dict) -> Finding | None:
    """``bits``: int32 tensor of the output (no guard bands), shaped like ``ref`` (fp64)."""
    import torch

    where = lambda flat: spec.where(int(flat), dims)  # noqa: E731
    never = bits == POISON_I32
    if bool(never.any()):
        idx = never.reshape(-1).nonzero().flatten()
        details = ["expected: every element written (the output is filled with a NaN pattern before the call)",
                   "found: still poisoned at " + ", ".join(where(i) for i in idx[:SHOW].tolist())]
        if cause := spec.unwritten_pattern(never, dims):
            details.append(cause)
        return Finding("unwritten", f"{idx.numel()} of {never.numel()} elements never written, the first at "
                                    f"{where(idx[0])}", details, "every-element")
    out = bits.view(torch.float32).double()
    nonfinite = ~out.isfinite() & ref.isfinite()
    if bool(nonfinite.any()):
        idx = nonfinite.reshape(-1).nonzero().flatten()
        flat = int(idx[0])
        value = float(out.reshape(-1)[flat])
        kind = "NaN" if value != value else f"{value:+}"
        n_nan = int(out.isnan().sum())
        lesson = spec.nonfinite_lesson(inputs, dims, flat)
        details = ["expected: finite values (every reference value is finite)",
                   f"found: {n_nan} NaN and {idx.numel() - n_nan} inf of {out.numel()} elements: " + ", ".join(
                       f"{where(i)} = {float(out.reshape(-1)[i])} (expected {float(ref.reshape(-1)[i]):.7g})"
                       for i in idx[:SHOW].tolist())]
        return Finding("nonfinite", f"{kind} at {where(flat)}" + (f" — {lesson}" if lesson else ""), details,
                       "numerical-stability")
    err = (out - ref).abs()
    bad = ~(err <= bound) & (ref.isfinite() | (out != ref))
    if bool(bad.any()):
        idx = bad.reshape(-1).nonzero().flatten()
        flat = int(idx[0])
        ratio = float((err / bound.clamp_min(torch.finfo(torch.float64).tiny))[bad].max())
        o, r = out.reshape(-1), ref.reshape(-1)
        details = [f"expected: {spec.tolerance.text()}; {idx.numel()} of {out.numel()} elements are not (the worst is "
                   f"{ratio:.3g} times its allowance)",
                   "found: " + ", ".join(f"{where(i)} = {float(o[i]):.7g} (expected {float(r[i]):.7g})"
                                         for i in idx[:SHOW].tolist())]
        details += spec.diagnose(out, ref, inputs, dims, bad)
        return Finding("values", f"wrong values at {where(flat)}: expected {float(r[flat]):.7g}, found "
                                 f"{float(o[flat]):.7g}", details)
    return None

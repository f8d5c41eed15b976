"""Vector add, fp32: c[i] = a[i] + b[i]. Lab 00's warm-up, shared by both kernel tracks."""
from __future__ import annotations

from grader.ops.base import Abi, Family, OpSpec, Param, Tolerance, generator


class OneRounding(Tolerance):
    """fl(a + b) is one rounding of the exact sum: |c - ref| <= 4 ulps-worth of |ref| (2.4e-7 |ref|)."""

    rtol = 2.4e-7

    def bound(self, inputs, ref, dims):
        return ref.abs() * self.rtol

    def text(self) -> str:
        return "every element within |c - ref| <= 2.4e-7 * |ref| of the fp64 sum (a single fp32 rounding)"


class VectorAdd(OpSpec):
    name = "vector_add"
    title = "vector add"
    stem = "vector_add"
    dim_names = ("n",)
    abi = Abi("vector_add", (Param("in", "a"), Param("in", "b"), Param("out", "c"), Param("dim", "n"),
                             Param("stream", "stream")))
    python_entry = "vector_add"
    families = {"randn": Family("randn", "standard normal", "the everyday case")}
    tolerance = OneRounding()
    # The last block partly empty (31, 1000003) and a large grid (2^24 + 7).
    lab01_plan = tuple(({"n": n}, ("randn",)) for n in (1, 31, 1_000_003, 2**24 + 7))
    sanitizer_dims = tuple({"n": n} for n in (31, 1000, 100_003))

    def shapes(self, dims):
        n = (dims["n"],)
        return {"a": n, "b": n, "c": n}

    def make_inputs(self, family, dims, seed, device):
        import torch

        g = generator(seed, device)
        return {name: torch.randn(dims["n"], generator=g, device=device) for name in ("a", "b")}

    def reference(self, inputs, dims):
        return {"c": inputs["a"].double() + inputs["b"].double()}

    def work(self, dims):
        return 12.0 * dims["n"]


SPEC = VectorAdd()

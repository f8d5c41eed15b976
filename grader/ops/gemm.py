"""SGEMM, fp32, row-major: C[M x N] = A[M x K] . B[K x N], C overwritten.

Compute-bound at the representative 4096^3 (2 M N K FLOP against 3 * 64 MB of data), so speed is
measured in TFLOP/s against the fp32 FMA peak; the vendor baseline is cuBLAS through torch.matmul
with TF32 off. The tolerance is derived in PHASE_24_PLAN.md (decisions log, "GEMM tolerance").
"""
from __future__ import annotations

import math

from grader.ops.base import Abi, Family, OpSpec, Param, Profile, Rate, Tolerance, generator

U32 = 2.0**-24  # fp32 unit roundoff
ALL = ("randn", "uniform", "scaled", "ints")
TILES = (8, 16, 32, 64, 128, 256)  # K-tile sizes a kernel that stops early typically used


def mnk(m: int, n: int, k: int) -> dict:
    return {"M": m, "N": n, "K": k}


class GemmTolerance(Tolerance):
    """|C - ref| <= LAMBDA * u * sqrt(K) * sqrt(sum_k (a_ik b_kj)^2), u = 2^-24.

    Summing K fp32 products in any order (sequential, tiled, split-K, tree) rounds each partial
    sum once; for zero-mean inputs the partial sums are random walks and the error's standard
    deviation is at most about u * sqrt(K) * ||a_i. * b_.j||_2 / sqrt(6) (sequential, the worst
    common order). LAMBDA = 16 sits far out; measured on an H100, every fp32 kernel from the naive
    one to cuBLAS erred by at most 4.7 units of u * sqrt(K) * ||.||_2, cuBLAS TF32 by 6337 (PHASE_24_PLAN.md,
    decision 25). TF32 (10-bit mantissa) and half inputs err by ~0.8 * 2^-11 * ||a_i. * b_.j||_2 per element
    whatever K is.
    """

    LAMBDA = 16.0

    def bound(self, inputs, ref, dims):
        a, b = inputs["A"].double(), inputs["B"].double()
        return (a * a).matmul(b * b).sqrt_().mul_(self.LAMBDA * U32 * math.sqrt(dims["K"]))

    def text(self) -> str:
        return ("every element within |C - ref| <= 16 * 2^-24 * sqrt(K) * sqrt(sum_k (A[i,k] B[k,j])^2) of an fp64 "
                "reference: any fp32 summation order passes; TF32 or half-precision inputs do not")


class Gemm(OpSpec):
    name = "gemm"
    title = "SGEMM"
    stem = "sgemm"
    dim_names = ("M", "N", "K")
    abi = Abi("sgemm", (Param("in", "A"), Param("in", "B"), Param("out", "C"), Param("dim", "M"),
                        Param("dim", "N"), Param("dim", "K"), Param("stream", "stream")))
    python_entry = "sgemm"
    families = {f.name: f for f in (
        Family("randn", "standard normal A and B", "the everyday case"),
        Family("uniform", "uniform in ±1", "another scale of the same"),
        Family("scaled", "rows of A and columns of B scaled by 2^-8 ... 2^8", "rows or columns read from the "
               "wrong place: each has its own scale"),
        Family("ints", "small integers in [-8, 8]: every fp32 partial sum is exact", "indexing mistakes: the "
               "exact answer leaves no room for rounding"),
    )}
    family_points = {"randn": 3, "uniform": 1, "scaled": 2, "ints": 3}
    tolerance = GemmTolerance()
    baseline_name = "cuBLAS fp32"
    rate = Rate("FLOP", "TFLOP/s", 1e-12, "fp32")
    # Writes may be as low as 0.2x C: a 64 MiB C is written back only as the 50 MiB L2 evicts it, and
    # what is still in L2 at the kernel's end is not counted (0.86x measured on an H100, decision 37).
    profile = Profile("compute", read=(0.5, 64.0), write=(0.2, 4.0))
    representative = mnk(4096, 4096, 4096)
    # Sizes that are no multiple of any tile (7, 13, 65, 127, 129, 1000, 4095), skinny shapes
    # (one row, one column, K = 1, a long K), odd K and N (rows that are not 16-byte aligned).
    lab01_plan = (
        *((mnk(*s), ALL) for s in ((1, 1, 1), (7, 13, 5), (127, 129, 65))),
        (mnk(128, 128, 128), ("randn", "ints")),
        (mnk(33, 7, 4096), ("randn",)),
        (mnk(1, 1000, 777), ("randn",)),
        (mnk(1000, 1, 777), ("randn",)),
        (mnk(513, 257, 1), ("randn",)),
        (mnk(1000, 1000, 1000), ("randn", "scaled")),
    )
    sweep_plan = (
        (mnk(4096, 4096, 4096), ("randn",)),
        (mnk(4095, 4095, 4095), ("randn", "scaled")),
        (mnk(129, 4096, 4096), ("uniform",)),
        (mnk(4096, 127, 4096), ("randn",)),
        (mnk(2048, 2048, 8191), ("ints",)),
        (mnk(4097, 4097, 33), ("randn",)),
    )
    triton_cpu_plan = (
        *((mnk(*s), ALL) for s in ((1, 1, 1), (7, 13, 5))),
        (mnk(33, 17, 40), ("randn", "scaled")),
        (mnk(64, 64, 64), ("ints",)),
        (mnk(65, 33, 129), ("uniform",)),
    )
    triton_gpu_plan = lab01_plan
    strided_plan = ((mnk(7, 13, 5), ("randn",)), (mnk(33, 17, 40), ("randn",)))
    sanitizer_dims = (mnk(7, 13, 5), mnk(127, 129, 65), mnk(65, 33, 257))  # no multiple of a tile
    timing_shapes = (mnk(2048, 2048, 2048), mnk(4096, 4096, 4096), mnk(8192, 8192, 8192))

    def shapes(self, dims):
        m, n, k = dims["M"], dims["N"], dims["K"]
        return {"A": (m, k), "B": (k, n), "C": (m, n)}

    def make_inputs(self, family, dims, seed, device):
        import torch

        g = generator(seed, device)
        sa, sb = self.shapes(dims)["A"], self.shapes(dims)["B"]
        if family == "randn":
            a, b = torch.randn(sa, generator=g, device=device), torch.randn(sb, generator=g, device=device)
        elif family == "uniform":
            a = torch.rand(sa, generator=g, device=device) * 2 - 1
            b = torch.rand(sb, generator=g, device=device) * 2 - 1
        elif family == "scaled":
            a = torch.randn(sa, generator=g, device=device)
            b = torch.randn(sb, generator=g, device=device)
            a *= torch.exp2(torch.randint(-8, 9, (sa[0], 1), generator=g, device=device).float())
            b *= torch.exp2(torch.randint(-8, 9, (1, sb[1]), generator=g, device=device).float())
        elif family == "ints":
            a = torch.randint(-8, 9, sa, generator=g, device=device).float()
            b = torch.randint(-8, 9, sb, generator=g, device=device).float()
        else:
            raise ValueError(family)
        return {"A": a.contiguous(), "B": b.contiguous()}

    def reference(self, inputs, dims):
        return {"C": inputs["A"].double().matmul(inputs["B"].double())}

    def perturb(self, stacked, dims, change):
        """Every set's A is drawn again (randn, from the seed ``change`` gave): every element of C changes, and no
        product of an earlier launch helps."""
        a = stacked["A"]
        a.normal_(generator=generator(change, a.device))

    def baseline(self, inputs):
        import torch

        torch.backends.cuda.matmul.allow_tf32 = False  # cuBLAS's fp32 path, not TF32 tensor cores
        return torch.matmul(inputs["A"], inputs["B"])

    def work(self, dims):
        return 2.0 * dims["M"] * dims["N"] * dims["K"]

    # ---- teaching lines -----------------------------------------------------------------------

    def diagnose(self, out, ref, inputs, dims, bad):
        m, n, k = dims["M"], dims["N"], dims["K"]
        a, b = inputs["A"].double(), inputs["B"].double()
        bound = self.tolerance.bound(inputs, ref, dims)

        def matches(candidate) -> bool:
            return bool(((out - candidate).abs() <= bound).all())

        # B's, A's or C's memory taken in the other order (B[n * K + k], A[k * M + m], C[n * M + m]): the same
        # elements, other places, at any shape (helper ff41's wrong files, 7x13x5, were shown no line before)
        if matches(a.matmul(b.reshape(n, k).t())):
            return ["your C equals A . B with B read transposed, as B[n * K + k] (B is K x N, row-major: "
                    "B[k][n] = B[k * N + n])"]
        if matches(a.reshape(k, m).t().matmul(b)):
            return ["your C equals A . B with A read transposed, as A[k * M + m] (A is M x K, row-major: "
                    "A[m][k] = A[m * K + k])"]
        if min(m, n) > 1 and bool(((out.reshape(n, m).t() - ref).abs() <= bound).all()):
            return ["your C holds the right values in transposed places, as if written to C[n * M + m] (C is M x N, "
                    "row-major: C[m][n] = C[m * N + n])"]
        if not bool(out.any()) and bool(ref.any()):
            return ["every element of C is 0: no product reached C. Does the loop over K run at all (a bound such as "
                    "range(0, K - BLOCK_K, BLOCK_K) runs no step when K <= BLOCK_K), and is the sum stored?"]
        for tile in TILES:
            if tile < k and matches(a[:, :tile].matmul(b[:tile])):
                return [f"your C is the sum over only the first {tile} of K = {k} products: the loop over K "
                        "stops after the first tile"]
        for last in sorted({(k - 1) // tile * tile for tile in TILES} - {0}):  # where the last tile along K starts
            tail = a[:, last:].matmul(b[last:])  # (k - last) products a pair: the rest of C is ref - tail
            if matches(tail):
                return [f"your C is the sum over only the last tile of K (products {last}..{k - 1}): each step of "
                        "the loop replaces the sum instead of adding to it (acc = ... where acc += ... is meant)"]
            if matches(ref - tail):
                return [f"your C leaves out the last tile of K (products {last}..{k - 1}): the loop over K stops one "
                        "tile early"]
        lines = []
        rows, cols = bad.any(dim=1), bad.any(dim=0)
        r0, c0 = int(rows.float().argmax()), int(cols.float().argmax())
        if bool(rows[r0:].all()) and r0 > 0:
            lines.append(f"rows {r0}..{m - 1} are wrong and every row before them is right: the last tile along M "
                         f"({m - r0} rows) is mishandled")
        elif bool(cols[c0:].all()) and c0 > 0:
            lines.append(f"columns {c0}..{n - 1} are wrong and every column before them is right: the last tile "
                         f"along N ({n - c0} columns) is mishandled")
        ratio = ((out - ref).abs() / bound.clamp_min(1e-300))[bad]
        if ratio.numel() and float(ratio.median()) < 1e5 and float(bad.float().mean()) > 0.05:
            lines.append("the errors are small but everywhere, as from TF32 or half-precision arithmetic: multiply and "
                         "add fp32 values with fp32 FMA (tensor-core TF32 keeps only 10 mantissa bits)")
        return lines

    def unwritten_pattern(self, never, dims) -> str:
        rows, cols = never.all(dim=1), never.all(dim=0)
        if bool((never.any(dim=1) == rows).all()):
            return f"whole rows of C were never written (first: row {int(rows.float().argmax())}): does the grid cover M?"
        if bool((never.any(dim=0) == cols).all()):
            return (f"whole columns of C were never written (first: column {int(cols.float().argmax())}): does the grid "
                    "cover N?")
        return ""

    def nonfinite_lesson(self, inputs, dims, flat: int) -> str:
        return ("the inputs are small and finite, so a NaN or inf comes from reading outside A or B, or from an "
                "accumulator that was never set to 0")


SPEC = Gemm()

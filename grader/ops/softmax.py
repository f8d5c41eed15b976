"""Row-wise fused softmax, fp32: output[r, c] = exp(x[r, c] - max_r) / sum_j exp(x[r, j] - max_r).

Memory-bound: each input element read once and each output written once is 8 bytes per element,
so speed is measured in GB/s against the device's copy bandwidth. The vendor baseline is
torch.nn.functional.softmax. Tolerance and shapes: decisions 2, 5 of PHASE_24_PLAN.md.
"""
from __future__ import annotations

from grader.ops.base import Abi, Family, OpSpec, Param, Profile, Rate, Tolerance, generator

# exp(x) overflows fp32 above ~88.72: rows with inputs beyond this need the row max subtracted first.
OVERFLOW_INPUT = 88.0

# The benchmark sweep of ../shared/BENCHMARKS.md: ~64M fp32 elements (256 MB in, 256 MB out) per shape.
SWEEP = ((524288, 128), (65536, 1024), (29127, 2304), (16384, 4096), (4096, 16384), (2048, 32000),
         (1024, 50257), (512, 128256), (128, 524288))
ALL = ("randn", "large", "masked", "constant", "spike")


def rc(rows: int, cols: int) -> dict:
    return {"rows": rows, "cols": cols}


class SoftmaxTolerance(Tolerance):
    """atol + (rtol + rtol_per_col * cols) * |ref|: a row's sum gathers rounding error with its length
    (a sequential sum over 100003 elements loses about 1.4e-4, measured on an H200)."""

    atol, rtol, rtol_per_col = 1e-7, 1e-4, 1e-8

    def rtol_for(self, cols: int) -> float:
        return self.rtol + self.rtol_per_col * cols

    def bound(self, inputs, ref, dims):
        return ref.abs() * self.rtol_for(dims["cols"]) + self.atol

    def text(self) -> str:
        return ("every element within |out - ref| <= 1e-7 + (1e-4 + 1e-8 * cols) * |ref| of an fp64 reference "
                "(1.0e-4 relative at 128 columns, 1.1e-3 at 100003, 5.3e-3 at 524288)")


class Softmax(OpSpec):
    name = "softmax"
    title = "fused softmax"
    stem = "softmax"
    dim_names = ("rows", "cols")
    abi = Abi("softmax_forward", (Param("in", "input"), Param("out", "output"), Param("dim", "rows"),
                                  Param("dim", "cols"), Param("stream", "stream")))
    python_entry = "softmax"
    bonus_hook = "softmax"  # MiniGPT's attention softmax
    families = {f.name: f for f in (
        Family("randn", "3 x standard normal", "the everyday case"),
        Family("large", "uniform in ±1e4", "no max subtraction: exp overflows",
               "inputs reach ±1e4 here: exp(1e4) overflows fp32, so subtract the row max before exp "
               "(softmax(x) = softmax(x - max(x)))"),
        Family("masked", "about a quarter of each row is -inf (never a whole row)",
               "masked attention: -inf must give exactly 0",
               "-inf entries must give exactly 0: with the max subtracted first, exp(-inf - max) = 0"),
        Family("constant", "every element of a row equal", "the answer is exactly 1/cols"),
        Family("spike", "one element per row 80 above the rest", "almost all the mass in one place",
               "one element dominates the row: without the max subtracted, exp(spike) overflows"),
    )}
    family_points = {"randn": 3, "large": 2, "masked": 2, "constant": 1, "spike": 1}
    tolerance = SoftmaxTolerance()
    baseline_name = "F.softmax"
    rate = Rate("byte", "GB/s", 1e-9, "copy")
    profile = Profile("memory", read=(0.9, 8.0), write=(0.4, 3.0))
    representative = rc(16384, 4096)
    # Odd sizes on purpose: a row that is not a multiple of a block (1025, 129), a row longer than any
    # block (100003), every 16-byte row alignment (odd cols; 1026 gives 8-byte steps), more rows than
    # a grid's y or z dimension holds (70000 > 65535).
    lab01_plan = (
        *((rc(*s), ALL) for s in ((1, 1), (1, 7), (3, 1025), (127, 129))),
        (rc(6, 1026), ("randn",)),
        (rc(70000, 33), ("randn", "masked")),
        *((rc(*s), ("randn", "large")) for s in ((4096, 4096), (7, 100003))),
    )
    sweep_plan = (*((rc(*s), ("randn",)) for s in SWEEP),
                  (rc(1024, 50257), ("masked",)), (rc(128, 524288), ("large",)))
    # Triton's interpreter runs each program in Python: small shapes, still odd.
    triton_cpu_plan = (*((rc(*s), ALL) for s in ((1, 1), (1, 7), (3, 1025), (13, 129), (3, 5000))),
                       (rc(5, 1026), ("randn",)))
    triton_gpu_plan = lab01_plan
    strided_plan = ((rc(13, 129), ("randn",)), (rc(3, 1025), ("randn",)), (rc(2, 5000), ("large",)))
    # compute-sanitizer's shapes (grader/checks/sanitizer.py): small, each kernel path of a tuned file once (rows in
    # a warp, a row in a block, a row split across blocks), none a multiple of a block.
    sanitizer_dims = tuple(rc(*s) for s in ((1, 7), (13, 129), (3, 1025), (2, 5000), (3, 40003)))
    timing_shapes = tuple(rc(*s) for s in SWEEP)

    def shapes(self, dims):
        shape = (dims["rows"], dims["cols"])
        return {"input": shape, "output": shape}

    def make_inputs(self, family, dims, seed, device):
        import torch

        g = generator(seed, device)
        rows, cols = dims["rows"], dims["cols"]
        shape = (rows, cols)
        if family == "randn":
            x = 3 * torch.randn(shape, generator=g, device=device)
        elif family == "large":
            x = torch.rand(shape, generator=g, device=device) * 2e4 - 1e4
        elif family == "masked":
            x = 3 * torch.randn(shape, generator=g, device=device)
            mask = torch.rand(shape, generator=g, device=device) < 0.25
            keep = torch.randint(0, cols, (rows,), generator=g, device=device)
            mask[torch.arange(rows, device=device), keep] = False  # never a whole row of -inf
            x.masked_fill_(mask, float("-inf"))
        elif family == "constant":
            x = (torch.rand((rows, 1), generator=g, device=device) * 100 - 50).expand(shape).contiguous()
        elif family == "spike":
            x = torch.randn(shape, generator=g, device=device)
            x[torch.arange(rows, device=device), torch.randint(0, cols, (rows,), generator=g, device=device)] += 80.0
        else:
            raise ValueError(family)
        return {"input": x.contiguous()}

    # In every set, rows / 64 elements at random (at least one) change before each of its launches: each costs a sector
    # written at random, and the judge checks half a launch's rows among the ones its change moved (changed_rows), so
    # an answer kept from before the change fails there. (A quarter of the rows cost 8% of a launch at 524288x128 on
    # an H200, docs/data/evidence-2026-11-27i call 4.)
    CHANGED_ROWS = 64

    def change(self, dims, sets, seed, turn, device):
        """Elements at random, CHANGED_ROWS times fewer than the rows in every set, and their new value,
        ln(cols) + 4 + f, where f = frac(turn * golden ratio) differs from turn to turn: its exponential is 0.6 to
        1.6 times a timing row's sum (3 * randn: about cols * e^4.5). A row's first change moves its sum by 60% or
        more, and its k-th by about 1 / (k + 1) (the widest tolerance is 0.53%; a block changes a row a few times),
        while the row stays a spread of values, not one that a single element dominates. Finding the changed rows
        takes reading every row: an answer kept from an earlier launch, even patched, costs a kernel about as much
        traffic as computing it."""
        import math

        import torch

        size = dims["rows"] * dims["cols"]
        where = torch.randint(0, size, (sets, -(-dims["rows"] // self.CHANGED_ROWS)), generator=generator(seed, device),
                              device=device)
        where += torch.arange(sets, device=device).unsqueeze(1) * size
        return where.flatten(), math.log(dims["cols"]) + 4.0 + (turn * 0.6180339887498949) % 1.0

    def perturb(self, stacked, dims, change):
        where, value = change
        stacked["input"].view(-1).index_fill_(0, where, value)  # one value for all: repeated indices do not matter

    def changed_rows(self, dims, change, index):
        size = dims["rows"] * dims["cols"]
        where = change[0]
        return (where[(where >= index * size) & (where < (index + 1) * size)] - index * size) // dims["cols"]

    def reference(self, inputs, dims):
        x = inputs["input"].double()
        e = (x - x.amax(dim=1, keepdim=True)).exp_()
        return {"output": e.div_(e.sum(dim=1, keepdim=True))}

    def baseline(self, inputs):
        import torch

        return torch.nn.functional.softmax(inputs["input"], dim=-1)

    def work(self, dims):
        return 8.0 * dims["rows"] * dims["cols"]

    # ---- teaching lines -----------------------------------------------------------------------

    def diagnose(self, out, ref, inputs, dims, bad):
        rows = bad.any(dim=1)
        lines = []
        sums = out.sum(dim=1)
        off = (sums - 1).abs() > dims["cols"] * self.tolerance.atol + self.tolerance.rtol_for(dims["cols"])
        off &= rows
        if bool(off.any()):
            show = off.nonzero().flatten()[:5].tolist()
            lines.append("row sums (each should be 1): " + ", ".join(f"row {r} sums to {float(sums[r]):.7g}" for r in show))
            r = int(show[0])
            live = ref[r] > 1e-30
            ratio = out[r][live].double() / ref[r][live].double()
            if ratio.numel() and bool(ratio.isfinite().all()) and \
                    float(ratio.max() - ratio.min()) < 1e-5 * float(ratio.abs().max()):
                k = float(ratio.mean())  # every element off by one factor (mistakes34, session 34)
                lines.append(f"row {r}: every element is {k:.6g} times the right value: the shape of the row is right "
                             + ("but its sum holds terms that are not in the row (padding lanes that are not -inf, "
                                "or a mask that lets in a column past the end)" if k < 1 else
                                "but its sum misses terms of the row (a mask that stops early, or a block that ends "
                                "before the row does)"))
        elif bool(rows.any()):
            lines.append("every wrong row still sums to 1: the probability mass is in the wrong places, not mis-scaled")
        return lines

    def unwritten_pattern(self, never, dims) -> str:
        """A guess at the cause from where the unwritten elements are."""
        rows_hit = never.any(dim=1)
        whole = never.all(dim=1)
        if bool((rows_hit == whole).all()):
            first = int(whole.nonzero()[0])
            return f"whole rows were never written (first: row {first}): does the grid cover every row?"
        cols = never.shape[1]
        idx = rows_hit.nonzero().flatten()
        sub = never[idx]
        first_col = sub.float().argmax(dim=1)
        ar = sub.new_tensor(range(cols), dtype=first_col.dtype)
        tails = bool(((ar[None, :] >= first_col[:, None]) == sub).all())
        if tails and bool((first_col == first_col[0]).all()):
            col = int(first_col[0])
            return (f"every affected row is unwritten from col {col} on: a row longer than one block "
                    f"({col} columns) needs a loop over the row")
        return ""

    def nonfinite_lesson(self, inputs, dims, flat: int) -> str:
        x_row = inputs["input"][flat // dims["cols"]]
        finite = x_row[x_row.isfinite()]
        largest = float(finite.abs().max()) if finite.numel() else 0.0
        if largest > OVERFLOW_INPUT:
            return f"with inputs up to ±{_magnitude(largest)}, exp overflows unless you subtract the row max first"
        if bool(x_row.isneginf().any()):
            return ("this row holds -inf entries, which must give exactly 0: exp(-inf - max) = 0, but -inf - (-inf) "
                    "and 0 * inf are NaN")
        return ""


def _magnitude(value: float) -> str:
    """10000.0 -> '1e4', 250.0 -> '250'."""
    if value >= 1000:
        mantissa, exponent = f"{value:.0e}".split("e")
        return f"{mantissa}e{int(exponent)}"
    return f"{value:.3g}"


SPEC = Softmax()

"""Benchmark sweep of the softmax solutions against F.softmax and the copy ceiling.

    python -m grader.bench [--out FILE] [--quick]      (make bench)

Needs a CUDA GPU. In one process, at every shape of ``grader.config.SWEEP_SHAPES``:

- device-to-device copy bandwidth, ``dst.copy_(src)`` on 256 MB buffers, bytes read
  plus bytes written: the ceiling no softmax can beat;
- ``torch.nn.functional.softmax``;
- the tuned CUDA solution, ``solutions/02-tuned-kernel/softmax_tuned.cu``, built with
  nvcc and called through ctypes;
- the Triton solution, ``solutions/03-triton-and-pytorch/softmax_triton.py``;
- the naive CUDA solution, ``solutions/01-naive-kernel/softmax_naive.cu``, if present.

Method (the same for every implementation, so ratios are fair): one untimed call to
warm up; every implementation's output is checked against an fp64 reference first;
each timed call is preceded by writing a scratch buffer of at least twice the L2
size (so no input starts in L2) and bracketed by CUDA events; inputs alternate
between two buffers; the figure is the median over all timed calls, taken in
several rounds that interleave the implementations. GB/s = 8 * rows * cols / time
(each fp32 element read once and written once).

Writes a JSON file (default ``docs/data/bench-<device>-<date>.json``) and prints a
table last.
"""
from __future__ import annotations

import argparse
import ctypes
import datetime
import importlib.util
import json
import re
import statistics
import sys
import tempfile
from pathlib import Path

import torch
import torch.nn.functional as F

from grader.build import build_cuda
from grader.config import SETTINGS, SWEEP_SHAPES
from grader.context import Device
from grader.runner import run_tool

REPO = Path(__file__).resolve().parent.parent
TUNED_CU = REPO / "solutions/02-tuned-kernel/softmax_tuned.cu"
NAIVE_CU = REPO / "solutions/01-naive-kernel/softmax_naive.cu"
TRITON_PY = REPO / "solutions/03-triton-and-pytorch/softmax_triton.py"
COPY_BYTES = 256 * 2**20  # per buffer: far beyond any L2


# ---------------------------------------------------------------------------- loading the solutions


def build_cuda_library(source: Path, outdir: Path) -> Path:
    """nvcc source -> shared library for this GPU, with the grader's own build (flags, link
    audit). Raises with the compiler's first errors on failure."""
    result = build_cuda(source, outdir, Device(has_cuda=True), shown_as=str(source.relative_to(REPO)))
    if not result.ok:
        raise RuntimeError(f"building {source.relative_to(REPO)} failed (log: {result.log}):\n" + "\n".join(result.errors))
    return result.library


def load_cuda_softmax(library: Path):
    """A callable x -> softmax(x) around ``softmax_forward`` of a built library."""
    lib = ctypes.CDLL(str(library))
    forward = lib.softmax_forward
    forward.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
    forward.restype = ctypes.c_int

    def softmax(x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)  # like F.softmax and the Triton wrapper: a new tensor per call
        err = forward(x.data_ptr(), y.data_ptr(), x.shape[0], x.shape[1], torch.cuda.current_stream().cuda_stream)
        if err != 0:
            raise RuntimeError(f"softmax_forward returned cudaError {err}")
        return y

    return softmax


def load_triton_softmax(path: Path):
    spec = importlib.util.spec_from_file_location("softmax_triton_solution", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.softmax


def torch_softmax(x: torch.Tensor) -> torch.Tensor:
    return F.softmax(x, dim=-1)


# ---------------------------------------------------------------------------- measuring


def device_slug(name: str) -> str:
    """'NVIDIA H100 80GB HBM3' -> 'h100'."""
    match = re.search(r"\b([A-Z]{1,2}\d{2,4}[A-Z]?)\b", name)
    return (match.group(1) if match else re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")).lower()


def timed_calls_ms(run, inputs, flush, reps: int) -> list[float]:
    """Times of ``reps`` calls of run(input), each after an L2 flush, inputs alternating."""
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for i in range(reps):
        flush()
        starts[i].record()
        run(inputs[i % len(inputs)])
        ends[i].record()
    torch.cuda.synchronize()
    return [s.elapsed_time(e) for s, e in zip(starts, ends)]


def reps_for(run, inputs, flush, budget_ms: float, most: int) -> int:
    """How many timed calls fit the budget (at least 3): slow implementations get fewer."""
    run(inputs[0])  # warm-up: compilation, module load, first-touch allocations
    torch.cuda.synchronize()
    estimate = statistics.median(timed_calls_ms(run, inputs, flush, 3))
    return max(3, min(most, int(budget_ms / max(estimate, 1e-3))))


def max_errors(fn, x: torch.Tensor, ref: torch.Tensor) -> tuple[float, bool]:
    """(max |fn(x) - ref| / |ref|, whether every element is within the grader's tolerance)."""
    # Fill a block of the output's size with NaN and free it: the caching allocator
    # hands that block to fn's output, so an element fn never writes shows up as NaN
    # instead of as a stale, correct value from an earlier implementation.
    poison = torch.full_like(x, float("nan"))
    del poison
    y = fn(x)
    diff = (y.double() - ref).abs()
    tol = SETTINGS.fp32_tolerance
    finite = bool(torch.isfinite(y).all())
    rel = (diff / ref.abs().clamp_min(torch.finfo(torch.float64).tiny)).max().item() if finite else float("inf")
    return rel, finite and bool((diff <= tol.atol + tol.rtol * ref.abs()).all())


# ---------------------------------------------------------------------------- main


def versions() -> dict:
    import triton

    out = {"torch": torch.__version__, "triton": triton.__version__, "cuda_runtime_torch": torch.version.cuda,
           "python": sys.version.split()[0]}
    code, text = run_tool(["nvcc", "--version"], timeout_s=30)
    match = re.search(r"release ([\d.]+)", text) if code == 0 else None
    out["nvcc"] = match.group(1) if match else "unknown"
    code, text = run_tool(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"], timeout_s=30)
    out["driver"] = text.strip().splitlines()[0] if code == 0 and text.strip() else "unknown"
    return out


def print_table(result: dict) -> None:
    names = [n for n in result["implementations"] if n != "F.softmax"]
    print(f"\n{result['device']['name']}: {result['device']['sm_count']} SMs, "
          f"{result['device']['l2_bytes'] / 2**20:.0f} MB L2; copy {result['copy_GBps']:.0f} GB/s (read + write)")
    head = f"{'rows x cols':>16} {'F.softmax':>14}"
    for name in names:
        head += f" | {name:>22}"
    print(head)
    print(f"{'':>16} {'GB/s  %copy':>14}" + "".join(f" | {'GB/s  xF    %copy  ok':>22}" for _ in names))
    for row in result["shapes"]:
        f = row["results"]["F.softmax"]
        line = f"{row['rows']:>7} x {row['cols']:<6} {f['GBps']:>7.0f} {f['pct_of_copy']:>5.0f}%"
        for name in names:
            r = row["results"].get(name)
            line += (f" | {r['GBps']:>7.0f} {r['ratio_to_F']:>5.2f} {r['pct_of_copy']:>5.0f}%"
                     f" {'ok' if r['within_tolerance'] else 'BAD':>3}") if r else f" | {'-':>22}"
        print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m grader.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="JSON file to write (default docs/data/bench-<device>-<date>.json)")
    parser.add_argument("--quick", action="store_true", help="one round and fewer calls: a rough figure in ~1 min")
    args = parser.parse_args(argv)
    if not torch.cuda.is_available():
        print("grader.bench needs a CUDA GPU; none is visible.", file=sys.stderr)
        return 2

    rounds, budget_ms, most = (1, 40.0, 30) if args.quick else (3, 150.0, 100)
    props = torch.cuda.get_device_properties(0)
    today = datetime.date.today().isoformat()
    out_path = args.out or REPO / "docs" / "data" / f"bench-{device_slug(props.name)}-{today}.json"

    implementations = {"F.softmax": torch_softmax}
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        implementations["CUDA tuned"] = load_cuda_softmax(build_cuda_library(TUNED_CU, Path(tmp)))
        implementations["Triton"] = load_triton_softmax(TRITON_PY)
        if NAIVE_CU.exists():
            implementations["CUDA naive"] = load_cuda_softmax(build_cuda_library(NAIVE_CU, Path(tmp)))

        scratch = torch.empty(max(2 * props.L2_cache_size, COPY_BYTES), dtype=torch.uint8, device="cuda")
        flush = scratch.zero_  # writing it evicts everything else from L2

        def copy_GBps() -> tuple[float, list[float]]:
            src = [torch.randn(COPY_BYTES // 4, device="cuda") for _ in range(2)]
            dst = torch.empty_like(src[0])
            run = dst.copy_
            reps = reps_for(run, src, flush, budget_ms, most)
            times = [t for _ in range(rounds) for t in timed_calls_ms(run, src, flush, reps)]
            return 2 * COPY_BYTES / statistics.median(times) / 1e6, times

        copy_before, copy_times = copy_GBps()
        shapes = []
        for rows, cols in SWEEP_SHAPES:
            gen = torch.Generator(device="cuda").manual_seed(rows * 7 + cols)
            inputs = [torch.randn(rows, cols, device="cuda", generator=gen) for _ in range(2)]
            ref = torch.softmax(inputs[0].double(), dim=-1)
            errors = {name: max_errors(fn, inputs[0], ref) for name, fn in implementations.items()}
            del ref
            reps = {name: reps_for(fn, inputs, flush, budget_ms, most) for name, fn in implementations.items()}
            times = {name: [] for name in implementations}
            for _ in range(rounds):  # interleaved, so that drift hits every implementation alike
                for name, fn in implementations.items():
                    times[name] += timed_calls_ms(fn, inputs, flush, reps[name])
            shapes.append({"rows": rows, "cols": cols, "times_ms": times, "errors": errors})
            print(f"{rows:>7} x {cols:<6} " + "  ".join(
                f"{n} {8 * rows * cols / statistics.median(t) / 1e6:.0f}" for n, t in times.items()), flush=True)
            del inputs
        copy_after, more = copy_GBps()
        copy = 2 * COPY_BYTES / statistics.median(copy_times + more) / 1e6

    result = {
        "device": {"name": props.name, "sm_count": props.multi_processor_count, "l2_bytes": props.L2_cache_size,
                   "capability": f"{props.major}.{props.minor}"},
        "versions": versions(),
        "date": today,
        "method": {"timing": "CUDA events, median", "l2_flush_bytes": scratch.numel(), "input_buffers": 2,
                   "rounds": rounds, "bytes_per_element": 8, "reference": "torch.softmax in fp64 on the GPU",
                   "tolerance": {"atol": SETTINGS.fp32_tolerance.atol, "rtol": SETTINGS.fp32_tolerance.rtol}},
        "copy_GBps": copy,
        "copy_GBps_before_after": [copy_before, copy_after],
        "implementations": list(implementations),
        "shapes": [],
    }
    for shape in shapes:
        rows, cols = shape["rows"], shape["cols"]
        f_ms = statistics.median(shape["times_ms"]["F.softmax"])
        results = {}
        for name, times in shape["times_ms"].items():
            ms = statistics.median(times)
            deciles = statistics.quantiles(times, n=10)
            rel, ok = shape["errors"][name]
            results[name] = {"ms": ms, "GBps": 8 * rows * cols / ms / 1e6, "ratio_to_F": f_ms / ms,
                             "pct_of_copy": 100 * 8 * rows * cols / ms / 1e6 / copy, "max_rel_err": rel,
                             "within_tolerance": ok, "calls_timed": len(times),
                             "spread_p10_p90": (deciles[-1] - deciles[0]) / ms}
        result["shapes"].append({"rows": rows, "cols": cols, "results": results})

    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.write_text(json.dumps(result, indent=1) + "\n")
    print(f"\nwrote {out_path}")
    print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""make bench: the reference solutions of a kernel track against the vendor baseline and the ceiling.

    python -m grader.bench [--kernel softmax|gemm] [--out FILE] [--quick] [--shapes 16384x4096,...]
                           [--cuda FILE ...] [--triton FILE ... | --no-triton]

Needs a CUDA GPU. It measures with the grader's own method (grader/timing.py), through the same
sandboxed workers as grading: at every timing shape of the track, the tuned CUDA solution against
the vendor baseline in one worker (one process), then the Triton solution against the baseline in
another; the device copy, the ceiling, once for the run in the judge's process. Every timed
implementation's launches are verified as the gate's are. ``--cuda``/``--triton`` time other files
(variants under study) in their place. Writes JSON (default
docs/data/bench-<track>-<device>-<date>.json) and prints a table last. It holds the GPU alone
(grader/gpu_lock.py) while it measures.
"""
from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from grader import phase, timing
from grader.build import build_cuda
from grader.checks import perf
from grader.checks.kernel_checks import WorkerPlan
from grader.context import Context
from grader.gpu_lock import GpuLock
from grader.ops import KERNELS, get
from grader.pipeline import choose_seed, probe_device
from grader.registry import Lab
from grader.sandbox import probe

REPO = Path(__file__).resolve().parent.parent


def device_slug(name: str) -> str:
    """'NVIDIA H100 80GB HBM3' -> 'h100'."""
    match = re.search(r"\b([A-Z]{1,2}\d{2,4}[A-Z]?)\b", name)
    return (match.group(1) if match else re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")).lower()


def implementations(spec, ctx, workroot: Path, cuda_files: list[Path] | None, triton_files: list[Path] | None
                    ) -> list[tuple]:
    """(name, worker plan, contender) of every implementation to time: the track's tuned CUDA and Triton
    solutions, or the files given (variants under study: each must build and pass the ELF audit as a
    learner's file would)."""
    solutions = REPO / "solutions"
    cuda_files = [] if cuda_files is None else cuda_files or [solutions / "02-tuned-kernel" / f"{spec.stem}_tuned.cu"]
    triton_files = triton_files if triton_files is not None else [solutions / "03-triton-and-pytorch" /
                                                                  f"{spec.stem}_triton.py"]
    out = []
    with ThreadPoolExecutor(max_workers=8) as pool:  # nvcc, one file each
        libs = list(pool.map(lambda k: build_cuda(cuda_files[k], workroot / "build" / f"cuda-{k}", ctx.device,
                                                  str(cuda_files[k]), spec), range(len(cuda_files))))
    for path, lib in zip(cuda_files, libs):
        name = "CUDA tuned" if path.parent.parent == solutions else f"CUDA {path.parent.name or path.stem}"
        if not lib.ok or lib.elf.problems:
            raise SystemExit(f"{path} did not build cleanly: {lib.errors or lib.elf.problems}")
        out.append((name, WorkerPlan("cuda", {"op": spec.name, "libraries": {"tuned": str(lib.library)}},
                                     (lib.library.parent,), True, what=f"{path.name}"), "lib:tuned"))
    for path in triton_files:
        name = "Triton" if path.parent.parent == solutions else f"Triton {path.parent.name or path.stem}"
        out.append((name, WorkerPlan("triton", {"op": spec.name, "file": path.name, "stage": str(path.parent),
                                                "device": "cuda"}, (path.parent,), True, (("TRITON_INTERPRET", "0"),),
                                     what=f"{path.name}"), "learner"))
    return out


def gate_repeats(spec, ctx, plan, runs: int) -> list[dict]:
    """The lab 02 gate's measurement of the (first) CUDA implementation, ``runs`` times over, each in a fresh
    worker as a grading would make it: how far apart the ratio that decides the verdict lands."""
    out = []
    for run in range(runs):
        ctx.lane = f"gate-{run}"
        m, problem = perf.measure(ctx, f"gate-{run}", plan, spec.representative,
                                  perf.contenders(spec, "lib:tuned", "baseline"), verify=("lib:tuned",))
        if problem:
            out.append({"run": run, "error": problem.message})
            continue
        f = perf.figures(ctx, m, "lib:tuned")
        out.append({"run": run, "ratio_to_baseline": f["ratio_to_baseline"], "spread": f["spread"],
                    "rounds": f["rounds"], "rate": f["rate"], "baseline_rate": f["baseline_rate"]})
        print(f"gate run {run}: {f['ratio_to_baseline']:.4f}x {spec.baseline_name} (spread {f['spread']:.2%} over "
              f"{f['rounds']} rounds)", flush=True)
        for worker in list(ctx.workers):
            if worker.lane == ctx.lane:
                worker.close()
    return out


def bench(spec, shapes, rounds: int, workroot: Path, cuda_files: list[Path] | None = (),
          triton_files: list[Path] | None = None, gate_runs: int = 0) -> dict:
    """``cuda_files``/``triton_files``: what to time (empty or None: the solution; None for CUDA, [] for
    Triton: none)."""
    device = probe_device()
    if not device.has_cuda:
        raise SystemExit(f"grader.bench needs a CUDA GPU ({device.reason})")
    lab = Lab("02", "tuned-kernel", "bench", editable=(), docs="reference.md", op=spec.name)
    stage = REPO / "solutions"
    ctx = Context(lab, spec, stage, stage, REPO, None, device, choose_seed(), workroot / "runs")
    rows = []
    with GpuLock.for_device(device).exclusive():  # no other grading shares the GPU meanwhile
        contenders = implementations(spec, ctx, workroot, cuda_files, triton_files)
        for dims in shapes:
            label = spec.label(dims)
            entry = {"shape": label, "dims": dims, "results": {}}
            for name, plan, contender in contenders:
                ctx.lane = name  # one worker per implementation, reused across shapes
                m, problem = perf.measure(ctx, f"bench-{name}-{label}", plan, dims,
                                          perf.contenders(spec, contender, "baseline"), verify=(contender,), rounds=rounds)
                if problem:
                    entry["results"][name] = {"error": problem.message, "details": problem.details}
                    continue
                f = perf.figures(ctx, m, contender)
                entry["results"][name] = {**f, "per_round_ratio": [round(x, 4) for x in m.ratios(contender, "baseline")]}
                entry["results"].setdefault(spec.baseline_name, {"rate": f["baseline_rate"], "unit": f["unit"]})
            rows.append(entry)
            print(f"{label:>18}  " + "  ".join(f"{k} {v.get('rate', 'ERR')}" for k, v in entry["results"].items()),
                  flush=True)
        gates = gate_repeats(spec, ctx, contenders[0][1], gate_runs) if gate_runs and cuda_files is not None else []
        for close in ctx.closers:
            close()
    copy = ctx.per_run.get(("copy", spec.name))
    return {
        "track": spec.name, "date": datetime.date.today().isoformat(),
        "device": {"name": device.name, "sm_count": device.sm_count, "l2_bytes": device.l2_bytes,
                   "capability": list(device.capability)},
        "versions": device.versions, "isolation": probe().describe(),
        "method": {"module": "grader/timing.py", "rounds": rounds, "target_block_s": timing.TARGET_BLOCK_S,
                   "input_sets": timing.SETS, "clock": "the judge's time.monotonic between a worker's marks",
                   "unit": spec.rate.shown, "baseline": spec.baseline_name,
                   "ceiling": ("the device copy, measured once per run the same way, by a worker that loads no learner code "
                               "(kernel_checks.copy_worker), at "
                               f"{spec.label(spec.representative)}") if copy else "the fp32 FMA peak"},
        "copy": ({"rate": round(copy.rate("copy") * spec.rate.scale, 3), "unit": spec.rate.shown,
                  "rounds": len(copy.rounds), "spread": round(copy.time_spread("copy"), 4)} if copy else None),
        "fp32_peak": timing.fp32_peak(device),
        "implementations": [name for name, _, _ in contenders],
        "shapes": rows,
        "gate_repeats": gates,
    }


def print_table(result: dict) -> None:
    copy = result.get("copy")
    print(f"\n{result['device']['name']} ({result['track']}), {result['method']['unit']}; ratio to "
          f"{result['method']['baseline']}; % of the ceiling" + (f" (copy {copy['rate']:.4g})" if copy else ""))
    names = result.get("implementations") or ["CUDA tuned", "Triton"]
    for row in result["shapes"]:
        cells = []
        for name in names:
            r = row["results"].get(name, {})
            cells.append(f"{name}: " + (f"{r['rate']:.4g} {r['ratio_to_baseline']:.2f}x {r.get('pct_of_ceiling', 0):.0f}%"
                                        if "rate" in r else "error"))
        print(f"{row['shape']:>18}  " + "   ".join(cells))
    gates = [g["ratio_to_baseline"] for g in result.get("gate_repeats", []) if "ratio_to_baseline" in g]
    if gates:
        middle = (max(gates) + min(gates)) / 2
        print(f"gate, {len(gates)} runs: " + ", ".join(f"{g:.4f}" for g in gates) +
              f"x {result['method']['baseline']} (within ±{(max(gates) - min(gates)) / 2 / middle:.2%} of the middle)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m grader.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--kernel", choices=KERNELS, default=None)
    parser.add_argument("--out", type=Path, help="JSON file to write")
    parser.add_argument("--quick", action="store_true", help="2 rounds instead of 5")
    parser.add_argument("--shapes", default="", help="only these shapes, e.g. 16384x4096,128x524288")
    parser.add_argument("--cuda", type=Path, action="append", default=[], metavar="FILE",
                        help="time this CUDA file instead of the tuned solution (repeatable)")
    parser.add_argument("--triton", type=Path, action="append", default=None, metavar="FILE",
                        help="time this Triton file instead of the solution (repeatable)")
    parser.add_argument("--no-triton", action="store_true", help="time no Triton file")
    parser.add_argument("--no-cuda", action="store_true", help="time no CUDA file")
    parser.add_argument("--gate-repeats", type=int, default=0, metavar="N",
                        help="also measure the lab 02 gate N times, a fresh worker each (its repeatability)")
    args = parser.parse_args(argv)
    spec = get(args.kernel or phase.kernel())
    try:
        shapes = requested_shapes(spec, args.shapes)
    except ValueError as exc:
        parser.error(str(exc))
    triton_files = [] if args.no_triton else [p.resolve() for p in args.triton] if args.triton else None
    cuda_files = None if args.no_cuda else [p.resolve() for p in args.cuda]
    result = bench(spec, shapes, 2 if args.quick else timing.ROUNDS, REPO / "build" / "bench", cuda_files, triton_files,
                   args.gate_repeats)
    out = args.out or REPO / "docs" / "data" / f"bench-{spec.name}-{device_slug(result['device']['name'])}-{result['date']}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"\nwrote {out}")
    print_table(result)
    return 0


def requested_shapes(spec, text: str) -> list[dict]:
    """The track's timing shapes named in ``text`` (all of them if it is empty), in the track's order, then any
    other shape it names (e.g. 4096x50257: the same kernels at more rows, for a study)."""
    if not text:
        return list(spec.timing_shapes)
    labels = [t.strip() for t in text.split(",") if t.strip()]
    known = [d for d in spec.timing_shapes if spec.label(d) in labels]
    other = []
    for label in labels:
        if any(spec.label(d) == label for d in spec.timing_shapes):
            continue
        parts = label.split("x")
        if len(parts) != len(spec.dim_names) or not all(p.isdigit() and int(p) > 0 for p in parts):
            raise ValueError(f"--shapes: {label!r} is not {'x'.join(spec.dim_names)} in positive integers")
        other.append(dict(zip(spec.dim_names, map(int, parts))))
    return known + other


if __name__ == "__main__":
    sys.exit(main())

"""make bench: the reference solutions of a kernel track against the vendor baseline and the ceiling.

    python -m grader.bench [--kernel softmax|gemm] [--out FILE] [--quick]

Needs a CUDA GPU. It measures with the grader's own method (grader/timing.py), through the same
sandboxed workers as grading: at every timing shape of the track, the tuned CUDA solution, the
vendor baseline and a device copy in one worker (one process), then the Triton solution, the
baseline and a copy in another. Every timed implementation's launches are verified as the gate's
are. Writes JSON (default docs/data/bench-<track>-<device>-<date>.json) and prints a table last.
"""
from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
from pathlib import Path

from grader import phase, timing
from grader.build import build_cuda
from grader.checks import perf
from grader.checks.kernel_checks import WorkerPlan
from grader.context import Context
from grader.ops import KERNELS, get
from grader.pipeline import choose_seed, probe_device
from grader.registry import Lab
from grader.sandbox import probe

REPO = Path(__file__).resolve().parent.parent


def device_slug(name: str) -> str:
    """'NVIDIA H100 80GB HBM3' -> 'h100'."""
    match = re.search(r"\b([A-Z]{1,2}\d{2,4}[A-Z]?)\b", name)
    return (match.group(1) if match else re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")).lower()


def bench(spec, shapes, rounds: int, workroot: Path) -> dict:
    device = probe_device()
    if not device.has_cuda:
        raise SystemExit(f"grader.bench needs a CUDA GPU ({device.reason})")
    lab = Lab("02", "tuned-kernel", "bench", editable=(), docs="reference.md", op=spec.name)
    stage = REPO / "solutions"
    ctx = Context(lab, spec, stage, stage, REPO, None, device, choose_seed(), workroot / "runs")
    tuned = build_cuda(stage / "02-tuned-kernel" / f"{spec.stem}_tuned.cu", workroot / "build", device,
                       f"solutions/02-tuned-kernel/{spec.stem}_tuned.cu", spec)
    if not tuned.ok or tuned.elf.problems:
        raise SystemExit(f"the tuned solution did not build cleanly: {tuned.errors or tuned.elf.problems}")
    cuda = WorkerPlan("cuda", {"op": spec.name, "libraries": {"tuned": str(tuned.library)}}, (tuned.library.parent,),
                      True, what="the tuned CUDA solution")
    triton_dir = stage / "03-triton-and-pytorch"
    triton = WorkerPlan("triton", {"op": spec.name, "file": f"{spec.stem}_triton.py", "stage": str(triton_dir),
                                   "device": "cuda"}, (triton_dir,), True, (("TRITON_INTERPRET", "0"),),
                        what="the Triton solution")
    extra = ["copy"] if spec.rate.ceiling == "copy" else []
    rows = []
    for dims in shapes:
        label = spec.label(dims)
        entry = {"shape": label, "dims": dims, "results": {}}
        for name, plan, contender in (("CUDA tuned", cuda, "lib:tuned"), ("Triton", triton, "learner")):
            m, problem = perf.measure(ctx, f"bench-{name.split()[0]}-{label}", plan, dims,
                                      [contender, "baseline", *extra], verify=(contender,), rounds=rounds)
            if problem:
                entry["results"][name] = {"error": problem.message, "details": problem.details}
                continue
            f = perf.figures(ctx, m, contender)
            entry["results"][name] = {**f, "per_round_ratio": [round(x, 4) for x in m.ratios(contender, "baseline")]}
            entry["results"].setdefault(spec.baseline_name, {"rate": f["baseline_rate"], "unit": f["unit"]})
            if "copy" in m.rounds[0]:
                entry["results"].setdefault("copy", {"rate": round(m.rate("copy") * spec.rate.scale, 3),
                                                     "unit": spec.rate.shown})
        rows.append(entry)
        print(f"{label:>18}  " + "  ".join(f"{k} {v.get('rate', 'ERR')}" for k, v in entry["results"].items()),
              flush=True)
    return {
        "track": spec.name, "date": datetime.date.today().isoformat(),
        "device": {"name": device.name, "sm_count": device.sm_count, "l2_bytes": device.l2_bytes,
                   "capability": list(device.capability)},
        "versions": device.versions, "isolation": probe().describe(),
        "method": {"module": "grader/timing.py", "rounds": rounds, "target_block_s": timing.TARGET_BLOCK_S,
                   "input_sets": timing.SETS, "clock": "the judge's time.monotonic between a worker's marks",
                   "unit": spec.rate.shown, "baseline": spec.baseline_name},
        "fp32_peak": timing.fp32_peak(device),
        "shapes": rows,
    }


def print_table(result: dict) -> None:
    print(f"\n{result['device']['name']} ({result['track']}), {result['method']['unit']}; ratio to "
          f"{result['method']['baseline']}; % of the ceiling")
    for row in result["shapes"]:
        cells = []
        for name in ("CUDA tuned", "Triton"):
            r = row["results"].get(name, {})
            cells.append(f"{name}: " + (f"{r['rate']:.4g} {r['ratio_to_baseline']:.2f}x {r.get('pct_of_ceiling', 0):.0f}%"
                                        if "rate" in r else "error"))
        print(f"{row['shape']:>18}  " + "   ".join(cells))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m grader.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--kernel", choices=KERNELS, default=None)
    parser.add_argument("--out", type=Path, help="JSON file to write")
    parser.add_argument("--quick", action="store_true", help="2 rounds instead of 5")
    parser.add_argument("--shapes", default="", help="only these shapes, e.g. 16384x4096,128x524288")
    args = parser.parse_args(argv)
    spec = get(args.kernel or phase.kernel())
    shapes = [d for d in spec.timing_shapes if not args.shapes or spec.label(d) in args.shapes.split(",")]
    result = bench(spec, shapes, 2 if args.quick else timing.ROUNDS, REPO / "build" / "bench")
    out = args.out or REPO / "docs" / "data" / f"bench-{spec.name}-{device_slug(result['device']['name'])}-{result['date']}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"\nwrote {out}")
    print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())

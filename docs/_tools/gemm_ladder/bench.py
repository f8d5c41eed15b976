"""Build, check and time the SGEMM ladder, the lab 02 and lab 03 references and cuBLAS (dev tool).

    python docs/_tools/gemm_ladder/bench.py --out gemm-ladder.json            # on a CUDA machine
    python docs/_tools/gemm_ladder/bench.py --build-only                        # compile only (no GPU needed)

What it does, in one process:

1. builds ladder.cu, tuned_variants.cu and the lab 01 / lab 02 references with nvcc, the grader's flags
   plus -Xptxas -v (registers, shared memory and spills per kernel go into the JSON). A library whose
   command and sources are unchanged is reused (its name carries their hash).
2. checks every kernel against an fp64 reference on odd, skinny and large shapes: the error of each
   element relative to sqrt(sum_k (A[m,k] B[k,n])^2), its maximum, and that maximum in units of
   2^-24 sqrt(K) (the grader accepts up to 10 of those; fp32 in any order lands near 1, TF32 far above);
   C is filled with NaN first, so an element left unwritten fails.
3. times every kernel at 4096^3 (and the fastest ones at 8192^3) with CUDA events around each launch,
   L2 flushed (a 256 MB buffer zeroed) before each, after warm-up; ROUNDS rounds, each timing every
   kernel REPS times in turn, so that a drift of the clock hits all kernels alike. Reported: the median
   of all runs, and the spread of the per-round medians. cuBLAS fp32 is torch.matmul with
   torch.backends.cuda.matmul.allow_tf32 = False; cuBLAS TF32 the same with True.
4. with --explore, also times a list of Triton launch configurations one by one.

The JSON (--out) holds every figure, the device, the versions and the command; the table printed
last is a summary. The grader's own timing module (grader/timing.py) is the project's reference
method; these figures are evidence for the docs' ladder (docs/data/gemm-ladder-README.md).

Legend: M, N, K as in the kernels: C[M x N] = A[M x K] . B[K x N], row-major fp32.
"""
from __future__ import annotations

import argparse
import ctypes
import hashlib
import importlib.util
import json
import math
import platform
import re
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
DEVICE = "cuda"  # the tests of this tool swap in "cpu"
U32 = 2.0**-24
GRADER_LAMBDA = 10.0  # grader/ops/gemm.py: |C - ref| <= 10 * 2^-24 * sqrt(K) * sqrt(sum_k (a b)^2)

LIBRARIES = {  # name -> (source, launchers in ladder order)
    "ladder": (HERE / "ladder.cu", ["gemm_ladder_1_naive", "gemm_ladder_2_coalesced", "gemm_ladder_3_smem",
                                    "gemm_ladder_4_1d_regs", "gemm_ladder_5_2d_regs", "gemm_ladder_6_vectorized",
                                    "gemm_ladder_7_warptile"]),
    "sgemm_naive": (REPO / "solutions/01-naive-kernel/sgemm_naive.cu", ["sgemm"]),
    "sgemm_tuned": (REPO / "solutions/02-tuned-kernel/sgemm_tuned.cu", ["sgemm"]),
    "tuned_variants": (HERE / "tuned_variants.cu", [
        "sgemm_tile128x128_t256", "sgemm_tile128x128_t256_bk16", "sgemm_tile128x128_t256_1blk",
        "sgemm_tile128x256_t256", "sgemm_tile256x128_t256", "sgemm_tile128x256_t256_16x8",
        "sgemm_tile128x128_t128_bk16", "sgemm_tile64x256_t128", "sgemm_tile64x128_t128"]),
}
TRITON_FILE = REPO / "solutions/03-triton-and-pytorch/sgemm_triton.py"
NVCC_FLAGS = ["-O3", "-std=c++17", "-Xcompiler", "-fPIC", "-shared", "-cudart", "shared", "-Xptxas", "-v"]

# Correctness shapes (M, N, K): those of grader/ops/gemm.py's plans and more of the same kinds.
CHECK_SHAPES = [
    (1, 1, 1), (7, 13, 5), (127, 129, 65), (128, 128, 128), (33, 7, 4096), (1, 1000, 777), (1000, 1, 777),
    (513, 257, 1), (1000, 1000, 1000), (127, 127, 127), (129, 129, 129), (1, 4096, 4096), (4096, 1, 4096),
    (4096, 4096, 1), (4095, 4095, 4095), (129, 4096, 4096), (4096, 127, 4096), (2048, 2048, 8191),
    (4097, 4097, 33), (4096, 4096, 4096), (1000, 1003, 1001), (130, 258, 66),
]
# Triton compiles its kernel again for every new pattern of sizes divisible by 16 and autotunes every
# new (M, N, K): it is checked on the grader's GPU plan for lab 03 and a few large shapes.
TRITON_SHAPES = {(1, 1, 1), (7, 13, 5), (127, 129, 65), (128, 128, 128), (33, 7, 4096), (1, 1000, 777),
                 (1000, 1, 777), (513, 257, 1), (1000, 1000, 1000), (4095, 4095, 4095), (4096, 4096, 4096),
                 (1000, 1003, 1001), (4097, 4097, 33)}
FAMILIES_AT = {(127, 129, 65): ("randn", "ints"), (1000, 1000, 1000): ("randn", "scaled"),
               (2048, 2048, 8191): ("ints",)}

# Triton configurations timed one by one with --explore: (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages).
TRITON_EXPLORE = [
    (64, 128, 32, 4, 3), (64, 128, 32, 4, 4), (128, 128, 32, 8, 3), (128, 128, 32, 8, 5), (64, 64, 64, 4, 3),
    (128, 128, 32, 16, 3), (64, 64, 32, 4, 4), (128, 64, 32, 4, 3), (256, 128, 16, 8, 3), (128, 128, 16, 8, 3),
]
TRITON_EXPLORE_UNMASKED = [(64, 128, 32, 4, 3), (128, 128, 32, 8, 3)]


# ---- build ----------------------------------------------------------------------------------------

def included(src: Path) -> list[Path]:
    """src and the files it #includes with quotes (one level is all this tree uses)."""
    files = [src]
    for rel in re.findall(r'^\s*#\s*include\s*"([^"]+)"', src.read_text(), re.M):
        files.append((src.parent / rel).resolve())
    return files


def build(name: str, arch: str, build_dir: Path) -> dict:
    src, _ = LIBRARIES[name]
    flags = [*NVCC_FLAGS, f"-arch={arch}"]
    h = hashlib.sha256(" ".join(flags).encode())
    for f in included(src):
        h.update(f.read_bytes())
    key = h.hexdigest()[:12]
    lib, log = build_dir / f"lib{name}-{arch}-{key}.so", build_dir / f"lib{name}-{arch}-{key}.ptxas.txt"
    cmd = ["nvcc", *flags, str(src), "-o", str(lib)]
    shown = " ".join(["nvcc", *flags, str(src.relative_to(REPO)), "-o", f"lib{name}.so"])
    if not (lib.exists() and log.exists()):
        build_dir.mkdir(parents=True, exist_ok=True)
        t0 = time.monotonic()
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit(f"nvcc failed for {src}:\n{out.stdout}{out.stderr}")
        log.write_text(out.stdout + out.stderr)
        print(f"built {lib.name} in {time.monotonic() - t0:.0f} s", flush=True)
    return {"library": str(lib), "command": shown, "ptxas": parse_ptxas(log.read_text())}


def parse_ptxas(text: str) -> dict:
    """kernel (mangled) -> registers, shared memory bytes, stack frame and spill bytes."""
    kernels, current = {}, None
    for line in text.splitlines():
        if m := re.search(r"Compiling entry function '(\w+)'", line):
            current = kernels.setdefault(m[1], {})
        elif current is not None and (m := re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                                                     r"(\d+) bytes spill loads", line)):
            current.update(stack=int(m[1]), spill_stores=int(m[2]), spill_loads=int(m[3]))
        elif current is not None and (m := re.search(r"Used (\d+) registers", line)):
            current["registers"] = int(m[1])
            smem = re.search(r"(\d+) bytes smem", line)
            current["smem_bytes"] = int(smem[1]) if smem else 0
    return kernels


# ---- the kernels under test ----------------------------------------------------------------------

def cuda_kernels(builds: dict) -> dict:
    import torch

    kernels = {}
    for name, (_, launchers) in LIBRARIES.items():
        lib = ctypes.CDLL(builds[name]["library"])
        for launcher in launchers:
            fn = getattr(lib, launcher)
            fn.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_int] * 3 + [ctypes.c_void_p]
            fn.restype = ctypes.c_int
            label = launcher.replace("gemm_ladder_", "") if name == "ladder" else (
                {"sgemm_naive": "lab01_naive", "sgemm_tuned": "tuned"}.get(name, launcher.replace("sgemm_", "")))

            def call(a, b, c, fn=fn, label=label):
                m, k = a.shape
                rc = fn(a.data_ptr(), b.data_ptr(), c.data_ptr(), m, b.shape[1], k,
                        torch.cuda.current_stream().cuda_stream)
                if rc != 0:
                    raise RuntimeError(f"{label}: launcher returned CUDA error {rc}")
                return c

            kernels[label] = call
    return kernels


def load_triton():
    spec = importlib.util.spec_from_file_location("sgemm_triton", TRITON_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cublas(tf32: bool):
    import torch

    def call(a, b, c):
        torch.backends.cuda.matmul.allow_tf32 = tf32
        torch.matmul(a, b, out=c)
        torch.backends.cuda.matmul.allow_tf32 = False
        return c

    return call


# ---- correctness ---------------------------------------------------------------------------------

def make_inputs(family: str, m: int, n: int, k: int, seed: int):
    import torch

    g = torch.Generator(device=DEVICE).manual_seed(seed)
    if family == "ints":
        return (torch.randint(-8, 9, (m, k), generator=g, device=DEVICE).float(),
                torch.randint(-8, 9, (k, n), generator=g, device=DEVICE).float())
    a = torch.randn(m, k, generator=g, device=DEVICE)
    b = torch.randn(k, n, generator=g, device=DEVICE)
    if family == "scaled":
        a *= torch.exp2(torch.randint(-8, 9, (m, 1), generator=g, device=DEVICE).float())
        b *= torch.exp2(torch.randint(-8, 9, (1, n), generator=g, device=DEVICE).float())
    return a, b


def check_all(kernels: dict, shapes) -> list[dict]:
    import torch

    results = []
    for si, (m, n, k) in enumerate(shapes):
        for family in FAMILIES_AT.get((m, n, k), ("randn",)):
            a, b = make_inputs(family, m, n, k, seed=1000 + si)
            ref = a.double() @ b.double()
            scale = ((a.double() ** 2) @ (b.double() ** 2)).sqrt_()
            scale.clamp_(min=1e-300)
            for label, fn in kernels.items():
                if label == "triton" and (m, n, k) not in TRITON_SHAPES:
                    continue
                c = torch.full((m, n), float("nan"), device=DEVICE)
                if label == "triton":
                    # The wrapper allocates C itself: free the poisoned block just before, so that its
                    # torch.empty most likely gets it back (an unwritten element then stays NaN).
                    del c
                    c = None
                t0 = time.monotonic()
                try:
                    c = fn(a, b, c)
                    torch.cuda.synchronize()
                    err = ((c.double() - ref).abs() / scale)
                    finite = bool(torch.isfinite(c).all())
                    rel = float(err.max()) if finite else float("inf")
                    where = divmod(int(err.argmax()), n) if finite else None
                    problem = None
                except Exception as exc:  # a launch error is a result here
                    rel, finite, where, problem = float("inf"), False, None, str(exc)
                lam = rel / (U32 * math.sqrt(k))
                results.append({"kernel": label, "M": m, "N": n, "K": k, "family": family, "max_rel_err": rel,
                                "max_err_in_u_sqrtK": lam, "ok": finite and lam <= GRADER_LAMBDA,
                                "worst_at": where, "error": problem, "seconds": round(time.monotonic() - t0, 3)})
            del a, b, ref, scale
        torch.cuda.empty_cache()
        print(f"checked {m} x {n} x {k}", flush=True)
    return results


# ---- timing --------------------------------------------------------------------------------------

def time_round(fn, args, flush, reps: int) -> list[float]:
    import torch

    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for i in range(reps):
        flush.zero_()  # 256 MB through L2: the next launch finds none of its inputs there
        starts[i].record()
        fn(*args)
        ends[i].record()
    torch.cuda.synchronize()
    return [s.elapsed_time(e) for s, e in zip(starts, ends)]


def time_all(kernels: dict, size: int, rounds: int, reps: int, warmup: int, flush) -> dict:
    import torch

    a, b = make_inputs("randn", size, size, size, seed=size)
    c = torch.empty(size, size, device=DEVICE)
    flop = 2.0 * size**3
    samples = {label: [] for label in kernels}
    for label, fn in kernels.items():  # warm-up: module loads, autotuning, clocks up
        for _ in range(warmup):
            fn(a, b, c)
        torch.cuda.synchronize()
    for r in range(rounds):
        for label, fn in kernels.items():
            samples[label].append(time_round(fn, (a, b, c), flush, reps))
        print(f"{size}^3: round {r + 1}/{rounds} done", flush=True)
    base = samples.get("cublas_fp32")
    out = {}
    for label, per_round in samples.items():
        every = [t for rnd in per_round for t in rnd]
        med = statistics.median(every)
        round_meds = [statistics.median(rnd) for rnd in per_round]
        entry = {"median_ms": med, "tflops": flop / med * 1e-9, "round_medians_ms": round_meds,
                 "min_ms": min(every), "max_ms": max(every), "runs": len(every), "samples_ms": every}
        if base:
            base_meds = [statistics.median(rnd) for rnd in base]
            entry["pct_cublas_fp32"] = 100.0 * statistics.median([t for rnd in base for t in rnd]) / med
            ratios = [100.0 * bm / km for bm, km in zip(base_meds, round_meds)]
            entry["pct_cublas_fp32_per_round"] = ratios
        out[label] = entry
    del a, b, c
    torch.cuda.empty_cache()
    return out


def explore_triton(module, size: int, reps: int, flush) -> list[dict]:
    import torch
    import triton

    spec = importlib.util.spec_from_file_location("triton_variants", HERE / "triton_variants.py")
    variants = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(variants)
    runs = [("masked", module._sgemm_kernel, c) for c in TRITON_EXPLORE]
    runs += [("unmasked", variants._sgemm_unmasked_kernel, c) for c in TRITON_EXPLORE_UNMASKED]

    a, b = make_inputs("randn", size, size, size, seed=size)
    c = torch.empty(size, size, device=DEVICE)
    ref = torch.empty(size, size, device=DEVICE)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.matmul(a, b, out=ref)
    out = []
    for kind, kernel, (bm, bn, bk, warps, stages) in runs:
        cfg = {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": 8, "num_warps": warps, "num_stages": stages}
        grid = (triton.cdiv(size, bm) * triton.cdiv(size, bn),)

        def fn(a, b, c, cfg=cfg, grid=grid, kernel=kernel):
            kernel[grid](a, b, c, size, size, size, a.stride(0), a.stride(1), b.stride(0),
                                       b.stride(1), c.stride(0), c.stride(1), **cfg)

        entry = {"kernel": kind, "config": cfg, "size": size}
        try:
            t0 = time.monotonic()
            fn(a, b, c)
            torch.cuda.synchronize()
            entry["compile_s"] = round(time.monotonic() - t0, 1)
            entry["max_abs_diff_vs_cublas_fp32"] = float((c - ref).abs().max())
            fn(a, b, c)
            times = time_round(fn, (a, b, c), flush, reps)
            entry["median_ms"] = statistics.median(times)
            entry["tflops"] = 2.0 * size**3 / entry["median_ms"] * 1e-9
        except Exception as exc:
            entry["error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
        out.append(entry)
        print(f"triton {kind} {cfg}: {entry.get('tflops', float('nan')):.1f} TFLOP/s {entry.get('error', '')}", flush=True)
    return out


# ---- main ----------------------------------------------------------------------------------------

def nvcc_version() -> str:
    try:
        return subprocess.run(["nvcc", "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1]
    except Exception as exc:
        return f"nvcc --version failed: {exc}"


def smi() -> str:
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,"
                               "power.draw,temperature.gpu", "--format=csv"], capture_output=True, text=True,
                              timeout=30).stdout.strip()
    except Exception as exc:
        return f"nvidia-smi failed: {exc}"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, help="write the JSON here")
    p.add_argument("--build-dir", type=Path, default=REPO / "build" / "gemm_ladder")
    p.add_argument("--arch", default=None, help="nvcc -arch (default: the GPU's, sm_90 without one)")
    p.add_argument("--build-only", action="store_true")
    p.add_argument("--explore", action="store_true", help="also time each Triton config of TRITON_EXPLORE")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--reps", type=int, default=10)
    p.add_argument("--skip-8192", action="store_true")
    args = p.parse_args(argv)

    arch = args.arch
    if arch is None and not args.build_only:
        import torch

        major, minor = torch.cuda.get_device_capability()
        arch = f"sm_{major}{minor}"
    arch = arch or "sm_90"
    with ThreadPoolExecutor(max_workers=len(LIBRARIES)) as pool:
        builds = dict(zip(LIBRARIES, pool.map(lambda n: build(n, arch, args.build_dir), LIBRARIES)))
    if args.build_only:
        for name, b in builds.items():
            for kern, res in b["ptxas"].items():
                print(f"{name:15s} {res.get('registers', '?'):>4} regs {res.get('smem_bytes', 0):>6} B smem "
                      f"spill {res.get('spill_stores', 0)}/{res.get('spill_loads', 0)}  {kern}")
        return 0

    import torch
    import triton

    t_start = time.monotonic()
    report = {"what": "SGEMM ladder, lab references and cuBLAS: correctness against fp64 and timing",
              "date": time.strftime("%Y-%m-%d"), "command": " ".join([sys.executable, *sys.argv]),
              "device": torch.cuda.get_device_name(), "capability": list(torch.cuda.get_device_capability()),
              "sm_count": torch.cuda.get_device_properties(0).multi_processor_count,
              "torch": torch.__version__, "triton": triton.__version__, "python": platform.python_version(),
              "nvcc": nvcc_version(), "nvidia_smi_before": smi(),
              "method": {"timer": "CUDA events around each launch", "l2": "256 MB buffer zeroed before each launch",
                         "rounds": args.rounds, "reps_per_round": args.reps,
                         "statistic": "median of all runs; spread = per-round medians",
                         "cublas_fp32": "torch.matmul(a, b, out=c), torch.backends.cuda.matmul.allow_tf32 = False",
                         "cublas_tf32": "the same with allow_tf32 = True",
                         "error": "max over elements of |C - ref_fp64| / sqrt(sum_k (A[m,k] B[k,n])^2); "
                                  "max_err_in_u_sqrtK divides it by 2^-24 sqrt(K) (the grader allows 10)"},
              "builds": builds}
    module = load_triton()
    kernels = cuda_kernels(builds)
    kernels["triton"] = lambda a, b, c: module.sgemm(a, b)
    kernels["cublas_fp32"] = cublas(False)
    kernels["cublas_tf32"] = cublas(True)

    def save():  # after every stage, so that a run cut short still leaves its figures
        if args.out:
            args.out.write_text(json.dumps(report, indent=1) + "\n")

    report["correctness"] = check_all(kernels, CHECK_SHAPES)
    save()
    flush = torch.empty(256 * 1024 * 1024, dtype=torch.uint8, device=DEVICE)
    if args.explore:
        report["triton_explore_4096"] = explore_triton(module, 4096, args.reps, flush)
        save()
    report["timing"] = {"4096": time_all(kernels, 4096, args.rounds, args.reps, warmup=3, flush=flush)}
    save()
    if not args.skip_8192:
        big = {k: v for k, v in kernels.items() if k in ("tuned", "triton", "cublas_fp32") or
               k.startswith("tile")}
        report["timing"]["8192"] = time_all(big, 8192, args.rounds, args.reps, warmup=2, flush=flush)
    report["triton_autotune_choice"] = {str(key): str(cfg) for key, cfg in module._sgemm_tuned.cache.items()}
    report["nvidia_smi_after"] = smi()
    report["seconds"] = round(time.monotonic() - t_start, 1)
    save()

    # ---- the summary, last
    failures = [r for r in report["correctness"] if not r["ok"]]
    worst = {}
    for r in report["correctness"]:
        worst[r["kernel"]] = max(worst.get(r["kernel"], 0.0), r["max_err_in_u_sqrtK"])
    print(f"\ncorrectness: {len(report['correctness']) - len(failures)} of {len(report['correctness'])} cases pass")
    for r in failures:
        if r["kernel"] != "cublas_tf32":
            print(f"  FAIL {r['kernel']} {r['M']}x{r['N']}x{r['K']} {r['family']}: "
                  f"{r['max_err_in_u_sqrtK']:.3g} u sqrt(K) at {r['worst_at']} {r['error'] or ''}")
    print(f"device: {report['device']}; {report['nvidia_smi_before'].splitlines()[-1]}")
    if args.explore:
        best = sorted((e for e in report["triton_explore_4096"] if "tflops" in e), key=lambda e: -e["tflops"])
        for e in best[:6]:
            c = e["config"]
            print(f"  triton {e['kernel']} {c['BLOCK_M']}x{c['BLOCK_N']}x{c['BLOCK_K']} w{c['num_warps']} s{c['num_stages']}: "
                  f"{e['tflops']:.1f} TFLOP/s")
    for size, table in report["timing"].items():
        print(f"\n{size}^3            ms   TFLOP/s  %cuBLAS(rounds)       worst err (u sqrtK)")
        for label, e in table.items():
            rounds = "/".join(f"{x:.0f}" for x in e.get("pct_cublas_fp32_per_round", []))
            print(f"{label:22s} {e['median_ms']:8.3f} {e['tflops']:7.2f} {e.get('pct_cublas_fp32', 0):6.1f}% "
                  f"({rounds})  {worst.get(label, float('nan')):.3g}")
    print(f"\n{report['seconds']} s; autotune: {report['triton_autotune_choice']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

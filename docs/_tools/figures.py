"""Draw the site's performance figures and the sweep table from committed JSON.

    .venv/bin/python docs/_tools/figures.py            # `make docs-tables` runs this after grading_tables.py

Inputs (docs/data/):
    h200-softmax-sweep-2026-11-21.json   F.softmax, a simple Triton kernel and the copy bandwidth
                                          over the benchmark sweep (shared/BENCHMARKS.md)
    h200-anchors-2026-11-21.json         other anchors: cuBLAS GEMM TFLOP/s among them
    bench-*.json                          optional: our solutions, written by `make bench` (of each device,
                                          the newest by its "date": older ones stay as the record)

Outputs, per language (labels are translated, numbers are the same):
    docs/<lang>/assets/figures/roofline.svg         softmax under the measured roofline
    docs/<lang>/assets/figures/sweep-bandwidth.svg  GB/s per sweep shape vs the copy ceiling
    docs/_generated/<lang>/sweep-table.md           the same numbers as a table (for snippets)

No number is typed in here: every value plotted comes from the JSON. The only
constants are the cost model of softmax (bytes and FLOPs per element), explained below.
The SVGs are deterministic (fixed hash salt, no date, text kept as text), so
tests/docs/test_figures.py can check that re-running this script reproduces them.

A bench-*.json file is accepted in either of two shapes:
    {"device": "...", "rows": [{"shape": [rows, cols], "<series>_GBps": 1234.5, ...}, ...]}
    {"device": "...", "results": [{"name": "<series>", "rows": R, "cols": C, "GBps": 1234.5}, ...]}
Only files measured on the sweep's own device are drawn next to it: an absolute GB/s
figure holds only for the GPU it was taken on.
"""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
from matplotlib.ticker import FuncFormatter  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
from grader.ops import get as get_op  # noqa: E402  (the lab 02 gate, one source of truth)

SOFTMAX = get_op("softmax")

DATA = REPO / "docs" / "data"
SWEEP_JSON = DATA / "h200-softmax-sweep-2026-11-21.json"
ANCHORS_JSON = DATA / "h200-anchors-2026-11-21.json"
LADDER_JSON = DATA / "gemm-ladder-h100-2026-11-24.json"  # docs/_tools/gemm_ladder/bench.py
LANGS = ("en", "es")

# Cost model of a row-wise fp32 softmax, per element.
# Bytes: each input read once, each output written once (the convention of BENCHMARKS.md).
BYTES_PER_ELEMENT = 8
# FLOPs: max (1 compare), x - max (1), exp (1, although it runs on the special-function
# unit), the running sum (1 add) and the scale by 1/sum (1 multiply).
FLOPS_PER_ELEMENT = 5
SOFTMAX_INTENSITY = FLOPS_PER_ELEMENT / BYTES_PER_ELEMENT  # FLOP per byte

# Readable on a phone: a figure FIGURE_WIDTH_IN wide is shown at its natural size on a laptop
# (72 pt per inch = 96 CSS px) and shrunk to the content column on a phone, 358 CSS px at
# 390 px. Every text is FONT_PT or more, so it is drawn at FONT_PT * 96/72 * 358 / (96 *
# FIGURE_WIDTH_IN) >= 11 px there (tests/docs/test_docs_screens.py measures it).
FIGURE_WIDTH_IN = 4.8
FONT_PT = 11
STYLE = {
    "svg.hashsalt": "phase-24-docs",  # stable ids for clip paths
    "svg.fonttype": "none",  # text stays text: small, searchable, diffable
    "font.family": "DejaVu Sans",
    "font.size": FONT_PT,
    "axes.titlesize": FONT_PT + 1,
    "axes.labelsize": FONT_PT,
    "xtick.labelsize": FONT_PT,
    "ytick.labelsize": FONT_PT,
    "legend.fontsize": FONT_PT,
    "legend.title_fontsize": FONT_PT,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "figure.facecolor": "white",
    "axes.facecolor": "white",
}
SVG_METADATA = {"Date": None}
SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")

REASONS = {  # why each sweep shape is in the sweep (shared/BENCHMARKS.md)
    (524288, 128): ("short rows: needs several rows per warp", "filas cortas: varias filas por warp"),
    (65536, 1024): ("PyTorch's warp-per-row path, its best case", "la ruta warp-por-fila de PyTorch, su mejor caso"),
    (29127, 2304): ("just past PyTorch's warp path; odd row count", "justo después de la ruta warp de PyTorch; nº de filas impar"),
    (16384, 4096): ("attention-like rows (representative size)", "filas tipo atención (tamaño representativo)"),
    (4096, 16384): ("register/shared-memory cliff", "el precipicio de registros/memoria compartida"),
    (2048, 32000): ("Llama-2 vocabulary", "vocabulario de Llama-2"),
    (1024, 50257): ("GPT-2 vocabulary: odd and misaligned rows", "vocabulario de GPT-2: filas impares y desalineadas"),
    (512, 128256): ("Llama-3 vocabulary", "vocabulario de Llama-3"),
    (128, 524288): ("fewer rows than SMs: a row must be split across blocks", "menos filas que SMs: una fila se reparte entre bloques"),
}

TEXT = {
    "en": {
        "roof_title": "Softmax under the measured roofline\n({device})",
        "x_intensity": "arithmetic intensity\n(FLOP per byte of DRAM traffic)",
        "y_perf": "attainable GFLOP/s",
        "mem_roof": "memory roof: device-to-device\ncopy, {bw:.0f} GB/s",
        "compute_roof": "fp32 CUDA-core roof: cuBLAS\nSGEMM, TF32 off, {tflops:.1f} TFLOP/s",
        "softmax_line": "softmax:\n{flops} FLOP / {bytes} B\n= {ai:.3f} FLOP/B",
        "ridge": "ridge:\n{ai:.1f} FLOP/B",
        "legend_title": "%: share of the copy bandwidth",
        "point": "F.softmax {shape}: {gbps:.0f} GB/s ({pct:.0f}%)",
        "sweep_title": "Softmax bandwidth over the sweep\n({device}, fp32)",
        "x_shape": "shape (rows × cols),\nabout 64M elements each",
        "y_gbps": "GB/s (8 bytes per element)",
        "copy": "device-to-device copy: {bw:.0f} GB/s",
        "fsoftmax": "torch F.softmax",
        "triton": "simple Triton (whole row in registers)",
        "gate": "lab 02 gate: {pct:.0f}% of F.softmax",
        "no_value": "n/a",
        "table_caption": (
            "Measured on an {device} with torch {torch} and triton {triton}. "
            "Device-to-device copy: **{bw:.0f} GB/s**. GB/s counts 8 bytes per fp32 element. "
            "Generated from `docs/data/{source}`."
        ),
        "table_header": ("rows × cols", "why this shape", "F.softmax GB/s", "% of copy",
                         "simple Triton GB/s", "Triton ÷ F.softmax"),
    },
    "es": {
        "roof_title": "Softmax bajo el roofline medido\n({device})",
        "x_intensity": "intensidad aritmética\n(FLOP por byte de tráfico DRAM)",
        "y_perf": "GFLOP/s alcanzables",
        "mem_roof": "techo de memoria: copia de\ndispositivo a dispositivo, {bw:.0f} GB/s",
        "compute_roof": "techo fp32 de CUDA cores: SGEMM\nde cuBLAS, TF32 apagado, {tflops:.1f} TFLOP/s",
        "softmax_line": "softmax:\n{flops} FLOP / {bytes} B\n= {ai:.3f} FLOP/B",
        "ridge": "punto de cresta:\n{ai:.1f} FLOP/B",
        "legend_title": "%: fracción del ancho de banda de copia",
        "point": "F.softmax {shape}: {gbps:.0f} GB/s ({pct:.0f}%)",
        "sweep_title": "Ancho de banda de softmax en el barrido\n({device}, fp32)",
        "x_shape": "forma (filas × columnas),\nunos 64M elementos cada una",
        "y_gbps": "GB/s (8 bytes por elemento)",
        "copy": "copia dispositivo a dispositivo: {bw:.0f} GB/s",
        "fsoftmax": "F.softmax de torch",
        "triton": "Triton simple (fila entera en registros)",
        "gate": "umbral del lab 02: {pct:.0f}% de F.softmax",
        "no_value": "n/d",
        "table_caption": (
            "Medido en una {device} con torch {torch} y triton {triton}. "
            "Copia dispositivo a dispositivo: **{bw:.0f} GB/s**. Los GB/s cuentan 8 bytes por elemento fp32. "
            "Generado desde `docs/data/{source}`."
        ),
        "table_header": ("filas × columnas", "por qué esta forma", "F.softmax GB/s", "% de la copia",
                         "Triton simple GB/s", "Triton ÷ F.softmax"),
    },
}


@dataclass
class Series:
    """One implementation's GB/s per shape, from one JSON file."""

    name: str
    gbps: dict[tuple[int, int], float] = field(default_factory=dict)


@dataclass
class SweepData:
    device: str
    torch: str
    triton: str
    copy_gbps: float
    shapes: list[tuple[int, int]]
    fsoftmax: Series
    triton_simple: Series
    extra: list[Series]  # our solutions, from bench-*.json on the same device
    sgemm_tflops: float


def shape_label(shape: tuple[int, int]) -> str:
    return f"{shape[0]}×{shape[1]}"


def load_bench(path: Path) -> tuple[str, list[Series]]:
    """(device, series) from a bench-*.json file in one of the two accepted shapes."""
    data = json.loads(path.read_text(encoding="utf-8"))
    device = data.get("device", "")
    if isinstance(device, dict):  # `make bench` (grader/bench.py) writes the device as a dict
        device = device.get("name", "")
    series: dict[str, Series] = {}
    if data.get("track") not in (None, "softmax"):
        return device, []  # the GEMM track's bench: not a softmax figure
    if isinstance(data.get("shapes"), list) and data["shapes"] and "dims" in data["shapes"][0]:
        # grader/bench.py since the one measurement method: shapes[].results[name].rate (GB/s)
        for row in data["shapes"]:
            shape = (row["dims"]["rows"], row["dims"]["cols"])
            for name, result in row["results"].items():
                if isinstance(result.get("rate"), (int, float)):
                    series.setdefault(name, Series(name)).gbps[shape] = float(result["rate"])
    elif isinstance(data.get("shapes"), list):  # grader/bench.py before it: shapes[].results[name].GBps
        for row in data["shapes"]:
            for name, result in row["results"].items():
                series.setdefault(name, Series(name)).gbps[(row["rows"], row["cols"])] = float(result["GBps"])
    elif isinstance(data.get("rows"), list):
        for row in data["rows"]:
            shape = tuple(row["shape"])
            for key, value in row.items():
                if key.endswith("_GBps") and isinstance(value, (int, float)):
                    name = key[: -len("_GBps")]
                    series.setdefault(name, Series(name)).gbps[shape] = float(value)
    elif isinstance(data.get("results"), list):
        for row in data["results"]:
            name = row.get("name") or row["impl"]
            series.setdefault(name, Series(name)).gbps[(row["rows"], row["cols"])] = float(row["GBps"])
    else:
        raise SystemExit(f"{path}: neither a 'rows' nor a 'results' list; see docs/_tools/figures.py")
    return device, list(series.values())


def load(data_dir: Path) -> SweepData:
    sweep = json.loads((data_dir / SWEEP_JSON.name).read_text(encoding="utf-8"))
    anchors = json.loads((data_dir / ANCHORS_JSON.name).read_text(encoding="utf-8"))
    shapes = [tuple(row["shape"]) for row in sweep["rows"]]
    fsoftmax = Series("F.softmax", {tuple(r["shape"]): r["F_GBps"] for r in sweep["rows"]})
    triton = Series("triton", {tuple(r["shape"]): r["tri_GBps"] for r in sweep["rows"] if "tri_GBps" in r})
    extra: list[Series] = []
    newest: dict[str, tuple[str, Path, list[Series]]] = {}  # device -> (date, file, series): the latest bench only
    for path in sorted(data_dir.glob("bench-*.json")):
        device, series = load_bench(path)
        if series:
            date = str(json.loads(path.read_text(encoding="utf-8")).get("date", ""))
            if device not in newest or date >= newest[device][0]:
                newest[device] = (date, path, series)
    for device, (_, path, series) in sorted(newest.items()):
        if device != sweep["device"]:
            print(f"figures: {path.name} was measured on {device!r}, not {sweep['device']!r}: not drawn",
                  file=sys.stderr)
            continue
        for s in series:
            if s.name not in ("F", "F.softmax", "torch", "copy", "CUDA naive"):  # already drawn, or off the scale
                s.name = f"{s.name} ({path.stem})"
                extra.append(s)
    sgemm = max(v for k, v in anchors["gemm"].items() if k.startswith("fp32_"))
    return SweepData(sweep["device"], sweep["torch"], sweep["triton"], sweep["copy_GBps"], shapes,
                     fsoftmax, triton, extra, sgemm)


def power_of_ten(value: float, _pos) -> str:
    """10⁴ as one piece of text at the tick size (mathtext would draw the exponent smaller)."""
    exponent = round(math.log10(value))
    return "10" + str(exponent).translate(SUPERSCRIPTS) if value > 0 else ""


def draw_roofline(d: SweepData, lang: str, path: Path) -> None:
    t = TEXT[lang]
    peak = d.sgemm_tflops * 1000.0  # GFLOP/s
    ridge = peak / d.copy_gbps
    x = [0.1, ridge, 200.0]
    y = [min(xi * d.copy_gbps, peak) for xi in x]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(FIGURE_WIDTH_IN, 7.6), layout="constrained")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.plot(x[:2], y[:2], color="black", linewidth=2, label=t["mem_roof"].format(bw=d.copy_gbps))
        ax.plot(x[1:], y[1:], color="dimgray", linewidth=2, linestyle="--",
                label=t["compute_roof"].format(tflops=d.sgemm_tflops))
        ax.axvline(SOFTMAX_INTENSITY, color="tab:blue", linestyle=":", linewidth=1)
        ax.annotate(t["softmax_line"].format(flops=FLOPS_PER_ELEMENT, bytes=BYTES_PER_ELEMENT,
                                             ai=SOFTMAX_INTENSITY),
                    (SOFTMAX_INTENSITY, 150), xytext=(6, 0), textcoords="offset points",
                    color="tab:blue", ha="left", va="bottom")
        ax.annotate(t["ridge"].format(ai=ridge), (ridge, peak), xytext=(0, -8), textcoords="offset points",
                    ha="center", va="top")
        colors = plt.get_cmap("tab10")
        for i, shape in enumerate(d.shapes):
            gbps = d.fsoftmax.gbps[shape]
            ax.plot([SOFTMAX_INTENSITY], [gbps * SOFTMAX_INTENSITY], marker="o", linestyle="none",
                    color=colors(i % 10), markersize=7, markeredgecolor="black", markeredgewidth=0.5,
                    label=t["point"].format(shape=shape_label(shape), gbps=gbps, pct=100 * gbps / d.copy_gbps))
        ax.set_xlim(x[0], x[-1])
        ax.set_ylim(100, peak * 3)
        ax.xaxis.set_major_formatter(FuncFormatter(power_of_ten))
        ax.yaxis.set_major_formatter(FuncFormatter(power_of_ten))
        ax.set_xlabel(t["x_intensity"])
        ax.set_ylabel(t["y_perf"])
        ax.set_title(t["roof_title"].format(device=d.device))
        ax.grid(True, which="major", linewidth=0.4, alpha=0.5)
        fig.legend(loc="outside lower center", ncols=1, frameon=False, title=t["legend_title"])
        fig.savefig(path, format="svg", metadata=SVG_METADATA)
        plt.close(fig)


def draw_sweep(d: SweepData, lang: str, path: Path) -> None:
    t = TEXT[lang]
    series = [(t["fsoftmax"], d.fsoftmax, "tab:green"), (t["triton"], d.triton_simple, "tab:orange")]
    palette = ["tab:purple", "tab:red", "tab:brown", "tab:pink", "tab:cyan"]
    series += [(s.name, s, palette[i % len(palette)]) for i, s in enumerate(d.extra)]
    width = 0.8 / len(series)
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(FIGURE_WIDTH_IN, 6.8), layout="constrained")
        for k, (label, s, color) in enumerate(series):
            xs = [i + (k - (len(series) - 1) / 2) * width for i, shape in enumerate(d.shapes) if shape in s.gbps]
            ys = [s.gbps[shape] for shape in d.shapes if shape in s.gbps]
            ax.bar(xs, ys, width=width, color=color, label=label, edgecolor="black", linewidth=0.3)
        ax.axhline(d.copy_gbps, color="black", linestyle="--", linewidth=1.2,
                   label=t["copy"].format(bw=d.copy_gbps))
        rep = (SOFTMAX.representative["rows"], SOFTMAX.representative["cols"])
        if rep in d.shapes:
            i = d.shapes.index(rep)
            gate = SOFTMAX.perf_threshold * d.fsoftmax.gbps[rep]
            ax.plot([i - 0.45, i + 0.45], [gate, gate], color="tab:red", linewidth=2.5,
                    label=t["gate"].format(pct=100 * SOFTMAX.perf_threshold))
        ax.set_xticks(range(len(d.shapes)), [shape_label(s) for s in d.shapes], rotation=55, ha="right",
                      rotation_mode="anchor")
        ax.set_xlim(-0.6, len(d.shapes) - 0.4)
        ax.set_ylim(0, d.copy_gbps * 1.15)
        ax.set_xlabel(t["x_shape"])
        ax.set_ylabel(t["y_gbps"])
        ax.set_title(t["sweep_title"].format(device=d.device))
        ax.grid(True, axis="y", linewidth=0.4, alpha=0.5)
        fig.legend(loc="outside lower center", ncols=1, frameon=False)
        fig.savefig(path, format="svg", metadata=SVG_METADATA)
        plt.close(fig)


def sweep_table(d: SweepData, lang: str) -> str:
    t = TEXT[lang]
    na = t["no_value"]
    header = list(t["table_header"]) + [f"{s.name} GB/s" for s in d.extra]
    lines = [
        "<!-- Generated by docs/_tools/figures.py from docs/data/: do not edit by hand. -->",
        "",
        "| " + " | ".join(header) + " |",
        "|---|---|" + "---:|" * (len(header) - 2),
    ]
    for shape in d.shapes:
        f = d.fsoftmax.gbps[shape]
        tri = d.triton_simple.gbps.get(shape)
        cells = [
            shape_label(shape),
            REASONS.get(shape, ("", ""))[LANGS.index(lang)],
            f"{f:.0f}",
            f"{100 * f / d.copy_gbps:.0f}%",
            f"{tri:.0f}" if tri is not None else na,
            f"{tri / f:.2f}" if tri is not None else na,
        ]
        cells += [f"{s.gbps[shape]:.0f}" if shape in s.gbps else na for s in d.extra]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", t["table_caption"].format(device=d.device, torch=d.torch, triton=d.triton,
                                            bw=d.copy_gbps, source=SWEEP_JSON.name), ""]
    return "\n".join(lines)


LADDER_ROWS = (  # (key in the JSON's timing, step, English, Spanish)
    ("1_naive", "1", "naive, `threadIdx.x` along M (uncoalesced)", "ingenuo, `threadIdx.x` a lo largo de M (sin coalescer)"),
    ("2_coalesced", "2", "coalesced, `threadIdx.x` along N", "coalescido, `threadIdx.x` a lo largo de N"),
    ("lab01_naive", "–", "lab 01 reference", "referencia del lab 01"),
    ("3_smem", "3", "shared-memory tiles, 32 × 32", "tiles en memoria compartida, 32 × 32"),
    ("4_1d_regs", "4", "1D register blocking, 8 per thread", "bloqueo 1D en registros, 8 por hilo"),
    ("5_2d_regs", "5", "2D register blocking, 8 × 8 per thread", "bloqueo 2D en registros, 8 × 8 por hilo"),
    ("6_vectorized", "6", "vectorised loads (`float4`, A transposed in shared memory)",
     "cargas vectorizadas (`float4`, A traspuesta en memoria compartida)"),
    ("7_warptile", "7", "warp tiling", "tiling por warp"),
    ("tuned", "8", "lab 02 reference (double buffering, 16 × 8 per thread)",
     "referencia del lab 02 (doble búfer, 16 × 8 por hilo)"),
    ("triton", "–", "lab 03 reference, Triton (autotuned)", "referencia del lab 03, Triton (autoajustada)"),
    ("cublas_fp32", "–", "cuBLAS fp32 (TF32 off)", "cuBLAS fp32 (TF32 desactivado)"),
    ("cublas_tf32", "–", "cuBLAS TF32 (fails the lab's tolerance)", "cuBLAS TF32 (no pasa la tolerancia del lab)"),
)
LADDER_TEXT = {
    "en": {"header": ("step", "kernel", "ms", "TFLOP/s", "% of cuBLAS fp32"),
           "caption": "M = N = K = {size}, on an {device} (torch {torch}, triton {triton}): the median of {runs} "
                      "launches timed with CUDA events, L2 flushed before each; source `docs/data/{source}`, "
                      "how it was made in `docs/data/gemm-ladder-README.md`, the kernels in "
                      "`docs/_tools/gemm_ladder/ladder.cu`."},
    "es": {"header": ("paso", "kernel", "ms", "TFLOP/s", "% de cuBLAS fp32"),
           "caption": "M = N = K = {size}, en una {device} (torch {torch}, triton {triton}): la mediana de {runs} "
                      "lanzamientos medidos con eventos CUDA, con la L2 vaciada antes de cada uno; fuente "
                      "`docs/data/{source}`, cómo se hizo en `docs/data/gemm-ladder-README.md`, los kernels en "
                      "`docs/_tools/gemm_ladder/ladder.cu`."},
}


def ladder_table(data: dict, lang: str, source: str, size: str = "4096") -> str:
    """The GEMM ladder of theory page 02, from the bench's JSON."""
    timing, text = data["timing"][size], LADDER_TEXT[lang]
    ref = timing["cublas_fp32"]["tflops"]
    lines = ["<!-- Generated by docs/_tools/figures.py from docs/data/: do not edit by hand. -->", "",
             "| " + " | ".join(text["header"]) + " |", "|---|---|---:|---:|---:|"]
    for key, step, en, es in LADDER_ROWS:
        if key not in timing:
            continue
        row = timing[key]
        lines.append(f"| {step} | {en if lang == 'en' else es} | {row['median_ms']:.3g} | {row['tflops']:.3g} | "
                     f"{100 * row['tflops'] / ref:.1f}% |")
    runs = timing["cublas_fp32"]["runs"]
    lines += ["", text["caption"].format(size=size, device=data["device"], torch=data["torch"],
                                         triton=data["triton"], runs=runs, source=source), ""]
    return "\n".join(lines)


def write_all(docs_root: Path, data_dir: Path = DATA) -> list[Path]:
    d = load(data_dir)
    written = []
    for lang in LANGS:
        figures = docs_root / lang / "assets" / "figures"
        figures.mkdir(parents=True, exist_ok=True)
        for name, draw in (("roofline.svg", draw_roofline), ("sweep-bandwidth.svg", draw_sweep)):
            draw(d, lang, figures / name)
            written.append(figures / name)
        table = docs_root / "_generated" / lang / "sweep-table.md"
        table.parent.mkdir(parents=True, exist_ok=True)
        table.write_text(sweep_table(d, lang), encoding="utf-8")
        written.append(table)
        ladder = data_dir / LADDER_JSON.name
        if ladder.is_file():
            path = docs_root / "_generated" / lang / "gemm-ladder.md"
            path.write_text(ladder_table(json.loads(ladder.read_text()), lang, ladder.name), encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs-root", type=Path, default=REPO / "docs",
                        help="where <lang>/assets/figures/ and _generated/ go (default: docs)")
    parser.add_argument("--data", type=Path, default=DATA, help="folder with the JSON (default: docs/data)")
    args = parser.parse_args(argv)
    for path in write_all(args.docs_root, args.data):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

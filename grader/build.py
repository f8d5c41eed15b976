"""Stage 2: nvcc -> shared library, once per lab, before any check.

With a GPU the build targets this device (-arch=native). Without one it compiles
for sm_80 and sm_90 as a compile-only check. Compilation and linking are split so
that the learner's object file can be audited (link audit) before it becomes a
library: the build links only the CUDA runtime.
"""
from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from grader.config import SETTINGS
from grader.context import BuildResult, Device
from grader.runner import run_tool

COMMON_FLAGS = ["-O3", "-lineinfo", "-std=c++17", "-Xcompiler", "-fPIC"]
COMPILE_ONLY_ARCHS = ["-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90,code=sm_90"]

# What a learner's kernel file may not reach for. The point of the labs is to write
# the kernel yourself: vendor libraries and calls back into the framework are out.
FORBIDDEN_INCLUDES = re.compile(r"#\s*include\s*[<\"](cublas|cublasLt|cudnn|torch/|ATen/|c10/|dlfcn\.h|Python\.h)", re.I)
FORBIDDEN_SYMBOLS = (
    (re.compile(r"^(cublas|cublasLt|cudnn|cufft|curand|cusparse|cusolver)"), "a CUDA vendor library"),
    (re.compile(r"^(dlopen|dlmopen|dlsym|dlvsym)$"), "run-time symbol lookup (dlopen/dlsym)"),
    (re.compile(r"^_ZN(2at|3c10|5torch)"), "PyTorch's C++ library"),
    (re.compile(r"^(Py|_Py|THP)"), "the Python interpreter"),
)
ERROR_LINE = re.compile(r"^(?P<file>[^\s:()]+)\((?P<line>\d+)\): (?P<kind>error|catastrophic error)|^(?P<file2>[^\s:]+):(?P<line2>\d+):(\d+:)? (fatal )?error")


def nvcc_path() -> str | None:
    return shutil.which("nvcc") or (str(p) if (p := Path("/usr/local/cuda/bin/nvcc")).exists() else None)


def first_errors(output: str, source: Path, shown_as: str, limit: int = 6) -> list[str]:
    """The compiler's first error lines, with the staged path replaced by the learner's path."""
    lines = [ln.replace(str(source), shown_as) for ln in output.splitlines()]
    picked: list[str] = []
    for i, line in enumerate(lines):
        if ERROR_LINE.match(line) or " error" in line and shown_as in line:
            picked.extend(lines[i : i + 3])  # the error and the source excerpt nvcc prints under it
            if len(picked) >= limit:
                break
    return picked[:limit] or [ln for ln in lines if ln.strip()][:limit]


def audit_object(obj: Path, source_text: str) -> list[str]:
    """Findings of the link audit: forbidden includes in the source, forbidden undefined symbols."""
    findings = [f"includes {m.group(0).split()[-1]}" for m in FORBIDDEN_INCLUDES.finditer(source_text)]
    code, out = run_tool(["nm", "--undefined-only", "--format=just-symbols", str(obj)], timeout_s=30)
    if code == 0:
        for sym in out.split():
            for pattern, what in FORBIDDEN_SYMBOLS:
                if pattern.match(sym):
                    findings.append(f"calls {sym} ({what})")
    return findings


def build_cuda(source: Path, outdir: Path, device: Device, shown_as: str) -> BuildResult:
    """Compile ``source`` into ``outdir/lib<stem>.so``. Never raises for learner mistakes."""
    start = time.monotonic()
    name = source.name
    outdir.mkdir(parents=True, exist_ok=True)
    log = outdir / f"build-{source.stem}.log"
    nvcc = nvcc_path()
    if nvcc is None:
        log.write_text("nvcc not found on PATH\n")
        return BuildResult(name, False, None, True, ["nvcc not found on PATH"], log)
    if not source.is_file():
        log.write_text(f"missing {shown_as}\n")
        return BuildResult(name, False, None, not device.has_cuda, [f"file not found: {shown_as}"], log)
    archs = ["-arch=native"] if device.has_cuda else COMPILE_ONLY_ARCHS
    obj = outdir / f"{source.stem}.o"
    lib = outdir / f"lib{source.stem}.so"
    compile_cmd = [nvcc, *COMMON_FLAGS, *archs, "-c", str(source), "-o", str(obj)]
    code, out = run_tool(compile_cmd, cwd=source.parent, timeout_s=SETTINGS.build_timeout_s)
    text = "$ " + " ".join(compile_cmd) + "\n" + out
    if code is None:
        log.write_text(text + "\n[timed out]\n")
        return BuildResult(name, False, None, not device.has_cuda,
                           [f"nvcc did not finish in {SETTINGS.build_timeout_s:.0f} s"], log, seconds=time.monotonic() - start)
    if code != 0:
        log.write_text(text)
        return BuildResult(name, False, None, not device.has_cuda, first_errors(out, source, shown_as), log,
                           seconds=time.monotonic() - start)
    findings = audit_object(obj, source.read_text(errors="replace"))
    link_cmd = [nvcc, "-shared", str(obj), "-o", str(lib)]  # static cudart: the only library linked
    code, link_out = run_tool(link_cmd, cwd=source.parent, timeout_s=SETTINGS.build_timeout_s)
    text += "$ " + " ".join(link_cmd) + "\n" + link_out
    log.write_text(text)
    if code != 0:
        return BuildResult(name, False, None, not device.has_cuda, first_errors(link_out, source, shown_as), log,
                           seconds=time.monotonic() - start)
    return BuildResult(name, True, lib, not device.has_cuda, [], log, forbidden=findings, seconds=time.monotonic() - start)

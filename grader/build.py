"""Stage 2: a learner's .cu file -> shared library, once per lab, before any check.

Before compiling: is the file there, is it still the untouched stub, which headers does it include
(grader/audit/source.py). nvcc runs inside the sandbox (it reads learner source; the sandbox shows
it only the staged file and the system), with the operation's launcher prototype force-included so
that a launcher with another signature is a compile error. The CUDA runtime is linked dynamically,
so that the library's imports say what its host code can call; grader/audit/elf.py reads them.

With a GPU the build targets that GPU; without one it compiles for sm_80 and sm_90 as a check.
"""
from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from grader.audit import elf, source as source_audit
from grader.config import SETTINGS
from grader.context import BuildResult, Device
from grader.runner import run_tool
from grader.sandbox import Sandbox, probe

COMMON_FLAGS = ["-O3", "-lineinfo", "-std=c++17", "-Xcompiler", "-fPIC"]
COMPILE_ONLY_ARCHS = ["-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90,code=sm_90"]
ERROR_LINE = re.compile(r"^(?P<file>[^\s:()]+)\((?P<line>\d+)\): (?P<kind>error|catastrophic error)|"
                        r"^(?P<file2>[^\s:]+):(?P<line2>\d+):(\d+:)? (fatal )?error")


def nvcc_path() -> str | None:
    return shutil.which("nvcc") or (str(p) if (p := Path("/usr/local/cuda/bin/nvcc")).exists() else None)


def arch_flags(device: Device) -> list[str]:
    if not device.has_cuda:
        return list(COMPILE_ONLY_ARCHS)
    cc = f"{device.capability[0]}{device.capability[1]}"
    suffix = "a" if cc == "90" else ""  # Hopper's own instructions (wgmma, setmaxnreg) need sm_90a
    return ["-gencode", f"arch=compute_{cc}{suffix},code=sm_{cc}{suffix}"]


def first_errors(output: str, source: Path, shown_as: str, limit: int = 6) -> list[str]:
    """The compiler's first error lines about the learner's file, with the staged path replaced by the
    learner's. Excerpts nvcc prints from other files are left out: a report shows only the submission."""
    lines = output.splitlines()
    picked: list[str] = []
    for i, line in enumerate(lines):
        m = ERROR_LINE.match(line)
        if not m:
            continue
        where = m.group("file") or m.group("file2")
        if where and Path(where).name == source.name:
            picked.extend(ln.replace(str(source), shown_as) for ln in lines[i:i + 3])
        else:
            picked.append(f"(an error in an included file: {Path(where or '?').name}, line "
                          f"{m.group('line') or m.group('line2')})")
        if len(picked) >= limit:
            break
    if not picked:
        picked = [ln.replace(str(source), shown_as) for ln in lines if shown_as in ln.replace(str(source), shown_as)][:limit]
    return picked[:limit] or ["nvcc failed without an error line (see the log)"]


def build_cuda(source: Path, outdir: Path, device: Device, shown_as: str, spec, *, stub_solution: str | None = None,
               box: Sandbox | None = None) -> BuildResult:
    """Compile ``source`` into ``outdir/lib<stem>.so`` and audit it. Never raises for learner mistakes."""
    start = time.monotonic()
    name = source.name
    outdir.mkdir(parents=True, exist_ok=True)
    log = outdir / f"build-{source.stem}.log"
    result = BuildResult(name, False, None, not device.has_cuda, log=log)
    nvcc = nvcc_path()
    if nvcc is None:
        log.write_text("nvcc not found on PATH\n")
        result.errors = ["nvcc not found on PATH"]
        result.missing_tool = True
        return result
    if not source.is_file():
        log.write_text(f"missing {shown_as}\n")
        result.errors = [f"file not found: {shown_as}"]
        return result
    box = box or probe()
    text = source.read_text(errors="replace")
    if stub_solution is not None:
        result.untouched = source_audit.untouched_regions(text, stub_solution)
        result.regions = len(source_audit.stub_regions(stub_solution))
    clean = source_audit.strip_comments(text, run_tool, box=box, ro=[outdir]) if shutil.which("gcc") else None
    result.source_problems = source_audit.include_problems(clean if clean is not None else text)
    if not (clean if clean is not None else text).strip():
        log.write_text(f"{shown_as} holds no code\n")
        result.errors = [f"{shown_as} holds no code (it is empty, or only comments): start from the stub, "
                         "`git checkout` the file or run `make stubs`"]
        return result
    header = outdir / "grader_abi.h"
    header.write_text(spec.abi.header())
    obj, lib = outdir / f"{source.stem}.o", outdir / f"lib{source.stem}.so"
    for stale in (obj, lib):
        stale.unlink(missing_ok=True)
    compile_cmd = [nvcc, *COMMON_FLAGS, *arch_flags(device), "-include", str(header), "-c", str(source), "-o", str(obj)]
    code, out = run_tool(compile_cmd, cwd=source.parent, timeout_s=SETTINGS.build_timeout_s, box=box,
                         ro=[source.parent], rw=[outdir])
    transcript = "$ " + " ".join(compile_cmd) + "\n" + out
    if code is None:
        log.write_text(transcript + "\n[timed out]\n")
        result.errors = [f"nvcc did not finish in {SETTINGS.build_timeout_s:.0f} s"]
        result.seconds = time.monotonic() - start
        return result
    if code != 0:
        log.write_text(transcript)
        result.errors = first_errors(out, source, shown_as)
        result.seconds = time.monotonic() - start
        return result
    link_cmd = [nvcc, "-shared", "-cudart", "shared", str(obj), "-o", str(lib)]
    code, link_out = run_tool(link_cmd, cwd=outdir, timeout_s=SETTINGS.build_timeout_s, box=box, rw=[outdir])
    transcript += "$ " + " ".join(link_cmd) + "\n" + link_out
    log.write_text(transcript)
    result.seconds = time.monotonic() - start
    if code != 0:
        result.errors = first_errors(link_out, source, shown_as)
        return result

    def tool(argv, timeout_s=60):
        return run_tool(argv, timeout_s=timeout_s, box=box, rw=[outdir])

    result.elf = elf.audit(lib, spec.abi.symbol, tool)
    result.ok, result.library = True, lib
    result.seconds = time.monotonic() - start
    return result

"""Stage 2: a learner's .cu file -> shared library, once per lab, before any check.

Before compiling: is the file there, is it still the untouched stub, which headers does it include
(grader/audit/source.py). nvcc runs inside the sandbox (it reads learner source; the sandbox shows
it only the staged file and the system), with the operation's launcher prototype force-included so
that a launcher with another signature is a compile error. The CUDA runtime is linked dynamically,
so that the library's imports say what its host code can call; grader/audit/elf.py reads them.

With a GPU the build targets that GPU; without one it compiles for sm_80 and sm_90 as a check.
"""
from __future__ import annotations

import contextlib
import functools
import os
import re
import shlex
import shutil
import threading
import time
from pathlib import Path

from grader import trace
from grader.audit import elf, source as source_audit
from grader.config import SETTINGS
from grader.context import BuildResult, Device
from grader.runner import ToolRun, run_bounded, run_tool, write_log
from grader.sandbox import Sandbox, probe

# -fno-gnu-unique: C++17 inline variables, templates' static members and function-local statics of inline functions
# are weak objects, which the link's -Bsymbolic binds to the library's own copy (as GNU "unique" symbols the loader
# bound them by name, and the ELF audit reads every name the loader binds as an import: red team, session 16)
COMMON_FLAGS = ["-O3", "-lineinfo", "-std=c++17", "-Xcompiler", "-fPIC", "-Xcompiler", "-fno-gnu-unique"]
COMPILE_ONLY_ARCHS = ["-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90,code=sm_90"]
ERROR_LINE = re.compile(r"^(?P<file>[^\s:()]+)\((?P<line>\d+)\): (?P<kind>error|catastrophic error)|"
                        r"^(?P<file2>[^\s:]+):(?P<line2>\d+):(\d+:)? (fatal )?error")
# An error of the tools nvcc runs after the compiler, which name no file: "ptxas error   : Entry function
# '_Z20softmax_naive_kernelPKfPfii' uses too much shared data (0x10000 bytes, 0xc000 max)". It was the whole lesson,
# and the report said "nvcc failed without an error line" (session 56).
TOOL_ERROR = re.compile(r"^(?P<tool>ptxas|nvlink|fatbinary)\s+(?:fatal\s+)?error\s*:\s*(?P<what>.+)")


# Force-included after the launcher's prototype. libstdc++'s <iostream> defines a static std::ios_base::Init object in
# every file that includes it: code that runs when the library loads, which the ELF audit refuses. A learner's own
# #include <iostream> is refused by name (audit/source.py), but the toolkit's headers bring it in unasked: CUB's
# <cub/block/block_load.cuh> through cache_modified_input_iterator.cuh, whose only use of it is a `std::ostream&` in an
# operator that prints nothing (declared by <iterator>, which it includes too), and Thrust's headers. With <iostream>'s
# include guard defined here, that include reads nothing; std::cout and the other standard streams do not exist in a
# lab file (print with printf). Only the guard: including <iosfwd> here as well put names into every file
# (std::streamsize, WEOF), and a right file with `using namespace std;` and a constant of its own named streamsize
# stopped compiling (red team, session 20). The ELF audit is unchanged: a static object with a constructor, however it
# gets into the file, is refused (tests/adversarial/c01_ios_base_init_by_hand, c01_iostream_guard_undefined).
NO_STANDARD_STREAMS = """#if defined(__cplusplus) && !defined(_GLIBCXX_IOSTREAM)
#define _GLIBCXX_IOSTREAM 1
#endif
"""
# CUB's device-wide algorithms open NVTX ranges, whose library is found at run time (dlopen, dlsym, getenv), and
# <cub/cub.cuh> brings them into every file that includes it, even one that uses only cub::BlockReduce: the ELF audit
# refused a right file for imports its author never called (session 20). CCCL's own switch turns CUB's ranges off;
# a learner's own NVTX calls are left as they are.
NO_LIBRARY_RANGES = """#ifndef CCCL_DISABLE_NVTX
#define CCCL_DISABLE_NVTX 1
#endif
"""


def nvcc_path() -> str | None:
    """nvcc, resolved: it runs in the sandbox, which shows the folder a link leads to, not the link (a venv under
    /tmp, as cuobjdump in Triton's wheel was: red team, session 30)."""
    found = shutil.which("nvcc") or (str(p) if (p := Path("/usr/local/cuda/bin/nvcc")).exists() else None)
    return os.path.realpath(found) if found else None


def ncu_path() -> str | None:
    """Nsight Compute's command-line profiler: on the PATH, else in a CUDA toolkit or a standalone install."""
    import glob

    return shutil.which("ncu") or next(iter(sorted(glob.glob("/usr/local/cuda*/bin/ncu"))), None) or \
        next(iter(sorted(glob.glob("/opt/nvidia/nsight-compute/*/ncu"), reverse=True)), None)


def sanitizer_path() -> str | None:
    """compute-sanitizer: on the PATH, else in a CUDA toolkit (bin/, or its own folder in older toolkits)."""
    import glob

    found = shutil.which("compute-sanitizer") or next(iter(sorted(glob.glob(
        "/usr/local/cuda*/bin/compute-sanitizer"))), None) or next(iter(sorted(glob.glob(
            "/usr/local/cuda*/compute-sanitizer/compute-sanitizer"))), None)
    return os.path.realpath(found) if found else None  # it runs in the sandbox, which shows a link's target only


def arch_flags(device: Device) -> list[str]:
    if not device.has_cuda:
        return list(COMPILE_ONLY_ARCHS)
    cc = f"{device.capability[0]}{device.capability[1]}"
    suffix = "a" if cc == "90" else ""  # Hopper's own instructions (wgmma, setmaxnreg) need sm_90a
    return ["-gencode", f"arch=compute_{cc}{suffix},code=sm_{cc}{suffix}"]


# A compiler message's first line: "file(12): error: ..." (EDG, nvcc's front end) or "file:12:5: warning: ..." (GCC).
# Its file is what the line starts with, up to the line number; a message line never starts with a blank.
DIAGNOSTIC = re.compile(r"^(?P<file>\S.*?)(?:\((?P<line>\d+)\)|:(?P<line2>\d+)(?::\d+)?): ?(?:[\w ]*?)"
                        r"(?:error|warning|remark|note)\b", re.I)
# Lines of nvcc's own, at the start of a line (a quoted source line is indented): where an include came from, the
# end of a compilation, the transcript's command and what the grader cut. Each but the cut starts anew: what follows
# is shown.
PLAIN_LINE = re.compile(r"^(In file included from |\d+ (catastrophic )?errors? detected in the compilation|"
                        r"compilation terminated|\$ |\[\.\.\. \d+ bytes of output not kept|\[stopped after )")


def _learners(where: str, source: Path) -> bool:
    """Does a message's file name the learner's staged file itself (not a file of the same name elsewhere)?"""
    path = Path(where) if Path(where).is_absolute() else source.parent / where
    return os.path.normpath(path) == os.path.normpath(source)


def _short(name: str) -> str:
    name = Path(name).name or name
    return name if len(name) <= 80 else name[:60] + f"...({len(name)} characters)"


def learner_lines(output: str, source: Path) -> list[tuple[str, bool]]:
    """The compiler's output as (line, starts a message about the learner's file), with what it says about any
    other file cut to one line that names it: nvcc quotes the lines of the file a message is about, and through
    #include or #line that can be any file the compiler can read (/etc/passwd). What the log keeps; the report's
    ``first_errors`` takes the same view. A line that is not a message's first line belongs to the message before
    it."""
    shown: list[tuple[str, bool]] = []
    own = True  # before any message: nvcc's own lines
    for line in output.splitlines():
        if PLAIN_LINE.match(line):
            # after a cut in the output, the lines that follow belong to a message whose first line is gone: shown
            # only from the next message on
            own = not line.startswith("[... ")
            shown.append((line, False))
        elif m := DIAGNOSTIC.match(line):
            own = _learners(m["file"], source)
            shown.append((line, True) if own else
                         (f"(a message about another file, not shown: {_short(m['file'])}, line "
                          f"{m['line'] or m['line2']})", False))
        elif own:
            shown.append((line, False))
    return shown


def for_the_log(output: str, source: Path) -> str:
    return "".join(line + "\n" for line, _ in learner_lines(output, source))


def first_errors(output: str, source: Path, shown_as: str, limit: int = 6) -> list[str]:
    """The compiler's first error lines about the learner's file, with the staged path replaced by the
    learner's. Excerpts nvcc prints from other files are left out: a report shows only the submission."""
    lines = output.splitlines()
    picked: list[str] = []
    for i, line in enumerate(lines):
        m = ERROR_LINE.match(line)
        if not m:
            if tool := TOOL_ERROR.match(line):
                picked.append(f"{tool['tool']}: {_kernels_named(tool['what'])}")
                if len(picked) >= limit:
                    break
            continue
        where = m.group("file") or m.group("file2")
        if where and _learners(where, source):
            picked.append(line.replace(str(source), shown_as))
            for more in lines[i + 1:i + 3]:  # the quoted line and its caret, not the next message
                if DIAGNOSTIC.match(more) or not more.startswith(" "):
                    break
                picked.append(more.replace(str(source), shown_as))
        else:
            picked.append(f"(an error in an included file: {_short(where or '?')}, line "
                          f"{m.group('line') or m.group('line2')})")
        if len(picked) >= limit:
            break
    if not picked:
        picked = [ln.replace(str(source), shown_as) for ln in lines if shown_as in ln.replace(str(source), shown_as)][:limit]
    return picked[:limit] or ["nvcc failed without an error line (see the log)"]


def _kernels_named(text: str) -> str:
    """A tool's message with each mangled name in quotes as c++filt reads it (the name where it cannot)."""
    from grader.checks.profile import _demangled

    return re.sub(r"'(_Z\w{1,500})'", lambda m: f"'{_demangled(m[1]) or m[1]}'", text[:1000], count=4)


OUT_OF_MEMORY = re.compile(r"out of memory|memory exhausted|bad_alloc|cannot allocate memory", re.I)
TOO_LARGE = re.compile(r"file size limit exceeded|file too large|signal 25\b|SIGXFSZ", re.I)


def build_trouble(run: ToolRun, what: str = "nvcc") -> str | None:
    """Why a build stopped, when it is not an ordinary compile error: it ran out of memory, or printed without
    bound. A message that teaches what usually causes it."""
    if run.stopped:
        return (f"{what} printed more than {run.printed >> 20} MiB of messages and was stopped: something repeats "
                "without bound (a macro expanding to itself many times, an error in a loop of templates?); the "
                "first messages are the ones to read")
    if run.code not in (None, 0) and run.file_limit and (TOO_LARGE.search(run.output) or run.code in (-25, 153)):
        return (f"{what} was stopped writing a file larger than {run.file_limit >> 20} MiB (the solutions' objects "
                "are under 1 MB): an assembler directive that fills a section (.fill, .space, .zero, .skip, .incbin), "
                "or an array of that size in the code?")
    if run.code not in (None, 0) and run.memory_limit and (OUT_OF_MEMORY.search(run.output) or run.code in (-9, 137)):
        return (f"the compiler ran out of memory ({run.memory_limit / (1 << 30):g} GiB for each of its "
                "processes, where the solutions need 0.2 GiB): templates instantiated without bound, or a "
                "constant expression or macro that grows exponentially?")
    return None


def assembler_deps_flags(path: Path, cwd: Path) -> list[str]:
    """Host compiler flags that make the assembler list the files it read (GNU as --MD) in ``path``. gcc splits
    -Wa's argument at commas, nvcc -Xcompiler's at unescaped ones: the path is given relative to the compiler's
    working folder, which holds no comma or blank where the grader made both folders."""
    name = os.path.relpath(path, cwd)
    if re.search(r"[,\s]", name):
        name = str(path)
    return [] if re.search(r"[,\s]", name) else [f"-Xcompiler=-Wa\\,--MD\\,{name}"]


def toolchain_header(nvcc: str, name: str) -> bool:
    """Whether ``name`` (an include's, normalised) is a header file of the toolkit or of the host compiler."""
    return not name.startswith("/") and ".." not in name and \
        any(os.path.isfile(os.path.join(root, name)) for root in toolchain_roots(nvcc))


@functools.cache
def toolchain_roots(nvcc: str) -> tuple[str, ...]:
    """The folders whose headers a lab file may make the compiler read, as real paths: the CUDA toolkit's (the
    include folders nvcc passes, as its --dryrun prints them) and the host compiler's search list (gcc -v).
    Trusted tools, no learner input."""
    roots: set[str] = set()
    code, out = run_tool([nvcc, "--dryrun", "-E", "-x", "cu", "/dev/null"], timeout_s=60)
    for line in out.splitlines() if code == 0 else ():
        if m := re.match(r"#\$ (?:SYSTEM_)?INCLUDES=(.*)", line):
            words = shlex.split(m[1])
            roots.update(os.path.realpath(w[2:] if w.startswith("-I") else w) for w in words if w != "-isystem")
    code, out = run_tool(["gcc", "-x", "c++", "-E", "-v", "/dev/null"], timeout_s=60)
    listing = out.split("search starts here:")[-1].split("End of search list.")[0] if code == 0 else ""
    roots.update(os.path.realpath(line.strip()) for line in listing.splitlines()
                 if line.startswith(" ") and line.strip())
    return tuple(sorted(roots))


def _read_small(path: Path, limit: int = 4 << 20) -> str | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(limit).decode(errors="replace")
    except OSError:
        return None


@contextlib.contextmanager
def _stage(result: BuildResult, what: str):
    """One stage of a build: in the trace, and in the build's own account (``--timings`` shows the slowest build's)."""
    began = time.monotonic()
    try:
        with trace.span(f"build: {what}", file=result.source):
            yield
    finally:
        result.stages[what] = result.stages.get(what, 0.0) + time.monotonic() - began


def build_cuda(source: Path, outdir: Path, device: Device, shown_as: str, spec, *,
               box: Sandbox | None = None, compiling: threading.Event | None = None) -> BuildResult:
    """Compile ``source`` into ``outdir/lib<stem>.so`` and audit it. Never raises for learner mistakes.
    ``compiling`` is set once nvcc's compile is under way, or the build has ended without one."""
    try:
        return _build_cuda(source, outdir, device, shown_as, spec, box=box, compiling=compiling)
    finally:
        if compiling is not None:
            compiling.set()


def _build_cuda(source: Path, outdir: Path, device: Device, shown_as: str, spec, *,
                box: Sandbox | None, compiling: threading.Event | None) -> BuildResult:
    start = time.monotonic()
    name = source.name
    outdir.mkdir(parents=True, exist_ok=True)
    log = outdir / f"build-{source.stem}.log"
    result = BuildResult(name, False, None, not device.has_cuda, log=log)
    nvcc = nvcc_path()
    if nvcc is None:
        write_log(log, "nvcc not found on PATH\n")
        result.errors = ["nvcc not found on PATH"]
        result.missing_tool = True
        return result
    if not source.is_file():
        write_log(log, f"missing {shown_as}\n")
        result.errors = [f"file not found: {shown_as}"]
        return result
    box = box or probe()
    text = source.read_text(errors="replace")
    if shutil.which("gcc") is None:  # nvcc's host compiler, and the comment stripper the audit reads through
        write_log(log, "gcc not found on PATH\n")
        result.errors = ["gcc (the host compiler nvcc uses) not found on PATH"]
        result.missing_tool = True
        return result
    with _stage(result, "comments stripped"):
        clean, why = source_audit.strip_comments(text, run_tool, box=box, ro=[outdir])
    result.source_problems = source_audit.text_problems(text) or \
        ([source_audit.unreadable_problem(why)] if clean is None else
         source_audit.include_problems(clean, functools.partial(toolchain_header, nvcc)) +
         source_audit.macro_problems(clean))
    if result.source_problems:  # never compiled: an include outside the allowed set could print any file's lines
        write_log(log, f"{shown_as} was not compiled:\n" + "".join(f"  {p}\n" for p in result.source_problems))
        result.errors = list(result.source_problems)
        result.seconds = time.monotonic() - start
        return result
    if not clean.strip():
        write_log(log, f"{shown_as} holds no code\n")
        result.errors = [f"{shown_as} holds no code (it is empty, or only comments): start from the stub, "
                         "`git checkout` the file or run `make stubs` (`make stubs FORCE=1` where it holds comments "
                         "of yours: your version is kept beside it)"]
        return result
    header = outdir / "grader_abi.h"
    header.write_text(spec.abi.header() + NO_STANDARD_STREAMS + NO_LIBRARY_RANGES)
    obj, lib = outdir / f"{source.stem}.o", outdir / f"lib{source.stem}.so"
    deps, asm_deps = outdir / f"{source.stem}.d", outdir / f"{source.stem}.as.d"
    for stale in (obj, lib, deps, asm_deps):
        stale.unlink(missing_ok=True)
    # nvcc's and gcc's temporaries in a folder of the build's own: in a shared /tmp, a file planted there
    # (crt/host_runtime.h, which nvcc's stub includes from its own folder first; a .s) went into every build
    temp = outdir / "tmp"
    shutil.rmtree(temp, ignore_errors=True)
    temp.mkdir()
    compile_cmd = [nvcc, *COMMON_FLAGS, *arch_flags(device), "-MD", "-MF", str(deps),
                   *assembler_deps_flags(asm_deps, source.parent), "-include", str(header), "--keep", "--keep-dir",
                   str(temp), "-c", str(source), "-o", str(obj)]  # --keep: the preprocessed passes, read below
    with _stage(result, "nvcc compile"):
        run = run_bounded(compile_cmd, memory_bytes=SETTINGS.build_memory_bytes, file_bytes=SETTINGS.build_file_bytes,
                          cwd=source.parent,
                          timeout_s=SETTINGS.build_timeout_s, box=box, ro=[source.parent], rw=[outdir],
                          env={"TMPDIR": str(temp)}, on_start=compiling.set if compiling is not None else None)
    code, out = run.code, run.output
    # The log holds what the report may show: the compiler's lines about the learner's file, none of another's
    transcript = "$ " + " ".join(compile_cmd) + "\n" + for_the_log(out, source)
    trouble = build_trouble(run)
    if trouble:
        write_log(log, transcript + f"\n[{trouble}]\n")
        result.errors = [trouble, *first_errors(out, source, shown_as, limit=3)]
        result.seconds = time.monotonic() - start
        return result
    if code is None:
        write_log(log, transcript + "\n[timed out]\n")
        result.errors = [f"nvcc did not finish in {SETTINGS.build_timeout_s:.0f} s"]
        result.seconds = time.monotonic() - start
        return result
    if code != 0:
        write_log(log, transcript)
        result.errors = first_errors(out, source, shown_as)
        result.seconds = time.monotonic() - start
        return result
    with _stage(result, "what the compile read"):
        roots = toolchain_roots(nvcc)
        read = _read_small(deps)
        result.source_problems = source_audit.read_problems(
            read, _read_small(asm_deps), source=source, own=(header,), roots=roots,
            workdir=source.parent, temp=temp) or source_audit.machinery_problems(sorted(temp.glob("*.ii")), roots)
        machinery_read = source_audit.reads_machinery(read, source.parent, roots)
    for kept in temp.iterdir():  # nvcc's kept passes, tens of MB a build: read, and not left in a cohort's folders
        if kept.is_file() and not kept.is_symlink():
            kept.unlink()
    if result.source_problems:  # not linked: nothing of it runs, and the report names the files, never their lines
        write_log(log, transcript + f"\n{shown_as} was compiled, but it read what a lab file may not:\n"
                  + "".join(f"  {p}\n" for p in result.source_problems))
        result.errors = list(result.source_problems)
        result.seconds = time.monotonic() - start
        return result
    def tool(argv, timeout_s=60, cwd=None):  # the audit's readers, on a library the learner's text shaped: bounded
        run = run_bounded(argv, memory_bytes=SETTINGS.build_memory_bytes, file_bytes=SETTINGS.build_file_bytes,
                          keep=elf.LISTING_CAP,  # output
                          stop_after=elf.LISTING_CAP, timeout_s=timeout_s, box=box, rw=[outdir], cwd=cwd)
        return (None if run.stopped else run.code), run.output

    # The link must build only what the compile showed: an object that carries GCC's LTO bytecode would be compiled
    # again by the linker's plugin, outside every dependency list (its .incbin read a file: red team, session 17).
    # Refused here, and -fno-lto keeps the plugin from claiming any object.
    with _stage(result, "object read"):
        lto = elf.object_problems(obj, tool)
    if lto:
        write_log(log, transcript + "\n" + "".join(f"  {p}\n" for p in lto))
        result.errors, result.seconds = lto, time.monotonic() - start
        return result
    # -Bsymbolic: the library's references to its own functions and data are bound here, not by the loader by
    # name (an own `system` or helper would otherwise be called through the GOT or PLT: elf.py's _read)
    # -z now and -z relro: every import bound at load, and the tables the loader wrote (.got, .got.plt) read-only after
    # it: left writable, the launcher pointed nvcc's own calls at its code, which ran at unload (red team, session 29)
    link_cmd = [nvcc, "-shared", "-cudart", "shared", "-Xcompiler", "-fno-lto", "-Xlinker", "-Bsymbolic",
                "-Xlinker", "-z,now", "-Xlinker", "-z,relro", str(obj),
                "-o", str(lib)]
    with _stage(result, "link"):
        link = run_bounded(link_cmd, memory_bytes=SETTINGS.build_memory_bytes, file_bytes=SETTINGS.build_file_bytes,
                           cwd=outdir,
                           timeout_s=SETTINGS.build_timeout_s, box=box, rw=[outdir], env={"TMPDIR": str(temp)})
    code, link_out = link.code, link.output
    transcript += "$ " + " ".join(link_cmd) + "\n" + for_the_log(link_out, source)
    write_log(log, transcript)
    result.seconds = time.monotonic() - start
    if code is None and not link.stopped:  # the compile finished in time; the link of what it made did not
        write_log(log, transcript + "\n[timed out]\n")
        result.errors = [f"the link did not finish in {SETTINGS.build_timeout_s:.0f} s: {shown_as} compiled, but the "
                         "object it made is too large to link in time (very many sections, symbols or relocations: "
                         "code generated without bound by templates or macros?)"]
        return result
    if code != 0:
        result.errors = [trouble] if (trouble := build_trouble(link, "the linker")) else first_errors(link_out, source,
                                                                                                     shown_as)
        return result

    with _stage(result, "ELF audit"):
        result.elf = elf.audit(lib, spec.abi.symbol, tool)
    if machinery_read and not result.elf.problems:  # the code nvcc made, and CUB's device-wide headers among its reads
        with _stage(result, "line table read"):
            result.elf.problems += elf.machinery_code(lib, tool, outdir / "cubins", roots)
    result.ok, result.library = True, lib
    result.seconds = time.monotonic() - start
    return result

"""Static checks on a learner's CUDA source, on its comment-free text (so that words in comments never
count): which headers it includes, and whether the stub's TODO regions are still untouched. After the build,
what the compiler and the assembler say they read (``read_problems``), which no reading of the text can hide.

The comments are removed by the C preprocessor itself (``gcc -fpreprocessed -dD -E -P``: strips
comments, expands nothing, reads no other file).
"""
from __future__ import annotations

import functools
import glob
import itertools
import os
import posixpath
import re
from pathlib import Path
from typing import Callable

# Headers a lab file may include: the CUDA runtime and device-side libraries, and the C/C++ standard
# headers a kernel or its launcher reasonably uses. Everything the file needs is in the file itself.
# What a kernel file may include: the C and C++ standard library's headers and the CUDA toolkit's (the lab pages say
# so), in <...>. Refused by name: vendor libraries (whole kernels or the framework), Thrust (whole algorithms, each a
# kernel of its own), the operating system's headers (a kernel file talks to the GPU through the CUDA runtime only),
# and <iostream>, whose std::cout is made by a constructor when the library loads. What the compiler then really reads
# is checked from its dependency list (read_problems: files of the toolkit and the host compiler only), and what the
# library does from its ELF (grader/audit/elf.py: imports, constructors, system calls).
LIBRARIES = r"cublas|cublasLt|cudnn|cufft|curand|cusparse|cusolver|nccl|npp|nvjpeg|nvrtc|cufile|nvml|cupti|" \
            r"cutlass/|cute/|torch/|ATen/|c10/|Python\.h"
# Named in the file: also Thrust, and dlfcn.h. Read by the compiler: not these two, which come in through the
# toolkit's own headers (CUB's block primitives read Thrust's configuration headers, the runtime's dlfcn.h).
VENDOR = re.compile(rf"^({LIBRARIES}|thrust/|dlfcn\.h)", re.I)
VENDOR_LIBRARY = re.compile(rf"^({LIBRARIES})", re.I)
OS_HEADER = re.compile(r"^(sys/|linux/|asm/|asm-generic/|bits/|net/|netinet/|arpa/|unistd\.h$|fcntl\.h$|pthread\.h$|"
                       r"spawn\.h$|dirent\.h$|pwd\.h$|grp\.h$|poll\.h$|termios\.h$|link\.h$|elf\.h$|syscall\.h$|"
                       r"ucontext\.h$|execinfo\.h$|sched\.h$|semaphore\.h$|mqueue\.h$|[a-z0-9]*intrin\.h$|cpuid\.h$)")
# Blanks within a line only, as the compiler reads a directive: with \s (which also takes newlines and Unicode's
# spaces), the pattern started at every line and ran over every blank line after it before failing, time quadratic
# in the lines: a raw string of a million empty lines held the judge's own process for 1003 s (red team, session 52).
INCLUDE = re.compile(r'^[ \t\f\v]*#[ \t\f\v]*include[ \t\f\v]*([<"])([^>"\n]+)[>"]', re.M)


def spliced(source: str) -> str:
    """The source after the compiler's first translation phases, which the comment stripper (-fpreprocessed)
    skips: every backslash-newline removed (GCC, and so nvcc, also takes blanks between the backslash and the
    newline as one), so that a directive cut over two lines (#inc\\ newline lude) reads as the compiler reads it.
    Trigraphs are left as they are: the build is -std=c++17, where they are gone from the language and nvcc's
    preprocessor ignores them ("trigraph ??/ ignored"). Reading ??/ as a backslash spliced the next line into a
    comment here while nvcc compiled it, an #include included."""
    return re.sub(r"\\[ \t\f\v]*\r?\n", "", source)


def strip_comments(source: str, run_tool, box=None, ro=()) -> tuple[str | None, str]:
    """(the source without comments, by the preprocessor, or None when it refuses the text or cannot run; why not:
    its first error line)."""
    import tempfile
    from pathlib import Path

    with tempfile.NamedTemporaryFile("w", suffix=".cu", dir=ro[0] if ro else None, delete=False) as fh:
        fh.write(spliced(source))
        path = Path(fh.name)
    try:
        # -std=c++17 as the build: no trigraphs (the text is spliced above, as the build's first phases do)
        code, out = run_tool(["gcc", "-std=c++17", "-fpreprocessed", "-dD", "-E", "-P", "-x", "c++", str(path)],
                             timeout_s=60,
                             box=box, ro=list(ro))
    finally:
        path.unlink(missing_ok=True)
    if code == 0:
        return out, ""
    errors = [line.split("error:", 1)[1].strip() for line in (out or "").splitlines() if "error:" in line]
    return None, errors[0][:200] if errors else "it did not finish" if code is None else f"exit code {code}"


def unreadable_problem(why: str) -> str:
    """A file the comment stripper refused is not audited from its raw text, where a comment inside a directive
    (`#/**/include`) hides it from the checks and not from the compiler (red team, session 31)."""
    return (f"the preprocessor could not read this file to take out its comments ({why}): every line must be one it "
            "accepts, even inside `#if 0` (a `#define` needs a name)")


CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")


def text_problems(text: str) -> list[str]:
    """A control character in a lab file (other than tab, newline, form feed, vertical tab and carriage return):
    GCC takes a NUL for a blank, so `\\0#include <thrust/...>` was an include to the compiler and no directive to
    the include check, whose comment stripper a `#define 3` under `#if 0` had made fail (red team, session 24).
    A source file is text: write such a byte as an escape (\"\\x01\")."""
    for number, line in enumerate(text.split("\n"), 1):  # not splitlines(), which ends lines at \x1c-\x1e too
        if m := CONTROL.search(line):
            return [f"line {number} holds the control character \\x{ord(m[0]):02x}: a source file is text (write such "
                    "a byte in a string as an escape, \"\\x01\")"]
    return []


# Blanks in a directive: GCC also takes form feeds and vertical tabs there (#\vinclude is an include)
LINE_DIRECTIVE = re.compile(r"^[ \t\f\v]*#[ \t\f\v]*(?:line\b|\d)", re.M)
# #embed (C23, GCC 15 and clang 19 take it in C++ too) pastes a file's bytes: refused like an include through a macro.
ANY_INCLUDE = re.compile(r"^[ \t\f\v]*#[ \t\f\v]*(include|include_next|import|embed)\b[ \t\f\v]*(\S?)", re.M)


def include_problems(text: str, system_header: Callable[[str], bool] | None = None) -> list[str]:
    """What the file's #include lines name that a lab file may not. ``text``: the source without comments. The
    digraph %: is the compiler's other spelling of # (%:include <x>), read as #. ``system_header(name)``: whether a
    header of that name is the toolkit's or the system's; a quoted include of one (Visual Studio's CUDA template
    writes #include "cuda_runtime.h") is judged as its <...> form. The compiler looks for it beside the file
    first, where the build puts nothing but the lab's own files, and the read check then names what it read."""
    text = spliced(text).replace("%:", "#")
    problems = [f"#{m[1]} {m[2] or ''}...: an include through a macro (or #{m[1]} itself) hides the header's "
                "name; write #include <header> out" for m in ANY_INCLUDE.finditer(text)
                if m[1] != "include" or m[2] not in ("<", '"')]
    line, at = 1, 0  # counted on from the last match: counted from the start each time, a file of directives cost
    for m in LINE_DIRECTIVE.finditer(text):  # time quadratic in its length
        line, at = line + text.count("\n", at, m.start()), m.start()
        problems.append(f"line {line}: a #line directive (or a line marker) says the code after it is another "
                        "file's, which the build's checks read by file; write none")
    for quote, written in INCLUDE.findall(text):
        written = written.strip()
        # <./unistd.h> and <thrust//x.h> name the files <unistd.h> and <thrust/x.h> (red team, session 17)
        header = posixpath.normpath(written) if written else written
        if ".." in written:
            header = written
        # ... and as every name it could be found by under a folder of its path (<x86_64-linux-gnu/sys/syscall.h> is
        # <sys/syscall.h>, <cccl/thrust/functional.h> Thrust, <c++/12/iostream> <iostream>: red team, session 17)
        tails = [header] + [header[k + 1:] for k, c in enumerate(header) if c == "/"]
        if any(VENDOR.match(t) for t in tails):
            header = next(t for t in tails if VENDOR.match(t))
            problems.append(f"includes {header}: a vendor library or the framework; the point of the lab is to write "
                            "the kernel yourself")
        elif quote == '"' and not (system_header and system_header(header)) or header.startswith("/") or \
                ".." in header:
            problems.append(f'includes "{header}": put everything in this one file (only system headers, in <...>)')
        elif any(OS_HEADER.match(t) for t in tails):
            problems.append(f"includes <{header}>: an operating system or processor header; a kernel file talks to the "
                            "GPU through the CUDA runtime only (the C and C++ standard headers and the CUDA toolkit's are fine)")
        elif "iostream" in tails:
            problems.append("includes <iostream>: its std::cout is built by a constructor when the library loads, "
                            "which a lab library may not run; print with printf from <cstdio>")
    return problems


# A macro may not rename what the toolkit's headers are made of: `#define cub rtlib` before the includes made every
# CUB kernel rtlib::..., and the audit names a kernel's library by its namespaces (red team, session 29). The
# namespaces of the CUDA toolkit's and the C++ library's headers, and the prefixes of the macros CCCL names its
# namespaces with (CUB_WRAPPED_NAMESPACE, THRUST_NAMESPACE_BEGIN...). Header guards (_GLIBCXX_IOSTREAM) are the ELF
# audit's: what they let in is judged in the library.
TOOLKIT_NAMES = re.compile(r"^(cub|thrust|cuda|cuda_std|cute|cutlass|nv|nvcuda|cooperative_groups|std|__gnu_cxx|"
                           r"__cxxabiv1|CUB_\w*|THRUST_\w*|CCCL_\w*|_CCCL_\w*|LIBCUDACXX_\w*|_LIBCUDACXX_\w*)$")
ANY_MACRO = re.compile(r"^[ \t\f\v]*#[ \t\f\v]*(define|undef)[ \t\f\v]+([A-Za-z_]\w*)", re.M)
# The switches the toolkit documents for its users, which rename nothing: CUB's examples begin with CUB_STDERR, and
# the deprecation switches silence warnings. Each by its exact name: CUB_WRAPPED_NAMESPACE, CUB_DISABLE_NAMESPACE_MAGIC
# and their kind, which do rename, stay refused (ffcuda, session 33: a right file copied from CUB's example was refused).
TOOLKIT_SWITCHES = frozenset({
    "CUB_STDERR", "CCCL_IGNORE_DEPRECATED_CPP_DIALECT", "CUB_IGNORE_DEPRECATED_CPP_DIALECT",
    "THRUST_IGNORE_DEPRECATED_CPP_DIALECT", "CCCL_IGNORE_DEPRECATED_CPP_11", "CCCL_IGNORE_DEPRECATED_CPP_14",
    "CCCL_IGNORE_DEPRECATED_COMPILER", "CCCL_IGNORE_DEPRECATED_API", "CUB_IGNORE_DEPRECATED_API",
    "THRUST_IGNORE_DEPRECATED_API", "THRUST_IGNORE_CUB_VERSION_CHECK"})


def macro_problems(text: str) -> list[str]:
    """#define or #undef of a name the toolkit's headers use as a namespace or to configure themselves. ``text``: the
    source without comments; %: is #, as in include_problems."""
    text = spliced(text).replace("%:", "#")
    return [f"#{m[1]} {m[2]}: renames a name the CUDA toolkit's or the C++ library's headers are made of (a namespace, "
            "or a macro they configure themselves with), which hides whose code a kernel is; give your macros names "
            "of your own" for m in ANY_MACRO.finditer(text) if TOOLKIT_NAMES.match(m[2]) and m[2] not in TOOLKIT_SWITCHES]


# ---- is the stub still the stub? -----------------------------------------------------------------


def _norm(line: str) -> str:
    return " ".join(line.split())


def stub_regions(solution_text: str) -> list[tuple[str, list[str], str, str]]:
    """For each solution region of a file: (its TODO text, the placeholder lines the stub holds in its place,
    the first non-blank line after the region, the last non-blank line before its TODO line in the stub),
    whitespace-normalised. Read with grader/stubs.py's markers."""
    from grader.stubs import MARK, STUB, TODO, make_stub

    stub = [_norm(ln) for ln in make_stub(solution_text, "00", "stub").splitlines() if ln.strip()]
    todo_lines = [k for k, ln in enumerate(stub) if re.match(r"^(//|#) TODO\(\d\d-\d+\): ", ln)]

    lines = solution_text.splitlines()
    regions, i = [], 0
    while i < len(lines):
        m = MARK.match(lines[i])
        if not (m and m["what"] == "BEGIN SOLUTION"):
            i += 1
            continue
        j, body = i + 1, []
        while j < len(lines) and not ((e := MARK.match(lines[j])) and e["what"] == "END SOLUTION"):
            body.append(lines[j])
            j += 1
        todo = next((t["text"] for ln in body if (t := TODO.match(ln))), "write this part")
        placeholder = [c for ln in body if (s := STUB.match(ln)) and (c := _norm(s["code"]))]
        if not placeholder and m["c"] == "#":
            placeholder = ["raise NotImplementedError("]
        following = next((k for k in range(j + 1, len(lines)) if lines[k].strip()), None)
        if following is None:
            after = ""
        elif (b := MARK.match(lines[following])) and b["what"] == "BEGIN SOLUTION":
            # the next region starts at once: in the stub, its TODO line follows
            rest = lines[following + 1:]
            nxt = next((t["text"] for ln in rest[:rest.index(next(x for x in rest if MARK.match(x)))]
                        if (t := TODO.match(ln))), "write this part")
            after = TODO_LINE + _norm(nxt)
        else:
            after = _norm(lines[following])
        k = todo_lines[len(regions)] if len(regions) < len(todo_lines) else 0
        before = stub[k - 1] if k > 0 else ""
        if re.match(r"^(//|#) TODO\(\d\d-\d+\): ", before):
            before = TODO_LINE + before.split(": ", 1)[1]
        regions.append((_norm(todo), placeholder, after, before))
        i = j + 1
    return regions


TODO_LINE = "\x00todo:"  # marks an `after` that is the next region's TODO line, whatever its number


def _follows(line: str, after: str) -> bool:
    if after.startswith(TODO_LINE):
        return re.match(r"^(//|#) TODO\(\d\d-\d+\): " + re.escape(after[len(TODO_LINE):]) + "$", line) is not None
    return line == after


def untouched_regions(text: str, solution_text: str) -> list[str]:
    """TODO tags (e.g. 'TODO(01-2)') whose stub placeholder the file still holds exactly, with nothing added
    between the code that came before the TODO line in the stub and the code that followed the region (code
    written above the TODO line, the comment kept below it as a note, is work done: session 16)."""
    lines = [_norm(ln) for ln in text.splitlines()]
    found = []
    for todo, placeholder, after, before in stub_regions(solution_text):
        pattern = re.compile(r"^(//|#) (TODO\(\d\d-\d+\)): " + re.escape(todo) + "$")
        for p, line in enumerate(lines):
            m = pattern.match(line)
            if not m:
                continue
            # Read from the TODO line outwards, never the whole file: a file of a thousand copies of the TODO line
            # would otherwise cost time quadratic in its lines, in the judge's own process (red team, session 52)
            prev = next((lines[k] for k in range(p - 1, -1, -1) if lines[k]), "")
            if before and not _follows(prev, before):
                continue
            rest = list(itertools.islice((lines[k] for k in range(p + 1, len(lines)) if lines[k]),
                                         len(placeholder) + 1))
            body, nxt = rest[:len(placeholder)], (rest[len(placeholder):] or [""])[0]
            same = len(body) == len(placeholder) and all(
                b.startswith(s) if s.endswith("(") else b == s for b, s in zip(body, placeholder))
            if same and _follows(nxt, after):
                found.append(m.group(2))
                break
    return found


# ---- what the build read, in the compiler's own words -------------------------------------------------


def make_prerequisites(text: str) -> list[str] | None:
    """The files a make rule written by a compiler (-MD) or the assembler (--MD) names after its target: blank-
    separated, a backslash-newline continues the line, a backslash escapes a blank. None when there is no rule."""
    target, colon, rest = text.replace("\\\n", " ").partition(": ")
    if not colon:
        return None
    names = [re.sub(r"\\(.)", r"\1", t).replace("$$", "$") for t in re.findall(r"(?:\\.|[^\s\\])+", rest)]
    return [n for n in names if not n.endswith(":")]


def _inside(path: str, roots: tuple[str, ...]) -> bool:
    return any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots)


def read_problems(compiler_deps: str | None, assembler_deps: str | None, *, source: Path, own: tuple[Path, ...],
                  roots: tuple[str, ...], workdir: Path, temp: Path) -> list[str]:
    """What the build read that a lab file may not make it read, from the compiler's list of the files it opened
    (nvcc -MD, both passes) and the assembler's (as --MD). The include check above reads the source; this reads
    what the tools did, so no spelling of an #include (in a raw string, a macro, a splice) and no assembler
    directive (.incbin, .include in an asm statement) gets past it. ``roots``: the toolkit's and the host
    compiler's header folders; ``own``: the grader's files the build includes; ``workdir``: the compiler's;
    ``temp``: the build's own temporary folder (TMPDIR), fresh for each build, where the compiler's .s is."""
    if compiler_deps is None or (files := make_prerequisites(compiler_deps)) is None:
        return ["the compiler did not list the files it read (nvcc -MD), so the build cannot be checked: a grader "
                "set-up problem, not yours; tell your instructor"]
    allowed = {os.path.realpath(p) for p in (source, *own)}
    problems: list[str] = []
    for name in files:
        path = os.path.realpath(os.path.join(workdir, name))
        parts = path.split("/")
        library = next((s for i in range(len(parts)) if VENDOR_LIBRARY.match(s := "/".join(parts[i:]))), None)
        if library:
            problems.append(f"the compiler read {library}, a vendor library or the framework, through an include "
                            "the include check could not see; the point of the lab is to write the kernel yourself")
        elif path not in allowed and not _inside(path, roots):
            problems.append(f"the compiler read {_shown(path)}, a file that is neither the CUDA toolkit's nor the "
                            "system's headers, through an include the include check could not see: put everything "
                            "in this one file (only system headers, in <...>)")
    if assembler_deps is None or (read := make_prerequisites(assembler_deps)) is None:
        return problems + ["the assembler did not list the files it read (as --MD), so the build cannot be checked: "
                           "a grader set-up problem, not yours; tell your instructor"]
    for name in read:
        # its input (the compiler's temporary .s, in the build's own folder: a .s planted in a shared /tmp, or a link
        # named so, is any file) and the name of its .file directive (nvcc's intermediate .cpp)
        path = os.path.realpath(os.path.join(workdir, name))
        if (name.endswith(".s") and path.endswith(".s") and os.path.dirname(path) == os.path.realpath(temp)) or (
                "/" not in name and name.endswith(".cudafe1.cpp")):
            continue
        problems.append(f"the assembler read {_shown(name)} (an .incbin or .include in an asm statement): a lab "
                        "file may not read other files; write any data it needs into the file itself")
    return problems


# CUB's device-wide machinery: the agents, dispatchers, device-wide algorithms and grid helpers of cub/agent/,
# cub/device/ and cub/grid/ (AgentReduce, DispatchSegmentedReduce, DeviceSegmentedReduceKernel...). Its kernels are
# refused by name (elf.library_kernel); an agent's body copied into a kernel of the learner's own name did the same
# work and passed (red team, session 33). A file may include <cub/cub.cuh>, which reads those headers, for a
# block-level building block: what decides is which of their names the learner's own code, as the compiler
# preprocessed it (macros expanded, both passes), names.
MACHINERY_DIRS = ("agent", "device", "grid")
MACHINERY_FILE = re.compile(r"/cub/(?:" + "|".join(MACHINERY_DIRS) + r")/")  # a path inside one of them
MACHINERY_NAME = re.compile(r"\b(?:Agent|Device|Dispatch|Grid)[A-Z]\w*")
LINE_MARKER = re.compile(r'^#\s*(?:line\s+)?\d+\s+"((?:[^"\\]|\\.)*)"')
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*")


def reads_machinery(compiler_deps: str | None, workdir: Path, roots: tuple[str, ...]) -> bool:
    """Whether the compile read a header of CUB's device-wide machinery (cub/agent/, cub/device/, cub/grid/ inside
    the toolchain's folders): only then is the device code's line table read (elf.machinery_code)."""
    files = make_prerequisites(compiler_deps or "") or []
    return any(MACHINERY_FILE.search(path := os.path.realpath(os.path.join(workdir, name)))
               and _inside(path, roots) for name in files)


@functools.lru_cache(maxsize=4)
def machinery_names(roots: tuple[str, ...]) -> frozenset[str]:
    """The names CUB's device-wide headers under the toolchain's include folders declare or use (Agent*, Device*,
    Dispatch*, Grid*), read from the headers themselves so that a new CUB brings its own."""
    names: set[str] = set()
    for root in roots:
        for cub in (os.path.join(root, "cccl", "cub"), os.path.join(root, "cub")):
            for folder in MACHINERY_DIRS:
                for path in glob.glob(os.path.join(cub, folder, "**", "*.cuh"), recursive=True):
                    with open(path, errors="replace") as fh:
                        names.update(MACHINERY_NAME.findall(fh.read()))
    return frozenset(names)


# A name the learner's own lines declare: a class, struct, union, enum, namespace, alias or template parameter of
# that name, or a function or variable after its type (`void DeviceReduceKernel(`, `int GridQueue =`). Read only to
# spare a right file that happens to choose one of CUB's names (helper ffS, session 56): such a name is not counted
# unless the learner also names it after a scope (QUALIFIED), and whatever the text says, a kernel made of CUB's
# device-wide code is refused by the device code's line table (elf.machinery_code), which names no identifier.
_NOT_A_TYPE = frozenset("return else case throw new delete sizeof alignof decltype goto co_return co_yield co_await "
                        "typeid not and or".split())
# Read in time linear in the line (red team, session 58): `\s*[*&]*\s*` split a run of blanks two ways at every
# point, and a run of `* * *` was started at each star, time quadratic in the run; a string literal of 200,000 blanks
# on a line that names one of CUB's names held the judge's own process for hours. The quantifiers are possessive, and
# a `*`, `&` or `>` starts a reading only after a character that is none of them nor a blank (nor `-`: `p->GridSize(`
# is a call through a pointer, not a declaration); the blanks, stars and `>` after a type are one run.
DECLARES = re.compile(r"\b(?:struct|class|union|enum|namespace|typename|using)\s++(?:class\s++|struct\s++)?"
                      r"([A-Za-z_]\w*+)"
                      r"|(?:\b([A-Za-z_]\w*+)|(?<![\s*&>-])[*&>])[\s*&>]*+(?<![\w:.])([A-Za-z_]\w*+)\s*+"
                      r"(?=[(=;\[{,)])")
QUALIFIED = re.compile(r"::\s*(?:template\s+)?([A-Za-z_]\w*)")


def _declared_names(line: str) -> set[str]:
    names = set()
    for m in DECLARES.finditer(line):
        if m[1]:
            names.add(m[1])
        elif m[3] and (m[2] is None or m[2] not in _NOT_A_TYPE):
            names.add(m[3])
    return names


def machinery_problems(preprocessed: list[Path], roots: tuple[str, ...]) -> list[str]:
    """CUB's device-wide machinery named in the learner's own code: the compiler's preprocessed files (nvcc --keep:
    the device passes' .cpp1.ii and the host's .cpp4.ii), read where their line markers name a file outside the
    toolchain's folders (the learner's file; #line directives are refused above, so a marker cannot lie). A name
    the learner declares as their own is not counted unless it is also named after a scope (_declared_names)."""
    names = machinery_names(tuple(roots))
    found: set[str] = set()
    declared: set[str] = set()  # machinery names the learner's lines declare as their own...
    qualified: set[str] = set()  # ...and those they also name after a scope (cub::DeviceReduce, c::DeviceReduce)
    ours: dict[str, bool] = {}  # a marker's file -> outside the toolchain: ~27,000 markers, a few hundred names
    for ii in preprocessed:
        own = False
        with open(ii, errors="replace") as fh:
            for line in fh:
                if line.startswith("#"):
                    if m := LINE_MARKER.match(line):
                        if (own := ours.get(m[1])) is None:
                            own = ours[m[1]] = not _inside(os.path.realpath(m[1]), roots)
                    continue
                if own and any(word in line for word in ("Agent", "Device", "Dispatch", "Grid")):
                    used = names.intersection(IDENTIFIER.findall(line))
                    found.update(used)
                    if used:
                        declared.update(names.intersection(_declared_names(line)))
                        qualified.update(names.intersection(QUALIFIED.findall(line)))
    found -= declared - qualified  # the learner's own DeviceReduceKernel or AgentT: the line table still decides
    if not found:
        return []
    return [f"your file uses CUB's device-wide machinery ({', '.join(sorted(found)[:4])}): its agents, dispatchers "
            "and device-wide algorithms do a whole kernel's work, which the lab asks of you; CUB's block- and "
            "warp-level building blocks (cub::BlockReduce, cub::WarpReduce) inside a kernel of your own are fine"]


def _shown(path: str) -> str:
    name = "".join(c if c.isprintable() else "?" for c in path)
    return name if len(name) <= 120 else name[:100] + f"...({len(name)} characters)"

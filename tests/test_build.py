"""grader/build.py and grader/audit: what a learner's .cu becomes, and what its library may do."""
import functools
from pathlib import Path

import pytest

from grader.audit import source
from grader.build import build_cuda, first_errors, nvcc_path, toolchain_header
from grader.context import Device
from grader.ops import get
from helpers import REPO, SUBMISSIONS, needs_nvcc

# Each test here grades or builds a submission end to end (seconds each): `make test` runs them, `make test-fast` does not.
pytestmark = pytest.mark.slow

VADD, SOFTMAX, GEMM = get("vector_add"), get("softmax"), get("gemm")


def build(tmp_path, src: Path, spec, **kw):
    return build_cuda(src, tmp_path / "build", Device(False), f"my-labs/{src.name}", spec, **kw)


@needs_nvcc
def test_build_reports_first_compiler_error_with_file_and_line(tmp_path):
    b = build(tmp_path, SUBMISSIONS / "compile_error/00-hello-cuda/vector_add.cu", VADD)
    assert not b.ok and b.compile_only
    assert any("my-labs/vector_add.cu(5)" in line for line in b.errors), b.errors
    assert "error" in b.errors[0]


@needs_nvcc
def test_build_launcher_with_another_signature_is_a_compile_error(tmp_path):
    src = tmp_path / "vector_add.cu"
    src.write_text('#include <cuda_runtime.h>\n__global__ void k(float* c) { c[0] = 1; }\n'
                   'extern "C" cudaError_t vector_add(float* c, int n, cudaStream_t s) { k<<<1, 1, 0, s>>>(c); '
                   'return cudaGetLastError(); }\n')
    b = build(tmp_path, src, VADD)
    assert not b.ok
    assert any("vector_add" in line for line in b.errors), b.errors


@needs_nvcc
@pytest.mark.parametrize("name, spec, found", [
    ("calls_cublas", SOFTMAX, "cublas"), ("calls_torch", SOFTMAX, "_ZN2at11softmax_out"),
    ("gemm_calls_cublas", GEMM, "cublasSgemm_v2"), ("gemm_calls_torch", GEMM, "_ZN2at10matmul_out"),
])
def test_build_audit_refuses_libraries(tmp_path, name, spec, found):
    b = build(tmp_path, SUBMISSIONS / f"{name}/02-tuned-kernel/{spec.stem}_tuned.cu", spec)
    problems = b.source_problems + (b.elf.problems if b.elf else []) + b.errors
    assert any(found in p for p in problems), problems


@needs_nvcc
@pytest.mark.parametrize("includes, names", [
    ("#include <cub/block/block_load.cuh>\n", ("block", "one")),
    ("#include <cstdio>\nusing namespace std;\n", ("streamsize", "WEOF")),
])
def test_cub_block_load_builds_and_the_build_adds_no_names(tmp_path, includes, names):
    """The build empties <iostream> (build.NO_STANDARD_STREAMS): CUB's block_load.cuh, which includes it, brings no
    static constructor; and a right file may still name its own things as the standard library's stream types and
    macros are named (with <iosfwd> in the prelude too, `streamsize` was ambiguous and `WEOF` a macro: red team,
    session 20)."""
    src = tmp_path / "vector_add.cu"
    src.write_text(f"{includes}static const int {names[0]} = 256;\nstatic const int {names[1]} = 1;\n"
                   "__global__ void k(const float* a, const float* b, float* c, int n) {\n"
                   f"    int i = blockIdx.x * {names[0]} + threadIdx.x;\n    if (i < n) c[i] = a[i] + b[i] * {names[1]};\n}}\n"
                   'extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, '
                   f"cudaStream_t s) {{\n    if (n > 0) k<<<(n + {names[0]} - 1) / {names[0]}, {names[0]}, 0, s>>>(a, b, c, n);"
                   "\n    return cudaGetLastError();\n}\n")
    b = build(tmp_path, src, VADD)
    assert b.ok and b.elf is not None and not b.elf.problems, (b.errors, b.elf.problems if b.elf else None)


VADD_KERNEL = ("__global__ void k(const float* a, const float* b, float* c, int n) {\n"
               "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) c[i] = a[i] + b[i];\n}\n")


@needs_nvcc
@pytest.mark.parametrize("includes, kernel, launcher", [
    # <cub/cub.cuh> for a block-level primitive: CUB's NVTX ranges (dlopen, getenv) and its EmptyKernel came with it
    ("#include <cub/cub.cuh>\n",
     "__global__ void k(const float* a, const float* b, float* c, int n) {\n"
     "    using R = cub::BlockReduce<float, 128>;\n    __shared__ R::TempStorage t;\n"
     "    int i = blockIdx.x * 128 + threadIdx.x;\n    float v = i < n ? a[i] + b[i] : 0.f;\n"
     "    float s = R(t).Sum(v);\n    if (i < n) c[i] = v + 0.f * s;\n}\n",
     "    k<<<(n + 127) / 128, 128, 0, s>>>(a, b, c, n);\n"),
    # std::unordered_map in the launcher: its rehash policy's const members (_ZNK...) were not on the list
    ("#include <unordered_map>\n", VADD_KERNEL,
     "    const std::unordered_map<int, int> threads = {{0, 256}, {1, 128}};\n"
     "    const int t = threads.find(n % 2)->second;\n    k<<<(n + t - 1) / t, t, 0, s>>>(a, b, c, n);\n"),
])
def test_right_host_code_the_elf_audit_refused(tmp_path, includes, kernel, launcher):
    """Right lab files that a helper wrote in session 20 and the audit refused for what the toolkit's and the C++
    library's headers put into them (`<cub/cub.cuh>`, std::unordered_map)."""
    src = tmp_path / "vector_add.cu"
    src.write_text(f"{includes}{kernel}extern \"C\" cudaError_t vector_add(const float* a, const float* b, float* c, "
                   f"int n, cudaStream_t s) {{\n    if (n <= 0) return cudaSuccess;\n{launcher}"
                   "    return cudaGetLastError();\n}\n")
    b = build(tmp_path, src, VADD)
    assert b.ok and b.elf is not None and not b.elf.problems, (b.errors, b.elf.problems if b.elf else None)


@needs_nvcc
def test_build_audit_passes_every_solution(tmp_path):
    specs = {"vector_add": VADD, "softmax": SOFTMAX, "sgemm": GEMM}
    sources = sorted((REPO / "solutions").glob("*/*.cu"))
    assert len(sources) >= 3
    for src in sources:
        spec = specs[src.stem.split("_")[0] if not src.stem.startswith("vector") else "vector_add"]
        b = build_cuda(src, tmp_path / src.stem, Device(False), src.name, spec)
        assert b.ok, (src, b.errors)
        assert b.elf.problems == [] and b.source_problems == [], (src, b.elf.problems)
        assert b.elf.kernels and all(k["regs"] for k in b.elf.kernels.values())
        # --timings shows where a build's time went, stage by stage (decision 174)
        assert list(b.stages) == ["comments stripped", "nvcc compile", "what the compile read", "object read",
                                  "link", "ELF audit"], b.stages
        assert 0 < sum(b.stages.values()) <= b.seconds


@needs_nvcc
def test_build_that_fails_to_compile_names_only_the_stages_it_ran(tmp_path):
    b = build(tmp_path, SUBMISSIONS / "compile_error/00-hello-cuda/vector_add.cu", VADD)
    assert not b.ok and list(b.stages) == ["comments stripped", "nvcc compile"], b.stages


def test_the_build_check_says_not_started_as_every_first_check_does(tmp_path):
    """An untouched stub earns no build points, and says so in the words of started.not_started, which the Python
    files' first checks use too (the build kept a second copy of the rule, with its own wording, until session 43);
    a part-filled file is built and graded, its notes left named by started.unfinished."""
    from types import SimpleNamespace

    from grader.checks.started import unfinished
    from grader.context import BuildResult
    from grader.labs.common import build_check
    from helpers import half_filled

    stage = tmp_path / "00-hello-cuda"
    ctx = SimpleNamespace(repo=REPO, lab=SimpleNamespace(name="00-hello-cuda", editable=("vector_add.cu",)),
                          stage=stage, submission=stage, discovery={}, hint=lambda key: f"see {key}",
                          builds={"vector_add.cu": BuildResult("vector_add.cu", True, None, True, seconds=1.0)})
    stage.mkdir()
    (stage / "vector_add.cu").write_text((REPO / "labs/00-hello-cuda/vector_add.cu").read_text())
    stub = build_check(ctx, "vector_add.cu")
    assert stub.status.value == "FAIL" and stub.message == (
        "vector_add.cu: not started: the file is still the stub (TODO(00-1), TODO(00-2) still hold the stub's "
        "placeholder)"), stub.message
    half_filled(REPO / "solutions/00-hello-cuda/vector_add.cu", {2}, stage)
    built = build_check(ctx, "vector_add.cu")
    assert built.status.value == "PASS" and unfinished(ctx) == "vector_add.cu: TODO(00-2)", built.message


def test_source_audit_reads_includes_not_comments():
    assert source.include_problems("#include <cuda_runtime.h>\n#include <cstdint>\n") == []
    assert "vendor library" in source.include_problems("#include <cublas_v2.h>\n")[0]
    # header-only, but whole GEMM kernels (red team, session 13): vendor libraries too
    assert "vendor library" in source.include_problems("#include <cutlass/gemm/device/gemm.h>\n")[0]
    assert "vendor library" in source.include_problems("#include <cute/tensor.hpp>\n")[0]
    assert source.include_problems("#include <cub/block/block_reduce.cuh>\n#include <cuda/atomic>\n") == []
    assert "one file" in source.include_problems('#include "../../solutions/x.cu"\n')[0]
    assert "one file" in source.include_problems("#include </etc/passwd>\n")[0]
    # C23's #embed pastes a file's bytes, where GCC 15 or clang 19 is nvcc's host compiler (red team rt43)
    assert "#embed" in source.include_problems('const char a[] = {\n#embed "/etc/passwd"\n};\n')[0]
    assert source.include_problems("#define embed 1\nint x = embed;\n") == []


@needs_nvcc
def test_a_quoted_include_of_a_toolkit_header_is_judged_as_its_angle_form(tmp_path):
    """Visual Studio's CUDA template writes #include "cuda_runtime.h" and "device_launch_parameters.h": a right lab
    file was refused as one that includes a file of its own (helper ff41). A quoted name of no toolkit or system
    header, a path out of the folder, or a quoted vendor or operating-system header stay refused."""
    found = functools.partial(toolchain_header, nvcc_path())
    assert source.include_problems('#include "cuda_runtime.h"\n#include "device_launch_parameters.h"\n', found) == []
    assert "one file" in source.include_problems('#include "helpers.h"\n', found)[0]
    assert "one file" in source.include_problems('#include "../../solutions/x.cu"\n', found)[0]
    assert "vendor library" in source.include_problems('#include "cublas_v2.h"\n', found)[0]
    assert "operating system" in source.include_problems('#include "unistd.h"\n', found)[0]
    src = tmp_path / "vector_add.cu"
    src.write_text('#include "cuda_runtime.h"\n#include "device_launch_parameters.h"\n' +
                   (REPO / "solutions/00-hello-cuda/vector_add.cu").read_text())
    b = build(tmp_path, src, VADD)
    assert b.ok and b.source_problems == [] and b.elf.problems == [], (b.errors, b.source_problems)


@needs_nvcc
def test_source_audit_ignores_a_vendor_header_named_in_a_comment(tmp_path):
    src = tmp_path / "vector_add.cu"
    src.write_text((REPO / "solutions/00-hello-cuda/vector_add.cu").read_text()
                   + "\n// Unlike #include <cublas_v2.h>, this file calls no library.\n/* #include <torch/torch.h> */\n")
    b = build(tmp_path, src, VADD)
    assert b.ok and b.source_problems == [] and b.elf.problems == []


def test_first_errors_rewrites_the_staged_path_and_hides_other_files():
    out = ("/tmp/stage/x.cu(7): error: expected a \";\"\n      int i = 0\n      ^\n\n"
           "/etc/secret.h(3): error: identifier \"TOP SECRET\" is undefined\n  TOP SECRET\n  ^\n2 errors detected")
    lines = first_errors(out, Path("/tmp/stage/x.cu"), "labs/01/x.cu")
    assert lines[0] == 'labs/01/x.cu(7): error: expected a ";"'
    assert not any("TOP SECRET" in line for line in lines)
    assert any("an error in an included file: secret.h" in line for line in lines)


@needs_nvcc
def test_a_file_the_comment_stripper_refuses_is_not_audited_from_its_raw_text(tmp_path):
    """`#define 3` under `#if 0` made gcc -fpreprocessed fail, and the include check then read the raw text, where
    `#/**/include <unistd.h>` is no directive (red team, session 31). Without the bad line the include is found."""
    solution = (REPO / "solutions/00-hello-cuda/vector_add.cu").read_text()
    hidden = "#/**/include <unistd.h>\n" + solution
    src = tmp_path / "vector_add.cu"
    src.write_text("#if 0\n#define 3\n#endif\n" + hidden)
    b = build(tmp_path / "a", src, VADD)
    assert not b.ok and "could not read this file" in b.source_problems[0]
    assert "macro names must be identifiers" in b.source_problems[0]  # the preprocessor's own words
    src.write_text(hidden)  # the control: read through the stripper, the include is refused
    b = build(tmp_path / "b", src, VADD)
    assert not b.ok and any("unistd.h" in p for p in b.source_problems)


def test_build_without_gcc_is_a_missing_tool(tmp_path, monkeypatch):
    """No host compiler: the lab waits for one (SKIP) rather than auditing the raw text."""
    import shutil as _shutil

    which = _shutil.which
    monkeypatch.setattr("grader.build.nvcc_path", lambda: "/usr/local/cuda/bin/nvcc")
    monkeypatch.setattr("grader.build.shutil.which", lambda name: None if name == "gcc" else which(name))
    src = tmp_path / "x.cu"
    src.write_text("int x;\n")
    b = build(tmp_path, src, VADD)
    assert not b.ok and b.missing_tool and "gcc" in b.errors[0]


def test_build_without_nvcc_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr("grader.build.nvcc_path", lambda: None)
    b = build(tmp_path, tmp_path / "x.cu", VADD)
    assert not b.ok and b.missing_tool


@pytest.mark.parametrize("solution", sorted(p.relative_to(REPO).as_posix() for p in (REPO / "solutions").glob("*/*")
                                            if p.suffix in (".cu", ".py") and "BEGIN SOLUTION" in p.read_text()))
def test_untouched_stub_is_recognised_for_every_solution_file(solution):
    from grader.stubs import count_regions, make_stub

    text = (REPO / solution).read_text()
    tags = source.untouched_regions(make_stub(text, "07", Path(solution).name, first=3), text)
    assert len(tags) == count_regions(text) and tags[0] == "TODO(07-3)"
    assert source.untouched_regions(text, text) == []


def test_an_include_is_read_the_way_the_compiler_reads_it():
    """The digraph %: and a backslash-newline make an #include (decision 77); a trigraph does not: the build is
    -std=c++17, where nvcc's preprocessor ignores them (??=include is no directive there, see the test below)."""
    for spelling in ("%:include <netinet/in.h>\n", "#inc\\\nlude <netinet/in.h>\n", "  %:  include <netinet/in.h>\n"):
        problems = source.include_problems(spelling)
        assert problems and "netinet/in.h" in problems[0], spelling
    assert source.include_problems("%:include <cstdint>\n") == []


def _canned(outputs: dict[str, str]):
    """A run_tool that answers readelf/objdump with canned text, keyed by the tool's option."""
    return lambda argv, timeout_s=60: (0, next((text for key, text in outputs.items() if key in argv), ""))


def test_elf_relocations_read_negative_addends_and_refuse_unreadable_lines():
    from grader.audit import elf

    facts = elf.ElfFacts()
    image = elf._read(Path("lib.so"), _canned({"-r": (
        "Relocation section '.rela.dyn' at offset 0x5 contains 3 entries:\n"
        "    Offset             Info             Type               Symbol's Value  Symbol's Name + Addend\n"
        "0000000000003de0  0000000500000001 R_X86_64_64            0000000000001139 after_at_load - 8\n"
        "0000000000004010  0000000300000001 R_X86_64_64            0000000000000000 __cxa_atexit@GLIBC_2.2.5 - 8\n"
        "0000000000004018  0000000300000001 R_X86_64_64            0000000000000000 odd name + 0\n")}), facts)
    # A named symbol is bound by the loader, by name, whatever the library defines: its slot is that name's import
    assert (0x3de0, "R_X86_64_64", "after_at_load", 0) in image.relocations
    assert image.slots[0x3de0] == "after_at_load" and image.slots[0x4010] == "__cxa_atexit"
    assert any("cannot read" in p and "odd name" in p for p in facts.problems), facts.problems


def test_elf_a_vtable_import_is_taken_at_its_address_point_only():
    """Session 58: any multiple of 8 up to 0x40 passed as a vtable's address point; std::exception's vtable is 0x28
    bytes and __fundamental_type_info's 0x40, so + 0x40 pointed past both, into whatever libstdc++ keeps next."""
    from grader.audit import elf

    def problems(name: str, addend: str) -> list[str]:
        facts = elf.ElfFacts()
        elf._read(Path("lib.so"), _canned({"-r": (
            "Relocation section '.rela.dyn' at offset 0x5 contains 1 entry:\n"
            "    Offset             Info             Type               Symbol's Value  Symbol's Name + Addend\n"
            f"000000000000ed20  0000000500000001 R_X86_64_64            0000000000000000 {name} + {addend}\n")}),
            facts)
        return facts.problems

    for name in ("_ZTVN10__cxxabiv120__si_class_type_infoE@CXXABI_1.3", "_ZTVSt9exception@GLIBCXX_3.4",
                 "_ZTVN10__cxxabiv123__fundamental_type_infoE@CXXABI_1.3"):
        assert problems(name, "10") == [], name
        for addend in ("8", "18", "28", "40"):
            assert any("an address beside an import" in p for p in problems(name, addend)), (name, addend)


def test_elf_plt_and_init_forms():
    from grader.audit import elf

    for stub in ("jmp    *0x2fe2(%rip)        # 4018 <cudaFree@libcudart.so.13>", "push   $0x0", "endbr64",
                 "bnd jmp *0x2fe2(%rip)        # 4018 <x>", "jmp    1020 <_init+0x20>", "xchg   %ax,%ax"):
        assert elf.PLT_INSTRUCTIONS.match(stub), stub
    for code in ("syscall", "mov    $0x1,%eax", "ret", "call   *%rax"):
        assert not elf.PLT_INSTRUCTIONS.match(code), code
    gmon = elf.INIT_FINI_INSTRUCTIONS.match("mov    0x2fd9(%rip),%rax        # 3fe8 <__gmon_start__@x>")
    assert gmon and gmon.group("slot") == "3fe8"  # the slot is then checked against the relocation, not the name
    for clock in ("rdtsc", "rdtscp", "cpuid", "rdrand %eax", "syscall"):
        assert elf.RAW_SYSCALL.search(" " + clock), clock
    # The host instructions allowed: what honest launchers compile to, by family; anything else is refused
    for ordinary in ("mov    %rax,%rbx", "data16 cs nopw 0x0(%rax,%rax,1)", "rep stos %rax,%es:(%rdi)",
                     "lock cmpxchg %ecx,(%rdx)", "setne  %al", "cmovge %eax,%edx", "fldt   0x10(%rsp)", "cltq",
                     "notrack jmp *%rax", "movzbl %al,%eax", "xchg   %ax,%ax", "endbr64", "ud2", "shrx %rax,%rbx,%rcx",
                     "punpcklqdq %xmm1,%xmm0", "vfmadd231ps %ymm2,%ymm1,%ymm0", "kmovw  %k1,%eax", "bsr %edi,%eax"):
        assert elf.HOST_INSTRUCTION.match(ordinary) or elf.VECTOR_OPERAND.search(ordinary), ordinary
    for odd in ("clflush (%rax)", "fxsave (%rax)", "xsave  (%rax)", "setssbsy", "xacquire lock add %eax,(%rdx)",
                "serialize", "ldmxcsr (%rsp)", "hlt", "int3", "frstor (%rax)", "movnti %eax,(%rdx)", "llwpcb %rax",
                "clzero", "verw   (%rax)", "tileloadd (%rax,%rbx,1),%tmm0", "xsusldtrk", "enclu"):
        assert not (elf.HOST_INSTRUCTION.match(odd) or elf.VECTOR_OPERAND.search(odd)), odd


@needs_nvcc
@pytest.mark.parametrize("body, found", [
    ('unsigned lo, hi; asm volatile("rdtsc" : "=a"(lo), "=d"(hi)); if (lo == 7) return cudaErrorUnknown;',
     "reads the clock"),
    ("static std::once_flag once; std::call_once(once, [] { cudaFuncSetAttribute(k, "
     "cudaFuncAttributePreferredSharedMemoryCarveout, 50); });", None),
    # Host C++ a launcher might hold compiles to instructions on HOST_INSTRUCTION's list: x87 (long double), a loop
    # the compiler vectorises, an atomic counter, byte swaps and bit scans.
    ("volatile long double x = n; x = x * 1.000001L + 0.5L; if (x < 0) return cudaErrorUnknown;", None),
    ("int v[64]; for (int j = 0; j < 64; j++) v[j] = (n >> (j & 31)) * j; long t = 0; for (int j = 0; j < 64; j++) "
     "t += v[j]; if (t == 12345) return cudaErrorUnknown;", None),
    ("static std::atomic<int> calls{0}; if (calls.fetch_add(1) < 0 || __builtin_bswap32(n) == 7u || "
     "__builtin_clz(n | 1) == 40) return cudaErrorUnknown;", None),
    # ... and an instruction on neither list is refused by not being on the list (session 34)
    ('asm volatile("clflush (%0)" :: "r"(a) : "memory");', "does not use"),
])
def test_build_audit_of_launcher_bodies(tmp_path, body, found):
    src = tmp_path / "vector_add.cu"
    src.write_text("#include <cuda_runtime.h>\n#include <mutex>\n#include <atomic>\n__global__ void k(const float* a, const float* b, "
                   "float* c, int n) { int i = threadIdx.x; if (i < n) c[i] = a[i] + b[i]; }\n"
                   'extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, '
                   f"cudaStream_t s) {{ {body} k<<<1, 32, 0, s>>>(a, b, c, n); return cudaGetLastError(); }}\n")
    b = build(tmp_path, src, VADD)
    assert b.ok, b.errors
    assert (b.elf.problems == []) if found is None else any(found in p for p in b.elf.problems), b.elf.problems


def test_a_trigraph_is_left_as_nvcc_leaves_it():
    """-std=c++17 has no trigraphs: ??/ at a comment's end splices nothing, so the #include below it is compiled and
    must be checked; ??=include is no directive. Blanks nvcc takes in a directive or a line splice count too."""
    hidden = "// see ??/\n#include </etc/passwd>\n"
    assert source.spliced(hidden) == hidden
    assert "one file" in source.include_problems(hidden)[0]
    assert "thrust/inner_product.h" in source.include_problems("// ??/\n#include <thrust/inner_product.h>\n")[0]
    assert source.include_problems("??=include <netinet/in.h>\n") == []
    for spelling in ("#\vinclude <netinet/in.h>\n", "\f#\finclude <netinet/in.h>\n", "#inc\\ \t\nlude <netinet/in.h>\n"):
        problems = source.include_problems(spelling)
        assert problems and "netinet/in.h" in problems[0], spelling


@needs_nvcc
def test_the_include_check_reads_trigraphs_as_nvcc_does(tmp_path):
    """What nvcc -std=c++17 -E includes after '// ??/' is what the check (through the comment stripper) finds."""
    import subprocess

    from grader.build import nvcc_path
    from grader.runner import run_tool

    text = "// see ??/\n#include <netinet/in.h>\nint x = sizeof(sockaddr_in);\n"
    (tmp_path / "t.cu").write_text(text)
    done = subprocess.run([nvcc_path(), "-std=c++17", "-E", str(tmp_path / "t.cu")], capture_output=True, text=True)
    assert done.returncode == 0 and "struct sockaddr_in" in done.stdout  # nvcc included it
    clean, _ = source.strip_comments(text, run_tool)
    assert clean is not None and "netinet/in.h" in source.include_problems(clean)[0]


@needs_nvcc
def test_a_file_with_a_refused_include_is_never_compiled(tmp_path):
    src = REPO / "tests/adversarial/c07_trigraph_hidden_include/00-hello-cuda/vector_add.cu"
    b = build(tmp_path, src, VADD)
    assert not b.ok and any("/etc/passwd" in p for p in b.source_problems)
    log = b.log.read_text()
    assert "was not compiled" in log and "root:" not in log and "nvcc" not in log


@needs_nvcc
def test_the_build_log_holds_no_line_of_another_file(tmp_path):
    """#line 1 "/etc/passwd" made the host compiler quote /etc/passwd under its messages, into the build log. (Other
    files' lines are cut from what the compiler says: test_learner_lines_keep_the_learners_messages_and_cut_other_files.)"""
    src = REPO / "tests/adversarial/c07_line_directive_quotes_passwd/00-hello-cuda/vector_add.cu"
    b = build(tmp_path, src, VADD)
    assert not b.ok
    shown = b.log.read_text() + "\n".join(b.errors)
    assert "root:x:0:0" not in shown and "daemon:x:1:1" not in shown
    assert "#line directive" in "\n".join(b.errors)  # refused before it compiles, since session 33 (decision 158)


def test_learner_lines_keep_the_learners_messages_and_cut_other_files():
    from grader.build import for_the_log, learner_lines

    src = Path("/tmp/stage/x.cu")
    out = ("/tmp/stage/x.cu(7): error: expected a \";\"\n      int i = 0\n      ^\n\n"
           "/etc/secret.h(3): error: identifier \"TOP\" is undefined\n  TOP SECRET\n  ^\n\n"
           "/tmp/stage/x.cu:9:2: warning: #warning mine [-Wcpp]\n    9 | #warning mine\n      |  ^~~~~~~\n"
           "/etc/passwd:2:2: warning: #warning hi [-Wcpp]\n    2 | daemon:x:1:1\n      |  ^~~~~~~\n"
           "/usr/share/man/std::vector.3:1:1: note: here\n  vector secret\n"
           "In file included from /tmp/stage/x.cu:3:\n"
           "/tmp/elsewhere/x.cu(1): error: same name, another file\n  elsewhere secret\n"
           "2 errors detected in the compilation of \"/tmp/stage/x.cu\".\n")
    log = for_the_log(out, src)
    assert "int i = 0" in log and "#warning mine" in log and "2 errors detected" in log
    assert not any(secret in log for secret in ("TOP", "daemon", "vector secret", "elsewhere secret"))
    assert "(a message about another file, not shown: secret.h, line 3)" in log
    assert [line for line, first in learner_lines(out, src) if first][0].startswith("/tmp/stage/x.cu(7)")
    # the report: a learner's message with its quoted lines, never the next message's
    lines = first_errors("/tmp/stage/x.cu(7): error: e\n/etc/passwd(1): error: x\n  root:x:0:0\n", src, "x.cu")
    assert lines[0] == "x.cu(7): error: e" and not any("root" in line for line in lines)


def test_a_tool_that_prints_without_bound_is_read_with_a_cap(tmp_path):
    """nvcc made to print 1 GB held 3.5 GB in the judge: only the head and the tail are kept, and past the stop the
    program is killed."""
    import sys

    from grader.runner import run_bounded

    ten_mb = [sys.executable, "-c", "import sys; sys.stdout.write('head\\n' + 'x' * (10 << 20) + '\\ntail\\n')"]
    run = run_bounded(ten_mb, memory_bytes=None, keep=1 << 16)
    assert run.code == 0 and not run.stopped and run.printed > 10 << 20 and run.dropped > 0
    assert len(run.output) < 3 << 16 and run.output.startswith("head") and run.output.endswith("tail\n")
    assert "bytes of output not kept" in run.output
    forever = [sys.executable, "-c", "import sys\nwhile True: sys.stdout.write('y' * 65536)"]
    run = run_bounded(forever, memory_bytes=None, keep=1 << 16, stop_after=4 << 20, timeout_s=60)
    assert run.stopped and run.code is None and "[stopped after" in run.output


def test_a_tool_gets_its_memory_limit(tmp_path):
    import sys

    from grader.runner import run_bounded

    grow = [sys.executable, "-c", "x = bytearray(1 << 30); print('allocated')"]
    run = run_bounded(grow, memory_bytes=512 << 20)
    assert run.code not in (0, None) and "MemoryError" in run.output and "allocated" not in run.output
    assert run_bounded(grow, memory_bytes=None).code == 0


def test_a_tool_gets_its_file_size_limit_and_the_build_says_why_it_stopped(tmp_path):
    """Red team, session 54: an assembler's .fill wrote a 1 GB object to the grading host's disk. A file past the
    limit is not written (the writer is stopped), and build_trouble names the cause."""
    import sys

    from grader.build import build_trouble
    from grader.runner import run_bounded

    write = [sys.executable, "-c", f"open({str(tmp_path / 'big')!r}, 'wb').write(bytes(4 << 20)); print('written')"]
    run = run_bounded(write, memory_bytes=None, file_bytes=1 << 20)
    assert run.code not in (0, None) and "written" not in run.output, run.output
    assert (tmp_path / "big").stat().st_size <= 1 << 20
    assert "stopped writing a file larger than 1 MiB" in build_trouble(run)
    assert run_bounded(write, memory_bytes=None, file_bytes=8 << 20).code == 0


@needs_nvcc
def test_a_compiler_out_of_memory_is_a_message(tmp_path, monkeypatch):
    """A template instantiated 2^40 times grew cudafe++ by 330 MB/s until the time-out, with no memory limit."""
    import dataclasses

    import grader.build

    monkeypatch.setattr(grader.build, "SETTINGS", dataclasses.replace(grader.build.SETTINGS,
                                                                      build_memory_bytes=256 << 20))
    src = tmp_path / "vector_add.cu"
    src.write_text((REPO / "solutions/00-hello-cuda/vector_add.cu").read_text() + (
        "template <unsigned long N, int D> struct T { static constexpr unsigned long v = T<2 * N, D - 1>::v + "
        "T<2 * N + 1, D - 1>::v; };\ntemplate <unsigned long N> struct T<N, 0> { static constexpr unsigned long v = N; };\n"
        "unsigned long bomb() { return T<1, 40>::v; }\n"))
    b = build(tmp_path, src, VADD)
    assert not b.ok and "ran out of memory" in b.errors[0] and "templates instantiated without bound" in b.errors[0]
    assert "ran out of memory" in b.log.read_text()


@needs_nvcc
def test_a_link_that_times_out_says_so(tmp_path, monkeypatch):
    """A file that compiles in time to an object too large to link in time (c10_section_scan_audit linked for 75 s)
    was reported as "nvcc failed without an error line": the link's time-out is a message of its own."""
    import grader.build
    from grader.runner import ToolRun

    real = grader.build.run_bounded

    def slow_link(argv, **kw):
        return ToolRun(None, "", 0, 0, False) if "-shared" in argv else real(argv, **kw)

    monkeypatch.setattr(grader.build, "run_bounded", slow_link)
    b = build(tmp_path, REPO / "solutions/00-hello-cuda/vector_add.cu", VADD)
    assert not b.ok and b.errors[0].startswith("the link did not finish in 120 s"), b.errors
    assert "without an error line" not in " ".join(b.errors)
    assert b.log.read_text().rstrip().endswith("[timed out]")


def test_the_lines_after_a_cut_in_the_output_are_not_shown_until_the_next_message():
    """The middle of a long output is dropped; the kept tail may start inside another file's message."""
    from grader.build import for_the_log

    src = Path("/tmp/stage/x.cu")
    out = ("/tmp/stage/x.cu(1): error: e\n  mine\n[... 99 bytes of output not kept: the first and the last 1.0 MiB "
           "are ...]\n  root:x:0:0\n  ^\n/tmp/stage/x.cu(2): error: f\n  mine too\n")
    log = for_the_log(out, src)
    assert "root" not in log and "mine too" in log and "bytes of output not kept" in log


def test_a_library_kernel_is_known_by_its_namespace():
    """CUB's device-wide kernels launched from a lab's launcher do its work (found in session 13); block-level CUB
    inlines into the learner's own kernel, and a parameter of a library type does not make a kernel the library's."""
    from grader.audit.elf import library_kernel

    assert library_kernel("_ZN3cub17CUB_300001_SM_9006detail6reduce27DeviceSegmentedReduceKernelINS2_10policy_hubIfi"
                          "N4cuda3std3__44plusIvEEE10Policy1000EPfSC_PiSD_iS9_") == \
        "cub::CUB_300001_SM_900::detail::reduce::DeviceSegmentedReduceKernel"
    assert library_kernel("_ZN14at_cuda_detail3cub17CUB_300001_SM_9006kernelEv") == \
        "at_cuda_detail::cub::CUB_300001_SM_900::kernel"  # CUB wrapped in a namespace of its user's: still CUB's
    assert library_kernel("_ZN1x4cuda3std3__46kernelEv")  # libcu++'s, under another namespace
    assert library_kernel("_ZN6thrust8cuda_cub4core13_kernel_agentEv")
    for own in ("_Z12scale_kernelPfPKfii", "_ZN12_GLOBAL__N_14kernEPf", "_Z1kN4cuda3std5arrayIfLm4EEE",
                "_ZN2ns6kernelIN3cub3SumEEEvPf", "_ZN3cubE",
                "_ZN6course4cuda17vector_add_kernelEPKfS2_Pfi", "_ZN3ops3cub6kernelEv"):  # a learner's own namespaces
        assert library_kernel(own) == "", own


def test_make_prerequisites_reads_escapes_and_continuations():
    from grader.audit.source import make_prerequisites

    text = "x.o : a.cu \\\n /usr/include/my\\ dir/h.h \\\n  /usr/include/c$$.h\n"
    assert make_prerequisites(text) == ["a.cu", "/usr/include/my dir/h.h", "/usr/include/c$.h"]
    assert make_prerequisites("no rule here") is None


def test_read_problems_names_what_the_build_read_that_it_may_not(tmp_path):
    """The compiler's and the assembler's own lists decide (red team, session 15: an include hidden in a raw string,
    an .incbin): a file outside the toolkit's and the system's headers, a vendor header, anything the assembler
    read beside its input."""
    from grader.audit.source import read_problems

    src, abi = tmp_path / "k.cu", tmp_path / "abi.h"
    roots = ("/usr/include", "/opt/cuda/include")
    ok = f"k.o: {src} {abi} /usr/include/stdio.h /opt/cuda/include/cuda_runtime.h\n"
    temp = tmp_path / "tmp"
    temp.mkdir()
    asm_ok = f"k.o: tmpxft_0001_00000000-6_k.cudafe1.cpp {temp}/ccAbCd.s\n"
    kw = dict(source=src, own=(abi,), roots=roots, workdir=tmp_path, temp=temp)
    assert read_problems(ok, asm_ok, **kw) == []
    outside = read_problems(ok.replace("\n", " /work/solutions/k.cu\n"), asm_ok, **kw)
    assert len(outside) == 1 and "/work/solutions/k.cu" in outside[0] and "neither" in outside[0]
    vendor = read_problems(ok.replace("\n", " /opt/cuda/include/cublas_v2.h\n"), asm_ok, **kw)
    assert len(vendor) == 1 and "cublas_v2.h" in vendor[0] and "vendor" in vendor[0]
    incbin = read_problems(ok, asm_ok.replace("\n", " /etc/passwd\n"), **kw)
    assert len(incbin) == 1 and "the assembler read /etc/passwd" in incbin[0]
    planted = read_problems(ok, asm_ok.replace("\n", " /tmp/leak.s\n"), **kw)  # a .s in a shared /tmp is any file
    assert len(planted) == 1 and "/tmp/leak.s" in planted[0]
    assert "did not list" in read_problems(None, asm_ok, **kw)[0]
    assert "did not list" in read_problems(ok, None, **kw)[-1]


OWN_SYSTEM = """#include <cuda_runtime.h>
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" int system(const char*) { return 7; }
extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    int (*volatile run)(const char*) = &system;
    if (run("echo 271828 > MARK") != 7) return cudaErrorUnknown;
    if (n <= 0) return cudaSuccess;
    vector_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}
"""


@needs_nvcc
def test_a_name_the_library_defines_is_its_own_and_the_loaders_binding_is_an_import(tmp_path):
    """An own `system` whose address came through the GOT was libc's at run time (the loader binds by name, global
    scope first): the shell command ran (red team, session 16). The build links -Bsymbolic, so the library's
    references are its own; a library linked without it has the GOT slot, which the audit reads as an import."""
    import ctypes
    import subprocess

    from grader.audit import elf
    from grader.build import nvcc_path

    src = tmp_path / "vector_add.cu"
    mark = tmp_path / "ran"
    src.write_text(OWN_SYSTEM.replace("MARK", str(mark)))
    b = build(tmp_path, src, VADD)
    assert b.ok and b.library and not b.elf.problems, (b.errors, b.elf and b.elf.problems)
    try:
        lib = ctypes.CDLL(str(b.library))
    except OSError as exc:  # the CUDA runtime library is not where the loader looks
        pytest.skip(f"cannot load the library here: {exc}")
    lib.vector_add.restype = ctypes.c_int
    assert lib.vector_add(None, None, None, 0, None) == 0  # its own system() answered 7
    assert not mark.exists()
    # The same object linked as the loader would bind it: the audit refuses the slot by its name
    unbound = tmp_path / "unbound.so"
    obj = next((tmp_path / "build").rglob("*.o"))
    subprocess.run([nvcc_path(), "-shared", "-cudart", "shared", str(obj), "-o", str(unbound)], check=True)
    facts = elf.audit(unbound, "vector_add", lambda argv, timeout_s=60: tuple(
        (r.returncode, r.stdout) for r in [subprocess.run(argv, capture_output=True, text=True)])[0])
    assert any("system" in p for p in facts.problems), facts.problems


def test_a_control_character_in_a_lab_file_is_refused_before_anything_reads_it():
    """GCC takes a NUL for a blank: `\\0#include <thrust/...>` was an include to the compiler and no directive to the
    include check (c07_nul_hides_include_when_stripper_fails). Tabs, form feeds and line ends are text."""
    assert source.text_problems("int a;\t\f\v\r\n") == []
    for byte in ("\x00", "\x01", "\x1b", "\x1e", "\x7f"):
        problems = source.text_problems(f"int a;\n{byte}#include <thrust/functional.h>\n")
        assert problems and problems[0].startswith(f"line 2 holds the control character \\x{ord(byte):02x}"), problems


def test_cub_machinery_is_refused_where_the_learners_own_code_names_it(tmp_path):
    """Red team, session 33: CUB's AgentReduce under a kernel of the learner's own name did a whole kernel's work.
    Read from the preprocessed passes, by file: the toolkit's own headers name their machinery freely, a learner's
    file may include them (<cub/cub.cuh>) and use a block-level building block, and a macro cannot hide a name from
    the preprocessed text. A #line directive, which would make a marker lie, is refused by the include check."""
    from grader.audit.source import include_problems, machinery_names, machinery_problems

    root = tmp_path / "inc"
    agent = root / "cccl" / "cub" / "agent" / "agent_reduce.cuh"
    agent.parent.mkdir(parents=True)
    agent.write_text("template <class P> struct AgentReduce { }; struct DispatchReduce; void GridEvenShare();")
    roots = (str(root),)
    assert {"AgentReduce", "DispatchReduce", "GridEvenShare"} <= machinery_names(roots)
    own = tmp_path / "k.cu"
    ii = tmp_path / "k.cpp4.ii"
    header = f'# 1 "{agent}"\ntemplate <class P> struct AgentReduce {{ }};\n'
    ii.write_text(header + f'# 5 "{own}"\n__global__ void k() {{ cub::BlockReduce<float, 128> r; }}\n')
    assert machinery_problems([ii], roots) == []
    ii.write_text(header + f'# 5 "{own}"\n__global__ void k() {{ AgentReduce<Policy> a; }}\n')
    problems = machinery_problems([ii], roots)
    assert len(problems) == 1 and "CUB's device-wide machinery (AgentReduce)" in problems[0]
    assert machinery_problems([ii], (str(root), str(tmp_path))) == []  # a file under the toolkit's folders is theirs
    # A name the learner declares as their own is spared (session 57), unless it is also named after a scope
    for own_line in ("template <typename AgentReduce> __global__ void k(AgentReduce x) { }",
                     "__attribute__((global)) void GridEvenShare(float* x) { }\nvoid f() { GridEvenShare<<<1, 1>>>(0); }",
                     "struct DispatchReduce { int n; }; DispatchReduce d;"):
        ii.write_text(header + f'# 5 "{own}"\n{own_line}\n')
        assert machinery_problems([ii], roots) == [], own_line
    for used in ("struct AgentReduce; void f() { cub::AgentReduce<P> a; }",
                 "void f() { using namespace cub; AgentReduce<P> a; }",
                 "int x = 1;\nvoid f() { DispatchReduce::Dispatch(); }"):
        ii.write_text(header + f'# 5 "{own}"\n{used}\n')
        assert len(machinery_problems([ii], roots)) == 1, used
    # declared in a namespace of its own and used unqualified: spared here, left to the line table and the ELF audit
    # (adversarial case c01_cub_machinery_behind_an_own_name_s57)
    # Read in time linear in the line (red team, session 58: 200,000 blanks in a string took about an hour), with the
    # same declarations found
    import time

    from grader.audit.source import _declared_names

    for unit in (" ", "* ", "*", "> ", ">*", "a>", "&", "a ", "a*", "*a", "->", "::", "enum class ", "x\t"):
        line = "int GridEvenShare = 1; const char* s = \"a" + unit * (20_000 // len(unit)) + "+\";"
        start = time.monotonic()
        assert "GridEvenShare" in _declared_names(line)
        assert time.monotonic() - start < 1, unit  # quadratic, the blanks took 37 s
    for line, names in (("float * & GridQueue;", {"GridQueue"}), ("int  *  *  DeviceP  ;", {"DeviceP"}),
                        ("T<int>DeviceZ{1};", {"DeviceZ"}), ("void (*DeviceFn)(int);", {"DeviceFn"}),
                        ("Foo<Bar<int> > GridQ;", {"GridQ"}), ("x > GridSize(3);", {"GridSize"}),
                        ("const float* const* DeviceX = 0;", {"DeviceX"}), ("enum class GridMode { A };", {"GridMode"}),
                        ("p->DeviceS(1); a.DeviceT(2); cub::DeviceU(3); return DeviceV(4);", set())):
        assert _declared_names(line) == names, line
    for line in ('#line 3 "x.cuh"', '# 3 "x.cuh"', "  #  line 7"):
        assert any("#line directive" in p for p in include_problems(f"int a;\n{line}\nint b;\n")), line
    assert include_problems("#include <cstdio>\nint line = 3; // # 3\n") == []


@pytest.mark.parametrize("line, refused", [
    ("#define cub rtlib", True),                   # every CUB kernel renamed rtlib::... (red team, session 29)
    ("  %:  define thrust mine", True),            # the digraph, blanks
    ("#undef cuda", True),
    ("#define CUB_WRAPPED_NAMESPACE mine", True),  # CCCL's own way to put its namespaces inside another
    ("#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))", False),
    ("#define cubes 3", False),
    ("#define _GLIBCXX_IOSTREAM 1", False),         # a header guard: what it lets in is the ELF audit's to judge
    ("#define CUB_STDERR", False),                  # a switch CUB documents for its users (CUB's examples: session 33)
    ("#define CCCL_IGNORE_DEPRECATED_CPP_DIALECT", False),
    ("#define CUB_DISABLE_NAMESPACE_MAGIC", True),  # takes away the versioned namespace library_kernel reads
    ("#define CUB_STDERR_X 1", True),
])
def test_a_macro_may_not_rename_the_toolkits_namespaces(line, refused):
    from grader.audit.source import macro_problems

    assert bool(macro_problems(f"#include <cuda_runtime.h>\n{line}\n__global__ void k() {{}}\n")) == refused


def test_the_tools_run_in_the_sandbox_are_found_where_a_link_leads(tmp_path, monkeypatch):
    """nvcc and cuobjdump run in the sandbox, which shows the folder a link leads to, not the link: cuobjdump found
    through a venv linked under /tmp (Triton's copy) exited 127 there, and every honest library was refused as
    holding device code it could not read (red team, session 30)."""
    import shutil

    from grader import build
    from grader.audit import elf

    real = tmp_path / "toolkit" / "bin"
    real.mkdir(parents=True)
    for tool in ("nvcc", "cuobjdump"):
        (real / tool).write_text("#!/bin/sh\n")
        (real / tool).chmod(0o755)
    (tmp_path / "linked").symlink_to(tmp_path / "toolkit", target_is_directory=True)
    monkeypatch.setattr(shutil, "which", lambda name: str(tmp_path / "linked" / "bin" / name))
    elf.cuobjdump.cache_clear()  # found once per process: an earlier test's answer would stand
    try:
        assert build.nvcc_path() == str((real / "nvcc").resolve())
        assert elf.cuobjdump() == str((real / "cuobjdump").resolve())
    finally:
        elf.cuobjdump.cache_clear()


def test_build_says_when_its_compile_is_under_way(tmp_path):
    """The judge imports torch only once every build has nvcc's compile under way (grader/pipeline.py, decision 174):
    ``compiling`` is set when nvcc starts, and by any build that ends before it, so the import never waits on a
    build's failure for longer than that build took."""
    import threading

    from grader.runner import run_bounded

    started = []
    run = run_bounded(["true"], memory_bytes=None, timeout_s=10, on_start=lambda: started.append(True))
    assert run.code == 0 and started == [True]
    missing = threading.Event()
    b = build_cuda(tmp_path / "absent.cu", tmp_path / "build", Device(False), "absent.cu", VADD, compiling=missing)
    assert not b.ok and missing.is_set()


@needs_nvcc
def test_build_sets_compiling_before_it_ends(tmp_path):
    import threading

    compiling, seen = threading.Event(), []
    src = REPO / "solutions/00-hello-cuda/vector_add.cu"
    done = threading.Thread(target=lambda: seen.append(build_cuda(src, tmp_path / "build", Device(False), src.name,
                                                                  VADD, compiling=compiling)))
    done.start()
    assert compiling.wait(60)
    assert not seen  # set once nvcc started, seconds before the build (compile, link, audit) ends
    done.join(120)
    assert seen and seen[0].ok and compiling.is_set()


@pytest.mark.timeout(120)
@pytest.mark.parametrize("unit", ["\n", "\xa0\n", " \t\n", "#include <a\n", "#  \n", "#line 1\n", "%:\n"],
                         ids=["blank", "nbsp", "blanks", "unclosed_include", "hash", "line_directive", "digraph"])
def test_the_source_audit_reads_a_file_in_time_linear_in_its_length(unit):
    """The source audit runs in the judge's own process, before any sandbox or time limit: a pattern that started at
    every line and ran over every blank line after it (^\\s*#\\s*include under re.M) took 1003 s on a file of a million
    empty lines (red team, session 52). Each file here is as long as a lab file may be (1 MiB), made of one line
    repeated; the whole audit of its text takes seconds at most (0.15 s measured), not hours."""
    import time

    solution = (REPO / "solutions/01-naive-kernel/softmax_naive.cu").read_text()
    text = unit * ((1 << 20) // len(unit.encode()))
    started = time.monotonic()
    source.text_problems(text)
    source.include_problems(text, lambda header: True)
    source.macro_problems(text)
    source.untouched_regions(text, solution)
    assert time.monotonic() - started < 10, f"{unit!r}: the audit took {time.monotonic() - started:.1f} s"


@pytest.mark.timeout(120)
def test_untouched_regions_reads_outwards_from_each_todo_line():
    """A file of copies of a stub's TODO line, each after the line the stub has before it: each copy read the whole
    rest of the file, time quadratic in its lines (0.4 s for 1 MB of them, bounded by the lines' length; session 52).
    Read outwards from each copy, the answer is the one a single copy gets."""
    import time

    solution = (REPO / "solutions/01-naive-kernel/softmax_naive.cu").read_text()
    todo, placeholder, after, before = source.stub_regions(solution)[0]
    pair = f"{before}\n// TODO(01-1): {todo}\n"
    started = time.monotonic()
    assert source.untouched_regions(pair * ((1 << 20) // len(pair)), solution) == \
        source.untouched_regions(pair, solution)
    assert time.monotonic() - started < 10

"""Static checks on the library built from a learner's .cu file, read from the ELF with trusted tools
(readelf, objdump, cuobjdump): what its host code can do when the grader loads and calls it.

Host code in a learner's library runs inside the worker. The audit makes sure that all it can
do is launch kernels:
  - every imported function is on IMPORTS_ALLOWED (CUDA runtime launch, attribute, device-memory
    and stream-synchronisation calls; what nvcc's own generated code and the C++ runtime need);
    nothing that touches files, processes, the network, clocks, dynamic loading, host memory
    mappings, IPC or other devices;
  - functions the learner wrote (everything but nvcc's generated code and the C runtime's) import
    only LEARNER_ALLOWED, directly or through each other: no atexit, no C++ runtime entry points;
  - nothing runs when the library is loaded or unloaded except nvcc's kernel registration
    (.init_array/.fini_array hold only the toolchain's entries; no IFUNC resolvers);
  - no raw system calls anywhere in the host code (syscall, sysenter, int 0x80);
  - the launcher is exported, and the device code defines at least one kernel that stores to
    global memory (an empty kernel cannot write an output).
"""
from __future__ import annotations

import functools
import glob
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

# -- imports ----------------------------------------------------------------------------------------

# <<<...>>> compiles to __cudaPushCallConfiguration and a stub (__cudaPopCallConfiguration, __cudaGetKernel,
# __cudaLaunchKernel, a guarded static) that nvcc may inline into the launcher.
LAUNCH = {"cudaLaunchKernel", "cudaLaunchKernelExC", "cudaLaunchCooperativeKernel", "__cudaPushCallConfiguration",
          "__cudaPopCallConfiguration", "__cudaGetKernel", "__cudaLaunchKernel", "__cudaLaunchKernel_ptsz",
          "cudaConfigureCall", "cudaGetLastError", "cudaPeekAtLastError", "cudaGetErrorString", "cudaGetErrorName"}
ATTRIBUTES = {"cudaFuncSetAttribute", "cudaFuncGetAttributes", "cudaFuncSetCacheConfig", "cudaFuncSetSharedMemConfig",
              "cudaGetDevice", "cudaGetDeviceCount", "cudaDeviceGetAttribute", "cudaGetDeviceProperties",
              "cudaGetDeviceProperties_v2", "cudaDeviceGetLimit", "cudaStreamGetFlags", "cudaStreamGetPriority",
              "cudaStreamGetId", "cudaStreamGetDevice", "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
              "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", "cudaOccupancyMaxPotentialBlockSize",
              "cudaOccupancyAvailableDynamicSMemPerBlock", "cudaOccupancyMaxActiveClusters",
              "cudaOccupancyMaxPotentialClusterSize", "cudaDriverGetVersion", "cudaRuntimeGetVersion"}
DEVICE_MEMORY = {"cudaMalloc", "cudaFree", "cudaMallocAsync", "cudaFreeAsync", "cudaMemsetAsync", "cudaMemset",
                 "cudaMemset2DAsync", "cudaStreamSynchronize", "cudaStreamQuery"}
# exit: nvcc gives every non-inline __device__ function a host stub that calls exit(1); it and abort end only
# the worker, which is a failed run for the learner and nothing more.
COMPILER_HELPERS = {"exit", "abort", "__assert_fail", "memset", "memcpy", "memmove", "memcmp", "__stack_chk_fail",
                    "__stack_chk_guard",
                    "__cxa_guard_acquire", "__cxa_guard_release", "__cxa_guard_abort", "__cxa_pure_virtual",
                    "__gxx_personality_v0", "_Unwind_Resume", "pthread_mutex_lock", "pthread_mutex_unlock",
                    "pthread_mutex_trylock", "_ZSt20__throw_system_errori", "_ZSt9terminatev",
                    "sqrt", "sqrtf", "ceil", "ceilf", "floor", "floorf", "log2", "log2f", "fmin", "fminf", "fmax",
                    "fmaxf", "exp", "expf", "log", "logf", "pow", "powf", "ldexp", "ldexpf", "frexp", "frexpf"}
LEARNER_ALLOWED = LAUNCH | ATTRIBUTES | DEVICE_MEMORY | COMPILER_HELPERS
# What nvcc's registration code and the C runtime's start-up files import by themselves.
TOOLCHAIN_ONLY = {"__cudaRegisterFatBinary", "__cudaRegisterFatBinaryEnd", "__cudaUnregisterFatBinary",
                  "__cudaRegisterFunction", "__cudaRegisterVar", "__cudaRegisterManagedVar", "__cudaRegisterTexture",
                  "__cudaRegisterSurface", "__cudaRegisterLinkedBinary", "__cudaInitModule", "__cxa_atexit",
                  "__cxa_finalize", "_ITM_registerTMCloneTable", "_ITM_deregisterTMCloneTable", "__gmon_start__",
                  "_Jv_RegisterClasses"}
IMPORTS_ALLOWED = LEARNER_ALLOWED | TOOLCHAIN_ONLY
LIBRARIES_ALLOWED = re.compile(r"^(libcudart\.so\.\d+|libstdc\+\+\.so\.6|libm\.so\.6|libgcc_s\.so\.1|libc\.so\.6)$")

# -- nvcc's and the C runtime's own functions -------------------------------------------------------

TOOLCHAIN_FUNCTIONS = {"_init", "_fini", "frame_dummy", "register_tm_clones", "deregister_tm_clones",
                       "__do_global_dtors_aux", "atexit", "_ZL24__sti____cudaRegisterAllv",
                       "_ZL26__cudaUnregisterBinaryUtilv", "__cudaUnregisterBinaryUtil",
                       "_ZL31__nv_cudaEntityRegisterCallbackPPv", "__nv_cudaEntityRegisterCallback",
                       "_ZL37__nv_save_fatbinhandle_for_managed_rtPPv", "__sti____cudaRegisterAll"}
INIT_ALLOWED = {"frame_dummy", "_ZL24__sti____cudaRegisterAllv", "__sti____cudaRegisterAll"}
FINI_ALLOWED = {"__do_global_dtors_aux"}
# The sections whose function pointers the loader calls, and the toolchain's entries each may hold.
CONSTRUCTOR_SECTIONS = {".init_array": INIT_ALLOWED, ".fini_array": FINI_ALLOWED, ".ctors": set(), ".dtors": set(),
                        ".preinit_array": set()}
# The .init and .fini sections (run through DT_INIT and DT_FINI when the library is loaded and unloaded) hold the C
# runtime's _init and _fini and nothing else: align the stack, call __gmon_start__ if it is linked, return. An
# instruction of any other form there is code spliced in by the learner (asm(".pushsection .init ...")).
INIT_FINI_INSTRUCTIONS = re.compile(
    r"^(endbr64|nop\w*( .*)?|sub\s+\$0x8,%rsp|add\s+\$0x8,%rsp|test\s+%rax,%rax|call\s+\*%rax|ret\w*"
    r"|mov\s+0x[0-9a-f]+\(%rip\),%rax\s+# [0-9a-f]+ <__gmon_start__[@>]\S*"
    r"|je\s+[0-9a-f]+ <_init\+0x[0-9a-f]+>)\s*$")
# Names the C runtime's start-up code or the loader calls when they are defined: a learner function with one of
# these names runs at load or unload (_init calls __gmon_start__ when it is defined).
RESERVED_DEFINITIONS = {"__gmon_start__", "_ITM_registerTMCloneTable", "_ITM_deregisterTMCloneTable",
                        "_Jv_RegisterClasses", "__cxa_finalize", "__cxa_atexit", "_init", "_fini",
                        "__libc_csu_init", "__libc_csu_fini", "_dl_relocate_static_pie"}
# Imports whose address the toolchain's own code or data holds (GOT entries, the C++ personality routine). The
# address of any other import outside LEARNER_ALLOWED (int (*f)(...) = &__cxa_atexit) is a call the call graph
# cannot see.
TOOLCHAIN_ADDRESSED = {"__cxa_finalize", "_ITM_deregisterTMCloneTable", "_ITM_registerTMCloneTable", "__gmon_start__",
                       "__gxx_personality_v0", "_Jv_RegisterClasses"}
RAW_SYSCALL = re.compile(r"\s(syscall|sysenter|int\s+\$0x80)\b")
GLOBAL_STORE = re.compile(r"\b(STG|ST|RED|REDG|ATOM|ATOMG|UTMASTG|UTMAREDG|UBLKCP|STAS)\.")


FAMILIES = (
    (re.compile(r"^(cublas|cublasLt|cudnn|cufft|curand|cusparse|cusolver|nccl)"), "a CUDA vendor library"),
    (re.compile(r"^_ZN(2at|3c10|5torch)"), "PyTorch's C++ library"),
    (re.compile(r"^(Py|_Py|THP)"), "the Python interpreter"),
    (re.compile(r"^(dlopen|dlmopen|dlsym|dlvsym|dladdr)"), "run-time symbol lookup"),
    (re.compile(r"^(f?open|open64|openat|creat|fopen64|read|write|pread|pwrite|unlink|rename|mkdir|fwrite|fread|"
                r"fprintf|fputs|mmap|mprotect)$"), "files or memory mappings"),
    (re.compile(r"^(socket|connect|bind|listen|accept|send|recv|getaddrinfo)"), "the network"),
    (re.compile(r"^(fork|vfork|execv|execl|execve|system|popen|posix_spawn|kill|ptrace|setsid)"), "processes"),
    (re.compile(r"^(pthread_create|pthread_detach|thrd_create)"), "threads"),
    (re.compile(r"^(clock|time|gettimeofday|clock_gettime|nanosleep|usleep|sleep)"), "clocks"),
    (re.compile(r"^(printf|puts|putchar|_ZNSo|_ZSt4cout|std::)"), "console output (use printf inside a kernel)"),
    (re.compile(r"^_?_?cuda"), "a CUDA runtime call beyond launching: streams, events, copies, host memory, devices"),
)


def describe(symbol: str) -> str:
    return next((f"{symbol} ({what})" for pattern, what in FAMILIES if pattern.match(symbol)), symbol)


@dataclass
class ElfFacts:
    problems: list[str] = field(default_factory=list)  # why the library is refused
    kernels: dict[str, dict] = field(default_factory=dict)  # mangled name -> {"regs": {sm: n}, "stores": bool}
    exports: set[str] = field(default_factory=set)
    imports: set[str] = field(default_factory=set)
    device_unknown: str = ""  # why the device code could not be inspected (the grader's tool, not the learner)


@functools.cache
def cuobjdump() -> str | None:
    found = shutil.which("cuobjdump") or next(iter(glob.glob("/usr/local/cuda*/bin/cuobjdump")), None)
    if found:
        return found
    try:
        import triton

        path = Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / "cuobjdump"
        return str(path) if path.is_file() else None
    except Exception:
        return None


def audit(library: Path, launcher: str, run_tool) -> ElfFacts:
    facts = ElfFacts()
    code, dyn = run_tool(["readelf", "--dyn-syms", "-W", str(library)], timeout_s=60)
    if code != 0:
        facts.problems.append(f"the built library cannot be read (readelf exit {code})")
        return facts
    for line in dyn.splitlines():
        parts = line.split()
        if len(parts) >= 8 and parts[0].endswith(":"):
            kind, ndx, name = parts[3], parts[6], parts[7].split("@")[0]
            if ndx == "UND" and name:
                facts.imports.add(name)
            elif kind in ("FUNC", "IFUNC") and parts[4] in ("GLOBAL", "WEAK"):
                facts.exports.add(name)
            if kind == "IFUNC":
                facts.problems.append(f"defines an IFUNC resolver ({name}): code that runs when the library loads")
    refused = sorted(facts.imports - IMPORTS_ALLOWED)
    if refused:
        facts.problems.append("calls functions outside the CUDA runtime's launch and attribute calls: "
                              + ", ".join(describe(r) for r in refused[:6]) + (" ..." if len(refused) > 6 else ""))
    _, dynamic = run_tool(["readelf", "-d", "-W", str(library)], timeout_s=60)
    for needed in re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic):
        if not LIBRARIES_ALLOWED.match(needed):
            facts.problems.append(f"links against {needed}: only the CUDA runtime and the C/C++ runtimes are allowed")
    if launcher not in facts.exports:
        facts.problems.append(f"does not export {launcher}(): the launcher must be defined as extern \"C\" "
                              f"with that exact name")
    _device_code(library, run_tool, facts)
    _host_code(library, run_tool, facts)
    return facts


def _host_code(library: Path, run_tool, facts: ElfFacts) -> None:
    code, text = run_tool(["objdump", "-d", "-w", "--no-show-raw-insn", str(library)], timeout_s=120)
    if code != 0:
        facts.problems.append(f"the host code cannot be disassembled (objdump exit {code})")
        return
    calls: dict[str, set[str]] = {}
    current, section = None, ""
    for line in text.splitlines():
        if line.startswith("Disassembly of section "):
            section = line.split()[-1].rstrip(":")
            continue
        header = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if header:
            current = header.group(1)
            calls.setdefault(current, set())
            continue
        if current is None or section in (".plt", ".plt.got", ".plt.sec"):
            continue
        if RAW_SYSCALL.search(line):
            facts.problems.append(f"makes a raw system call in {current} ({RAW_SYSCALL.search(line).group(1)})")
        instruction = re.match(r"^\s*[0-9a-f]+:\s+(.*\S)\s*$", line)
        if section in (".init", ".fini") and instruction and not INIT_FINI_INSTRUCTIONS.match(instruction.group(1)):
            facts.problems.append(f"adds code to the library's {section} section ({instruction.group(1)[:60]}): "
                                  f"code that runs when the library is {'loaded' if section == '.init' else 'unloaded'}")
        target = re.search(r"\s(?:call|jmp)\s+[0-9a-f]+ <([^>+]+)(\+0x[0-9a-f]+)?>", line)
        if target and target.group(2) is None and target.group(1) != current:
            calls[current].add(target.group(1))
    kernels = set(facts.kernels) | set(_device_kernel_names(library, run_tool))
    learner = [f for f in calls if not _is_toolchain(f, kernels)]
    bad: dict[str, set[str]] = {}
    for fn in learner:
        for target in calls[fn]:
            name = target.removesuffix("@plt")
            if target.endswith("@plt") and name not in LEARNER_ALLOWED:
                bad.setdefault(name, set()).add(_pretty(fn))
            elif name in TOOLCHAIN_FUNCTIONS:
                bad.setdefault(name, set()).add(_pretty(fn))
    for name, where in sorted(bad.items()):
        facts.problems.append(f"host code {', '.join(sorted(where)[:3])} calls {describe(name)}: host code may only "
                              "launch kernels")
    _init_arrays(library, run_tool, facts)


def _is_toolchain(name: str, kernels: set[str]) -> bool:
    base = name.split(".cold")[0]
    return (base in TOOLCHAIN_FUNCTIONS or base in kernels or "__device_stub__" in base
            or base.startswith("_Z") and "__device_stub__" in base)


def _pretty(name: str) -> str:
    return name.split(".cold")[0]


def _init_arrays(library: Path, run_tool, facts: ElfFacts) -> None:
    code, sections = run_tool(["readelf", "-S", "-W", str(library)], timeout_s=60)
    addresses: dict[int, str] = {}
    _, symbols = run_tool(["readelf", "-s", "-W", str(library)], timeout_s=60)
    defined: set[str] = set()
    toolchain_named: dict[str, list[str]] = {}  # a start-up function's name -> the bindings it is defined with
    table = ""
    for line in symbols.splitlines():
        if line.startswith("Symbol table"):
            table = line.split("'")[1] if "'" in line else line
        parts = line.split()
        if len(parts) >= 8 and parts[3] == "FUNC" and parts[6] != "UND":
            addresses[int(parts[1], 16)] = parts[7].split("@")[0]
            if table == ".symtab" and parts[7].split("@")[0] in TOOLCHAIN_FUNCTIONS:
                toolchain_named.setdefault(parts[7].split("@")[0], []).append(parts[4])
        if len(parts) >= 8 and parts[0].endswith(":") and parts[6] != "UND" and parts[3] in ("FUNC", "OBJECT", "NOTYPE"):
            defined.add(parts[7].split("@")[0])
    # The C runtime's and nvcc's start-up functions are local and defined once; one more of the same name (an
    # assembler label, `void f() __asm__("frame_dummy")`) would pass for theirs in a constructor array.
    for name, bindings in sorted(toolchain_named.items()):
        if len(bindings) > 1 or any(b != "LOCAL" for b in bindings):
            facts.problems.append(f"defines a function named {name}, the name of the C runtime's or nvcc's start-up "
                                  "code: it would pass for theirs when the library loads")
    for name in sorted(defined & RESERVED_DEFINITIONS - {"_init", "_fini"}):
        facts.problems.append(f"defines {name}: the C runtime calls a function of that name when the library is "
                              "loaded or unloaded")
    for name in sorted(defined & IMPORTS_ALLOWED - RESERVED_DEFINITIONS):
        facts.problems.append(f"defines {name}, a function of the CUDA or C runtime: the calls meant for it (nvcc's "
                              "own, at load time among them) would run this library's code instead")
    _, relocations = run_tool(["readelf", "-r", "-W", str(library)], timeout_s=60)
    ranges = {}
    for line in sections.splitlines():
        m = re.search(r"\]\s+(" + "|".join(re.escape(n) for n in CONSTRUCTOR_SECTIONS) + r")\s+\S+\s+([0-9a-f]+)\s+"
                      r"[0-9a-f]+\s+([0-9a-f]+)", line)
        if m:
            ranges[m.group(1)] = (int(m.group(2), 16), int(m.group(2), 16) + int(m.group(3), 16))
    for line in relocations.splitlines():
        m = re.match(r"^([0-9a-f]{8,})\s+[0-9a-f]+\s+(R_\w+)\s*(?:([0-9a-f]+)\s+(\S+)\s*\+\s*([0-9a-f]+)|([0-9a-f]+))?\s*$",
                     line)
        if not m:
            continue
        offset, kind, symbol = int(m.group(1), 16), m.group(2), (m.group(4) or "").split("@")[0]
        if symbol and kind != "R_X86_64_JUMP_SLOT" and symbol in facts.imports and \
                symbol not in LEARNER_ALLOWED | TOOLCHAIN_ADDRESSED:
            facts.problems.append(f"takes the address of {describe(symbol)} ({kind}): a call through it is one the "
                                  "audit cannot follow; host code may only launch kernels")
        for section, (lo, hi) in ranges.items():
            if lo <= offset < hi:
                target = symbol or addresses.get(int(m.group(6) or "0", 16), f"0x{m.group(6)}")
                if target not in CONSTRUCTOR_SECTIONS[section]:
                    facts.problems.append(f"runs {_pretty(target)} when the library is {_when(section)} "
                                          f"({section}, through a relocation): a constructor or destructor")
    for section, allowed in CONSTRUCTOR_SECTIONS.items():
        if section not in sections:
            continue
        _, dump = run_tool(["objdump", "-s", "-j", section, str(library)], timeout_s=60)
        words = []
        for line in dump.splitlines():
            m = re.match(r"^\s*[0-9a-f]+ ((?:[0-9a-f]{8}\s){1,4})", line)
            if m:
                words += m.group(1).split()
        for lo, hi in zip(words[0::2], words[1::2]):  # little-endian 64-bit pointers
            value = int.from_bytes(bytes.fromhex(lo + hi), "little")
            name = addresses.get(value, f"0x{value:x}")
            if value and name not in allowed:
                facts.problems.append(f"runs {_pretty(name)} when the library is {_when(section)} "
                                      f"({section}): a constructor, destructor or static object with a constructor")


def _when(section: str) -> str:
    return "loaded" if "init" in section or "ctors" in section else "unloaded"


def _device_kernel_names(library: Path, run_tool) -> list[str]:
    tool = cuobjdump()
    if tool is None:
        return []
    _, text = run_tool([tool, "-res-usage", str(library)], timeout_s=120)
    return re.findall(r"Function (\S+):", text)


def _device_code(library: Path, run_tool, facts: ElfFacts) -> None:
    tool = cuobjdump()
    if tool is None:
        return  # no disassembler here: the device-code facts wait for the run
    code, usage = run_tool([tool, "-res-usage", str(library)], timeout_s=120)
    code_sass, sass = run_tool([tool, "-sass", str(library)], timeout_s=180)
    if code != 0 or code_sass != 0:
        facts.device_unknown = f"cuobjdump failed (exit {code}, {code_sass}): the device code was not inspected"
        return  # the grader's tool failed: no verdict on the device code, and no blame
    arch, function = "", None
    for line in usage.splitlines():
        if m := re.match(r"\s*arch = (sm_\d+a?)", line):
            arch = m.group(1)
        elif m := re.match(r"\s*Function (\S+):", line):
            function = m.group(1)
        elif function and (m := re.search(r"REG:(\d+)\s+STACK:(\d+)\s+SHARED:(\d+)", line)):
            kernel = facts.kernels.setdefault(function, {"regs": {}, "shared": {}, "stores": False})
            kernel["regs"][arch] = int(m.group(1))
            kernel["shared"][arch] = int(m.group(3))
            function = None
    current = None
    for line in sass.splitlines():
        if m := re.search(r"Function : (\S+)", line):
            current = m.group(1)
            facts.kernels.setdefault(current, {"regs": {}, "shared": {}, "stores": False})
        elif current and GLOBAL_STORE.search(line):
            facts.kernels[current]["stores"] = True
    if not facts.kernels:
        facts.problems.append("defines no __global__ kernel: there is no device code to run")
    elif not any(k["stores"] for k in facts.kernels.values()):
        facts.problems.append("no kernel ever stores to global memory, so none can write the output "
                              f"(kernels: {', '.join(sorted(facts.kernels))[:200]})")

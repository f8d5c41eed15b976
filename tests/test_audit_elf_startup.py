"""The ELF audit's reading of nvcc's own functions (grader/audit/elf.py: _nvcc_function), on instruction lists written
out by hand: what a compiler writes there passes, whichever way it sets up the stack; what learner code inlined into it
does (a jump by return, a write over the return address, atexit handed a loaded pointer) is refused. No nvcc needed:
the adversarial cases c01_registration_* build the real libraries."""
from __future__ import annotations

import pytest

from grader.audit import elf

REGISTRATION = "_ZL24__sti____cudaRegisterAllv"
UNREGISTER = "_ZL26__cudaUnregisterBinaryUtilv"


def image() -> elf._Image:
    img = elf._Image()
    img.sections = {".plt": (0x40, 0x40, "AX"), ".text": (0x100, 0xf00, "AX"), ".data": (0x2000, 0x100, "WA")}
    img.blocks = [(0x100, UNREGISTER, ".text"), (0x200, "atexit", ".text"), (0x300, REGISTRATION, ".text"),
                  (0x500, "rt_hook_fn", ".text")]
    img.starts = {0x100: UNREGISTER, 0x200: "atexit", 0x300: REGISTRATION}
    img.extents = {UNREGISTER: (0x100, 0x110), "atexit": (0x200, 0x20e), REGISTRATION: (0x300, 0x400)}
    img.symbols = [(".symtab", 0x2000, "OBJECT", "LOCAL", "20", "_ZL15__fatDeviceText"),
                   (".symtab", 0x2040, "OBJECT", "GLOBAL", "20", "rt_hook")]
    img.stubs = {0x50: "__cudaRegisterFatBinary"}
    return img


def problems(code: list[str]) -> list[str]:
    facts = elf.ElfFacts()
    elf._nvcc_function(REGISTRATION, list(enumerate(code)), image(), facts)
    return facts.problems


TAIL = [f"lea 0x10(%rip),%rdi        # 100 <{UNREGISTER}>", "pop %rbx", "jmp 200 <atexit>"]


@pytest.mark.parametrize("setup", [
    ["push $0x0", "push $0x0", "add $0x10,%rsp"],  # gcc 12's pushes of the stack arguments
    ["sub $0x18,%rsp", "movq $0x0,(%rsp)", "mov %rax,0x8(%rsp)", "add $0x18,%rsp"],  # movs into its own stack
    ["push %rbp", "mov %rsp,%rbp", "sub $0x10,%rsp", "mov %rax,-0x8(%rbp)", "leave"],  # -O0's frame
])
def test_what_a_compiler_writes_in_the_registration_passes(setup):
    code = ["push %rbx", "lea 0x1d00(%rip),%rdi        # 2000 <_ZL15__fatDeviceText>",
            "call 50 <__cudaRegisterFatBinary@plt>", "mov %rax,0x1e00(%rip)        # 2048 <handle>", *setup, *TAIL]
    assert problems(code) == []


@pytest.mark.parametrize("code, why", [
    (["push %rbx", "mov 0x10(%rip),%rbx        # 2040 <rt_hook>", "push %rbx", "ret"], "a return with the stack moved"),
    (["mov 0x10(%rip),%rax        # 2040 <rt_hook>", "mov %rax,(%rsp)", "ret"], "a write to memory other than"),
    (["mov 0x10(%rip),%rax        # 2040 <rt_hook>", "mov %rax,0x8(%rbx)", *TAIL], "a write to memory other than"),
    (["push %rbx", "mov 0x10(%rip),%rdi        # 2040 <rt_hook>", "pop %rbx", "jmp 200 <atexit>"],
     "atexit handed something other than"),
    (["push %rbx", "lea 0x10(%rip),%rdi        # 500 <rt_hook_fn>", "pop %rbx", "jmp 200 <atexit>"],
     "atexit handed something other than"),
    (["push %rbx", "lea 0x10(%rip),%rdi        # 2040 <rt_hook>", "call 50 <__cudaRegisterFatBinary@plt>", *TAIL],
     "a fatbinary other than nvcc's"),
    (["push %rbx", "push %rax", *TAIL], "a tail jump with the stack moved"),
    (["mov %rax,%rsp", *TAIL], "the stack pointer moved"),
    (["rep stos %rax,%es:(%rdi)", *TAIL], "a string instruction"),
    # session 22: the stack pointer popped or exchanged; a call into the function's own middle (a push and a jump)
    (["push %rbx", "pop %rsp", *TAIL], "the stack pointer popped"),
    (["xchg %rsp,%rax", *TAIL], "the stack pointer moved"),
    (["call 310 <_ZL24__sti____cudaRegisterAllv+0x10>", *TAIL], "a call into its own middle"),
])
def test_learner_code_inside_the_registration_is_refused(code, why):
    found = problems(code)
    assert len(found) == 1 and why in found[0], found


@pytest.mark.parametrize("instruction, target", [
    ("cs call 1234 <rt_at_load>", 0x1234),
    ("jrcxz 1234 <x>", 0x1234),
    ("notrack jmp 1234 <x>", 0x1234),
    ("ds jmp 1234 <x>", 0x1234),
    ("loopne 1234 <x>", 0x1234),
])
def test_every_branch_is_read_whatever_its_prefix(instruction, target):
    m = elf.BRANCH.match(instruction)
    assert m is not None and int(m.group(1), 16) == target
    assert elf.INDIRECT_BRANCH.match("cs call *%rax") and elf.INDIRECT_BRANCH.match("ds jmp *0x8(%rax)")


@pytest.mark.parametrize("instruction, refused", [  # session 22: transfers no compiler writes in 64-bit host code
    ("lretq", True), ("lcall *(%rax)", True), ("ljmp *(%rax)", True), ("iretq", True), ("int $0x3", True),
    ("callw 13 <f+0x13>", True), ("retw", True), ("data16 jmp 1c <f+0x1c>", True), ("data16 je 1f <f>", True),
    ("ret", False), ("int3", False), ("call 1000 <x>", False), ("data16 cs nopw 0x0(%rax,%rax,1)", False),
    ("data16 data16 rex.W call 1110 <__tls_get_addr@plt>", False),  # the linker's thread-local access sequence
])
def test_far_interrupt_and_16_bit_transfers_are_refused(instruction, refused):
    assert bool(elf.FAR_TRANSFER.match(instruction) or elf.BRANCH_16.search(instruction)) == refused


def test_sections_are_found_by_bisection():
    img = image()
    assert [img.section_of(a) for a in (0x3f, 0x40, 0x7f, 0x80, 0x100, 0xfff, 0x1000, 0x20ff, 0x2100)] == \
        ["", ".plt", ".plt", "", ".text", ".text", "", ".data", ""]


# Red team, session 29: the launcher walked _DYNAMIC to DT_PLTGOT and pointed nvcc's own .got.plt slots at its code,
# which ran at unload. The library is linked -z now -z relro, the audit checks that the loader's GOT is read-only once
# loaded, and learner code never names an address in the loader's tables.
HEADERS = ("  Type           Offset   VirtAddr           PhysAddr           FileSiz  MemSiz   Flg Align\n"
           "  LOAD           0x002d20 0x0000000000003d20 0x0000000000003d20 0x000320 0x0003a0 RW  0x1000\n"
           "  GNU_RELRO      0x002d20 0x0000000000003d20 0x0000000000003d20 0x0002e0 0x0002e0 R   0x1\n")


@pytest.mark.parametrize("sections, refused", [
    ({".got": (0x3f58, 0xa8, "WA")}, False),                            # -z now -z relro: .got ends at 0x4000
    ({".got": (0x3f58, 0xa8, "WA"), ".got.plt": (0x4000, 0x28, "WA")}, True),  # lazy binding: .got.plt past RELRO
])
def test_the_loaders_got_is_read_only_once_loaded(sections, refused):
    img, facts = elf._Image(), elf.ElfFacts()
    img.sections.update(sections)
    elf._relro("lib.so", lambda cmd, timeout_s: (0, HEADERS), img, facts)
    assert bool(facts.problems) == refused and all(".got.plt" in p for p in facts.problems), facts.problems


def test_an_address_in_the_loaders_tables_is_the_toolchains():
    img = elf._Image()
    img.sections.update({".dynamic": (0x3e00, 0x1c0, "WA"), ".data": (0x4100, 0x40, "WA")})
    assert img.where(0x3e10) == ("toolchain", "the loader's table .dynamic")
    assert img.where(0x4108) == ("data", "")


def test_a_familys_lesson_is_shown_after_its_first_name_only():
    """One fprintf(stderr, ...) is found by three readings and named five times: its lesson once (session 57), and a
    relocation's kind comes with words."""
    problems = ["calls functions outside the CUDA runtime's launch and attribute calls: "
                f"{elf.describe('fprintf')}, {elf.describe('stderr')}, {elf.describe('mmap')}",
                f"host code k calls {elf.describe('fprintf')}: host code may only launch kernels",
                f"takes the address of {elf.describe('stderr')} ({elf._kind('R_X86_64_GLOB_DAT')}): ...",
                f"host code k calls {elf.describe('munmap')}"]
    shown = elf.each_lesson_once(problems)
    lessons = {what for _, what in elf.FAMILIES}
    text = "\n".join(shown)
    for what in lessons:
        assert text.count(f"({what})") <= 1, what
    console = next(what for pattern, what in elf.FAMILIES if pattern.match("stderr"))
    assert shown[0].startswith(f"calls functions outside the CUDA runtime's launch and attribute calls: fprintf "
                               f"({console}), stderr, mmap (")
    assert shown[1] == "host code k calls fprintf: host code may only launch kernels"
    assert shown[2] == ("takes the address of stderr (through the library's table of addresses, R_X86_64_GLOB_DAT): "
                        "...")
    assert shown[3] == "host code k calls munmap"


def test_type_records_allowed_are_libstdcxxs_only():
    """Session 57 allowed the type_info of fundamental and pointer types; `_ZT[IS][PK]*` also took names the compiler
    writes into the library itself (`throw` of a `const float* const*`: _ZTIPKPKf, weak), which the audit then refused
    as a definition of a runtime name (red team, session 58). libstdc++ defines T, T* and const T* of each fundamental
    T; nothing else of the form is an import, and a definition of one of those stays refused."""
    for name in ("_ZTIPKc", "_ZTSPKc", "_ZTIi", "_ZTIPf", "_ZTIPKd", "_ZTIDn", "_ZTIPKDs", "_ZTIPDu"):
        assert elf.learner_allowed(name), name
    for name in ("_ZTIPPi", "_ZTIPKPKf", "_ZTSPPKc", "_ZTIKc", "_ZTIPKPc", "_ZTI1X", "_ZTIPFvvE", "_ZTIPKc2"):
        assert not elf.learner_allowed(name), name
    img = elf._Image()
    img.symbols = [(".dynsym", 0xecb8, "OBJECT", "WEAK", "21", "_ZTIPKPKf"),
                   (".dynsym", 0x13b0, "FUNC", "GLOBAL", "12", "_ZTIPKc")]
    facts = elf.ElfFacts()
    elf._symbols(img, facts)
    assert [p for p in facts.problems if "_ZTIPKPKf" in p] == []
    assert any("defines _ZTIPKc" in p for p in facts.problems), facts.problems


def test_findings_past_the_sixth_are_counted():
    """The report shows six of the audit's findings; past them it says how many more there are (session 58)."""
    six = [f"host code k{i} calls {elf.describe('fprintf')}" for i in range(6)]
    assert elf.shown_problems(six) == elf.each_lesson_once(six)
    shown = elf.shown_problems(six + ["makes a raw system call in k (syscall)", "runs x when the library is loaded"])
    assert len(shown) == 7 and shown[-1].startswith("... and 2 more findings of the audit")
    assert shown[:6] == elf.each_lesson_once(six)

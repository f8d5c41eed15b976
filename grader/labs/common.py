"""Check declarations shared by the CUDA labs (00, 01, 02): build, audit, run, memory, values.

Each lab file calls these with its own ids, points and docstrings, so a learner sees the same kind
of feedback in every CUDA lab; the operation comes from ``ctx.spec``.
"""
from __future__ import annotations

import re

from pathlib import Path
from typing import Callable

from grader.audit import elf
from grader.checks import kernel_checks as kc
from grader.checks import sanitizer
from grader.checks.kernel_checks import WorkerPlan
from grader.context import Context, docs_root
from grader.checks.started import not_started
from grader.discover import elsewhere
from grader.registry import Lab
from grader.results import Result, failed, passed, skipped

GUARD = 64  # floats of guard band on each side of an output buffer


def cuda_plan(ctx: Context, source: str) -> WorkerPlan:
    """The worker that runs the library built from ``source``: known before the build ends (its path is fixed),
    so that the worker can start beside the build."""
    lib = ctx.builddir / f"lib{Path(source).stem}.so" if ctx.builddir else ctx.builds[source].library
    return WorkerPlan("cuda", {"op": ctx.spec.name, "libraries": {"learner": str(lib)}}, (lib.parent,), True,
                      what=f"running {source}")


def prespawn_workers(ctx: Context, source: str, workers: int) -> None:
    """The lab's workers for ``source``, started while it builds (a lab's prepare hook, grader/registry.py)."""
    if ctx.device.has_cuda and ctx.builddir is not None and source in ctx.builds:
        ctx.builddir.mkdir(parents=True, exist_ok=True)
        kc.prespawn(ctx, cuda_plan(ctx, source), workers)
        kc.prespawn_copy_worker(ctx)


_LOCATION = re.compile(r"[^\s:()\"']+\.(?:cu|cuh|h|hpp|cpp|cc)(?:\(\d+\)|:\d+(?::\d+)?)")


def compile_lessons(errors: list[str], abi) -> list[str]:
    """What a beginner's compile error means, where nvcc's words do not say it (mistakes34, session 34): the launcher's
    signature is force-included, so a launcher of another signature meets a declaration the learner never wrote."""
    # Where an error is (vector_add.cu(12): ...) is not what it says: lab 00's file is named after its launcher, so the
    # launcher's name was found in every error, and "declaration" in a typo's ("this declaration has no storage
    # class") gave the signature lesson (red team rt44).
    text = _LOCATION.sub("", "\n".join(errors))
    lessons = []
    if re.search(rf"\b{re.escape(abi.symbol)}\b", text) and re.search(
            r"overload|linkage|return type|conflicting|incompatible|declar", text):
        lessons.append(f"the grader declares your launcher before your file, as the function it calls: "
                       f"`{abi.prototype};`. Your definition must match it exactly: the same return type and the same "
                       "parameter types in the same order")
    if re.search(r'identifier "(printf|std::printf)" is undefined', text):
        lessons.append("printf comes from <cstdio>: #include <cstdio> at the top of the file (print inside a "
                       "kernel only: a launcher's host code may only launch kernels)")
    if "must be configured" in text:
        lessons.append("a kernel is launched with its configuration: name<<<blocks, threads, 0, stream>>>(arguments)")
    if "--expt-relaxed-constexpr" in text or "--extended-lambda" in text:  # nvcc's advice names flags (session 56)
        lessons.append("the grader builds every file with the same nvcc flags, so a flag cannot be added: in device "
                       "code write CUDA's own functions (fmaxf, fminf, expf, INFINITY or CUDART_INF_F for infinity) "
                       "rather than std::max, std::exp or std::numeric_limits, and a struct with a __device__ "
                       "operator() rather than a __device__ lambda")
    if "uses too much shared data" in text:
        lessons.append("a block may use 48 KB of static shared memory (__shared__ arrays of a fixed size): keep less "
                       "of the row there (registers, or a loop over the row), or declare `extern __shared__` memory, "
                       "give its size in <<<blocks, threads, bytes, stream>>>, and allow more than 48 KB once with "
                       "cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)")
    return lessons


def build_check(ctx: Context, source: str) -> Result:
    b = ctx.builds.get(source)
    if b is None or b.missing_tool:
        missing = b.errors[0] if b is not None and b.errors else "nvcc not found on PATH"
        return skipped(f"{missing}: install the CUDA toolkit and g++ to compile here (see the docs page on "
                       "machines without a GPU)", hint=f"see {docs_root()}/no-gpu.md")
    shown = f"{ctx.submission.name}/{source}"
    if source in ctx.discovery:
        return failed(f"{shown} {ctx.discovery[source]}", hint=ctx.hint("files-you-edit"))
    if b.errors and b.errors[0].startswith("file not found"):
        return failed(f"{shown} is missing", details=[f"expected: {source} in {ctx.submission}",
                                                      *elsewhere(ctx.submission, source)],
                      hint=ctx.hint("files-you-edit"))
    if (ctx.stage / source).is_file() and \
            (problem := not_started(ctx, source, (ctx.stage / source).read_text(errors="replace"))) is not None:
        return problem  # no points for building what is not there (a part-filled file is built: started.unfinished)
    if b.source_problems:
        return failed(f"{shown}: {b.source_problems[0]}", details=b.source_problems[1:], hint=ctx.hint("rules"))
    if not b.ok:
        return failed(f"{shown} does not compile", details=[*b.errors, *compile_lessons(b.errors, ctx.spec.abi)],
                      hint=ctx.hint("build"), log=b.log)
    how = "compile-only for sm_80 and sm_90 (no GPU here)" if b.compile_only else "for this GPU"
    return passed(f"compiles {how} in {b.seconds:.1f} s, with the launcher's signature checked",
                  build_seconds=round(b.seconds, 2))


def declare_build(lab: Lab, source: str, points: int, honest_points: int, workers: int = 1) -> str:
    """NN.build.compiles and NN.build.honest. Returns the id later checks need. ``workers``: how many the lab's
    run uses (kernel_run), started while the source builds."""
    n = lab.number

    def compiles(ctx: Context) -> Result:
        return build_check(ctx, source)

    lab.prepare.append(lambda ctx: prespawn_workers(ctx, source, workers))

    def honest(ctx: Context) -> Result:
        b = ctx.builds[source]
        facts = b.elf
        if facts is None:
            return failed("the built library could not be audited", log=b.log)
        if facts.problems:
            copies = ["the launcher's pointers are device memory already: the grader allocates the inputs and the "
                      "output on the GPU and copies them in and out, so the launcher only launches"] \
                if any("cudaMemcpy" in p for p in facts.problems) else []  # (mistakes34, session 34)
            problems = elf.shown_problems(facts.problems)
            return failed(f"{source}: the library {problems[0]}", details=[
                *problems[1:], *copies,
                "expected: a kernel you wrote, launched by a launcher that only launches kernels (CUDA runtime launch "
                "and attribute calls); host code that does more runs inside the grader's worker, and is refused"],
                hint=ctx.hint("rules"), log=b.log)
        kernels = sorted(facts.kernels)
        what = (f"{len(kernels)} kernel(s), each writing global memory where needed" if kernels
                else "the device code waits for a machine with cuobjdump to be inspected")
        return passed(f"exports {ctx.spec.abi.symbol}(), host code only launches kernels; {what}",
                      kernels=kernels[:20], imports=sorted(facts.imports)[:40])

    compiles.__doc__ = (f"{source} is started, includes only CUDA and C++ headers, and compiles with nvcc.\n\n"
                        "An untouched stub (its TODO placeholders still there) is reported as not started. The "
                        "launcher's prototype is force-included, so a launcher with another signature is a compile "
                        "error. With a GPU the build targets it; without one it compiles for sm_80 and sm_90.")
    honest.__doc__ = ("The library is your kernel, and its host code only launches it.\n\nRead from the built "
                      "library: the launcher is exported; every imported function is a CUDA runtime launch, attribute "
                      "or device-memory call; nothing runs when the library loads or unloads; no raw system calls; "
                      "and at least one kernel stores to global memory.")
    lab.check(f"{n}.build.compiles", points=points)(compiles)
    lab.check(f"{n}.build.honest", points=honest_points, needs=(f"{n}.build.compiles",))(honest)
    return f"{n}.build.honest"


def declare_run_checks(lab: Lab, get_run: Callable, plan: Callable, needs: str, what: str,
                       points: dict[str, int]) -> str:
    """NN.run.completes, NN.memory.in_bounds, NN.memory.all_written. Returns the run check's id."""
    n = lab.number

    def completes(ctx: Context) -> Result:
        return kc.check_completes(ctx, get_run(ctx), plan(ctx))

    def in_bounds(ctx: Context) -> Result:
        return kc.check_in_bounds(ctx, get_run(ctx))

    def all_written(ctx: Context) -> Result:
        return kc.check_all_written(ctx, get_run(ctx))

    completes.__doc__ = (f"{what} runs on every case without crashing, hanging or returning a CUDA error.\n\n"
                         "Your code runs in a sandboxed worker process with a time limit; a fault becomes a failure "
                         "that says what usually causes it.")
    in_bounds.__doc__ = ("Nothing is written outside the output buffer, and the inputs are left as they were.\n\n"
                         "The output sits between guard bands holding a canary pattern; any change to them is an "
                         "out-of-bounds write. Every input is compared bit for bit after the call.")
    all_written.__doc__ = ("Every output element is written.\n\nThe output is poisoned with a NaN payload before every "
                           "launch; an element still holding it was never written.")
    lab.check(f"{n}.run.completes", points=points["completes"], needs=(needs,), gpu=True)(completes)
    lab.check(f"{n}.memory.in_bounds", points=points["in_bounds"], needs=(f"{n}.run.completes",), gpu=True)(in_bounds)
    lab.check(f"{n}.memory.all_written", points=points["all_written"], needs=(f"{n}.run.completes",), gpu=True)(all_written)
    return f"{n}.run.completes"


def declare_sanitizer(lab: Lab, source: str, needs: str) -> None:
    """NN.sanitizer.clean: compute-sanitizer's lessons, for no points (grader/checks/sanitizer.py)."""
    def sanitizer_check(ctx: Context) -> Result:
        build = ctx.builds[source]
        return sanitizer.check(ctx, build.library, source, build.elf.kernels if build.elf is not None else None)

    sanitizer_check.__doc__ = (
        "For information: compute-sanitizer's memcheck, racecheck and synccheck watch your launcher at a few small "
        "shapes (racecheck where your kernels use shared memory, synccheck where they have a barrier).\n\nThey report what the output may not show: a read past an array's end, a shared-memory race, a "
        "__syncthreads() that not every thread reaches. No points: the tools run inside your own process.")
    lab.check(f"{lab.number}.sanitizer.clean", points=0, needs=(needs,), gpu=True, lane="sanitizer")(sanitizer_check)


def declare_values(lab: Lab, cid: str, points: int, get_run, select: Callable, doc: str, anchor: str = "correctness",
                   needs: tuple[str, ...] = ()) -> None:
    def values(ctx: Context) -> Result:
        lessons = {name: f.lesson for name, f in ctx.spec.families.items() if f.lesson}
        return kc.check_values(ctx, get_run(ctx), select, lessons, anchor)

    values.__doc__ = doc
    lab.check(cid, points=points, needs=needs or (f"{lab.number}.run.completes",), gpu=True)(values)


def declare_repeatable(lab: Lab, points: int, get_run) -> None:
    def repeatable(ctx: Context) -> Result:
        return kc.check_repeatable(ctx, get_run(ctx))

    repeatable.__doc__ = ("Every case gives the same verdict each time it runs.\n\nEach case runs more than once: "
                          "right once and wrong on a repeat is a race.")
    lab.check(f"{lab.number}.correct.repeatable", points=points, needs=(f"{lab.number}.run.completes",), gpu=True)(repeatable)


def family_doc(spec, family: str, plan) -> str:
    f = spec.families[family]
    return (f"Inputs drawn as {f.inputs} are right at {spec.plan_text(plan)}.\n\n"
            f"This family catches {f.catches}. Compared with an fp64 reference: {spec.tolerance.text()}.")

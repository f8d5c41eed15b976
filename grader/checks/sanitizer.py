"""NN.sanitizer.clean: the learner's CUDA launcher run under compute-sanitizer, for lessons, not points.

Three of its tools, each over the op's small shapes (``OpSpec.sanitizer_dims``), in the sandbox, beside each other,
each where the kernels' machine code gives it something to watch (``tools_for``):
  memcheck   a load or store outside every allocation, a misaligned vector access, a CUDA call that failed;
  racecheck  two threads of a block on one shared-memory word with no barrier between them;
  synccheck  a __syncthreads() that not every thread of the block reaches.
Each is undefined behaviour that the output may not show: a divergent barrier (session 34) and a shared-memory race
(session 35) passed every other check on an H200. The program watched is
grader/workers/sanitized.py: no torch, one allocation per array, so that memcheck knows where each array ends.

The check scores nothing. The tools run in the learner's process (an injected library), where the learner's code could
in principle silence them: a clean run is a claim, so it buys no points, and a finding is a lesson. What the judge
shows of the tools' text is bounded: known report lines only, cut, control characters dropped, file names reduced to
their last part.
"""
from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from grader.audit import sass as sass_text
from grader.build import sanitizer_path
from grader.config import SETTINGS
from grader.context import Context, docs_root
from grader.results import Result, failed, passed, skipped
from grader.runner import run_bounded, write_log
from grader.sandbox import interpreter, probe

TOOLS = ("memcheck", "synccheck", "racecheck")  # in the order their findings are shown: a divergent barrier
# is the cause of the races racecheck reports beside it
# Each tool's run: Python's start, the CUDA context under the tool, a few small launches: 1-2 s on an H200, 4 s with eight
# gradings at once (evidence 2026-12-01f). A kernel that hangs holds the GPU lock (shared) until the limit, and every
# measurement on the machine waits: the limit is the run checks' own (GRADER_TIMEOUT_S), never more than 60 s.
TIMEOUT_S = min(60.0, SETTINGS.child_timeout_s)
PREFIX = "========= "
SHOWN = 5  # findings shown in the report
# What is read of the output: a tool prints a few hundred characters a line and, with --print-limit 20, a few dozen
# reports; anything longer or more was printed by the learner's code with the tools' prefix (what run_bounded keeps is
# 256 KB from each end of the output).
LINE_CHARS, MAX_REPORTS = 1000, 200


def hint() -> str:
    return f"see {docs_root()}/lab/01-naive-kernel.md#sanitizer"  # the one page that says what the tools watch


# A report's first line (the rest of its lines are indented) -> the lesson it teaches.
LESSONS = (
    (re.compile(r"Invalid __global__ (read|write)"),
     "a thread {0} global memory outside every array: an index past the end of a row, or the extra threads of the "
     "last block: guard each load and store with the bounds test, and check the index arithmetic"),
    (re.compile(r"Invalid __shared__ (read|write)"),
     "a thread {0} outside a __shared__ array: its size or its index (a tile's edge, a reduction's stride) is off"),
    (re.compile(r"Invalid __local__ (read|write)"),
     "a thread {0} outside its own stack: a local array indexed past its end"),
    (re.compile(r"[Mm]isaligned"),
     "a vector access (float2/float4) at an address that is not a multiple of its size: a row whose length is not a "
     "multiple of 4 starts unaligned; load such rows element by element"),
    (re.compile(r"Race reported|hazard", re.I),
     "two threads of a block used the same shared-memory word with no __syncthreads() between them: put a barrier "
     "between the writes and the reads that depend on them, and before the buffer is written again"),
    (re.compile(r"Barrier error|[Dd]ivergent"),
     "a __syncthreads() that not every thread of the block reaches (inside an if, or in a loop some threads leave "
     "early): undefined behaviour, which may hang or give wrong values on another GPU; move the barrier out of the "
     "branch, with every thread reaching it"),
    (re.compile(r"Program hit"),
     "a CUDA call failed: its error code was ignored; check the launcher's grid and block sizes and what it returns"),
)
NOT_A_REPORT = ("COMPUTE-SANITIZER", "ERROR SUMMARY", "RACECHECK SUMMARY", "LEAK SUMMARY", "Target application",
                "Saved host backtrace", "Host Frame", "Device Frame", "Warning: Error buffer overflow")
NOT_A_REPORT_RE = re.compile(r"^\d+ errors were skipped|"
                             # the watched program's own driver calls (it uses the driver API, a launcher the runtime):
                             # a failure there follows a fault that memcheck has named
                             r"^Program hit \w+ \(error \d+\) due to .* on CUDA API call to cu[A-Z]")
WHERE = re.compile(r"\b(?P<access>Read|Write)? ?(?:access )?at (?:.+?)\+0x[0-9a-fA-F]+ in (?P<file>[^\s:]+):(?P<line>\d+)")
BY = re.compile(r"by thread \(\d+,\d+,\d+\) in block \(\d+,\d+,\d+\)")
NEAREST = re.compile(r"(\d+) bytes? (after|before) the nearest allocation at 0x[0-9a-fA-F]+ of size ([\d,]+) bytes")
# The driver's line when a launch faulted (grader/workers/sanitized.py): memcheck names the fault, the others stop.
FAULTED = re.compile(r"^\[sanitized\] \w+ failed: CUDA driver error (\d+)", re.M)


@dataclass(frozen=True)
class Finding:
    tool: str
    what: str  # the report's first line, cleaned
    where: str  # "softmax_naive.cu:25", or "" where the tool named no line
    by: str = ""  # "by thread (31,0,0) in block (0,0,0)"
    detail: str = ""  # memcheck's "... 4 bytes after the nearest allocation ... of size 4000 bytes"

    def lesson(self) -> str:
        for pattern, text in LESSONS:
            if m := pattern.search(self.what):
                verb = {"read": "read", "write": "wrote"}.get(m.group(1) if m.groups() else "", "accessed")
                return text.format(verb)
        return "see compute-sanitizer's documentation for this report"

    def line(self) -> str:
        where = (f" in {self.where}" if ":" not in self.where else f" at {self.where}") if self.where else ""
        extra = "; ".join(x for x in (self.by, self.detail) if x)
        return f"{self.tool}: {self.what}{where}" + (f" ({extra})" if extra else "")


def clean(text: str, limit: int = 160) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text).strip()
    return text if len(text) <= limit else text[:limit] + "..."


def parse(tool: str, output: str) -> list[Finding]:
    """The reports in compute-sanitizer's output, one Finding each, in order. Only lines that carry its prefix are
    read (the learner's own printing carries none, and anything that forges one only misleads its own author)."""
    reports: list[list[str]] = []
    for raw in output.splitlines():
        if not raw.startswith(PREFIX):
            continue
        if len(reports) > MAX_REPORTS:
            break
        body = raw[len(PREFIX):][:LINE_CHARS]  # the patterns below scan a line: bounded, whatever printed it
        if not body.strip():
            continue
        if not body[0].isspace():
            if body.startswith(NOT_A_REPORT) or NOT_A_REPORT_RE.search(body):
                reports.append([])  # ends the report before it
                continue
            reports.append([body])
        elif reports and reports[-1]:
            reports[-1].append(body.strip())
    found = []
    for lines in filter(None, reports):
        head = re.sub(r"^(Error|Warning): ", "", lines[0])
        places = [m for text in lines if (m := WHERE.search(text))]
        by = next((m.group(0) for text in lines if (m := BY.search(text))), "")
        near = next((m for text in lines if (m := NEAREST.search(text))), None)
        unit = "byte" if near and near[1] == "1" else "bytes"
        detail = "" if near is None else f"{near[1]} {unit} " + (
            f"past the end of an array of {near[3]} bytes" if near[2] == "after" else
            f"before the start of an array of {near[3]} bytes")
        what = head.split(" at ", 1)[0] if WHERE.search(head) else head
        if what.startswith("Race reported between") and len(places) > 1:  # "between a Read (line 20) and a Write (24)"
            what = "Race reported between " + " and ".join(
                dict.fromkeys(f"a {(m['access'] or 'an access').lower()} at line {m['line']}" for m in places))
        where = places[0] if places else None
        line = "" if what.startswith("Race reported between a") else f":{where['line']}" if where else ""
        found.append(Finding(tool, clean(what.rstrip(". "), 140),
                             f"{clean(Path(where['file']).name, 60)}{line}" if where else "",
                             clean(by, 60), clean(detail, 120)))
    return found


def run_tool(ctx: Context, tool: str, library: Path, request_path: Path) -> tuple[str, list[Finding], str]:
    """(the tool, its findings, what went wrong with the run itself or "")."""
    san = sanitizer_path()
    argv = [san, "--tool", tool, "--print-limit", "20", "--show-backtrace", "no",
            interpreter(), "-m", "grader.workers.sanitized", str(request_path)]
    # Nothing writable but the sandbox's own /tmp: the judge writes the tools' logs into this folder afterwards, and a
    # link the learner's code planted there would have had the judge write its printing anywhere (red team, session
    # 35: a .pth file outside the sandbox).
    run = run_bounded(argv, memory_bytes=None, keep=256 << 10, stop_after=8 << 20, timeout_s=TIMEOUT_S, box=probe(),
                      ro=[library.parent, request_path.parent], cwd=Path("/tmp"), gpu=True)
    write_log(request_path.parent / f"{tool}.log", run.output)
    findings = parse(tool, run.output)
    if run.code is None and not run.stopped:
        return tool, findings, f"{tool} did not finish in {TIMEOUT_S:.0f} s"
    if (fault := FAULTED.search(run.output)) and not findings:
        return tool, findings, f"a launch failed under {tool} with CUDA error {fault[1]}, and the tool named no access"
    if not findings and not fault and run.code != 0:
        last = next((clean(t) for t in reversed(run.output.splitlines()) if t.strip()), "no output")
        return tool, findings, f"{tool}'s run ended with code {run.code}: {last}"
    return tool, findings, ""


# What in a kernel's machine code gives racecheck or synccheck something to watch: shared memory (its loads, stores,
# atomics, matrix loads) and barriers (__syncthreads, named barriers, __syncwarp, Hopper's mbarriers).
SHARED_OPS, BARRIER_OPS = ("LDS", "STS", "ATOMS", "LDSM", "STSM"), ("BAR", "WARPSYNC", "SYNCS")


def tools_for(kernels: dict) -> tuple[str, ...]:
    """The tools worth running on a library, from the ELF audit's kernels (grader/audit/elf.py: each kernel's static
    shared memory and SASS per architecture): memcheck always; racecheck where a kernel touches shared memory;
    synccheck where one has a barrier. A kernel that does neither gives those tools nothing to find, and each run costs
    a process (about 1.5 s of CPU): a naive kernel's grading runs one tool, not three. Without SASS (no cuobjdump
    here), every tool runs."""
    ops = {sass_text.opcode(text).split(".")[0] for k in kernels.values() for listing in k.get("sass", {}).values()
           for _, text in listing}
    if not ops:
        return TOOLS
    shared = any(b for k in kernels.values() for b in k.get("shared", {}).values()) or bool(ops & set(SHARED_OPS))
    barriers = bool(ops & set(BARRIER_OPS))
    return tuple(t for t in TOOLS if t == "memcheck" or (t == "racecheck" and shared) or (t == "synccheck" and barriers))


def check(ctx: Context, library: Path, source: str, kernels: dict | None = None) -> Result:
    if sanitizer_path() is None:
        return skipped("compute-sanitizer is not installed here (it comes with the CUDA toolkit)")
    tools = tools_for(kernels or {})
    dims = list(ctx.spec.sanitizer_dims)
    req = ctx.rundir("sanitizer") / "request.json"
    req.write_text(json.dumps({"op": ctx.spec.name, "library": str(library), "dims": dims, "seed": ctx.seed}))
    results: dict[str, tuple] = {}

    def one(tool):
        try:
            results[tool] = run_tool(ctx, tool, library, req)
        except OSError as exc:  # the run folder, or the tool, not what it should be: said, never a traceback
            results[tool] = (tool, [], f"{tool} could not run: {type(exc).__name__}: {clean(str(exc))}")

    with ctx.gpu_work():
        threads = [threading.Thread(target=one, args=(t,)) for t in tools]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    findings, problems, seen = [], [], set()
    for tool in tools:
        _, found, problem = results[tool]
        if problem and not (findings and problem.startswith("a launch failed")):  # memcheck named the fault
            problems.append(problem)
        for f in found:
            if (f.tool, f.what, f.where) not in seen:
                seen.add((f.tool, f.what, f.where))
                findings.append(f)
    shapes = ", ".join(ctx.spec.label(d) for d in dims)
    if findings:
        first = findings[0]
        log = ctx.rundir("sanitizer") / f"{first.tool}.log"
        lessons = list(dict.fromkeys(f.lesson() for f in findings))
        return failed(f"compute-sanitizer: {first.line()}", details=[
            *(f.line() for f in findings[1:SHOWN]),
            *([f"... and {len(findings) - SHOWN} more (see the log)"] if len(findings) > SHOWN else []),
            *(f"what it means: {text}" for text in lessons[:3]), *problems,
            f"to see it yourself: `make run LAB={ctx.lab.number}`, then `compute-sanitizer --tool {first.tool} "
            f"build/run/{ctx.lab.name}/driver`; this check scores no points, but the same bug can cost points on "
            "another GPU or at another shape"],
            hint=hint(), log=log, findings=len(findings))
    if problems:
        return failed(f"compute-sanitizer could not finish: {problems[0]}", details=[
            *problems[1:], "a run that never ends under synccheck is often a __syncthreads() some threads never "
            "reach, or a loop whose end depends on another block"], log=ctx.rundir("sanitizer") / "memcheck.log")
    left = {"racecheck": "shared memory", "synccheck": "barrier"}
    why = " and ".join(left[t] for t in TOOLS if t not in tools)
    why = f" (no {why} in its kernels for {' or '.join(t for t in TOOLS if t not in tools)} to watch)" if why else ""
    return passed(f"{', '.join(tools)} found nothing in {source} at {shapes}{why}")

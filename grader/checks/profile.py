"""Lab 02's Nsight Compute checks: is the committed report the learner's kernel, launched by the
graded library at the representative size, and does the analysis (profile/<stem>_tuned.md) read it right?

The report is learner data: a sandboxed worker reads it (grader/workers/ncu_read.py) and this
module judges the raw facts. The profiled kernel must be one the built library defines (its ELF,
grader/audit/elf.py); with a GPU, one the library launches at the representative size with the
report's grid and block (a trace of the graded library, grader/workers/cuda.py); on a GPU of the report's
model, with the figures Nsight Compute measures when it runs the graded library again (_remeasure). Every
number the analysis quotes next to a metric's name must agree with the report. Names and sizes come from the
operation spec; the numbers below are decisions recorded in PHASE_24_PLAN.md (decisions log).

    check_loads             02.profile.loads            report_facts(): the worker, run once (ctx.memo)
    check_kernel_matches    02.profile.kernel_matches   yours(): launches of the library's kernels
    check_device_and_shape  02.profile.device_and_shape compute capability, NVTX range, DRAM bytes
    check_analysis          02.profile.analysis         verdict() vs the claim, check_quotes(), hints
"""
from __future__ import annotations

import math
import re
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from grader.audit import elf, sass
from grader.checks.kernel_checks import NCU_CLOSE_S, init_on_gpu, new_worker, started_worker
from grader.checks.profile_text import NCU_LABEL_FAMILIES, Quote, global_functions, hidden_html, kernel_base_name, \
    decoded, markdown_lines, normal_label, reordering, too_long
from grader.checks.started import begun
from grader.context import Device, docs_root
from grader.results import Result, Status, failed, passed
from grader.runner import HarnessLost, WorkerGone

def analysis_path(ctx) -> Path:
    """The learner's reading of the report, beside it: profile/<stem>_tuned.md."""
    return Path("profile") / f"{ctx.spec.stem}_tuned.md"


def report_path(ctx) -> Path:
    return Path("profile") / f"{ctx.spec.stem}_tuned.ncu-rep"


def source_name(ctx) -> str:
    return f"{ctx.spec.stem}_tuned.cu"


def nvtx_label(ctx) -> str:
    """`make profile` (grader/workers/profile_target.py) wraps the profiled launch in this NVTX range."""
    return f"{ctx.spec.abi.symbol} {ctx.spec.label(ctx.spec.representative)}"


NVTX_RANGE = re.compile(r"(\w+)\s+(\d+(?:\s*[x×]\s*\d+)+)")
MIN_CAPABILITY = (8, 0)  # the phase targets Ampere and newer
MAX_CAPABILITY = (13, 0)  # past the newest GPU nvcc 13.0 builds for (sm_121): a report claiming more is refused

# ---- how the verdict is derived (percent of peak, the SpeedOfLight section) ----
BUSY = 60.0  # a unit at or above this share of its peak is busy
LEAD = 10.0  # points by which the busier unit must lead to be "the" bottleneck
# ---- teaching hints ----
DRAM_ROOFLINE_HINT = 70.0  # a memory-bound kernel should move data near DRAM peak
BYTES_PER_SECTOR_HINT = 24.0  # of 32: below this, loads/stores waste sector bytes
OCCUPANCY_HINT = 50.0  # theoretical occupancy below this is worth explaining
ACHIEVED_SHARE_HINT = 0.7  # achieved below this share of theoretical: imbalance / tail
# ---- shape evidence from DRAM bytes: the spec's Profile.read/write, in multiples of its input/output bytes ----
DURATION_RANGE = (0.5, 2.0)  # the report's duration over the traced launch's: the same kernel, the same size
# The least share of the library's opcodes, in order, that a report's kernel may list and still pass as the learner's code
# with a note (decision 128): one source through two ptxas versions, 1.0; two instances of one template, 0.70-0.76.
SAME_CODE = 0.9

# Metrics read by name (the child is asked for WANTED; its section listings are informational only).
M_SOL_MEM = "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"
M_SOL_SM = "sm__throughput.avg.pct_of_peak_sustained_elapsed"
M_DRAM_PCT = "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed"
M_DRAM_RATE = "dram__bytes.sum.per_second"
M_DRAM_READ = "dram__bytes_read.sum"
M_DRAM_WRITE = "dram__bytes_write.sum"
M_DURATION = "gpu__time_duration.sum"
M_ACHIEVED = "sm__warps_active.avg.pct_of_peak_sustained_active"
M_THEORETICAL = "sm__maximum_warps_per_active_cycle_pct"
M_LD_SECTORS = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
M_LD_REQUESTS = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
M_ST_SECTORS = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"
M_ST_REQUESTS = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"
M_LD_BYTES_PER_SECTOR = "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.ratio"
M_ST_BYTES_PER_SECTOR = "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.ratio"
M_LOCAL_LD = "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum"
M_LOCAL_ST = "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum"
M_REGISTERS = "launch__registers_per_thread"
OCCUPANCY_LIMITS = {  # ncu metric -> what limits blocks per SM
    "launch__occupancy_limit_registers": "registers per thread",
    "launch__occupancy_limit_shared_mem": "shared memory per block",
    "launch__occupancy_limit_warps": "the block size (warps per SM)",
    "launch__occupancy_limit_blocks": "the per-SM block limit (blocks are small)",
    "launch__occupancy_limit_barriers": "barriers per SM",
}

@dataclass(frozen=True)
class Known:
    """A metric the analysis may quote: ncu's own label for it, its unit family, other names."""

    label: str
    family: str  # percent, time, rate (bytes/s), bytes, frequency, count
    aliases: tuple[str, ...] = ()  # regexes, lower case, besides the label itself
    config: bool = False  # launch configuration: known before the kernel runs, so no evidence


MEM, COMPUTE, DRAM = r"\bmem(ory)?\b(?![\s-]*bound)", r"\bcompute\b(?![\s-]*bound)", r"\bdram\b|\bhbm\b|device memory"
WARPS = r"\bactive\s+warps\b|\bwarps\s*(?:per|/|an?|on\s+an?|each)\s*sm\b"
# The table is ours, not read from the report's sections: ncu 2025.3.1's own Python module
# cannot list a report's sections or labels, and both readers must give the same answer.
KNOWN = {
    # SpeedOfLight
    M_SOL_MEM: Known("Memory Throughput", "percent", (MEM, r"\bsol\b")),
    M_SOL_SM: Known("Compute (SM) Throughput", "percent", (COMPUTE, r"\bsm\s+throughput\b", r"\bsol\b")),
    M_DRAM_PCT: Known("DRAM Throughput", "percent", (DRAM,)),
    M_DURATION: Known("Duration", "time", (r"duration|\btime\b|\btook\b|runtime|\belapsed\b|\bruns? (in|for)\b",)),
    "gpc__cycles_elapsed.max": Known("Elapsed Cycles", "count", (r"\bcycles\b",)),
    "sm__cycles_active.avg": Known("SM Active Cycles", "count", (r"\bcycles\b",)),
    "l1tex__throughput.avg.pct_of_peak_sustained_active": Known("L1/TEX Cache Throughput", "percent", (r"\bl1",)),
    "lts__throughput.avg.pct_of_peak_sustained_elapsed": Known("L2 Cache Throughput", "percent", (r"\bl2\b",)),
    "gpc__cycles_elapsed.avg.per_second": Known("SM Frequency", "frequency", (r"clock",), config=True),
    "dram__cycles_elapsed.avg.per_second": Known("DRAM Frequency", "frequency", (r"clock",), config=True),
    # MemoryWorkloadAnalysis
    M_DRAM_RATE: Known("Memory Throughput", "rate", (DRAM, MEM, r"bandwidth")),
    "gpu__compute_memory_access_throughput.avg.pct_of_peak_sustained_elapsed": Known("Mem Busy", "percent"),
    "gpu__compute_memory_request_throughput.avg.pct_of_peak_sustained_elapsed": Known("Max Bandwidth", "percent"),
    "sm__memory_throughput.avg.pct_of_peak_sustained_elapsed": Known("Mem Pipes Busy", "percent"),
    "l1tex__t_sector_hit_rate.pct": Known("L1/TEX Hit Rate", "percent", (r"\bl1", r"hit rate")),
    "lts__t_sector_hit_rate.pct": Known("L2 Hit Rate", "percent", (r"\bl2\b", r"hit rate")),
    "derived__local_spilling_requests": Known("Local Memory Spilling Requests", "count", (r"spill",)),
    # Occupancy
    M_ACHIEVED: Known("Achieved Occupancy", "percent", (r"occupancy",)),
    # Warps by their own name only: "a warp reads 32 values" counts no warp (session 17)
    "sm__warps_active.avg.per_cycle_active": Known("Achieved Active Warps Per SM", "count", (WARPS,)),
    M_THEORETICAL: Known("Theoretical Occupancy", "percent", (r"occupancy",), config=True),
    "sm__maximum_warps_avg_per_active_cycle": Known("Theoretical Active Warps per SM", "count", (WARPS,),
                                                    config=True),
    # WarpStateStats
    "smsp__average_warp_latency_per_inst_issued.ratio": Known(
        "Warp Cycles Per Issued Instruction", "count", (r"cycles?\s*per\s*(issued\s*)?instruction", r"\bcpi\b")),
    "smsp__average_warps_active_per_inst_executed.ratio": Known("Warp Cycles Per Executed Instruction", "count"),
    # LaunchStats
    M_REGISTERS: Known("Registers Per Thread", "count", (r"registers?",), config=True),
    "launch__block_size": Known("Block Size", "count", (r"threads?\s*per\s*block", r"\bthreads\b"), config=True),
    "launch__grid_size": Known("Grid Size", "count", (r"\bblocks\s+in\s+the\s+grid\b", r"\bgrid\b"), config=True),
    "launch__waves_per_multiprocessor": Known("Waves Per SM", "count", (r"\bwaves?\b",), config=True),
    "launch__shared_mem_per_block_static": Known("Static Shared Memory Per Block", "bytes", (r"shared",), config=True),
    "launch__shared_mem_per_block_dynamic": Known("Dynamic Shared Memory Per Block", "bytes", (r"shared",), config=True),
    # asked for on ncu's command line (make profile --metrics)
    M_DRAM_READ: Known("DRAM bytes read", "bytes", (DRAM, r"\bread", r"\bloaded\b", r"traffic")),
    M_DRAM_WRITE: Known("DRAM bytes written", "bytes", (DRAM, r"\bwrit", r"\bstored\b", r"traffic")),
    M_LOCAL_LD: Known("local-memory load sectors", "count", (r"\blocal\b", r"spill")),
    M_LOCAL_ST: Known("local-memory store sectors", "count", (r"\blocal\b", r"spill")),
    # MemoryWorkloadAnalysis_Tables
    M_LD_BYTES_PER_SECTOR: Known("bytes per sector (global loads)", "bytes", (r"bytes?\s*(/|per)\s*sector",)),
    M_ST_BYTES_PER_SECTOR: Known("bytes per sector (global stores)", "bytes", (r"bytes?\s*(/|per)\s*sector",)),
}
for _stall, _label in (("long_scoreboard", "Long Scoreboard"), ("short_scoreboard", "Short Scoreboard"),
                       ("barrier", "Barrier"), ("mio_throttle", "MIO Throttle"), ("lg_throttle", "LG Throttle"),
                       ("math_pipe_throttle", "Math Pipe Throttle"), ("wait", "Wait"), ("not_selected", "Not Selected")):
    KNOWN[f"smsp__average_warps_issue_stalled_{_stall}_per_issue_active.ratio"] = Known(f"Stall {_label}", "count")
LABELS = tuple(sorted({k.label for k in KNOWN.values()}))  # the full names a figure may be quoted beside
# The unit families of every full name a figure may stand after (normal form): a figure of another family is not
# that metric's value ("Its threads keep the DRAM at 97.3 %").
NAME_FAMILIES = {normal_label(label): families for label, families in NCU_LABEL_FAMILIES.items()} | \
    {normal_label(k.label): (k.family,) for k in KNOWN.values()}
LD_SECTORS_PER_REQUEST = "derived: global load sectors per request"
ST_SECTORS_PER_REQUEST = "derived: global store sectors per request"
PER_REQUEST = (r"sectors?\s*(/|per)\s*req",)
WANTED = sorted(set(KNOWN) | set(OCCUPANCY_LIMITS) | {
    M_LD_SECTORS, M_LD_REQUESTS, M_ST_SECTORS, M_ST_REQUESTS, "device__attribute_display_name"})


# ---- 02.profile.loads -------------------------------------------------------

@dataclass
class Facts:
    """What the child read, or why it could not."""

    actions: list[dict] = field(default_factory=list)  # each with "sass": its instructions [(offset, text)], or why none
    error: str = ""  # set when the file is no usable report
    loader: dict | None = None
    log: Path | None = None


def report_facts(ctx) -> Facts:
    """Read the report once per lab run, in a sandboxed worker: ncu's own reader first, the pinned PyPI
    ``ncu-report`` as a second opinion when ncu's module crashes on the file or refuses it."""
    if "profile.facts" in ctx.memo:
        return ctx.memo["profile.facts"]
    path = ctx.stage / report_path(ctx)
    refused = getattr(ctx, "discovery", {}).get(report_path(ctx).as_posix())
    if refused:
        facts = Facts(error=refused)
    elif not path.is_file():
        facts = Facts(error="is missing: record it with `make profile LAB=02` and commit it" + (
            "" if ctx.device.has_cuda else " (Nsight Compute needs an NVIDIA GPU: on a machine without one, record it "
            f"where you have one, {docs_root()}/no-gpu.md#where-to-get-a-gpu; the other checks of the report wait for it)"))
    else:
        facts = _read(ctx, path, "profile", {})
        if not facts.error and any(a["sass"] == READER_LACKS_SASS for a in facts.actions):
            # an ncu install whose module cannot list a report's instructions: the pinned reader can, where it is
            try:
                second = _read(ctx, path, "profile-pip", {"GRADER_NCU_READER": "pip"})
            except RuntimeError:
                second = None  # no pinned reader here either: kernel_matches says so
            if second is not None and not second.error:
                facts = second
        if facts.error and (facts.loader or {}).get("source") == "ncu-install" or facts.error.startswith("the report reader crashed"):
            second = _read(ctx, path, "profile-pip", {"GRADER_NCU_READER": "pip"})
            if not second.error or second.loader:
                facts = second
    ctx.memo["profile.facts"] = facts
    return facts


def _read(ctx, path: Path, name: str, env: dict) -> Facts:
    worker = new_worker(ctx, "ncu_read", name, gpu=False, ro=[path.parent], env=env)
    try:
        with worker:
            reply = worker.call({"cmd": "read", "report": str(path), "metrics": WANTED}, timeout_s=90)
    except WorkerGone as gone:
        if gone.kind == "hung":
            return Facts(error="reading the report took too long: is it damaged?", log=worker.log)
        exit = worker.close()
        why = f"killed by {exit.signal_name}" if exit.signal_name else f"exit code {exit.returncode}"
        return Facts(error=f"the report reader crashed on the file ({why}): it is damaged or not a report",
                     log=worker.log)
    data = reply.data
    if data.get("internal"):
        # No reader installed is the grader's problem, never the learner's.
        raise RuntimeError(f"grader environment: {str(data.get('error'))[:300]}")
    loader = data.get("loader") if isinstance(data.get("loader"), dict) else None
    if not data.get("ok"):
        return Facts(error=one_line(str(data.get("error") or "unreadable")[:400]), loader=loader, log=worker.log)
    actions = [a for a in (_clean_action(a) for a in data.get("actions", [])[:500] if isinstance(a, dict)) if a]
    if not actions:
        return Facts(error="the report holds no readable kernel result", loader=loader, log=worker.log)
    return Facts(actions=actions, loader=loader, log=worker.log)


READER_LACKS_SASS = "this report reader cannot list instructions"


def _clean_sass(listing) -> list[tuple[int, str]] | str:
    """The reader's listing of one launch's instructions, typed and bounded (grader/workers/ncu_read.py), or why
    there is none."""
    if not isinstance(listing, dict):
        return "no instructions"
    if listing.get("reader"):
        return READER_LACKS_SASS
    if isinstance(listing.get("instructions"), list):
        return [(i[0], sass.canonical(i[1][:200])) for i in listing["instructions"][:20_000]
                if isinstance(i, list) and len(i) == 2 and isinstance(i[0], int) and not isinstance(i[0], bool)
                and isinstance(i[1], str)]
    return str(listing.get("missing") or "no instructions")[:200]


_LINE_BREAKS = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def one_line(text: str) -> str:
    """Text read from the learner's report, kept on one line: every character that ends a line written out as its
    escape (\\n, \\r, \\x85, \\u2028...). A kernel's Function Name edited to hold a line break printed a line of
    its own in the report, "02.perf.gate PASS", and the kernel was named by the text after it (red team rt45). The
    report escapes the other control characters when it prints."""
    return _LINE_BREAKS.sub(lambda m: repr(m.group(0))[1:-1], text)


def _clean_action(a: dict) -> dict | None:
    """The reader's facts about one launch, with every field the checks read coerced to its type (the file
    is learner data, and so is anything a reader makes of it)."""
    def text(v, limit=2000):
        return one_line(v[:limit]) if isinstance(v, str) else ""

    def ints(v, n):
        return [int(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else 0 for x in (v or [])[:n]] \
            if isinstance(v, list) else [0] * n

    try:
        kernel, device, launch = a.get("kernel") or {}, a.get("device") or {}, a.get("launch") or {}
        cc = device.get("compute_capability")
        metrics = {}
        for name, got in (a.get("metrics") or {}).items():
            if isinstance(name, str) and isinstance(got, dict) and isinstance(got.get("value"), (int, float, str)) \
                    and not isinstance(got.get("value"), bool):
                value = text(got["value"], 200) if isinstance(got["value"], str) else got["value"]
                metrics[text(name, 200)] = {"value": value, "unit": text(got.get("unit"), 40)}
        nvtx = a.get("nvtx") if isinstance(a.get("nvtx"), dict) else None
        domains = []
        for d in (nvtx or {}).get("domains", [])[:20]:
            if isinstance(d, dict):
                domains.append({"name": text(d.get("name"), 200),
                                "push_pop": [text(x, 200) for x in d.get("push_pop", [])[:50]],
                                "start_end": [text(x, 200) for x in d.get("start_end", [])[:50]]})
        return {
            "kernel": {k: text(kernel.get(k)) for k in ("function", "demangled", "mangled")},
            "device": {"name": text(device.get("name"), 200) or None,
                       "compute_capability": ints(cc, 2) if isinstance(cc, list) and len(cc) == 2 else None},
            "launch": {"grid": ints(launch.get("grid"), 3), "block": ints(launch.get("block"), 3),
                       "registers_per_thread": launch.get("registers_per_thread")
                       if isinstance(launch.get("registers_per_thread"), (int, float)) else None},
            "metrics": metrics,
            "nvtx": {"domains": domains} if nvtx is not None else None,
            "sass": _clean_sass(a.get("sass")),
        }
    except (AttributeError, TypeError, ValueError):
        return None


def check_loads(ctx) -> Result:
    facts = report_facts(ctx)
    if facts.error:
        return failed(f"{report_path(ctx).as_posix()}: {facts.error}", hint=ctx.hint("profile"), log=facts.log)
    names = sorted({a["kernel"]["function"] or "?" for a in facts.actions})
    if not (any(_same_model(ctx, a) for a in facts.actions) and _ncu_here()):
        prestart_trace(ctx)  # a report Nsight Compute cannot measure again here: the trace will stand instead
    else:
        prestart_measured_early(ctx)  # it will be measured again: its watched worker starts now
    loader = (facts.loader or {}).get("source", "?")
    return Result(Status.PASS, f"report loads: {len(facts.actions)} profiled kernel launch(es): {', '.join(names)}",
                  details=[f"read with the {loader} ncu_report module"], measurements={"profiled_kernels": names})


# ---- 02.profile.kernel_matches ----------------------------------------------

def library_kernels(ctx) -> tuple[dict[str, dict], str]:
    """The kernels the built library defines: mangled name -> {"regs": {arch: n}}; from its ELF, or from
    the source's __global__ definitions where no cuobjdump is at hand."""
    b = ctx.builds.get(source_name(ctx))
    if b is None or not b.ok or b.elf is None:
        return {}, f"{source_name(ctx)} did not build, so no profiled kernel can be matched to it"
    if b.elf.kernels:
        return b.elf.kernels, ""
    path = ctx.stage / source_name(ctx)
    return {name: {} for name in global_functions(path.read_text(errors="replace"))}, ""


def _names(action: dict) -> set[str]:
    kernel = action["kernel"]
    return {n for n in (kernel.get("mangled"), kernel_base_name(kernel.get("function") or ""),
                        kernel_base_name(kernel.get("demangled") or "")) if n}


def yours(actions: list[dict], kernels: dict[str, dict]) -> list[dict]:
    """The actions whose kernel the library defines: by mangled name (base names when only those are known)."""
    wanted = set(kernels) | {kernel_base_name(_demangle(k)) for k in kernels}
    return [a for a in actions if (a["kernel"].get("mangled") in kernels if a["kernel"].get("mangled") and
                                   any(k.startswith("_Z") for k in kernels) else _names(a) & wanted)]


def _demangle(name: str) -> str:
    """'_Z12softmax_rowsPKfPfii' -> 'softmax_rows' (enough for a base-name comparison)."""
    m = re.match(r"_Z(?:N\d*)?(\d+)", name)
    if not m:
        return name
    n = int(m.group(1))
    return name[m.end():m.end() + n]


def check_kernel_matches(ctx) -> Result:
    facts = report_facts(ctx)
    kernels, error = library_kernels(ctx)
    if error:
        return failed(error, hint=ctx.hint("profile"))
    if not kernels:
        return failed(f"{source_name(ctx)} defines no __global__ function, so no profiled kernel can be yours",
                      hint=ctx.hint("profile"))
    found = sorted({kernel_base_name(a["kernel"]["function"] or a["kernel"]["demangled"]) or "?" for a in facts.actions})
    mine = yours(facts.actions, kernels)
    library = sorted({kernel_base_name(_demangle(k)) for k in kernels})
    if not mine:
        if same := set(found) & set(library):  # the same names: another instance of a template (retuned since)
            found = sorted({_instance(a["kernel"]["demangled"] or a["kernel"]["function"] or "?")
                            for a in facts.actions})
            library = sorted({_instance(_demangled(k) or _demangle(k)) for k in kernels
                              if kernel_base_name(_demangle(k)) in same})
            why = ("an instance your library does not compile", f"your {source_name(ctx)} compiles "
                   f"{', '.join(library)}: a template argument changed since the report was recorded, and each "
                   "instance is a kernel of its own")
        else:
            why = ("which your library does not define", f"expected: a launch of a kernel your {source_name(ctx)} "
                   f"compiles to ({', '.join(library)}); code under #if 0 or in comments is not compiled")
        return failed(f"the report profiles {', '.join(found)}, {why[0]}", hint=ctx.hint("profile"),
                      details=[why[1], "re-record it with `make profile LAB=02` after your last change to the kernel"])
    notes = _register_notes(mine, kernels)
    if problem := _one_run(ctx, mine) or _code_cross_check(ctx, mine, kernels, notes):
        return problem
    if ctx.device.has_cuda and _same_model(ctx, primary(mine)) and _ncu_here():
        if problem := _remeasure(ctx, mine, notes):
            return problem
    elif ctx.device.has_cuda:
        if problem := _launch_cross_check(ctx, mine):
            return problem
        notes.append("the graded library launches this kernel at the representative size with the report's grid "
                     "and block (traced on this GPU)")
        reported = _gpu_name(primary(mine)) or "an unnamed GPU"
        notes.append(f"the report's figures were taken as recorded: it was taken on {reported}, this grading runs on "
                     f"{ctx.device.name}, where they cannot be measured the same" if not _same_model(ctx, primary(mine))
                     else "the report's figures were taken as recorded: Nsight Compute is not installed here to "
                          "measure them again")
    else:
        notes.append("whether the graded library launches it at the representative size is checked on a GPU")
    ctx.memo["profile.mine"] = mine
    # Named as the code names them where the mangled name matched: the Function Name is the report's own text, and
    # an edited one named the kernel "PASS" (red team rt45).
    launches = sorted({kernel_base_name(_demangle(a["kernel"]["mangled"])) if a["kernel"].get("mangled") in kernels
                       else kernel_base_name(a["kernel"]["function"]) for a in mine})
    return Result(Status.PASS, f"the report profiles your kernel {', '.join(launches)}", details=notes,
                  measurements={"kernels": launches, "launches": len(mine)})


def _gpu_name(action: dict) -> str:
    return " ".join(str(action["device"].get("name") or "").split())


def _one_run(ctx, mine: list[dict]) -> Result | None:
    """Every launch of the learner's kernels in the report is one run's, so that what one check judges is what the
    others do: the launches were recorded on one GPU, and two launches of one kernel with one grid and block agree with
    each other as two runs do (``_disagreeing``). The code is compared on the longest launch, the figures measured
    again launch by launch (``_remeasure``), and the analysis may quote any launch (red team, session 33: a second
    launch, its figures edited, appended to a true report passed every check, the analysis quoting only it)."""
    gpus = sorted({_gpu_name(a) or "an unnamed GPU" for a in mine})
    if len(gpus) > 1:
        return failed(f"the report's launches of your kernels were recorded on {len(gpus)} GPUs ({', '.join(gpus[:3])})",
                      details=["expected: one report of one run, recorded with `make profile LAB=02` (a report "
                               "stitched from several files, or edited, mixes them)"], hint=ctx.hint("profile"))
    seen: dict[tuple, dict] = {}
    for action in mine[:MAX_LAUNCHES_COMPARED]:
        key = (action["kernel"].get("mangled"), tuple(action["launch"]["grid"]), tuple(action["launch"]["block"]))
        if key not in seen:
            seen[key] = action
        elif wrong := _disagreeing(action, seen[key]):
            return failed(f"two launches of {_shown_name(action)} with one grid and block disagree: {len(wrong)} "
                          "figures differ by more than two runs do",
                          details=[line.replace("measured again", "the other launch") for line in wrong[:6]] + [
                              "expected: the report as Nsight Compute wrote it: one run's launches of one kernel "
                              "measure alike (a launch edited, or added from another report, does not)"],
                          hint=ctx.hint("profile"))
    return None


MAX_LAUNCHES_COMPARED = 64  # `make profile` records one launch; a report of more is compared launch by launch up to this


def _register_notes(mine: list[dict], kernels: dict) -> list[str]:
    notes = []
    for action in mine[:3]:
        regs = action["launch"].get("registers_per_thread")
        cc = action["device"].get("compute_capability")
        built = kernels.get(action["kernel"].get("mangled"), {}).get("regs", {})
        arch = next((a for a in built if cc and a.rstrip("a") == f"sm_{cc[0]}{cc[1]}"), None)
        if regs is not None and arch is not None and int(regs) != built[arch]:
            notes.append(f"note: your library's {kernel_base_name(action['kernel']['function'])} uses {built[arch]} "
                         f"registers per thread on {arch}, the report's launch {int(regs)}: was the report recorded "
                         "from this code, with this compiler?")
    return notes


def _code_cross_check(ctx, mine: list[dict], kernels: dict, notes: list[str]) -> Result | None:
    """The report's machine code against the library's (grader/audit/sass.py): a report of another file's kernel of
    the same name (a classmate's, the reference's) lists other instructions. Compared for the report's architecture,
    built once more where the grading did not build it (``_built_for``). A note where no cuobjdump can list code."""
    main = primary(mine)
    base, mangled = kernel_base_name(main["kernel"]["function"]), main["kernel"].get("mangled")
    listed = {arch for kernel in kernels.values() for arch in (kernel.get("sass") or {})}
    got = main["sass"]
    if not listed and elf.cuobjdump() is None:
        notes.append("whether the report's instructions are your library's is checked where cuobjdump can list them")
        return None
    if got == READER_LACKS_SASS:
        notes.append("the report reader here cannot list its instructions, so they were not compared with your library's")
        return None
    if not isinstance(got, list) or not got:
        return failed(f"the report does not list the instructions it profiled ({got or 'none'}), so it cannot be tied to "
                      "your code", details=["record it with `make profile LAB=02`: it collects the SourceCounters "
                                            "section, whose per-instruction counts list the kernel's machine code"],
                      hint=ctx.hint("profile"))
    cc = main["device"].get("compute_capability")
    if not cc or not MIN_CAPABILITY <= tuple(cc) < MAX_CAPABILITY:
        said = f"sm_{cc[0]}{cc[1]}" if cc else "no compute capability"
        return failed(f"the report records {said}, not a GPU this grader builds for (sm_{MIN_CAPABILITY[0]}"
                      f"{MIN_CAPABILITY[1]} to sm_{MAX_CAPABILITY[0] - 1}x), so its instructions cannot be compared "
                      "with your library's", details=["record it with `make profile LAB=02` on an Ampere or newer GPU"],
                      hint=ctx.hint("profile"))
    wanted = f"sm_{cc[0]}{cc[1]}"
    rebuilt = not any(arch.rstrip("a") == wanted for arch in listed)
    if rebuilt:  # a report from another GPU than this grading builds for (an sm_89 one, graded on a laptop)
        kernels = _built_for(ctx, (cc[0], cc[1]))
        notes.append(f"your {source_name(ctx)} was compiled for the report's GPU ({wanted}) to compare its instructions")
    built = kernels.get(mangled, {}).get("sass") or {}
    arch = next((a for a in sorted(built) if a.rstrip("a") == wanted), None)
    if arch is None:
        return failed(f"your {source_name(ctx)} could not be compiled for the report's GPU ({wanted}) to compare the "
                      "report's instructions with it" if rebuilt else
                      f"your library's machine code for {base} ({wanted}) could not be read, so the report's "
                      "instructions cannot be compared with it",
                      details=["record the report with `make profile LAB=02` on a GPU this grader builds for"],
                      hint=ctx.hint("profile"))
    seen = sass.compare(sass.comparable(got), sass.comparable(built[arch]))
    ctx.memo["profile.same_code"] = seen.same  # launch settings are compared as measured again only then
    if seen.same:
        notes.append(f"the report's {base} is the code your library compiles to, instruction for instruction "
                     f"({seen.report} instructions, {arch})")
        return None
    share = f"{seen.ratio:.1%} of its instructions in the same order ({seen.report} in the report, {seen.library} in "\
            f"your library, {arch})"
    if seen.ratio >= SAME_CODE:
        notes.append(f"note: the report's {base} is close to your library's but not the same code: {share}. Was it "
                     "recorded before your last change, or with another compiler? `make profile LAB=02` re-records it")
        return None
    return failed(f"the report's {base} is not the code your {source_name(ctx)} compiles to: {share}",
                  details=["expected: the profile of your own kernel as you submit it; a report of another file's "
                           "kernel of the same name (a classmate's, the reference's, an earlier version) lists other "
                           "instructions", "re-record it with `make profile LAB=02` after your last change to the kernel"],
                  hint=ctx.hint("profile"))


def _built_for(ctx, capability: tuple[int, int]) -> dict:
    """The learner's library built again, for ``capability``: its kernels (grader/audit/elf.py), or {}."""
    from grader.build import build_cuda  # the build, once, in this rare case: not imported by every check

    key = f"profile.build.sm_{capability[0]}{capability[1]}"
    if key not in ctx.memo:
        out = (ctx.builddir or ctx.logdir) / f"profile-sm_{capability[0]}{capability[1]}"
        device = Device(has_cuda=True, name=f"sm_{capability[0]}{capability[1]} (the report's)", capability=capability)
        b = build_cuda(ctx.stage / source_name(ctx), out, device, source_name(ctx), ctx.spec)
        ctx.memo[key] = b.elf.kernels if b.ok and b.elf is not None else {}
    return ctx.memo[key]


def trace_worker(ctx, fresh: bool = False):
    """(plan, worker): the worker that traces the graded library's launch. It is its own, started as the report is
    read (prestart_trace), so that torch's profiler is set up (GRADER_WARM=profiler: about 6.5 s) while the library
    builds and its cases run; it loads the library only in the check, which closes it."""
    from grader.labs.common import cuda_plan  # a lab's piece: imported here, as checks do not import labs

    plan = cuda_plan(ctx, source_name(ctx))

    def make():
        return new_worker(ctx, "cuda", "cuda-trace", "trace", gpu=True, ro=list(plan.ro),
                          env={**dict(plan.env), "GRADER_WARM": "profiler"}, rw=list(plan.rw))

    return plan, started_worker(ctx, "trace", make, fresh)


def prestart_trace(ctx) -> None:
    """Started by 02.profile.loads once the report is read, where it cannot be measured again (another GPU model, no
    Nsight Compute): the trace worker starts now if there is a GPU, the source is begun and the report is there
    (otherwise the cross-check never runs), and sets up torch's profiler while the library builds and runs its
    cases."""
    if (ctx.stage / report_path(ctx)).is_file() and _library_begun(ctx):
        trace_worker(ctx)


def _library_begun(ctx) -> bool:
    """Whether a worker for the graded library may start now (prestart_trace, prestart_measured_early): a GPU, and a
    source begun that this grading builds; its build folder is made, for the sandbox to show, before the build ends."""
    if not (ctx.device.has_cuda and ctx.builddir is not None and source_name(ctx) in ctx.builds
            and begun(ctx, source_name(ctx))):
        return False
    ctx.builddir.mkdir(parents=True, exist_ok=True)
    return True


def _trace_init(ctx):
    """(the trace worker, its init's reply): its init (it loads the graded library), sent once: by trace_ready before
    the timed phase, or else by the cross-check; a worker started again in place of one whose start was lost
    (kernel_checks.answered). Raises WorkerGone, every time it is asked once the init has failed so, or HarnessLost."""
    def init():
        plan, worker = trace_worker(ctx)
        if worker.exit is not None:  # both starts lost in trace_ready, before the timed phase: the check's own two
            plan, worker = trace_worker(ctx, fresh=True)
        try:
            return init_on_gpu(ctx, worker, {"cmd": "init", **plan.init}, timeout_s=180,
                               again=lambda: trace_worker(ctx, fresh=True)[1]), None
        except WorkerGone as gone:
            return None, gone

    ready, gone = ctx.once("profile.trace_init", init)
    if gone is not None:
        raise gone
    return ready


def _parents_passed(done: dict) -> bool:
    """Whether kernel_matches' parents (lab 02's registration) passed, in the results so far."""
    return all(done.get(p) is not None and done[p].status == Status.PASS
               for p in ("02.profile.loads", "02.build.honest"))


def trace_ready(ctx, done: dict) -> None:
    """Lab 02's hook before its timed checks: where kernel_matches will trace the graded library (its parents passed,
    and prestart_trace started the trace worker: a report Nsight Compute cannot measure again here), the trace
    worker's start is waited for and its init sent now, with the GPU lock shared, not in the timed phase, where every
    other grading of the machine waits for it: in make test-gpu one such init held the GPU alone 8.9 s, waiting for
    the worker's profiler set-up (docs/data/evidence-2026-12-02c, call 6). Whatever fails here, the check reports."""
    if ("started", "trace") in ctx.memo and _parents_passed(done):
        try:
            _trace_init(ctx)
        except (WorkerGone, HarnessLost):  # the check starts it again (kernel_checks.answered), and says so
            pass


def _launch_cross_check(ctx, mine: list[dict]) -> Result | None:
    """On a GPU: trace one launch of the graded library at the representative size (grader/workers/cuda.py,
    ``trace``) and require the report's launch among the traced ones, same grid, same block, a like duration."""
    spec = ctx.spec
    plan, worker = trace_worker(ctx)
    try:
        worker, reply = _trace_init(ctx)
        if not reply.has("error"):
            reply = worker.call({"cmd": "trace", "lib": "learner", "dims": spec.representative,
                                 "family": "randn" if "randn" in spec.families else next(iter(spec.families)),
                                 "seed": ctx.seed}, timeout_s=300)
    except WorkerGone as gone:
        return failed(f"tracing your library at the representative size failed: {gone}", log=gone.worker.log,
                      hint=ctx.hint("profile"))
    finally:
        worker.close()
    if reply.has("error"):
        return failed(f"tracing your library failed: {reply.sub('error').text('message', 300, default='')}",
                      log=worker.log, hint=ctx.hint("profile"))
    traced = [t for t in reply.items("kernels", 200, default=[]) if isinstance(t, dict)]
    main = primary(mine)
    same, reported_name = _same_kernel(traced, main)
    shown = ", ".join(f"{_short(str(t.get('name')))} grid {t.get('grid')} block {t.get('block')}"
                      for t in traced[:4]) or "no kernel"
    label = spec.label(spec.representative)
    if not same:
        return failed(f"at {label} your library launches {shown}, not the report's {reported_name}", details=[
                          "expected: the report of a kernel the graded code actually launches at the representative "
                          "size (dead code, or a kernel only used at other sizes, is not the one to profile)"],
                      hint=ctx.hint("profile"))
    grid, block = main["launch"]["grid"], main["launch"]["block"]
    fit = [t for t in same if list(t.get("grid", [])) == grid and list(t.get("block", [])) == block]
    if not fit:
        return failed(f"the report's launch of {reported_name} (grid {grid}, block "
                      f"{block}) is not how your library launches it at {label}: {shown}",
                      details=["re-record the report with `make profile LAB=02` from the code you submit"],
                      hint=ctx.hint("profile"))
    reported = _metric(main, M_DURATION)
    traced_ns = fit[0].get("duration_ns")
    if reported and isinstance(traced_ns, (int, float)) and traced_ns > 0:
        ratio = reported / traced_ns
        if not DURATION_RANGE[0] <= ratio <= DURATION_RANGE[1]:
            return failed(f"the report's launch took {reported / 1e3:.1f} us, the graded library's "
                          f"{traced_ns / 1e3:.1f} us at {label}: not the same kernel or not the same code",
                          details=["re-record the report with `make profile LAB=02` from the code you submit"],
                          hint=ctx.hint("profile"))
    return None


# ---- the report's figures, measured again on a GPU of its model (decision 137) ----
# A report is a file the learner hands in: its values can be edited (c08_report_values_edited_to_fit_claim). Where this
# GPU is the report's model, Nsight Compute (an attach from outside the sandbox: measured_worker) measures the graded
# library once more at the representative size (instead of the trace: its record names every launch, with its grid, block and duration), and every figure the
# grading reads must be what that run measures, within the spread honest runs show (evidence-2026-11-30d, call 1: two
# runs of each track's solution on an H200 at most 1.7 points and 2% apart). By family: (kind, bound). "points": percent
# of peak, absolute; "ratio": the larger over the smaller. Launch settings (registers, grid, occupancy limits): "exact".
REMEASURE_SPREAD = {"percent": ("points", 6.0), "time": ("ratio", 1.25), "rate": ("ratio", 1.25),
                    "bytes": ("ratio", 1.15), "count": ("ratio", 1.35), "exact": ("ratio", 1.001)}
COUNT_FLOOR = 0.25  # warps per issue, sectors per request: two runs put the stall ratios 0.01-0.3 apart
REMEASURED = sorted(m for m in WANTED if not m.startswith("device__"))  # compared where both runs hold them
# Asked of ncu by name: every one of them but the section-derived spilling count (derived__*, which --metrics cannot
# collect; the local-memory sectors, which it can, say the same). Collected so, the run took 6.1 s where the report's
# sections took 8.1 s (evidence-2026-11-30d, call 3).
MEASURED_METRICS = [m for m in REMEASURED if not m.startswith("derived__")]
# Not compared: clocks (--clock-control none: the GPU's own boost) and counts of cycles that follow them.
NOT_COMPARED = {"gpc__cycles_elapsed.avg.per_second", "dram__cycles_elapsed.avg.per_second",
                "gpc__cycles_elapsed.max", "sm__cycles_active.avg"}
MEASURED_LAUNCHES = 16  # launches in the range profiled at most: a launcher that launches thousands costs no more
# Its start (harness up, no learner code), then the learner's init and its launches: as own_kernels' watched worker
# (grader/checks/own_kernels.py says how those limits were measured).
MEASURE_START_S = (15.0, 15.0, 60.0)
MEASURE_STEP_S = 90.0


def _ncu_here() -> bool:
    from grader import build

    return build.ncu_path() is not None


def _same_model(ctx, action: dict) -> bool:
    return _gpu_name(action) == " ".join(ctx.device.name.split())


def measures_again(ctx, done: dict) -> bool:
    """Lab 02's Lab.timed_profiler: whether kernel_matches will run Nsight Compute in this grading (its parents
    passed, a GPU of the model of one of the report's launches, ncu here). The timed phase then holds the machine's
    profiler lock. Any launch of that model counts, so that a launch of another model added to the report cannot
    leave the learner's own unmeasured."""
    facts = ctx.memo.get("profile.facts")
    return (ctx.device.has_cuda and _parents_passed(done)
            and facts is not None and not facts.error and any(_same_model(ctx, a) for a in facts.actions)
            and _ncu_here())


def prestart_measured_early(ctx) -> None:
    """Started by 02.profile.loads once the report is read, where Nsight Compute will measure it again (a GPU of the
    report's model, ncu here): the first try's watched worker starts now, if the source is begun, so that ncu's and
    torch's start (5-8 s: docs/data/evidence-2026-12-03e) overlaps the library's cases instead of holding the machine's
    profiler lock in the timed phase. Nsight Compute launches it suspended (ncu_watch.launched_suspended): nothing of
    the learner's runs, and no session watches it, until measured_ready's attach under that lock (decision 201)."""
    if _library_begun(ctx):
        measured_worker(ctx)


def prestart_measured(ctx, done: dict) -> None:
    """Lab 02's hook before its timed checks, the profiler lock held (measures_again): the watched worker starts now
    where 02.profile.loads did not start it (prestart_measured_early). It runs nothing of the learner's until its
    init (measured_ready)."""
    from grader.pipeline import PROFILER_HELD

    if ctx.memo.get(PROFILER_HELD):
        measured_worker(ctx)


MEASURED_LANE = "profile-measured"  # no check's lane: its worker lives until the timed check that measures closes it


def measured_worker(ctx, attempt: int = 1):
    """(plan, report path, worker) of try ``attempt``: the CUDA worker that Nsight Compute launches suspended in its
    sandbox (ncu_watch.launched_suspended), as own_kernels' watched worker is; the attach that measures it
    (measured_profiling), outside the sandbox under the machine's profiler lock, writes the report. Until session 48
    ncu launched it from outside its sandbox and profiled from its start, so it could start only under that lock, in the
    timed phase."""
    from grader.checks.ncu_watch import launched_suspended
    from grader.labs.common import cuda_plan  # a lab's piece: imported here, as checks do not import labs

    plan = cuda_plan(ctx, source_name(ctx))
    report = ctx.rundir("profile-measured") / f"measured-{attempt}.ncu-rep"

    def make():
        report.unlink(missing_ok=True)
        return launched_suspended(ctx, "cuda", f"cuda-measured-{attempt}", MEASURED_LANE, ro=list(plan.ro),
                                  env=dict(plan.env), rw=list(plan.rw), launch=("--nvtx",))

    return plan, report, started_worker(ctx, f"measured-{attempt}", make)


def measured_profiling(ctx, report: Path) -> tuple[str, ...]:
    """What the attach to the measured worker records, and where: the report's metrics, of at most MEASURED_LAUNCHES
    launches inside the NVTX range `make profile` uses (grader/profile.py), written to ``report``. NVTX itself is
    the launching ncu's option (measured_worker): `ncu --mode attach --nvtx` is refused ("Invalid option --nvtx
    specified for --mode attach": docs/data/evidence-2026-12-03f, call 2)."""
    return ("--clock-control", "none", "--metrics", ",".join(MEASURED_METRICS), "--nvtx-include",
            f"{nvtx_label(ctx)}/", "--launch-count", str(MEASURED_LAUNCHES), "--force-overwrite", "--export",
            str(report))


REMEASURE_RUNS = 2  # Nsight Compute's runs of the library at most: a second where the first's figures disagree


def _remeasure(ctx, mine: list[dict], notes: list[str]) -> Result | None:
    """Measure the graded library again (``_measured``): each of the report's launches of the learner's kernels (up
    to MAX_LAUNCHES_COMPARED) must be among the new run's, by its mangled name (a template's very instance), grid and
    block, and every figure both hold must agree (``_disagreeing``): any of them may be quoted. None when they do (a
    note says so).

    Where only figures disagree, the library is measured once more (REMEASURE_RUNS), and the report stands if that
    run agrees. Once in make test-gpu the GEMM solution's bytes written came out 7.667e7 against its report's 5.738e7,
    34 % apart, where runs agree within 2 % (decision 137's bounds) and four more on that machine gave 5.726e7-5.754e7
    (an H100, docs/data/evidence-2026-12-06c, calls 2 and 3). Its cause was not found: Nsight Compute's DRAM counters
    count the whole device, and beside that launch ran other gradings' CUDA set-up, which holds no GPU lock (decision
    238), but four processes making CUDA contexts beside two gradings changed nothing. A report edited after its run
    disagrees with every run (c08_gemm_report_values_edited_measured_again: both runs, call 4); a launch or a kernel
    not the report's is the code's, and no second run changes it."""
    label = ctx.spec.label(ctx.spec.representative)
    for run in range(1, REMEASURE_RUNS + 1):
        judged, error, log = _measured(ctx, first=1 + (run - 1) * len(MEASURE_START_S))
        if error:
            return failed(f"Nsight Compute could not measure your library at {label} to check the report: {error}",
                          log=log, hint=ctx.hint("profile"))
        problem, compared, figures = _compare_measured(ctx, mine, judged, log, label, run)
        if problem is None or not figures:
            break
    if problem is not None:
        return problem
    launches = min(len(mine), MAX_LAUNCHES_COMPARED)
    notes.append(f"measured again with Nsight Compute on this {ctx.device.name}: the graded library launches the "
                 f"report's kernel at {label} with its grid and block, and the report's {compared} figures "
                 + (f"of its {launches} launches " if launches > 1 else "") + "agree with the new run"
                 + (" (the second: the first run's disagreed)" if run > 1 else ""))
    return None


def _compare_measured(ctx, mine: list[dict], judged: list[dict], log, label: str, run: int
                      ) -> tuple[Result | None, int, bool]:
    """(a failure or None, the figures compared, whether the failure is only figures that disagree) of the report's
    launches against one run of the library (``_remeasure``); ``run`` numbers it."""
    shown = ", ".join(f"{_shown_name(a)} grid {a['launch']['grid']} block {a['launch']['block']}"
                      for a in judged[:4]) or "no kernel"
    compared = 0
    for main in mine[:MAX_LAUNCHES_COMPARED]:
        mangled = str(main["kernel"].get("mangled") or "")
        reported_name = _shown_name(main)
        same = [a for a in judged if mangled and a["kernel"].get("mangled") == mangled]
        if not same:
            return failed(f"at {label} your library launches {shown}, not the report's {reported_name}", details=[
                              "expected: the report of a kernel the graded code actually launches at the "
                              "representative size (dead code, or a kernel only used at other sizes, is not the one "
                              "to profile)", "measured again with Nsight Compute on this GPU"],
                          log=log, hint=ctx.hint("profile")), compared, False
        grid, block = main["launch"]["grid"], main["launch"]["block"]
        fit = [a for a in same if a["launch"]["grid"] == grid and a["launch"]["block"] == block]
        if not fit:
            return failed(f"the report's launch of {reported_name} (grid {grid}, block {block}) is not how your "
                          f"library launches it at {label}: {shown}",
                          details=["re-record the report with `make profile LAB=02` from the code you submit"],
                          log=log, hint=ctx.hint("profile")), compared, False
        wrong = _disagreeing(main, fit[0], settings=bool(ctx.memo.get("profile.same_code")))
        if wrong:
            runs = "measured again with Nsight Compute on this GPU" + (
                f" {run} times; every run disagreed (the figures above are the last one's)" if run > 1 else "")
            return failed(f"the report's figures are not what your kernel measures on this {ctx.device.name}: "
                          f"{len(wrong)} differ by more than two runs do", details=wrong[:6] + [
                              runs,
                              "expected: the report as Nsight Compute wrote it, of the code you submit; re-record it "
                              "with `make profile LAB=02` (a report edited after the run, or recorded from other "
                              "code, disagrees with a new run)"], log=log, hint=ctx.hint("profile")), compared, True
        compared += len([n for n in REMEASURED if n not in NOT_COMPARED and _metric(main, n) is not None
                         and _metric(fit[0], n) is not None])
    return None, compared, False


def _shown_name(action: dict) -> str:
    """A launch's kernel as the learner wrote it, a template's arguments included (``k<6>``): its mangled name read by
    c++filt, else its base name."""
    mangled = str(action["kernel"].get("mangled") or "")
    full = _demangled(mangled) if mangled and len(mangled) <= 4096 else None
    return _short(full) if full else kernel_base_name(action["kernel"].get("function") or "") or "?"


def _family(name: str) -> str:
    known = KNOWN.get(name)
    if name in OCCUPANCY_LIMITS or (known is not None and known.config):
        return "exact"
    return known.family if known is not None else "count"


def _disagreeing(report: dict, judged: dict, settings: bool = True) -> list[str]:
    """The report's figures (every metric the grading reads, both runs holding it) that the judge's run does not
    put within REMEASURE_SPREAD of it, as lines for the learner. ``settings``: the launch settings too, exactly (the
    report's code is the library's instruction for instruction; code that is only close, "recorded with another
    compiler", may use other registers)."""
    wrong = []
    for name in REMEASURED:
        if name in NOT_COMPARED or not settings and _family(name) == "exact":
            continue
        mine, theirs = _metric(report, name), _metric(judged, name)
        if mine is None or theirs is None:
            continue
        kind, bound = REMEASURE_SPREAD[_family(name)]
        if kind == "points":
            off = abs(mine - theirs) > bound
        else:  # a small count (a stall ratio of 0.06 against 0.07) is compared to within COUNT_FLOOR
            low, high = sorted((abs(mine), abs(theirs)))
            off = high > bound * low + 1e-9 * max(1.0, high) and not (_family(name) == "count"
                                                                       and high - low <= COUNT_FLOOR)
        if off:
            label = KNOWN[name].label if name in KNOWN else name
            wrong.append(f"{label} ({name}): the report has {mine:.4g}, measured again {theirs:.4g}")
    return wrong


def _measured_ready(ctx, attempt: int, start_s: float):
    """(plan, report path, worker, attach, stage, the init's reply, WorkerGone) of try ``attempt``: its watched worker's
    start answered, then Nsight Compute attached (ncu_watch.Attaching: under the machine's profiler lock, which the
    timed phase holds) as the harness makes its CUDA context (no GPU lock: no learner code), then its init loads the
    graded library, under the GPU lock shared; once per try (the first by measured_ready, before the timed phase).
    ``stage`` is where a WorkerGone stopped it; an attach that never connected is a lost start ("its start"), Nsight
    Compute's and not the learner's."""
    from grader.checks.ncu_watch import Attaching

    def make():
        plan, report, worker = measured_worker(ctx, attempt)
        stage, attaching = "its start", None
        try:
            worker.call({"cmd": "hello"}, timeout_s=start_s)  # ncu's and the harness's start: no learner code
            # ncu attaches as the harness makes its CUDA context ("cuda"): no learner code, no GPU lock (decision 247)
            attaching = Attaching(ctx, worker, ctx.rundir("profile-measured") / f"ncu-{attempt}.log",
                                  measured_profiling(ctx, report))
            ctx.closers.append(lambda grace_s=0.0: attaching.end(0.0))  # a timed phase cut short leaves none
            worker.call({"cmd": "cuda"}, timeout_s=MEASURE_STEP_S)
            if not attaching.connected():
                raise WorkerGone("hung", attaching.error or "Nsight Compute did not attach", worker)
            stage = "loading your library"
            with ctx.gpu_work():  # free in the timed phase, which holds the GPU alone
                return plan, report, worker, attaching, stage, worker.call({"cmd": "init", **plan.init},
                                                                           timeout_s=MEASURE_STEP_S), None
        except WorkerGone as gone:
            if attaching is not None and attaching.error:  # Nsight Compute's, not the learner's: a lost start
                stage, gone = "its start", WorkerGone("hung", attaching.error, worker)
            return plan, report, worker, attaching, stage, None, gone

    return ctx.once(("measured-ready", attempt), make)


def _end_measured(worker, attaching, grace_s: float) -> None:
    """The try is over: the worker leaves (ncu writes its record as the process ends: ``grace_s`` to do so), then the
    attach, given as long to write the report; the worker's port goes back."""
    worker.close(grace_s)
    if attaching is not None:
        attaching.end(grace_s)
    getattr(worker, "ncu_port_release", lambda: None)()


def measured_ready(ctx, done: dict) -> None:
    """Lab 02's last hook before its timed checks, where Nsight Compute will measure the graded library again
    (PROFILER_HELD: the machine's profiler lock is held from here): the first try's watched worker
    (prestart_measured) answers its start and loads the library now, not in the timed phase, where every other grading
    of the machine waits for the GPU. In make test-gpu, those starts and inits held the GPU alone 9.1 s in all (11
    gradings: docs/data/evidence-2026-12-02d, call 3); the profiled launch stays in the timed phase. Whatever fails
    here, the check reports (``_measured``)."""
    from grader.pipeline import PROFILER_HELD

    if ctx.memo.get(PROFILER_HELD):
        _measured_ready(ctx, 1, MEASURE_START_S[0])


def _measured(ctx, first: int = 1) -> tuple[list[dict], str, Path | None]:
    """(the launches Nsight Compute recorded, an error, the worker's log). The watched worker loads the graded
    library and launches it inside the NVTX range `make profile` uses; ncu writes its report in the judge's folder and
    the judge's sandboxed reader reads it. The check runs in the timed phase, which holds the profiler lock and the
    GPU alone; the first try's start and init come before it (measured_ready). A start that never answers is ncu's or
    the harness's (no learner code has run): tried again in a fresh sandbox. ``first`` numbers the first try: a
    second run (``_remeasure``) has workers, logs and a report of its own."""
    spec, error, worker = ctx.spec, "", None
    for attempt, start_s in enumerate(MEASURE_START_S, first):
        plan, report, worker, attaching, stage, reply, gone = _measured_ready(ctx, attempt, start_s)
        try:
            if gone is not None:
                raise gone
            if not reply.has("error"):
                stage = "the profiled launch"
                reply = worker.call({"cmd": "profiled", "lib": "learner", "dims": spec.representative,
                                     "family": "randn" if "randn" in spec.families else next(iter(spec.families)),
                                     "seed": ctx.seed, "range": nvtx_label(ctx)}, timeout_s=MEASURE_STEP_S)
            if reply.has("error"):
                _end_measured(worker, attaching, 0.0)
                return [], f"{stage}: {reply.sub('error').text('message', 300, default='')}", worker.log
            if reply.data.get("code"):
                _end_measured(worker, attaching, 0.0)
                return [], f"your launcher returned cudaError {reply.data.get('code')}", worker.log
        except WorkerGone as gone:
            _end_measured(worker, attaching, 0.0)
            if stage == "its start":
                tries = attempt - first + 1
                error = f"Nsight Compute's start did not answer in {start_s:.0f} s ({tries} tries): {gone}"
                continue
            return [], f"{stage}: {gone}", worker.log
        _end_measured(worker, attaching, NCU_CLOSE_S)  # the report is written as the process ends: not killed at once
        if not report.is_file():
            return [], "Nsight Compute wrote no report", worker.log
        facts = _read(ctx, report, f"profile-measured-{attempt}", {})
        if facts.error:
            return [], f"the new report could not be read: {facts.error}", facts.log
        return facts.actions, "", worker.log
    return [], error, worker.log if worker is not None else None


def _traced_name(t: dict) -> str:
    return kernel_base_name(str(t.get("name", "")))


def _same_kernel(traced: list[dict], main: dict) -> tuple[list[dict], str]:
    """The traced launches of the report's kernel, and its name as the report shows it. The trace (CUPTI through
    torch.profiler) names a kernel as the C++ ABI's demangler prints it, ``void k<8>(float const*, int)``; the
    report keeps its mangled name, which ``c++filt`` (binutils, beside every nvcc) turns into that same text. So a
    template's instances are told apart: a report of ``k<6>`` is not the ``k<8>`` the library launches at the
    representative size. Without c++filt, or without a mangled name, base names are compared (the instances
    alike)."""
    kernel = main["kernel"]
    mangled = str(kernel.get("mangled") or "")
    full = _demangled(mangled) if mangled and len(mangled) <= 4096 else None
    if full is not None:
        want = " ".join(full.split())
        return [t for t in traced if " ".join(str(t.get("name", "")).split()) == want], _short(full)
    name = kernel.get("mangled") or kernel.get("function")
    return ([t for t in traced if _traced_name(t) in (_names(main) | {name})],
            kernel_base_name(kernel.get("function") or ""))


def _demangled(mangled: str) -> str | None:
    """``c++filt``'s reading of a mangled name from a learner's report (a bounded run: the demangler is old code
    meeting hostile text), None where there is no c++filt or it did not finish; a name it cannot read comes back
    as it was, and matches no traced kernel."""
    import shutil

    from grader.runner import run_bounded

    tool = shutil.which("c++filt")
    if tool is None:
        return None
    run = run_bounded([tool, "--", mangled], memory_bytes=1 << 30, keep=1 << 16, stop_after=1 << 16, timeout_s=10)
    lines = run.output.splitlines()
    return lines[0] if run.code == 0 and len(lines) == 1 else None


def _instance(name: str) -> str:
    """A kernel's name with its template arguments as the source writes them: Nsight Compute shows
    'k<(int)6>' where c++filt shows 'k<6>'."""
    return re.sub(r"\((?:unsigned )?(?:int|long|short|char|bool)\)(?=-?\d|true|false)", "", _short(name))


def _short(name: str) -> str:
    """'void k<8>(float const*, int)' -> 'k<8>': the name with its template arguments, no return type or
    parameters, for a message."""
    name = name[:4096]
    depth, cut = 0, len(name)
    for i, ch in enumerate(name):
        depth += (ch == "<") - (ch == ">")
        if ch == "(" and depth == 0:
            cut = i
            break
    head = name[:cut].strip()
    return head[5:] if head.startswith("void ") else head


def primary(actions: list[dict]) -> dict:
    """The launch that took longest: the one whose bottleneck matters."""
    return max(actions, key=lambda a: _metric(a, M_DURATION) or 0.0)


def _metric(action: dict, name: str) -> float | None:
    """A number the child read by name (never from the report's sections: see KNOWN)."""
    got = action["metrics"].get(name)
    value = got["value"] if got else None
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


# ---- 02.profile.device_and_shape --------------------------------------------

def _first_launches(actions: list[dict]) -> list[dict]:
    """One launch of each kernel: a report with repeated launches counts its bytes once."""
    seen, first = set(), []
    for action in actions:
        key = action["kernel"]["mangled"] or action["kernel"]["function"]
        if key not in seen:
            seen.add(key)
            first.append(action)
    return first


def nvtx_shapes(actions: list[dict], symbol: str) -> set[str]:
    """The sizes ('16384x4096') of the NVTX ranges named after the launcher that enclose these launches."""
    shapes = set()
    for action in actions:
        for domain in (action.get("nvtx") or {}).get("domains", ()):
            for name in list(domain.get("push_pop", ())) + list(domain.get("start_end", ())):
                for m in NVTX_RANGE.finditer(name):
                    if m.group(1) == symbol:
                        shapes.add(re.sub(r"\s*[x×]\s*", "x", m.group(2)))
    return shapes


def _mib_range(bounds: tuple[float, float], nbytes: int) -> str:
    return f"{bounds[0] * nbytes / 2**20:.0f}-{bounds[1] * nbytes / 2**20:.0f} MiB"


def check_device_and_shape(ctx) -> Result:
    spec = ctx.spec
    mine = ctx.memo["profile.mine"]
    main = primary(mine)
    device = main["device"]
    capability = device.get("compute_capability")
    shape = spec.label(spec.representative)
    problems, details = [], []
    if not capability:
        problems.append("the report does not record the GPU's compute capability")
    elif tuple(capability) < MIN_CAPABILITY:
        problems.append(f"taken on {device.get('name')} (sm_{capability[0]}{capability[1]}); "
                        f"the lab needs sm_{MIN_CAPABILITY[0]}{MIN_CAPABILITY[1]} or newer")
    shapes = nvtx_shapes(mine, spec.abi.symbol)
    if not shapes:
        problems.append(f"your kernel was not launched inside the NVTX range '{nvtx_label(ctx)}': "
                        "record the report with `make profile LAB=02`")
    elif shape not in shapes:
        problems.append(f"profiled at {', '.join(sorted(shapes))}, not at the representative shape {shape}")
    read_bytes, write_bytes = spec.inputs_bytes(spec.representative), spec.outputs_bytes(spec.representative)
    first = _first_launches([a for a in mine if shape in nvtx_shapes([a], spec.abi.symbol)] or mine)
    read = [_metric(a, M_DRAM_READ) for a in first]
    written = [_metric(a, M_DRAM_WRITE) for a in first]
    bounds = spec.profile
    if all(v is not None for v in read + written):
        read_x, write_x = sum(read) / read_bytes, sum(written) / write_bytes
        details.append(f"DRAM traffic: read {read_x:.2f}x the inputs ({read_bytes / 2**20:.0f} MiB) and wrote "
                       f"{write_x:.2f}x the output ({write_bytes / 2**20:.0f} MiB) of a {shape} {spec.title}")
        if not bounds.read[0] <= read_x <= bounds.read[1] or not bounds.write[0] <= write_x <= bounds.write[1]:
            problems.append(f"the DRAM traffic does not fit a {shape} {spec.title}: read {sum(read) / 2**20:.0f} MiB, "
                            f"wrote {sum(written) / 2**20:.0f} MiB; expected {_mib_range(bounds.read, read_bytes)} "
                            f"read and {_mib_range(bounds.write, write_bytes)} written")
    else:
        details.append(f"the report has no {M_DRAM_READ}/{M_DRAM_WRITE}: the shape rests on the NVTX range alone")
    grid, block = main["launch"]["grid"], main["launch"]["block"]
    measurements = {
        "device": device.get("name"), "compute_capability": capability,
        "grid": grid, "block": block, "nvtx_shapes": sorted(shapes),
    }
    if problems:
        return failed(problems[0], details=problems[1:] + details, hint=ctx.hint("profile"), **measurements)
    cc = f"sm_{capability[0]}{capability[1]}"
    return Result(Status.PASS, f"taken on {device.get('name')} ({cc}) at {shape}", details=details,
                  measurements=measurements)


# ---- 02.profile.analysis: the report's own verdict ---------------------------

@dataclass(frozen=True)
class Verdict:
    kinds: tuple[str, ...]  # accepted claims: ("memory",), ("compute",), ("latency",) or both units
    memory: float
    compute: float

    @property
    def words(self) -> str:
        return " or ".join(f"{k}-bound" for k in self.kinds)

    def because(self) -> str:
        m, c = f"Memory Throughput {self.memory:.1f}%", f"Compute (SM) Throughput {self.compute:.1f}%"
        if self.kinds == ("latency",):
            return f"{m} and {c} are both under {BUSY:.0f}% of peak: neither unit is busy"
        if len(self.kinds) == 2:
            return f"{m} and {c} are within {LEAD:.0f} points of each other, and at least one is busy"
        return f"{m} vs {c}: the busier unit is at or above {BUSY:.0f}% and leads by {LEAD:.0f}+ points"


def verdict(action: dict) -> Verdict | None:
    memory, compute = _metric(action, M_SOL_MEM), _metric(action, M_SOL_SM)
    if memory is None or compute is None:
        return None
    if max(memory, compute) < BUSY:
        kinds = ("latency",)
    elif memory - compute >= LEAD:
        kinds = ("memory",)
    elif compute - memory >= LEAD:
        kinds = ("compute",)
    else:
        kinds = ("memory", "compute")
    return Verdict(kinds, memory, compute)


# ---- 02.profile.analysis: do its numbers match the report? ---------------------

@dataclass(frozen=True)
class Quotable:
    name: str  # ncu metric name (or a derived name)
    label: str  # what ncu calls it
    value: float
    family: str
    aliases: tuple[str, ...]
    config: bool = False


def _label_alias(label: str) -> str:
    words = re.findall(r"[a-z0-9]+", label.lower())
    return r"\b" + r"[\W_]*".join(map(re.escape, words)) + r"\b"


FLOP_RATE = "derived: FLOP rate"  # the op's FLOPs at the representative size over the report's Duration (GEMM)


def quotable_metrics(actions: list[dict], spec=None) -> list[Quotable]:
    """Every value of the learner's launches that the analysis may quote. With ``spec`` of an op counted in FLOPs
    (GEMM), also the rate the report's Duration gives: 2 M N K over each launch's Duration, and over their sum. A
    TFLOP/s figure was read as a bare count, compared with nothing, and an invented "63.5 TFLOP/s" passed where the
    report's Duration gives 46.1 (red team, session 54)."""
    out = []
    if spec is not None and spec.rate.unit == "FLOP":
        durations = [d for a in actions if (d := _metric(a, M_DURATION))]
        work = spec.work(spec.representative)
        for seconds in {*(d * 1e-9 for d in durations), *([sum(durations) * 1e-9] if len(durations) > 1 else [])}:
            out.append(Quotable(FLOP_RATE, "the FLOP rate of the report's Duration", work / seconds, "flops",
                                (r"flop",)))
    for action in actions:
        for name, known in KNOWN.items():
            value = _metric(action, name)
            if value is not None:
                out.append(Quotable(name, known.label, value, known.family,
                                    (_label_alias(known.label), *known.aliases), known.config))
        for derived, sectors, requests in ((LD_SECTORS_PER_REQUEST, M_LD_SECTORS, M_LD_REQUESTS),
                                           (ST_SECTORS_PER_REQUEST, M_ST_SECTORS, M_ST_REQUESTS)):
            s, r = _metric(action, sectors), _metric(action, requests)
            if s is not None and r:
                out.append(Quotable(derived, derived.split(": ")[1], s / r, "count", PER_REQUEST))
    return out


APPROX_TOLERANCE = 0.05  # "~85 %": within 5% of the report's value, or one unit of its last written digit


def _agrees(quote: Quote, metric: Quotable) -> bool:
    """The quote is the metric rounded or truncated to the quoted digits, or within 1% of it (an approximation,
    "~85 %": within APPROX_TOLERANCE, or one unit of its last digit)."""
    ulp = 10.0 ** -max(-300, min(300, quote.digits))  # "1e999 %" has -999 digits: 10.0 ** 999 raises
    for factor in quote.factors:
        if metric.value == 0 and quote.value == 0:
            return True
        q, v = quote.value * factor, metric.value
        step = ulp * factor
        if v - step < q <= v + step / 2 + 1e-12 * max(1.0, abs(v)) or math.isclose(q, v, rel_tol=0.01):
            return True
        if quote.approx and (abs(q - v) <= step or math.isclose(q, v, rel_tol=APPROX_TOLERANCE)):
            return True
    return False


@dataclass
class QuoteCheck:
    matched: dict = field(default_factory=dict)  # metric name -> (quote, metric)
    misquoted: list = field(default_factory=list)  # (quote, [metrics it could name])

    @property
    def evidence(self) -> list[str]:
        return [n for n, (_, m) in self.matched.items() if not m.config]


# The units the report may show a family in (factors to its base unit): a number in a table whose unit is in the
# header only ("| DRAM Throughput | 97.3 |") is the row's metric in one of them.
SCALES = {"percent": (1.0,), "time": (1.0, 1e3, 1e6, 1e9), "rate": (1.0, 1e6, 1e9, 1e12, 2.0**20, 2.0**30, 2.0**40),
          "bytes": (1.0, 1e3, 1e6, 1e9, 2.0**10, 2.0**20, 2.0**30), "frequency": (1.0, 1e3, 1e6, 1e9)}


def _holds(quote: Quote, metric: Quotable) -> bool:
    """A bound ("over 97 %", "under 12 %") that the metric's value meets (the bound itself included)."""
    for factor in quote.factors:
        q = quote.value * factor
        if (metric.value >= q * (1 - 1e-9)) if quote.bound == "lower" else (metric.value <= q * (1 + 1e-9)):
            return True
    return False


def check_quotes(found: list[Quote], metrics: list[Quotable]) -> QuoteCheck:
    """Match each quoted number against the metrics named near it (same unit family). A bound must hold for one of
    them (it is never evidence); a number without a unit in a table row whose label names a metric must agree
    with that metric in one of the units the report may show it in."""
    result = QuoteCheck()
    for quote in found:
        every = False  # True: the figure stands after several full names, and is the value of each of them
        labelled = [m for m in metrics if normal_label(m.label) == quote.label]
        if quote.near and labelled and not any(m.family == quote.family for m in labelled) and not quote.closes:
            quote = dataclasses.replace(quote, label="")  # "Memory Throughput leads by 12 points": no count of it
        # (one that ends its clause bare, "DRAM Throughput is 97.3.", is that metric's value in any unit it may show:
        # red team, session 24)
        if quote.label:  # a pasted ncu row, or a count after a metric's full name: the metric of that label only
            # (none: a figure no check reads)
            named = [m for m in labelled if m.family == quote.family]
            if not named and labelled and quote.family != "count":  # "DRAM Throughput  Tbyte/s  4.90": not its unit
                result.misquoted.append((quote, labelled))
                continue
            if not named and labelled:  # the unit column left out: the value in any unit the report may show
                named = [m for m in labelled if m.family in SCALES]
                scaled = {m.name: dataclasses.replace(quote, factors=SCALES[m.family]) for m in named}
            else:
                scaled = {m.name: quote for m in named}
        elif held := [m for m in metrics if m.family == quote.family and normal_label(m.label) in quote.names]:
            named, scaled = held, {m.name: quote for m in held}  # "Compute (SM) Throughput is 84.40 %": its value only
            every = True  # "Memory Throughput and Compute (SM) Throughput are 84.40 %": the value of both
        elif quote.names and not any(normal_label(m.label) in quote.names for m in metrics) and \
                any(quote.family in NAME_FAMILIES.get(n, (quote.family,)) for n in quote.names):
            continue  # "SM Busy is 84.40 %": the value of a metric no check compares, no quote of another
        else:
            named = [m for m in metrics if m.family == quote.family and
                     any(re.search(a, quote.context) for a in m.aliases)]
            if not named and quote.row:
                named = [m for m in metrics if m.family in SCALES and any(re.search(a, quote.row) for a in m.aliases)]
                scaled = {m.name: dataclasses.replace(quote, factors=SCALES[m.family]) for m in named}
            else:
                scaled = {m.name: quote for m in named}
        if not named:
            continue  # a number not about any metric: a shape, a date, a count of rows
        if quote.bound:
            if not (all if every else any)(_holds(quote, m) for m in named):
                result.misquoted.append((quote, named))
            continue
        agreeing = [m for m in named if _agrees(scaled[m.name], m) or quote.other is not None and _agrees(
            dataclasses.replace(scaled[m.name], value=quote.other, digits=3, other=None), m)]
        if every and len(agreeing) < len(named):  # one name of two agreeing made an invented figure a quote (rt41)
            result.misquoted.append((quote, [m for m in named if m not in agreeing]))
        elif agreeing:  # one figure is evidence for one metric: the one whose full name is beside it, if any
            # ("DRAM Throughput is 84.40 %" after "memory-bound" had counted for Memory Throughput too: session 17)
            full = [m for m in agreeing if _label_alias(m.label) and re.search(_label_alias(m.label), quote.context)]
            metric = (full or agreeing)[0]
            result.matched.setdefault(metric.name, (quote, metric))
        elif not every and _sum_or_difference(scaled, named):
            continue  # "DRAM traffic totals 488 MiB (read plus written)": true, derived, and no evidence of either
        else:
            result.misquoted.append((quote, named))
    return result


def _sum_or_difference(scaled: dict, named: list[Quotable]) -> bool:
    """The quote is the sum or the difference of two byte counts named beside it (DRAM bytes read and written: "DRAM
    traffic totals 488 MiB", "24 MiB less is written than read"). Such a figure was refused as a misquote of each
    (red team, session 18); it claims nothing the report does not, so it passes, and it counts as evidence of
    neither."""
    counts = [m for m in named if m.family == "bytes"]
    for i, first in enumerate(counts):
        for second in counts[i + 1:]:
            for value in (first.value + second.value, abs(first.value - second.value)):
                if _agrees(scaled[first.name], dataclasses.replace(first, value=value)):
                    return True
    return False


# ---- 02.profile.analysis: teaching hints (never pass/fail) ------------------

def teaching_hints(action: dict, bottleneck: str = "memory") -> list[str]:
    """Hints read off the report; ``bottleneck``: what a good kernel for this operation is bound by."""
    hints = []
    for kind, sectors, requests, per_sector in (("load", M_LD_SECTORS, M_LD_REQUESTS, M_LD_BYTES_PER_SECTOR),
                                                 ("store", M_ST_SECTORS, M_ST_REQUESTS, M_ST_BYTES_PER_SECTOR)):
        s, r, b = _metric(action, sectors), _metric(action, requests), _metric(action, per_sector)
        ratio = s / r if s is not None and r else None
        if b is not None and b < BYTES_PER_SECTOR_HINT:
            waste = f"use {b:.1f} of every 32 bytes they move"
        elif b is None and ratio is not None and ratio > 16:
            waste = "fetch more sectors than any access width needs"
        else:
            continue
        per = f" ({ratio:.1f} sectors per request)" if ratio is not None else ""
        hints.append(f"hint: uncoalesced global {kind}s: they {waste}{per}. A warp touching consecutive 4-, 8- or "
                     f"16-byte elements needs 4, 8 or 16 sectors per request: let neighbouring threads touch "
                     f"neighbouring addresses.")
    achieved, theoretical = _metric(action, M_ACHIEVED), _metric(action, M_THEORETICAL)
    limits = {name: _metric(action, name) for name in OCCUPANCY_LIMITS}
    limits = {name: v for name, v in limits.items() if v is not None}
    if theoretical is not None and theoretical < OCCUPANCY_HINT and limits:
        lowest = min(limits.values())
        limiter = ", ".join(OCCUPANCY_LIMITS[n] for n, v in limits.items() if v == lowest)
        regs = _metric(action, M_REGISTERS)
        extra = f"; {regs:.0f} registers per thread" if regs is not None else ""
        hints.append(f"hint: theoretical occupancy is {theoretical:.0f}%, limited by {limiter} "
                     f"({lowest:.0f} blocks per SM{extra}).")
    if achieved is not None and theoretical and achieved < ACHIEVED_SHARE_HINT * theoretical:
        hints.append(f"hint: achieved occupancy {achieved:.0f}% is well under the theoretical {theoretical:.0f}%: "
                     "blocks finish unevenly, or the grid leaves SMs idle in its last wave.")
    local = [v for v in (_metric(action, M_LOCAL_LD), _metric(action, M_LOCAL_ST)) if v is not None]
    if local and sum(local) > 0:
        hints.append(f"hint: registers spill to local memory ({sum(local):.0f} local-memory sectors): "
                     "keep per-thread arrays small and indexed by compile-time constants (nvcc -Xptxas -v shows spills).")
    dram, sm = _metric(action, M_DRAM_PCT), _metric(action, M_SOL_SM)
    if bottleneck == "memory" and dram is not None and dram < DRAM_ROOFLINE_HINT:
        hints.append(f"hint: DRAM throughput is {dram:.0f}% of peak; a memory-bound kernel reads and writes each element "
                     f"once, so a tuned one streams at {DRAM_ROOFLINE_HINT:.0f}%+ of the memory roofline.")
    if bottleneck == "compute" and sm is not None and sm < DRAM_ROOFLINE_HINT:
        hints.append(f"hint: Compute (SM) Throughput is {sm:.0f}% of peak; a tuned kernel for this size keeps the FMA "
                     "pipes busy: more FMAs per value loaded (register blocking) and fewer stalls on shared memory.")
    return hints


def check_analysis(ctx) -> Result:
    mine = ctx.memo["profile.mine"]
    main = primary(mine)
    hints = teaching_hints(main, ctx.spec.profile.bottleneck)
    report = verdict(main)
    measurements = _key_measurements(main, report)

    def fail(message: str, details=()) -> Result:
        return failed(message, details=list(details) + hints, hint=ctx.hint("analysis"), **measurements)

    path = ctx.stage / analysis_path(ctx)
    if not path.is_file():
        return fail(f"{analysis_path(ctx).as_posix()} is missing")
    if report is None:
        return fail("the report has no SpeedOfLight section: record it with `make profile LAB=02`")
    text = decoded(path.read_bytes())
    if (problem := too_long(text)) is not None:
        return fail(f"{analysis_path(ctx).as_posix()}: {problem}",
                    ["expected: a page of prose and a table; every line of it is read and checked"])
    if (tag := hidden_html(text)) is not None:
        return fail(f"{analysis_path(ctx).as_posix()} uses {'TeX' if tag.startswith(chr(92)) else 'HTML'} that "
                    f"can hide text ({tag!r}): it is checked as it renders",
                    ["expected: Markdown for emphasis, tables, links and images; an HTML tag with attributes (hidden, "
                     "style, class), an element that never shows, or a TeX command that hides, colours or overlaps "
                     "text (\\phantom, \\color, \\rlap) is refused"])
    if (mark := reordering(text)) is not None:
        return fail(f"{analysis_path(ctx).as_posix()} holds a character that changes the order in which the page "
                    f"shows text ({mark}): it is checked as it renders, and read in the order it is stored",
                    ["expected: text in its reading order; right-to-left overrides, isolates and direction marks are "
                     "refused (a figure between U+202E and U+202C shows its digits reversed)"])
    kernels = tuple(sorted({kernel_base_name(str(a["kernel"].get("function") or "")) for a in mine} - {""} |
                           {analysis_path(ctx).stem}))  # softmax_tuned, the kernels' own names
    read = _read_analysis(text, kernels)
    if read is None:
        return fail(f"{analysis_path(ctx).as_posix()} could not be read in {ANALYSIS_READ_S:.0f} s",
                    ["expected: a page of prose and a table; a line of hundreds of numbers, or a long run of marks "
                     "after a figure, costs the reader time out of all proportion: write fewer per line"])
    (claim, problem), found, figure = read
    if figure is not None:
        return fail(f"{analysis_path(ctx).as_posix()} writes a figure with a letter for a digit ({figure!r}): it is "
                    "read as the characters it holds", ["expected: figures in digits (0 and 1, not O, l or I), as the "
                                                        "report prints them"])
    if claim is None:
        return fail(f"{analysis_path(ctx).as_posix()}: {problem}",
                    [f"expected: the bottleneck your report shows, which is {report.words} ({report.because()})"])
    if claim not in report.kinds:
        return fail(f"{analysis_path(ctx).as_posix()} says {claim}-bound, but the report shows {report.words}",
                    [f"found in the report: {report.because()}",
                     f"rule: latency-bound when both are under {BUSY:.0f}%; otherwise the unit that leads by "
                     f"{LEAD:.0f}+ points; both when they are closer"])
    check = check_quotes(found, quotable_metrics(mine, ctx.spec))
    written = markdown_lines(text)
    wrong = [f"line {q.line}: {q.text!r}{_in_words(q, written)} next to {', '.join(sorted({m.label for m in ms}))}, "
             f"but the report has {', '.join(sorted({_show(m) for m in ms}))}" for q, ms in check.misquoted]
    evidence = check.evidence
    if len(evidence) < 2 or check.misquoted:
        why = (f"{len(check.misquoted)} quoted value(s) disagree with the report: every number next to a metric's "
               "name must be the report's" if check.misquoted else
               f"it quotes {len(evidence)} measured value(s) that match the report; it needs at least 2")
        rate = [f"a FLOP rate is the op's FLOPs at {ctx.spec.label(ctx.spec.representative)} over the report's "
                "Duration; a rate measured elsewhere (make bench, the gate) names where it was measured"] \
            if any(q.family == "flops" for q, _ in check.misquoted) else []
        return fail(f"{analysis_path(ctx).as_posix()}: {why}",
                    wrong[:5] + rate + ["expected: numbers copied from the report, each next to its ncu name, "
                                        "e.g. 'DRAM Throughput | 91.2 %'"])
    quoted = [f"quotes {check.matched[n][1].label} = {check.matched[n][0].text}" for n in evidence]
    return Result(Status.PASS, f"the analysis names the report's bottleneck ({claim}-bound) "
                               f"and quotes {len(evidence)} of its values",
                  details=quoted + hints, measurements=measurements)


ANALYSIS_READ_S = 30.0  # the analysis's reading (claim and quotes) in a process of its own; the solutions' take 0.1 s


def _read_analysis(text: str, kernels: tuple[str, ...]):
    """(claimed_bottleneck(text), quotes(text, ...), lookalike_figure(text)), read by a child Python (profile_text.read_in_child) that is
    stopped after ANALYSIS_READ_S: the judge's own reading of learner text is bounded in time, as the tools it runs
    on learner files are. None when it did not finish."""
    import base64
    import json
    import pickle
    import sys
    import tempfile

    from grader.discover import REPO
    from grader.runner import run_tool

    with tempfile.TemporaryDirectory(prefix="grader-analysis-") as folder:
        path = Path(folder) / "analysis.json"
        path.write_text(json.dumps({"text": text, "labels": list(LABELS), "kernels": list(kernels)}))
        code, out = run_tool([sys.executable, "-c", "import sys; from grader.checks.profile_text import "
                              "read_in_child; read_in_child(sys.argv[1])", str(path)], cwd=REPO,
                             timeout_s=ANALYSIS_READ_S)
    if code is None:
        return None
    if code != 0:
        raise RuntimeError(f"the analysis reader failed (exit {code}): {out[-2000:]}")
    return pickle.loads(base64.b64decode(out.strip().splitlines()[-1]))


def _in_words(quote: Quote, lines: list[str]) -> str:
    """" (written in words)" when the quote's digits are not in its line as written: a figure the reader heard in
    words ("ninety-seven percent", profile_text.figures_in_words), so that the learner finds the one meant."""
    digits = re.match(r"[\d.,]+", quote.text)
    line = lines[quote.line - 1] if 0 < quote.line <= len(lines) else ""
    shown = digits and re.search(r"(?<![\d.,])" + re.escape(digits.group(0)) + r"(?![\d])", line)
    return " (written in words)" if digits and line and not shown else ""  # "seven" on a line with 47


def _show(metric: Quotable) -> str:
    value = metric.value
    if metric.family == "time":
        return f"{value / 1e3:.2f} us"
    if metric.family == "rate":
        return f"{value / 1e9:.1f} GB/s"
    if metric.family == "bytes":  # a launch's DRAM bytes in MiB, a block's shared memory in KiB or bytes
        # (16,640 bytes of shared memory were shown as "0.0 MiB": red team, session 54)
        return f"{value / 2**20:.1f} MiB" if value >= 2**20 else f"{value / 2**10:.2f} KiB" if value >= 2**10 else \
            f"{value:.0f} bytes"
    if metric.family == "percent":
        return f"{value:.2f} %"
    if metric.family == "flops":
        return f"{value / 1e12:.1f} TFLOP/s"
    return f"{value:.4g}"


def _key_measurements(action: dict, report: Verdict | None) -> dict:
    out = {"verdict": report.words if report else None}
    for key, name, scale in (("sol_memory_pct", M_SOL_MEM, 1), ("sol_compute_pct", M_SOL_SM, 1),
                             ("dram_throughput_pct", M_DRAM_PCT, 1), ("duration_us", M_DURATION, 1e-3),
                             ("achieved_occupancy_pct", M_ACHIEVED, 1), ("theoretical_occupancy_pct", M_THEORETICAL, 1),
                             ("registers_per_thread", M_REGISTERS, 1), ("dram_bytes_read", M_DRAM_READ, 1),
                             ("dram_bytes_write", M_DRAM_WRITE, 1)):
        value = _metric(action, name)
        if value is not None:
            out[key] = round(value * scale, 4)
    s, r = _metric(action, M_LD_SECTORS), _metric(action, M_LD_REQUESTS)
    if s is not None and r:
        out["global_load_sectors_per_request"] = round(s / r, 3)
    return out

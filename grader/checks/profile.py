"""Lab 02's Nsight Compute checks: is the committed report the learner's kernel, taken at
the representative shape, and does ANALYSIS.md read it right?

The report is read by a child (grader/child/ncu_read.py); this module never imports
ncu_report, it judges the raw facts the child wrote. The learner's text (the .cu file,
ANALYSIS.md) is read by grader/checks/profile_text.py. The numbers below are decisions
recorded in PHASE_24_PLAN.md (decisions log).

    check_loads             02.profile.loads            report_facts(): the child, run once (ctx.memo)
    check_kernel_matches    02.profile.kernel_matches   yours(): launches of the source's __global__s
    check_device_and_shape  02.profile.device_and_shape compute capability, NVTX range, DRAM bytes
    check_analysis          02.profile.analysis         verdict() vs the claim, check_quotes(), hints
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from grader.checks.profile_text import Quote, claimed_bottleneck, global_functions, kernel_base_name, quotes
from grader.config import SETTINGS
from grader.results import Result, Status, failed
from grader.runner import run_child

REPORT = Path("profile") / "softmax_tuned.ncu-rep"
ANALYSIS = Path("profile") / "ANALYSIS.md"
SOURCE = Path("softmax_tuned.cu")

# The driver (python -m grader.child.profile_target) wraps the timed launch in this
# NVTX push/pop range, and `make profile` profiles only what runs inside it.
NVTX_RANGE = re.compile(r"softmax_forward\s+(\d+)\s*[x×]\s*(\d+)")
MIN_CAPABILITY = (8, 0)  # the phase targets Ampere and newer

# ---- how the verdict is derived (percent of peak, the SpeedOfLight section) ----
BUSY = 60.0  # a unit at or above this share of its peak is busy
LEAD = 10.0  # points by which the busier unit must lead to be "the" bottleneck
# ---- teaching hints ----
DRAM_ROOFLINE_HINT = 70.0  # a streaming softmax should move data near DRAM peak
BYTES_PER_SECTOR_HINT = 24.0  # of 32: below this, loads/stores waste sector bytes
OCCUPANCY_HINT = 50.0  # theoretical occupancy below this is worth explaining
ACHIEVED_SHARE_HINT = 0.7  # achieved below this share of theoretical: imbalance / tail
# ---- shape evidence from DRAM bytes, in units of rows*cols*4 (one fp32 tensor) ----
DRAM_READ_RANGE = (0.9, 8.0)  # caches are flushed: the input is read at least once
DRAM_WRITE_RANGE = (0.4, 3.0)  # written once, but up to an L2-full of it may still be dirty at the end
# (H200: 0.90x written at 16384x4096; a 1024x4096 launch wrote 0.002x of the 16384x4096 tensor)

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
    """A metric ANALYSIS.md may quote: ncu's own label for it, its unit family, other names."""

    label: str
    family: str  # percent, time, rate (bytes/s), bytes, frequency, count
    aliases: tuple[str, ...] = ()  # regexes, lower case, besides the label itself
    config: bool = False  # launch configuration: known before the kernel runs, so no evidence


MEM, COMPUTE, DRAM = r"\bmem(ory)?\b", r"\bcompute\b", r"\bdram\b|\bhbm\b|device memory"
# The table is ours, not read from the report's sections: ncu 2025.3.1's own Python module
# cannot list a report's sections or labels, and both readers must give the same answer.
KNOWN = {
    # SpeedOfLight
    M_SOL_MEM: Known("Memory Throughput", "percent", (MEM, r"\bsol\b")),
    M_SOL_SM: Known("Compute (SM) Throughput", "percent", (COMPUTE, r"\bsm\b", r"\bsol\b")),
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
    "sm__warps_active.avg.per_cycle_active": Known("Achieved Active Warps Per SM", "count", (r"\bwarps?\b",)),
    M_THEORETICAL: Known("Theoretical Occupancy", "percent", (r"occupancy",), config=True),
    "sm__maximum_warps_avg_per_active_cycle": Known("Theoretical Active Warps per SM", "count", (r"\bwarps?\b",),
                                                    config=True),
    # WarpStateStats
    "smsp__average_warp_latency_per_inst_issued.ratio": Known(
        "Warp Cycles Per Issued Instruction", "count", (r"cycles?\s*per\s*(issued\s*)?instruction", r"\bcpi\b")),
    "smsp__average_warps_active_per_inst_executed.ratio": Known("Warp Cycles Per Executed Instruction", "count"),
    # LaunchStats
    M_REGISTERS: Known("Registers Per Thread", "count", (r"registers?",), config=True),
    "launch__block_size": Known("Block Size", "count", (r"threads?\s*per\s*block", r"\bthreads\b"), config=True),
    "launch__grid_size": Known("Grid Size", "count", (r"\bblocks\b", r"\bgrid\b"), config=True),
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
LD_SECTORS_PER_REQUEST = "derived: global load sectors per request"
ST_SECTORS_PER_REQUEST = "derived: global store sectors per request"
PER_REQUEST = (r"sectors?\s*(/|per)\s*req",)
WANTED = sorted(set(KNOWN) | set(OCCUPANCY_LIMITS) | {
    M_LD_SECTORS, M_LD_REQUESTS, M_ST_SECTORS, M_ST_REQUESTS, "device__attribute_display_name"})


# ---- 02.profile.loads -------------------------------------------------------

@dataclass
class Facts:
    """What the child read, or why it could not."""

    actions: list[dict] = field(default_factory=list)
    error: str = ""  # set when the file is no usable report
    loader: dict | None = None
    log: Path | None = None


def report_facts(ctx) -> Facts:
    """Run the ncu_read child once per lab run."""
    if "profile.facts" in ctx.memo:
        return ctx.memo["profile.facts"]
    path = ctx.stage / REPORT
    if not path.is_file():
        facts = Facts(error="is missing: record it with `make profile LAB=02` and commit it")
    else:
        request = {"report": str(path), "metrics": WANTED}
        run = run_child("ncu_read", request, rundir=ctx.rundir("profile"), timeout_s=60)
        if _second_opinion(run):
            # ncu's own module may crash or refuse a file that the pinned PyPI reader reads (a report
            # from a newer ncu, say): ask that one before blaming the file.
            retry = run_child("ncu_read", request, rundir=ctx.rundir("profile-pip"), timeout_s=60,
                              env={"GRADER_NCU_READER": "pip"})
            if retry.response is not None and not retry.response.get("internal"):
                run = retry
        facts = _facts_from_run(run)
    ctx.memo["profile.facts"] = facts
    return facts


def _second_opinion(run) -> bool:
    """Did ncu's own module crash on the file, or refuse it, where the PyPI reader might not?"""
    if run.timed_out:
        return False
    response = run.response
    if response is None:
        return True
    loader = response.get("loader") or {}
    return not response.get("ok") and loader.get("source") == "ncu-install"


def _facts_from_run(run) -> Facts:
    if run.timed_out:
        return Facts(error=f"reading the report took longer than {run.timeout_s:.0f} s: is it damaged?", log=run.log)
    response = run.response
    if response is None:
        why = f"killed by {run.signal_name}" if run.signal_name else f"exit code {run.returncode}"
        return Facts(error=f"the report reader crashed on the file ({why}): it is damaged or not a report", log=run.log)
    if response.get("internal"):
        # No reader installed is the grader's problem, never the learner's.
        raise RuntimeError(f"grader environment: {response.get('error')}")
    if not response.get("ok"):
        return Facts(error=response.get("error") or "unreadable", loader=response.get("loader"), log=run.log)
    return Facts(actions=response["actions"], loader=response.get("loader"), log=run.log)


def check_loads(ctx) -> Result:
    facts = report_facts(ctx)
    if facts.error:
        return failed(f"{REPORT.as_posix()}: {facts.error}", hint=ctx.hint("profile"), log=facts.log)
    names = sorted({a["kernel"]["function"] or "?" for a in facts.actions})
    loader = (facts.loader or {}).get("source", "?")
    return Result(Status.PASS, f"report loads: {len(facts.actions)} profiled kernel launch(es): {', '.join(names)}",
                  details=[f"read with the {loader} ncu_report module"], measurements={"profiled_kernels": names})


# ---- 02.profile.kernel_matches ----------------------------------------------

def source_kernels(ctx) -> tuple[list[str], str]:
    """(__global__ names defined in the staged tuned source, error)."""
    path = ctx.stage / SOURCE
    if not path.is_file():
        return [], f"{SOURCE} is missing"
    return global_functions(path.read_text(errors="replace")), ""


def yours(actions: list[dict], names: list[str]) -> list[dict]:
    """The actions whose kernel is one of the learner's __global__ functions."""
    wanted = set(names)
    mine = []
    for action in actions:
        kernel = action["kernel"]
        candidates = {kernel_base_name(kernel.get("function") or ""), kernel_base_name(kernel.get("demangled") or ""),
                      kernel.get("mangled") or ""}
        if candidates & wanted:
            mine.append(action)
    return mine


def check_kernel_matches(ctx) -> Result:
    facts = report_facts(ctx)
    names, error = source_kernels(ctx)
    if error:
        return failed(error, hint=ctx.hint("profile"))
    if not names:
        return failed(f"{SOURCE} defines no __global__ function, so no profiled kernel can be yours",
                      hint=ctx.hint("profile"))
    found = sorted({kernel_base_name(a["kernel"]["function"] or a["kernel"]["demangled"]) or "?" for a in facts.actions})
    mine = yours(facts.actions, names)
    if not mine:
        return failed(
            f"the report profiles {', '.join(found)}, not a kernel from {SOURCE}",
            details=[f"expected: a launch of {', '.join(names)} (the __global__ functions in {SOURCE})",
                     f"found: {', '.join(found)}",
                     "re-record it with `make profile LAB=02` after your last change to the kernel"],
            hint=ctx.hint("profile"))
    ctx.memo["profile.mine"] = mine
    launches = sorted({kernel_base_name(a["kernel"]["function"]) for a in mine})
    return Result(Status.PASS, f"the report profiles your kernel {', '.join(launches)}",
                  measurements={"kernels": launches, "launches": len(mine)})


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


def nvtx_shapes(actions: list[dict]) -> set[tuple[int, int]]:
    shapes = set()
    for action in actions:
        for domain in (action.get("nvtx") or {}).get("domains", ()):
            for name in list(domain.get("push_pop", ())) + list(domain.get("start_end", ())):
                match = NVTX_RANGE.search(name)
                if match:
                    shapes.add((int(match.group(1)), int(match.group(2))))
    return shapes


def _mib_range(bounds: tuple[float, float], tensor: int) -> str:
    return f"{bounds[0] * tensor / 2**20:.0f}-{bounds[1] * tensor / 2**20:.0f} MiB"


def check_device_and_shape(ctx) -> Result:
    mine = ctx.memo["profile.mine"]
    main = primary(mine)
    device = main["device"]
    capability = device.get("compute_capability")
    rows, cols = SETTINGS.representative_shape
    shape = f"{rows}x{cols}"
    problems, details = [], []
    if not capability:
        problems.append("the report does not record the GPU's compute capability")
    elif tuple(capability) < MIN_CAPABILITY:
        problems.append(f"taken on {device.get('name')} (sm_{capability[0]}{capability[1]}); "
                        f"the lab needs sm_{MIN_CAPABILITY[0]}{MIN_CAPABILITY[1]} or newer")
    shapes = nvtx_shapes(mine)
    if not shapes:
        problems.append(f"your kernel was not launched inside the NVTX range 'softmax_forward {shape}': "
                        "record the report with `make profile LAB=02`")
    elif (rows, cols) not in shapes:
        problems.append(f"profiled at {', '.join(f'{r}x{c}' for r, c in sorted(shapes))}, "
                        f"not at the representative shape {shape}")
    tensor = rows * cols * 4
    first = _first_launches([a for a in mine if (rows, cols) in nvtx_shapes([a])] or mine)
    read = [_metric(a, M_DRAM_READ) for a in first]
    written = [_metric(a, M_DRAM_WRITE) for a in first]
    if all(v is not None for v in read + written):
        read_x, write_x = sum(read) / tensor, sum(written) / tensor
        details.append(f"DRAM traffic: read {read_x:.2f}x and wrote {write_x:.2f}x one {shape} fp32 tensor "
                       f"({tensor / 2**20:.0f} MiB)")
        if not DRAM_READ_RANGE[0] <= read_x <= DRAM_READ_RANGE[1] or not DRAM_WRITE_RANGE[0] <= write_x <= DRAM_WRITE_RANGE[1]:
            problems.append(f"the DRAM traffic does not fit a {shape} fp32 softmax: read {sum(read) / 2**20:.0f} MiB, "
                            f"wrote {sum(written) / 2**20:.0f} MiB; expected {_mib_range(DRAM_READ_RANGE, tensor)} "
                            f"read and {_mib_range(DRAM_WRITE_RANGE, tensor)} written")
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


def quotable_metrics(actions: list[dict]) -> list[Quotable]:
    """Every value of the learner's launches that ANALYSIS.md may quote."""
    out = []
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


def _agrees(quote: Quote, metric: Quotable) -> bool:
    """The quote is the metric rounded or truncated to the quoted digits, or within 1% of it."""
    ulp = 10.0 ** -quote.digits
    for factor in quote.factors:
        if metric.value == 0 and quote.value == 0:
            return True
        q, v = quote.value * factor, metric.value
        step = ulp * factor
        if v - step < q <= v + step / 2 + 1e-12 * max(1.0, abs(v)) or math.isclose(q, v, rel_tol=0.01):
            return True
    return False


@dataclass
class QuoteCheck:
    matched: dict = field(default_factory=dict)  # metric name -> (quote, metric)
    misquoted: list = field(default_factory=list)  # (quote, [metrics it could name])

    @property
    def evidence(self) -> list[str]:
        return [n for n, (_, m) in self.matched.items() if not m.config]


def check_quotes(found: list[Quote], metrics: list[Quotable]) -> QuoteCheck:
    """Match each quoted number against the metrics named near it (same unit family)."""
    result = QuoteCheck()
    for quote in found:
        named = [m for m in metrics if m.family == quote.family and any(re.search(a, quote.context) for a in m.aliases)]
        if not named:
            continue  # a number not about any metric: a shape, a date, a count of rows
        agreeing = [m for m in named if _agrees(quote, m)]
        if agreeing:
            for metric in agreeing:
                result.matched.setdefault(metric.name, (quote, metric))
        else:
            result.misquoted.append((quote, named))
    return result


# ---- 02.profile.analysis: teaching hints (never pass/fail) ------------------

def teaching_hints(action: dict) -> list[str]:
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
    dram = _metric(action, M_DRAM_PCT)
    if dram is not None and dram < DRAM_ROOFLINE_HINT:
        hints.append(f"hint: DRAM throughput is {dram:.0f}% of peak; a softmax reads and writes each element once, "
                     f"so a tuned one streams at {DRAM_ROOFLINE_HINT:.0f}%+ of the memory roofline.")
    return hints


def check_analysis(ctx) -> Result:
    mine = ctx.memo["profile.mine"]
    main = primary(mine)
    hints = teaching_hints(main)
    report = verdict(main)
    measurements = _key_measurements(main, report)

    def fail(message: str, details=()) -> Result:
        return failed(message, details=list(details) + hints, hint=ctx.hint("analysis"), **measurements)

    path = ctx.stage / ANALYSIS
    if not path.is_file():
        return fail(f"{ANALYSIS.as_posix()} is missing")
    if report is None:
        return fail("the report has no SpeedOfLight section: record it with `make profile LAB=02`")
    text = path.read_text(errors="replace")
    claim, problem = claimed_bottleneck(text)
    if claim is None:
        return fail(f"{ANALYSIS.as_posix()}: {problem}",
                    [f"expected: the bottleneck your report shows, which is {report.words} ({report.because()})"])
    if claim not in report.kinds:
        return fail(f"{ANALYSIS.as_posix()} says {claim}-bound, but the report shows {report.words}",
                    [f"found in the report: {report.because()}",
                     f"rule: latency-bound when both are under {BUSY:.0f}%; otherwise the unit that leads by "
                     f"{LEAD:.0f}+ points; both when they are closer"])
    check = check_quotes(quotes(text), quotable_metrics(mine))
    wrong = [f"line {q.line}: {q.text!r} next to {', '.join(sorted({m.label for m in ms}))}, "
             f"but the report has {', '.join(sorted({_show(m) for m in ms}))}" for q, ms in check.misquoted]
    evidence = check.evidence
    if len(evidence) < 2 or len(check.misquoted) > len(evidence):
        why = (f"it quotes {len(evidence)} measured value(s) that match the report; it needs at least 2"
               if len(evidence) < 2 else
               f"{len(check.misquoted)} quoted values disagree with the report, more than the {len(evidence)} that agree")
        return fail(f"{ANALYSIS.as_posix()}: {why}",
                    wrong[:5] + ["expected: numbers copied from the report, each next to its ncu name, "
                                 "e.g. 'DRAM Throughput | 91.2 %'"])
    quoted = [f"quotes {check.matched[n][1].label} = {check.matched[n][0].text}" for n in evidence]
    return Result(Status.PASS, f"the analysis names the report's bottleneck ({claim}-bound) "
                               f"and quotes {len(evidence)} of its values",
                  details=quoted + [f"note: {w}" for w in wrong] + hints, measurements=measurements)


def _show(metric: Quotable) -> str:
    value = metric.value
    if metric.family == "time":
        return f"{value / 1e3:.2f} us"
    if metric.family == "rate":
        return f"{value / 1e9:.1f} GB/s"
    if metric.family == "bytes":
        return f"{value / 2**20:.1f} MiB"
    if metric.family == "percent":
        return f"{value:.2f} %"
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

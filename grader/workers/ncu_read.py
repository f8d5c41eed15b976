"""Worker: read an Nsight Compute report (learner data) and answer its raw facts.

    command  {"cmd": "read", "report": "<path to .ncu-rep>", "metrics": ["gpu__time_duration.sum", ...]}
    answer   {"ok": true, "loader": {...}, "actions": [{kernel, device, launch, sections, nvtx, metrics,
             section_metrics, rules}, ...]}
        or   {"ok": false, "error": "<why the file could not be read>", "loader": {...}}

The report is learner input, so every failure to read it is an answer ("ok": false), never a
crash; a file crafted to crash or fool the reader meets the sandbox. The judge decides what the
facts mean (grader/checks/profile.py); this worker only reads them.

Which reader: Nsight Compute's own Python module (``<ncu install>/extras/python``)
when an ncu install is found, else the PyPI ``ncu_report`` package (pinned in
pyproject.toml); GRADER_NCU_READER=pip forces the latter. The response names the one
used. The parent asks for metrics by name and never relies on what only one reader
offers (2025.3.1's module has no ``IAction.sections()`` nor ``IMetric.label()``).

The reader is imported before numpy: with numpy loaded first, ncu 2025.3.1's
``_ncu_report.so`` crashes (SIGSEGV) in ``IMetric.unit()``. Nothing this worker imports loads numpy.
"""
from __future__ import annotations

import glob
import importlib
import math
import os
import shutil
import sys
import traceback
from pathlib import Path

from grader.audit.sass import canonical

REPORT_SIGNATURE = b"NVR\x00"  # the first bytes of every .ncu-rep seen so far
LFS_POINTER = b"version https://git-lfs"
MESSAGE_LIMIT = 400  # characters of a rule message kept: the title says most of it


# ---- finding a reader -------------------------------------------------------

def _ncu_python_dirs() -> list[Path]:
    """extras/python folders of the Nsight Compute installs on this machine, best first."""
    found: list[Path] = []
    ncu = shutil.which("ncu")
    if ncu:
        real = Path(os.path.realpath(ncu))
        for base in (real.parent, real.parent.parent):
            found.append(base / "extras" / "python")
        # /usr/local/cuda/bin/ncu is a script that runs <cuda>/nsight-compute-<v>/ncu
        for pattern in (str(real.parent.parent / "nsight-compute*" / "extras" / "python"),):
            found.extend(Path(p) for p in sorted(glob.glob(pattern), reverse=True))
    for pattern in ("/opt/nvidia/nsight-compute/*/extras/python", "/usr/local/cuda*/nsight-compute*/extras/python"):
        found.extend(Path(p) for p in sorted(glob.glob(pattern), reverse=True))
    unique = []
    for path in found:
        if (path / "ncu_report.py").is_file() and path not in unique:
            unique.append(path)
    return unique


def import_reader():
    """Return (module, description). Prefers ncu's own module, falls back to PyPI's."""
    tried = []
    if os.environ.get("GRADER_NCU_READER") != "pip":
        for folder in _ncu_python_dirs():
            sys.path.insert(0, str(folder))
            try:
                sys.modules.pop("ncu_report", None)
                module = importlib.import_module("ncu_report")
                return module, {"source": "ncu-install", "path": str(folder), "tried": tried}
            except Exception as exc:  # a module built for another Python, say
                tried.append(f"{folder}: {type(exc).__name__}: {exc}")
            finally:
                sys.path.remove(str(folder))
    sys.modules.pop("ncu_report", None)
    module = importlib.import_module("ncu_report")  # ImportError reaches main()
    version = ""
    try:
        from importlib.metadata import version as dist_version

        version = dist_version("ncu_report")
    except Exception:
        pass
    return module, {"source": "pip", "path": str(Path(module.__file__).parent), "version": version, "tried": tried}


# ---- reading values ---------------------------------------------------------

def _clean(value):
    """A JSON-safe scalar: int, float, str or None (NaN and inf become None)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        return value
    return None


def metric_value(metric):
    """The metric's value. ``as_string()`` is None for numbers, so ask ``value()`` first."""
    if metric is None:
        return None
    try:
        if hasattr(metric, "has_value") and not metric.has_value():
            return None
    except Exception:
        pass
    try:
        return _clean(metric.value())
    except Exception:
        pass
    for getter in ("as_double", "as_uint64", "as_string"):
        try:
            value = _clean(getattr(metric, getter)())
            if value is not None:
                return value
        except Exception:
            continue
    return None


def read_metric(action, name: str):
    try:
        metric = action.metric_by_name(name)
    except Exception:
        return None
    if metric is None:
        return None
    value = metric_value(metric)
    if value is None:
        return None
    try:
        unit = metric.unit() or ""
    except Exception:
        unit = ""
    return {"value": value, "unit": unit}


def _safe(call, default=None):
    """call(), or default when it raises; pass a lambda: older readers lack some methods."""
    try:
        return call()
    except Exception:
        return default


def read_nvtx(action):
    state = _safe(lambda: action.nvtx_state())
    if state is None:
        return None
    domains = []
    for domain_id in _safe(lambda: state.domains(), ()) or ():
        domain = _safe(lambda: state.domain_by_id(domain_id))
        if domain is None:
            continue
        domains.append({
            "name": _safe(lambda: domain.name(), "") or "",
            "push_pop": list(_safe(lambda: domain.push_pop_ranges(), ()) or ()),
            "start_end": list(_safe(lambda: domain.start_end_ranges(), ()) or ()),
        })
    return {"domains": domains}


def read_sections(action):
    sections, labelled = [], []
    for section in _safe(lambda: action.sections(), ()) or ():
        ident = _safe(lambda: section.identifier(), "") or ""
        sections.append(ident)
        for group in ("header_metrics", "body_metrics"):
            for metric in _safe(lambda: getattr(section, group)(), ()) or ():
                name = _safe(lambda: metric.name(), "") or ""
                if name.startswith("breakdown:"):
                    continue  # a list of metric names, not a value
                value = metric_value(metric)
                if not isinstance(value, (int, float)):
                    continue
                if _safe(lambda: metric.num_instances(), 0):
                    continue  # per-register/per-block-size curves: not one number
                labelled.append({
                    "section": ident, "name": name, "label": _safe(lambda: metric.label(), "") or "",
                    "unit": _safe(lambda: metric.unit(), "") or "", "value": value,
                })
    return sections, labelled


def read_rules(action):
    rules = []
    for rule in _safe(lambda: action.rule_results_as_dicts(), ()) or ():
        message = rule.get("rule_message") or {}
        rules.append({
            "section": rule.get("section_identifier", ""),
            "rule": rule.get("rule_identifier", ""),
            "title": message.get("title", ""),
            "message": (message.get("message") or "")[:MESSAGE_LIMIT],
            "type": _clean(int(message.get("type", 0) or 0)),
            "focus": [{"name": f.get("name", ""), "value": _clean(f.get("value"))} for f in rule.get("focus_metrics") or ()],
        })
    return rules


# The machine code the report profiled, per launch: the addresses of its per-instruction counts (the SourceCounters
# section, which `make profile` collects) and the instruction at each. Bounded, as a crafted report may claim any
# number of launches and instructions; the judge compares them with the library's (grader/audit/sass.py).
SASS_METRIC = "inst_executed"
MAX_SASS_INSTRUCTIONS = 20_000  # per launch; the solutions' profiled kernels have under 2,000
MAX_SASS_CHARACTERS = 1_500_000  # over the whole report (the channel carries at most 4 MiB)
MAX_INSTRUCTION_CHARACTERS = 200


def read_sass(action, budget: list[int]) -> dict:
    """{"instructions": [[offset, text], ...]} in address order, offsets from the function's first instruction;
    {"missing": why} when the report holds none or they are past the bounds. A branch target, an absolute address
    in the report, becomes an offset too (grader/audit/sass.py)."""
    if budget[0] <= 0:  # spent on earlier launches: a report of hundreds is not read to its end
        return {"missing": f"over {MAX_SASS_CHARACTERS} characters of instructions in the report"}
    metric = _safe(lambda: action.metric_by_name(SASS_METRIC))
    ids = _safe(lambda: metric.correlation_ids()) if metric is not None else None
    count = _safe(lambda: ids.num_instances(), 0) if ids is not None else 0
    if not hasattr(action, "sass_by_pc"):
        return {"missing": "this report reader cannot list instructions", "reader": True}
    if not count:
        return {"missing": "no per-instruction counts (the SourceCounters section)"}
    if count > MAX_SASS_INSTRUCTIONS:
        return {"missing": f"{count} instructions, over the {MAX_SASS_INSTRUCTIONS} read"}
    addresses = sorted({a for a in (_safe(lambda i=i: ids.as_uint64(i)) for i in range(count)) if isinstance(a, int)})
    if not addresses:
        return {"missing": "no instruction addresses"}
    base, end = addresses[0], addresses[-1] + 16
    out = []
    for address in addresses:
        text = (_safe(lambda: action.sass_by_pc(address), "") or "")[:MAX_INSTRUCTION_CHARACTERS]
        budget[0] -= len(text) + 8
        if budget[0] < 0:
            return {"missing": f"over {MAX_SASS_CHARACTERS} characters of instructions in the report"}
        out.append([address - base, canonical(text, base, end)])
    return {"instructions": out}


LAUNCH = {
    "grid": ("launch__grid_dim_x", "launch__grid_dim_y", "launch__grid_dim_z"),
    "block": ("launch__block_dim_x", "launch__block_dim_y", "launch__block_dim_z"),
}


def read_action(action, module, wanted: list[str], range_idx: int, action_idx: int) -> dict:
    def name(base):
        return _safe(lambda: action.name(base), "") or ""

    value = lambda metric: (read_metric(action, metric) or {}).get("value")  # noqa: E731
    sections, labelled = read_sections(action)
    metrics = {}
    for metric in wanted:
        got = read_metric(action, metric)
        if got is not None:
            metrics[metric] = got
    major = value("device__attribute_compute_capability_major")
    minor = value("device__attribute_compute_capability_minor")
    return {
        "range": range_idx,
        "action": action_idx,
        "kernel": {
            "function": name(module.IAction.NameBase_FUNCTION),
            "demangled": name(module.IAction.NameBase_DEMANGLED),
            "mangled": name(module.IAction.NameBase_MANGLED),
        },
        "device": {
            "name": value("device__attribute_display_name"),
            "compute_capability": [major, minor] if major is not None and minor is not None else None,
            "sm_count": value("device__attribute_multiprocessor_count"),
        },
        "launch": {
            "grid": [value(m) for m in LAUNCH["grid"]],
            "block": [value(m) for m in LAUNCH["block"]],
            "registers_per_thread": value("launch__registers_per_thread"),
            "shared_mem_per_block_static": value("launch__shared_mem_per_block_static"),
            "shared_mem_per_block_dynamic": value("launch__shared_mem_per_block_dynamic"),
        },
        "sections": sections,
        "nvtx": read_nvtx(action),
        "metrics": metrics,
        "section_metrics": labelled,
        "rules": read_rules(action),
    }


# ---- loading ----------------------------------------------------------------

def sniff(path: Path) -> str | None:
    """Why the file cannot be a report, judged from its first bytes; None if it may be one."""
    with open(path, "rb") as fh:
        head = fh.read(4096)
    if not head:
        return "not an Nsight Compute report: the file is empty"
    if head.startswith(REPORT_SIGNATURE):
        return None
    if head.startswith(LFS_POINTER):
        return "not an Nsight Compute report: it is a Git LFS pointer (run `git lfs pull`, or commit the file itself)"
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        return None  # binary of some other kind: let the loader judge
    if "\x00" not in text:
        first = text.strip().splitlines()[0][:60] if text.strip() else ""
        return f"not an Nsight Compute report: it is a text file (it starts {first!r})"
    return None


def load(module, loader: dict, path: Path, wanted: list[str]) -> dict:
    reason = sniff(path)
    if reason:
        return {"ok": False, "error": reason, "loader": loader}
    try:
        context = module.load_report(str(path))
        num_ranges = context.num_ranges() if context is not None else None
    except Exception as exc:
        return {"ok": False, "error": f"the report reader refused it: {type(exc).__name__}: {exc}", "loader": loader}
    with open(path, "rb") as fh:
        signed = fh.read(len(REPORT_SIGNATURE)) == REPORT_SIGNATURE
    if num_ranges is None or (not num_ranges and not signed):
        return {"ok": False, "error": "not an Nsight Compute report: the report reader could not parse it", "loader": loader}
    loader["report_version"] = _safe(lambda: context.get_version(), "")
    actions, budget = [], [MAX_SASS_CHARACTERS]
    for r in range(num_ranges):
        rng = context.range_by_idx(r)
        for a in range(rng.num_actions() or 0):
            action = rng.action_by_idx(a)
            if action is not None:
                actions.append(read_action(action, module, wanted, r, a))
                # each launch's own: one report may hold launches of two files' kernels of one name
                actions[-1]["sass"] = read_sass(action, budget)
    if not actions:
        why = "it is damaged or truncated, or ncu profiled nothing" if signed else "not an Nsight Compute report"
        return {"ok": False, "error": f"the report holds no profiled kernel (0 results): {why}", "loader": loader}
    if not any(a["kernel"]["function"] or a["metrics"] or a["section_metrics"] for a in actions):
        why = "damaged or truncated" if signed else "not an Nsight Compute report"
        return {"ok": False, "error": f"{why}: its results have no kernel name and no metrics", "loader": loader}
    return {"ok": True, "loader": loader, "actions": actions}


class NcuReader:
    def __init__(self, io: Path):
        self.io = io

    def cmd_read(self, message, link) -> dict:
        path = Path(message["report"])
        wanted = list(message.get("metrics", ()))
        try:
            module, loader = import_reader()
        except ImportError as exc:
            return {"ok": False, "error": f"no Nsight Compute report reader here: {exc}", "loader": None,
                    "internal": True}
        if not path.is_file():
            return {"ok": False, "error": f"no file at {path}", "loader": loader}
        try:
            return load(module, loader, path, wanted)
        except Exception as exc:  # the reader choked on a damaged file: the learner's problem, reported as such
            traceback.print_exc()
            return {"ok": False, "error": f"the report reader failed on it: {type(exc).__name__}: {exc}",
                    "loader": loader}


if __name__ == "__main__":
    from grader.workers.serve import serve

    serve(NcuReader)

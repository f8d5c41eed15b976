"""Lab 03, part 2: the PyTorch port of MiniGPT, checked against the NumPy reference.

grader/labs/lab03.py calls ``register(lab)``. The port runs once per device in a sandboxed
worker (grader/workers/port.py), memoized in ctx.memo; each check reads that one run from its
own angle. The reference runs here, in the judge, from the grader's own tree; its answers never
leave the judge.

Inputs come from ctx.seed: GPT-2-initialised weights with every bias and LayerNorm parameter
moved off its initial value, one batch per optimizer step, and, for the optimizer check, random
gradients that both optimizers are fed (Adam divides by sqrt(v) + eps, so the port's own
gradients would let a last-bit difference near eps grow ~1e5x; fed gradients check the update
alone). The end-to-end training loop is checked through its losses.
"""
from __future__ import annotations

import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from grader import channel
from grader.audit import python_ast
from grader.checks.crash import HOST_MEMORY, explain_gone, host_memory_lesson
from grader.checks.kernel_checks import answered, new_worker, started_worker
from grader.checks.parity import (Comparison, PortCase, compare, draw_case, load_reference, reference_file,
                                  reference_results, summary)
from grader.config import SETTINGS
from grader.context import Context
from grader.checks.started import begun, missing, not_started
from grader.registry import Lab
from grader.results import Result, failed, passed, skipped
from grader.runner import WorkerGone

MAX_OUTPUTS_BYTES = 256 << 20  # the port's answer for the grading model is a few MB

PORT = "minigpt_torch.py"
SHAPE = {"block_size": 32, "n_layer": 2, "n_head": 4, "n_embd": 64}
BATCH_SIZE = 4
STEPS = 3
ADAMW = {"lr": 1e-3, "betas": [0.9, 0.99], "eps": 1e-8, "weight_decay": 0.1}
RTOL = SETTINGS.parity_rtol

STAGE_WHAT = {
    "import": f"importing {PORT}",
    "build": "GPT(GPTConfig(...)).to(device)",
    "load": "model.load_state_dict(the reference's weights)",
    "forward": "logits, loss = model(idx, targets)",
    "backward": "the backward pass (the grader's torch.autograd.grad of your loss)",
    "adamw": "configure_optimizer(...) and optimizer.step() on given gradients",
    "train": f"the training loop ({STEPS} x forward, autograd's gradients, optimizer.step())",
}
ERROR_LESSONS = (
    ("TODO(03-", "this part of the port is still the stub: write the TODO it names"),
    ("same device", "a tensor made inside the model lives on the CPU: create it with device=idx.device, or register "
                    "it as a buffer so that model.to(device) moves it"),
    ("size mismatch", "nn.Linear stores its weight as [out, in], like the reference; nn.Embedding as [rows, C]"),
    ("same dtype", "a float32 tensor meets a float64 one: build every layer with dtype=config.dtype"),
    ("expected scalar type", "a float32 tensor meets a float64 one: build every layer with dtype=config.dtype"),
    ("does not require grad", "the loss does not reach the parameters through torch ops: .detach(), .numpy(), "
                              "torch.tensor(...) or torch.no_grad() cut the autograd graph"),
    ("unexpected keyword argument 'dtype'", "GPTConfig must keep its dtype field: the grader passes dtype=torch.float64"),
    # (mistakes34, session 34)
    ("modified by an inplace operation", "an in-place operation (x += ..., add_, masked_fill_, relu(inplace=True)) "
                                         "changed a tensor autograd saved for the backward pass: write x = x + ... "
                                         "or use the operation's out-of-place form"),
)
# What each probed activation is, for a failure that names the first layer to differ.
PROBE_MEANING = (
    ("transformer.wte", "the token embedding lookup"),
    ("transformer.wpe", "the position embedding lookup, positions 0..T-1"),
    ("ln_", "a LayerNorm: biased variance, eps = config.ln_eps (1e-5), then weight and bias"),
    ("attn.c_attn", "the q, k, v projection"),
    ("attn.c_proj:in", "attention itself: q k^T * 1/sqrt(hs), the causal -inf mask, F.softmax, @ v, heads merged "
                       "back in order"),
    ("attn", "attention's output projection c_proj"),
    ("mlp.c_fc", "the MLP's first linear layer"),
    ("mlp.c_proj:in", "the GELU: the exact erf form, nn.GELU() with no approximate='tanh'"),
    ("mlp", "the MLP's output projection c_proj"),
    ("lm_head", "lm_head: no bias, and not tied to wte"),
    ("transformer.h.", "the residual adds: x + attn(ln_1(x)), then x + mlp(ln_2(x))"),
)


@dataclass
class Reference:
    case: PortCase
    expected: dict[str, np.ndarray]
    file: Path

    @property
    def names(self) -> list[str]:
        return list(self.case.weights)

    @property
    def probes(self) -> list[str]:
        return [k.removeprefix("probe/") for k in self.expected if k.startswith("probe/")]


@dataclass
class PortRun:
    device: str
    ref: Reference
    facts: dict
    outputs: dict
    log: Path
    gone: WorkerGone | None = None
    problem: str = ""  # the answer could not be read

    def compare(self, key: str, *, reshape: bool = False) -> Comparison:
        return compare(label(key), self.outputs.get(key), self.ref.expected[key], RTOL, reshape=reshape)


def reference(ctx: Context) -> Reference:
    def compute() -> Reference:
        path = reference_file()
        ref = load_reference(path)
        case = draw_case(ref, ctx.seed, shape=SHAPE, batch_size=BATCH_SIZE, steps=STEPS, adamw=ADAMW)
        with ctx.clock("judge: MiniGPT reference (NumPy)"):
            return Reference(case, reference_results(ref, case), path)

    return ctx.once("03.port.reference", compute)


def port_run(ctx: Context, device: str) -> PortRun:
    return ctx.once(f"03.port.run.{device}", lambda: _port_run(ctx, device))


def _port_run(ctx: Context, device: str) -> PortRun:
    ref = reference(ctx)
    case = ref.case
    message = {
        "cmd": "run", "port": str(ctx.stage / PORT), "module_name": PORT.removesuffix(".py"),
        "config": case.config, "dtype": "float64", "device": device, "adamw": case.adamw,
        "steps": case.steps, "params": ref.names, "probes": ref.probes,
    }
    arrays = {f"param/{n}": w for n, w in case.weights.items()}
    for k, (idx, targets) in enumerate(case.batches):
        arrays[f"idx/{k}"], arrays[f"targets/{k}"] = idx, targets
    for k, grads in enumerate(case.fed):
        arrays.update({f"fed/{k}/{n}": g for n, g in grads.items()})
    worker = port_worker(ctx, device)
    facts, outputs, gone, problem = {}, {}, None, ""
    try:
        # its start (torch's import, CUDA's set-up) answered before anything of the learner's is sent: a start lost
        # there is started again once, and lost twice is the grader's (HarnessLost), not the port's FAIL
        worker = answered(worker, lambda: port_worker(ctx, device, fresh=True), SETTINGS.child_timeout_s)
        worker.put("inputs.npz", lambda fh: np.savez(fh, **arrays))
        with ctx.gpu_work(device == "cuda"):
            facts = worker.call(message, timeout_s=SETTINGS.child_timeout_s).data
        problem = malformed(facts)
        if not problem:
            outputs, problem = read_outputs(worker.io / "outputs.npz")
    except WorkerGone as exc:
        gone = exc
    finally:
        worker.close()
    return PortRun(device, ref, facts, outputs, worker.log, gone, problem)


def port_worker(ctx: Context, device: str, fresh: bool = False):
    """The worker that runs the port on ``device``, started once (early, by the lab's prepare hook: torch imports
    while the judge sets up), or again where its start was lost (``fresh``). It loads nothing of the learner's before
    its one "run" command."""
    return started_worker(ctx, f"port-{device}", lambda: new_worker(
        ctx, "port", f"port-{device}", "port-gpu" if device == "cuda" else "port", gpu=device == "cuda",
        ro=[ctx.stage]), fresh)


def prespawn(ctx: Context) -> None:
    """The lab's prepare hook, for the port: its workers start now if the file is there and begun."""
    if begun(ctx, PORT):
        if ctx.lab.has_lane("port"):
            port_worker(ctx, "cpu")
        if ctx.device.has_cuda and ctx.lab.has_lane("port-gpu"):
            port_worker(ctx, "cuda")


def malformed(facts: dict) -> str:
    """Why the port worker's answer cannot be read as the facts the checks expect ('' when it can): learner
    Python shares that process and could garble it."""
    def is_map(v, values=None):
        return isinstance(v, dict) and all(isinstance(k, str) for k in v) and (
            values is None or all(values(x) for x in v.values()))

    def tensor(v):
        return is_map(v) and isinstance(v.get("shape", []), list) and all(
            isinstance(d, int) for d in v.get("shape", [])) and isinstance(v.get("dtype", ""), (str, type(None)))

    error = lambda v: is_map(v) and isinstance(v.get("type"), str) and isinstance(v.get("message"), str) \
        and isinstance(v.get("traceback", []), list) and isinstance(v.get("where", []), list) \
        and all(isinstance(w, str) for w in v.get("where", []))  # noqa: E731
    def number(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    def group(g):  # what optimizer_problems reads of a parameter group, each of the type it reads it as
        return is_map(g) and isinstance(g.get("names", []), list) and all(isinstance(n, str) for n in g.get("names", [])) \
            and all(number(g[k]) for k in ("lr", "eps", "weight_decay") if k in g) and (
                "betas" not in g or isinstance(g["betas"], list) and len(g["betas"]) <= 8 and all(map(number, g["betas"])))

    checks = {
        "stages": lambda v: is_map(v, lambda x: isinstance(x, str)),
        "errors": lambda v: is_map(v, error),
        "parameters": lambda v: is_map(v, tensor),
        "forward": lambda v: is_map(v) and all(tensor(v[w]) for w in ("logits", "loss") if w in v),
        "probes": lambda v: is_map(v, tensor),
        "grads_missing": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
        "shared": lambda v: is_map(v, lambda x: isinstance(x, str)),
        "optimizer": lambda v: is_map(v) and isinstance(v.get("type", ""), str) and isinstance(v.get("groups", []), list)
        and all(map(group, v.get("groups", []))),
        "seconds": lambda v: is_map(v, number),
        "parameter_count": lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
    }
    if not isinstance(facts.get("stages"), dict):
        return "the worker's answer was malformed (no stages)"
    for key, ok in checks.items():
        if key in facts and not ok(facts[key]):
            return f"the worker's answer was malformed ({key})"
    return ""


def read_outputs(path: Path) -> tuple[dict, str]:
    """The port's arrays, read without pickles, within a size bound; numeric arrays only."""
    try:
        fh = channel.open_regular(path)  # one open file from here on: not a link, not a pipe, not swapped later
    except channel.BadReply as exc:
        return {}, f"the outputs could not be read: {exc}"
    if fh is None:
        return {}, "the worker wrote no outputs"
    try:
        with fh:
            if (size := os.fstat(fh.fileno()).st_size) > MAX_OUTPUTS_BYTES:
                return {}, f"the outputs are {size} bytes, over {MAX_OUTPUTS_BYTES}"
            if (claimed := _claimed_bytes(fh)) > MAX_OUTPUTS_BYTES:  # headers are the worker's word: read them first
                return {}, f"the outputs' headers claim {claimed} bytes of arrays, over {MAX_OUTPUTS_BYTES}"
            fh.seek(0)
            with np.load(fh, allow_pickle=False) as data:
                out = {k: data[k] for k in list(data.files)[:2000]}
        bad = [k for k, v in out.items() if v.dtype.kind not in "fiu"]
        return ({}, f"non-numeric output {bad[0]}") if bad else (out, "")
    except (OSError, ValueError, EOFError, MemoryError, zipfile.BadZipFile) as exc:
        return {}, f"the outputs could not be read: {type(exc).__name__}: {str(exc)[:200]}"


def _claimed_bytes(fh) -> int:
    """What the .npy headers inside an .npz say their arrays hold, in bytes (nothing is allocated)."""
    total = 0
    with zipfile.ZipFile(fh) as archive:
        for info in archive.infolist()[:2000]:
            with archive.open(info) as member:
                version = np.lib.format.read_magic(member)
                shape, _, dtype = (np.lib.format.read_array_header_1_0(member) if version == (1, 0)
                                   else np.lib.format.read_array_header_2_0(member))
                total += int(np.prod(shape, dtype=object)) * dtype.itemsize
    return total


# ----------------------------------------------------------------------------- verdict helpers

def lesson_for(text: str) -> list[str]:
    if any(needle in text for needle in HOST_MEMORY):
        return [host_memory_lesson()]
    return [lesson for needle, lesson in ERROR_LESSONS if needle in text][:1]


def stage_failure(pr: PortRun, stages: tuple[str, ...], hint: str, rules_hint: str | None = None) -> Result | None:
    """A FAIL when the worker died, answered nonsense, or one of these stages of learner code raised; one of the lab's
    rules that the run broke (the harness's PortRule) points at ``rules_hint`` where it is given."""
    if pr.gone is not None:
        if pr.gone.kind == "hung":
            return failed(f"the port did not finish in {SETTINGS.child_timeout_s:.0f} s",
                          details=["the whole run takes a few seconds for a right port: look for a loop that never "
                                   "ends, or a model far larger than the config asks for"], hint=hint, log=pr.log)
        return explain_gone(pr.gone, f"running {PORT}", hint)
    if pr.problem:
        return failed(f"running {PORT}: {pr.problem}", hint=hint, log=pr.log)
    try:
        for stage in stages:
            if pr.facts["stages"].get(stage) == "error":
                err = pr.facts["errors"][stage]
                first, rest = headline((str(err["message"]).strip().splitlines() or [""])[0])
                where = [str(w)[:300] for w in err.get("where", [])[-4:]]  # the learner's own lines first
                # A rule's refusal is the harness's own words: its frames (port.py's refuse) say nothing more
                trace = [] if err["type"] == "PortRule" else [str(t)[:300] for t in err["traceback"][-(4 if where else 10):]]
                details = ([rest] if rest else []) + lesson_for(f"{err['type']}: {err['message']}") + where + trace
                return failed(f"{STAGE_WHAT[stage]} raised {str(err['type'])[:60]}: {first}", details=details,
                              hint=rules_hint if rules_hint and err["type"] == "PortRule" else hint, log=pr.log)
    except (KeyError, TypeError, AttributeError):
        return failed(f"running {PORT}: the worker's answer was malformed", hint=hint, log=pr.log)
    return None


HEADLINE_CHARS = 200


def headline(message: str) -> tuple[str, str]:
    """(the headline, the rest) of one line of a message: a long one is cut where a clause ends (": ", "; ", ", ")
    before HEADLINE_CHARS, and the rest is kept for the details (the advice at the end of a refusal had been cut
    away with it: red team, session 55)."""
    if len(message) <= HEADLINE_CHARS:
        return message, ""
    cut = max(message.rfind(mark, 0, HEADLINE_CHARS) for mark in (": ", "; ", ", "))
    cut = cut if cut > HEADLINE_CHARS // 3 else HEADLINE_CHARS - 1
    return message[:cut + 1].rstrip(), "… " + message[cut + 1:].strip()[:800]


def figures(comparisons: list[Comparison]) -> str:
    s = summary(comparisons)
    ulps = "n/a" if s["max_ulps"] is None else s["max_ulps"]
    return (f"max rel err {s['max_rel_err']:.1e} (<= {RTOL:g}), {s['identical_fraction']:.0%} bitwise identical, "
            f"max {ulps} ulps")


def probe_meaning(key: str) -> str:
    return next((text for needle, text in PROBE_MEANING if needle in key), "")


def label(key: str) -> str:
    """An output's name as a learner would say it."""
    kind, _, name = key.partition("/")
    return {"probe": probe_label(name), "grad": f"{name}.grad", "adamw": f"{name} after {STEPS} steps",
            "train": f"{name} after training"}.get(kind, key) if name else key


def probe_label(key: str) -> str:
    module, _, side = key.partition(":")
    return f"the input of {module}" if side == "in" else module


def first_divergence(pr: PortRun) -> tuple[str | None, list[str]]:
    """Layer by layer in forward order: the first activation where the port leaves the reference."""
    matched, unseen = [], []
    for key in pr.ref.probes:
        if f"probe/{key}" not in pr.outputs:
            unseen.append(key)
            continue
        c = pr.compare(f"probe/{key}", reshape=True)
        if not c.ok(RTOL):
            # a layer the port never called, just before the difference (no final layer norm: mistakes34, session 34)
            skipped = [k for k in unseen if not matched or pr.ref.probes.index(k) > pr.ref.probes.index(matched[-1])]
            lines = [f"{', '.join(map(probe_label, skipped))} never ran as a module, just before the first "
                     "difference: does your forward call it?"] if skipped and not key.endswith(":in") else []
            lines += [f"layer by layer, the first activation that differs is {probe_label(key)}: "
                      f"{probe_meaning(key)}"]
            if matched:
                lines.append(f"everything before it matches (last match: {probe_label(matched[-1])})")
            lines += c.describe(RTOL)
            if unseen:
                lines.append(f"not compared (no such module, or never called as one): {', '.join(unseen)}")
            return key, lines
        matched.append(key)
    return None, ["every probed layer matches: the difference comes after the last one (lm_head) or in a "
                  "layer the grader could not probe"]


def static_problem(findings) -> tuple[str, list[str]]:
    """(headline, details) for what the syntax-tree audit found in the port."""
    if python_ast.about_encoding(findings):
        return f"{PORT}, {findings[0]}", []
    reference = [f for f in findings if "minigpt_numpy" in f.text]
    # (what a finding names, before its reason: every reason of the port's rule mentions NumPy)
    numpy = [f for f in findings if "numpy" in f.text.lower().split(": ")[0] and f not in reference]
    headline = ("the port uses the NumPy reference" if reference else "the port uses NumPy" if numpy else
                f"{PORT} uses what a port may not: {findings[0].text}")
    lesson = ("the grader compares the port with the NumPy reference, so the port computes with torch tensors end "
              "to end: torch.exp, torch.tanh, x.mean(dim=-1, keepdim=True) and friends replace their NumPy namesakes, "
              "and autograd then writes the backward pass") if reference or numpy else (
        "a port imports torch (torch.nn, torch.nn.functional, ...), math, dataclasses, typing, functools and a few "
        "plain helpers of Python's (collections, enum, itertools, abc, warnings, logging); files, processes and "
        "torch's private or I/O entry points are not part of it")
    return headline, [str(f) for f in findings[:6]] + [lesson]


def history_problems(pr: PortRun) -> list[str]:
    out = pr.facts.get("forward", {}) if isinstance(pr.facts.get("forward"), dict) else {}
    no_history = [w for w in ("logits", "loss") if (out.get(w) or {}).get("grad_fn") is None]
    if not no_history:
        return []
    return [f"{' and '.join(no_history)} carry no autograd history", *(
        f"{w}.grad_fn is None: the value was not computed from the model's parameters by torch ops"
        for w in no_history), "a .detach(), a .numpy() round trip, torch.tensor(...) or torch.no_grad() cuts the "
                              "graph, and then loss.backward() cannot reach the weights"]


def tied_lines(pr: PortRun) -> list[str]:
    """Parameters the worker says are one tensor (the names the judge sent only): nanoGPT's weight tying."""
    names = set(pr.ref.names)
    pairs = [(n, m) for n, m in (pr.facts.get("shared") or {}).items() if n in names and m in names and n != m]
    return [f"{n} and {m} are one tensor (the same nn.Parameter, or the same memory): the port ties them, as nanoGPT "
            "ties lm_head to wte; the reference keeps them separate (lm_head is its own [V, C] matrix, not tied to "
            "wte), so give each its own parameter" for n, m in pairs[:2]]


def nondeterminism(pr: PortRun) -> list[str]:
    """Lines for a forward pass that gave two answers for one input: the worker ran the forward stage's weights and
    batch twice (``loss_again``), so the losses differ only where the port draws random numbers (or changes itself)."""
    once, again = pr.outputs.get("loss"), pr.outputs.get("loss_again")
    if once is None or again is None or once.size != 1 or again.size != 1:
        return []
    a, b = float(once.reshape(-1)[0]), float(again.reshape(-1)[0])
    if not (np.isfinite(a) and np.isfinite(b)) or abs(a - b) <= RTOL * max(abs(a), abs(b)):
        return []
    return [f"the forward pass is not deterministic: the same weights and batch gave loss {a:.12g}, then {b:.12g} "
            "(a second pass)",
            "dropout left on is the usual cause (nn.Dropout with p > 0 in a model the grader runs as built, in "
            "training mode; F.dropout(x, p, training=True)): the reference has no dropout, so leave it out"]


def optimizer_problems(pr: PortRun) -> list[str]:
    """What differs between the port's optimizer setup and the reference's."""
    opt = pr.facts.get("optimizer") or {}
    lines = []
    if opt and not opt.get("type", "").endswith(".AdamW"):
        lines.append(f"configure_optimizer returned {opt.get('type')}, expected torch.optim.AdamW (Adam's "
                     f"weight_decay is an L2 term inside the gradient, AdamW's is decoupled)")
    weights = pr.ref.case.weights
    decay_found, seen = {}, set()
    for g in opt.get("groups", []):
        for n in g.get("names", []):
            seen.add(n)
            decay_found[n] = g.get("weight_decay", 0.0)
        for what in ("lr", "eps"):
            if what in g and g[what] != ADAMW[what]:
                lines.append(f"a parameter group has {what}={g[what]}, expected {ADAMW[what]}")
        if "betas" in g and list(g["betas"]) != ADAMW["betas"]:
            lines.append(f"a parameter group has betas={tuple(g['betas'])}, expected {tuple(ADAMW['betas'])}")
    wrong = [n for n in weights if n in decay_found
             and (decay_found[n] != 0) != (weights[n].ndim >= 2)]
    for n in wrong[:4]:
        want = ADAMW["weight_decay"] if weights[n].ndim >= 2 else 0.0
        lines.append(f"{n} ({weights[n].ndim}-D) has weight_decay {decay_found[n]}, expected {want}: only "
                     f"parameters with dim >= 2 decay")
    missing = [n for n in weights if n not in seen]
    if opt and missing:
        lines.append(f"the optimizer does not hold {len(missing)} parameter(s), e.g. {missing[0]}")
    return lines


# ----------------------------------------------------------------------------- the checks

def register(lab: Lab) -> None:
    """Declare the port checks on the lab-03 Lab."""
    n = lab.number

    @lab.check(f"{n}.port.is_port", points=2, lane="port")
    def is_port(ctx: Context) -> Result:
        """The port computes with torch ops: no NumPy, no calls into the reference, autograd history.

        Checked on the file itself (what it imports and calls: torch's public API, math, dataclasses;
        no NumPy, no reference, no exec, no file or process access, no private torch entry points),
        and on the outputs: logits and loss must carry a grad_fn.
        """
        if absent := missing(ctx, PORT):
            return absent
        source = (ctx.stage / PORT).read_text(errors="replace")
        if problem := not_started(ctx, PORT, source):
            return problem
        findings = python_ast.audit((ctx.stage / PORT).read_bytes(), python_ast.PORT)
        if findings:
            headline, details = static_problem(findings)
            return failed(headline, details=details, hint=ctx.hint("port-rules"))
        pr = port_run(ctx, "cpu")  # the file is run only once the audit has read it
        if pr.facts.get("stages", {}).get("forward") != "ok":
            return passed("torch ops only (autograd history is checked once forward runs: see 03.port.runs)")
        if problems := history_problems(pr):
            return failed(problems[0], details=problems[1:], hint=ctx.hint("port-rules"), log=pr.log)
        return passed(f"torch ops only; logits.grad_fn is {pr.facts['forward']['logits']['grad_fn']}")



    @lab.check(f"{n}.port.runs", points=1, needs=(f"{n}.port.is_port",), lane="port")
    def runs(ctx: Context) -> Result:
        """minigpt_torch.py imports, builds GPT(config), loads the reference's weights and runs forward.

        The grader builds GPT(GPTConfig(..., dtype=torch.float64)), loads one set of weights by the
        reference's parameter names, and calls model(idx, targets) on a batch of 4 x 32 characters.
        """
        pr = port_run(ctx, "cpu")
        hint = ctx.hint("port-rules")
        if result := stage_failure(pr, ("import", "build"), hint):
            return result
        if "parameters" not in (pr.facts or {}) and (result := stage_failure(pr, ("load", "forward"), hint)):
            return result  # the model's own named_parameters raised: that, not "0 parameters found"
        found, expected = pr.facts.get("parameters", {}), pr.ref.case.weights
        missing = [k for k in expected if k not in found]
        extra = [k for k in found if k not in expected]
        misshapen = [f"{k}: expected shape {list(w.shape)}, found {found[k].get('shape')}"
                     for k, w in expected.items() if k in found and found[k].get("shape") != list(w.shape)]
        if missing or extra or misshapen:
            details = ([f"missing: {', '.join(missing[:6])}{' ...' if len(missing) > 6 else ''}"] if missing else [])
            details += [f"not in the reference: {', '.join(extra[:6])}"] if extra else []
            details += misshapen[:6]
            details += tied_lines(pr)
            details.append("parameter names are the reference's dict keys (nanoGPT's): transformer.wte, "
                           "transformer.h.0.attn.c_attn, ...; nn.Linear stores [out, in]")
            return failed(f"the port's parameters do not match the reference's "
                          f"({max(pr.facts.get('parameter_count', 0), len(found))} found, "
                          f"{len(expected)} expected)", details=details, hint=ctx.hint("parameter-names"),
                          log=pr.log)
        if result := stage_failure(pr, ("load", "forward"), hint):
            return result
        out = pr.facts["forward"]
        idx = pr.ref.case.batches[0][0]
        want = [*idx.shape, pr.ref.case.config["vocab_size"]]
        if out["logits"].get("shape") != want:
            return failed(f"logits have shape {out['logits'].get('shape')}, expected {want} ([B, T, V])",
                          hint=hint, log=pr.log)
        if out["loss"].get("shape") != []:
            return failed(f"loss has shape {out['loss'].get('shape')}, expected a scalar (the mean over B*T)",
                          hint=hint, log=pr.log)
        return passed(f"imports, builds, loads {len(expected)} parameters and runs forward "
                      f"(worker {pr.facts.get('seconds', {}).get('total', 0):.1f} s)")

    @lab.check(f"{n}.port.fp64", points=1, needs=(f"{n}.port.runs",), lane="port")
    def fp64(ctx: Context) -> Result:
        """Parameters, logits and loss are float64, like the NumPy reference.

        PyTorch creates parameters in float32 unless told otherwise; NumPy computes in float64.
        """
        pr = port_run(ctx, "cpu")
        params, out = pr.facts["parameters"], pr.facts["forward"]
        not64 = {k: f.get("dtype") for k, f in params.items() if f.get("dtype") != "float64"}
        outputs = {w: out[w].get("dtype") for w in ("logits", "loss")}
        if not not64 and all(d == "float64" for d in outputs.values()):
            return passed("parameters, logits and loss are float64")
        details = []
        if not64:
            name, dtype = next(iter(not64.items()))
            details.append(f"{len(not64)} of {len(params)} parameters are not float64, e.g. {name} is {dtype}: "
                           "pass dtype=config.dtype to every nn.Linear, nn.Embedding and nn.LayerNorm")
        else:
            probes = pr.facts.get("probes", {})
            cast = next((k for k in pr.ref.probes if probes.get(k, {}).get("dtype") not in (None, "float64")), None)
            if cast:
                details.append(f"the parameters are float64, but {probe_label(cast)} comes out "
                               f"{probes[cast]['dtype']}: something casts on the way")
        what = next(((w, d) for w, d in outputs.items() if d != "float64"), None)
        headline = (f"{what[0]} are {what[1]}, expected float64" if what
                    else f"parameters are {next(iter(not64.values()))}, expected float64")
        return failed(headline, details=details, hint=ctx.hint("float64"), log=pr.log)

    parity_needs = (f"{n}.port.runs", f"{n}.port.fp64")

    @lab.check(f"{n}.port.logits", points=2, needs=parity_needs, lane="port")
    def logits(ctx: Context) -> Result:
        """Logits match the reference to 1e-12, relative to their largest magnitude.

        On a failure the grader compares every layer's output and names the first that differs.
        """
        pr = port_run(ctx, "cpu")
        c = pr.compare("logits")
        if c.ok(RTOL):
            return passed(f"logits match: {figures([c])}", **summary([c]))
        where, lines = first_divergence(pr)
        first = f"; first layer to differ: {probe_label(where)}" if where else ""
        random = nondeterminism(pr)
        first += "; the forward pass is not deterministic" if random else ""
        return failed(f"logits differ from the reference (max rel err {c.max_rel_err:.2g} > {RTOL:g}){first}",
                      details=random + tied_lines(pr) + c.describe(RTOL) + lines, hint=ctx.hint("layer-by-layer"),
                      log=pr.log, **summary([c]))

    @lab.check(f"{n}.port.loss", points=1, needs=(f"{n}.port.logits",), lane="port")
    def loss(ctx: Context) -> Result:
        """The loss is the mean cross-entropy over all B*T positions, to 1e-12."""
        pr = port_run(ctx, "cpu")
        c = pr.compare("loss")
        if c.ok(RTOL):
            return passed(f"loss {float(pr.ref.expected['loss']):.6f} matches: {figures([c])}", **summary([c]))
        return failed("the loss differs from the reference", details=c.describe(RTOL) + [
            "F.cross_entropy(logits.view(-1, V), targets.view(-1)) averages over all B*T positions"],
            hint=ctx.hint("layer-by-layer"), log=pr.log, **summary([c]))

    @lab.check(f"{n}.port.grads", points=2, needs=(f"{n}.port.loss",), lane="port")
    def grads(ctx: Context) -> Result:
        """Autograd (torch.autograd.grad of the loss) gives every parameter the reference's gradient, to 1e-12."""
        pr = port_run(ctx, "cpu")
        if result := stage_failure(pr, ("backward",), ctx.hint("layer-by-layer"), ctx.hint("port-rules")):
            return result
        if missing := pr.facts.get("grads_missing"):
            return failed(f"{len(missing)} parameter(s) got no gradient, e.g. {missing[0]}", details=[
                "a parameter gets .grad only if the loss depends on it through torch ops: is it used in forward?"],
                hint=ctx.hint("layer-by-layer"), log=pr.log)
        comps = [pr.compare(f"grad/{name}") for name in pr.ref.names]
        bad = [c for c in comps if not c.ok(RTOL)]
        if bad:
            details = bad[0].describe(RTOL) + ([f"also: {', '.join(c.name for c in bad[1:6])}"] if bad[1:] else [])
            return failed(f"{len(bad)} of {len(comps)} gradients differ, first {bad[0].name}", details=details,
                          hint=ctx.hint("layer-by-layer"), log=pr.log, **summary(comps))
        return passed(f"{len(comps)} gradients match: {figures(comps)}", **summary(comps))

    @lab.check(f"{n}.port.adamw", points=2, needs=(f"{n}.port.grads",), lane="port")
    def adamw(ctx: Context) -> Result:
        """configure_optimizer gives the reference's AdamW: every weight matches after 3 steps.

        Both optimizers are fed the same random gradients, so this checks the update alone (decoupled
        weight decay on parameters with dim >= 2, bias correction). A training loop of 3 steps,
        forward and backward included, must then give the reference's losses.
        """
        pr = port_run(ctx, "cpu")
        hint = ctx.hint("adamw")
        if result := stage_failure(pr, ("adamw",), hint):
            return result
        comps = [pr.compare(f"adamw/{name}") for name in pr.ref.names]
        bad = [c for c in comps if not c.ok(RTOL)]
        if bad:
            return failed(f"after {STEPS} AdamW steps on the reference's gradients, {len(bad)} of {len(comps)} "
                          f"parameters differ, first {bad[0].name}",
                          details=optimizer_problems(pr) + bad[0].describe(RTOL), hint=hint, log=pr.log,
                          **summary(comps))
        if result := stage_failure(pr, ("train",), hint):
            return result
        losses = pr.compare("train_loss")
        if not losses.ok(RTOL):
            return failed("the training loop's losses differ from the reference's", details=losses.describe(RTOL) + [
                f"train_loss[k] is the loss before step k; the last is the loss after all {STEPS} steps"],
                hint=hint, log=pr.log)
        trained = summary([pr.compare(f"train/{name}") for name in pr.ref.names])
        return passed(f"every weight matches after {STEPS} steps: {figures(comps)}; the training loop's "
                      f"losses match to {losses.max_rel_err:.1e}", **summary(comps),
                      train_loss_max_rel_err=losses.max_rel_err, trained_weights_max_rel_err=trained["max_rel_err"])

    @lab.check(f"{n}.port.gpu", points=1, needs=(f"{n}.port.adamw",), gpu=True, lane="port-gpu",
               after=(f"{n}.port.is_port",))
    def gpu(ctx: Context) -> Result:
        """On the GPU (model.to("cuda")), logits, loss, gradients and AdamW steps match the reference too."""
        if not ctx.device.has_cuda:
            return skipped(f"no CUDA device ({ctx.device.reason})")
        pr = port_run(ctx, "cuda")
        hint = ctx.hint("port-on-the-gpu")
        if result := stage_failure(pr, ("import", "build", "load", "forward", "backward", "adamw", "train"), hint):
            return result
        keys = (["logits", "loss", "train_loss"] + [f"grad/{name}" for name in pr.ref.names]
                + [f"adamw/{name}" for name in pr.ref.names])
        comps = [pr.compare(k) for k in keys]
        if bad := [c for c in comps if not c.ok(RTOL)]:
            details = nondeterminism(pr) + bad[0].describe(RTOL) + (
                first_divergence(pr)[1] if bad[0].name == "logits" else [])
            return failed(f"on {ctx.device.name}, {bad[0].name} differs from the reference", details=details,
                          hint=hint, log=pr.log, **summary(comps))
        return passed(f"on {ctx.device.name}: {figures(comps)}", **summary(comps))

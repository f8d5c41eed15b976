"""Child: run a learner's Triton softmax (lab 03) and hand back raw facts, never verdicts.

    python -m grader.child.triton_softmax <rundir>

request.json holds ``mode`` and ``stage`` (the staged lab folder). Modes:

- ``cpu``: the cases of inputs.npz on CPU tensors. The parent sets TRITON_INTERPRET=1,
  so every @triton.jit kernel runs in Triton's interpreter.
- ``gpu``: the cases of inputs.npz on CUDA tensors, then ``generated`` cases: inputs
  made on the device from the parent's seed (64M elements do not travel). For those,
  sampled full rows (the parent's choice plus the two worst) with their inputs come
  back, with per-row sums and per-row worst error against torch's fp64 softmax.
- ``bench``: CUDA-event medians of the learner's softmax and of F.softmax at each
  shape, interleaved, the L2 flushed before every call.
- ``bonus``: the learner's MiniGPT port run forward twice on the same weights (from
  the NumPy reference's init_params): once as written, once with its softmax calls
  over the last dimension routed through the learner's Triton softmax.

While the learner's code runs, a ``Watch`` records what it did:

- calls to torch's softmax functions, by Python name (the functions are wrapped
  before the learner's module is imported, so ``from torch import softmax`` is seen);
- every aten op that reaches the dispatcher (a TorchDispatchMode): aten._softmax
  is seen however it was reached. The same mode fills each float32 tensor the
  learner allocates with POISON_BITS, so elements the kernel never writes show;
- Triton launches: ``JITFunction.run`` / ``InterpretedFunction.run`` give kernel
  names and the tensors passed; the launches themselves are counted at
  ``triton.knobs.runtime.launch_enter_hook`` (compiled) or ``GridExecutor.__call__``
  (interpreter).

An exception from the learner's code is a result (type, message, where in their
file, traceback tail). An exception of this harness exits with INTERNAL_ERROR.
"""
from __future__ import annotations

import dataclasses
import importlib.util
import statistics
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

import numpy as np
import torch
import triton
from torch.utils._python_dispatch import TorchDispatchMode
from triton.runtime.interpreter import GridExecutor, InterpretedFunction
from triton.runtime.jit import JITFunction

from grader.child.cuda_kernel import POISON_BITS
from grader.child.protocol import read_request, write_response

INTERNAL_ERROR = 70  # this harness failed, not the learner's code: the parent reports a grader bug
LEARNER_FILE = "softmax_triton.py"
ALLOCATORS = {"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided"}
POISON_I32 = int(np.array(POISON_BITS, dtype=np.uint32).view(np.int32))
SAMPLED_WORST = 2  # rows with the largest error added to the parent's sample


def softmax_entry_points() -> list[tuple[str, object, str]]:
    F = torch.nn.functional
    return [
        ("torch.softmax", torch, "softmax"), ("torch._softmax", torch, "_softmax"),
        ("torch.log_softmax", torch, "log_softmax"), ("torch._log_softmax", torch, "_log_softmax"),
        ("torch.nn.functional.softmax", F, "softmax"), ("torch.nn.functional.log_softmax", F, "log_softmax"),
        ("torch.special.softmax", torch.special, "softmax"),
        ("torch.special.log_softmax", torch.special, "log_softmax"),
        ("torch.Tensor.softmax", torch.Tensor, "softmax"), ("torch.Tensor.log_softmax", torch.Tensor, "log_softmax"),
    ]


# The originals, taken before anything (the learner's module included) can replace them.
ORIGINAL = {name: getattr(owner, attr) for name, owner, attr in softmax_entry_points()}


class _AtenWatch(TorchDispatchMode):
    def __init__(self, watch: "Watch"):
        super().__init__()
        self.watch = watch

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        name = func.overloadpacket.__name__
        self.watch.aten[name] += 1
        if (name in ALLOCATORS and isinstance(out, torch.Tensor) and out.dtype == torch.float32
                and out.numel() > 0):
            out.view(torch.int32).fill_(POISON_I32)
        return out


class Watch:
    """Records what the learner's code calls while active (``with watch:``); ``reset()`` between cases."""

    def __init__(self):
        self.active = False
        self._depth = 0  # wrapped softmax functions calling each other count once
        self.reset()
        for name, owner, attr in softmax_entry_points():
            setattr(owner, attr, self._counted(ORIGINAL[name], name))
        for cls in (JITFunction, InterpretedFunction):
            cls.run = self._recorded_run(cls.run)
        original_grid_call = GridExecutor.__call__

        def grid_call(executor, *args, **kwargs):
            self._on_launch(None)
            return original_grid_call(executor, *args, **kwargs)

        GridExecutor.__call__ = grid_call

    def reset(self) -> None:
        self.softmax_calls: Counter = Counter()  # torch softmax functions, by Python name
        self.aten: Counter = Counter()  # aten ops that reached the dispatcher
        self.launches = 0  # Triton grids launched
        self.kernels: Counter = Counter()  # Triton kernels run, by name
        self.kernel_storages: set[int] = set()  # storages of every tensor passed to a Triton kernel

    def __enter__(self):
        self.active = True
        self._mode = _AtenWatch(self)
        self._mode.__enter__()
        triton.knobs.runtime.launch_enter_hook.add(self._on_launch)
        return self

    def __exit__(self, *exc):
        triton.knobs.runtime.launch_enter_hook.remove(self._on_launch)
        self._mode.__exit__(*exc)
        self.active = False
        return False

    def _on_launch(self, _metadata) -> None:
        if self.active:
            self.launches += 1

    def _counted(self, original, name):
        def wrapper(*args, **kwargs):
            if self.active and self._depth == 0:
                self.softmax_calls[name] += 1
            self._depth += 1
            try:
                return original(*args, **kwargs)
            finally:
                self._depth -= 1

        wrapper.__name__ = getattr(original, "__name__", name)
        wrapper.__doc__ = getattr(original, "__doc__", None)
        return wrapper

    def _recorded_run(self, original_run):
        def run(kernel, *args, **kwargs):
            if self.active and not kwargs.get("warmup", False):
                self.kernels[getattr(kernel, "__name__", None) or type(kernel).__name__] += 1
                for value in (*args, *kwargs.values()):
                    value = getattr(value, "base", value)  # triton.reinterpret wraps tensors
                    if isinstance(value, torch.Tensor):
                        self.kernel_storages.add(_storage(value))
            return original_run(kernel, *args, **kwargs)

        return run

    def facts(self) -> dict:
        return {"softmax_calls": dict(self.softmax_calls), "aten": dict(self.aten), "launches": self.launches,
                "kernels": dict(self.kernels)}


def _storage(t: torch.Tensor) -> int:
    try:
        return t.untyped_storage().data_ptr()
    except Exception:  # sparse, meta...: no storage to speak of
        return -1


def describe_error(exc: BaseException, stage: Path) -> dict:
    """A learner's exception as facts, with the lines of their own files it went through."""
    where, seen, e = [], set(), exc
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        frames = [f"{Path(f.filename).name}:{f.lineno} in {f.name}: {(f.line or '').strip()}"
                  for f in traceback.extract_tb(e.__traceback__) if _inside(f.filename, stage)]
        where = frames + [w for w in where if w not in frames]  # causes first, as Python prints them
        e = e.__cause__ or e.__context__
    text = "".join(traceback.format_exception(exc))
    print(text, flush=True)  # the full story goes to child.log
    return {"type": type(exc).__name__, "message": str(exc)[:2000], "where": where[-8:], "traceback": text[-3000:]}


def _inside(filename: str, folder: Path) -> bool:
    try:
        return Path(filename).resolve().is_relative_to(folder.resolve())
    except (OSError, ValueError):
        return False


def import_file(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def output_facts(y, x: torch.Tensor, watch: Watch) -> dict:
    if not isinstance(y, torch.Tensor):
        return {"type": type(y).__name__}
    storage = _storage(y)
    return {"type": "Tensor", "shape": list(y.shape), "dtype": str(y.dtype).removeprefix("torch."),
            "device": y.device.type, "aliases_input": storage == _storage(x),
            "written_by_kernel": storage in watch.kernel_storages}


def usable(y, x: torch.Tensor) -> bool:
    return (isinstance(y, torch.Tensor) and y.dtype == torch.float32 and tuple(y.shape) == tuple(x.shape)
            and y.device == x.device)


class Harness:
    def __init__(self, request: dict):
        self.request = request
        self.stage = Path(request["stage"])
        self.device = request.get("device", "cuda" if request["mode"] in ("gpu", "bench", "bonus") else "cpu")
        self.repeats = int(request.get("repeats", 1))
        self.watch = Watch()  # before the learner's import: its module sees the wrapped functions
        self.response: dict = {"environment": {
            "torch": torch.__version__, "triton": triton.__version__, "numpy": np.__version__,
            "interpret": bool(triton.knobs.runtime.interpret), "device": self.device,
            "device_name": torch.cuda.get_device_name() if self.device == "cuda" else "cpu"}}
        self.outputs: dict[str, np.ndarray] = {}

    def sync(self) -> None:
        if self.device == "cuda":
            torch.cuda.synchronize()

    def device_broken(self) -> bool:
        """After a CUDA fault the context is unusable: every later case would fail the same way."""
        if self.device != "cuda":
            return False
        try:
            torch.ones(1, device="cuda").add_(1).item()
            return False
        except Exception:
            return True

    def run(self, inputs: dict[str, np.ndarray]) -> tuple[dict, dict]:
        sys.path.insert(0, str(self.stage))
        try:
            self.learner = import_file(self.stage / LEARNER_FILE, Path(LEARNER_FILE).stem)
            if not callable(getattr(self.learner, "softmax", None)):
                raise AttributeError(f"{LEARNER_FILE} defines no function softmax(x)")
        except (Exception, SystemExit) as exc:
            self.response["import_error"] = describe_error(exc, self.stage)
            return self.response, self.outputs
        mode = self.request["mode"]
        if mode in ("cpu", "gpu"):
            self.correctness(inputs)
        elif mode == "bench":
            self.response["bench"] = self.bench()
        elif mode == "bonus":
            self.response["bonus"] = self.bonus()
        else:
            raise ValueError(f"unknown mode {mode!r}")
        return self.response, self.outputs

    # -- correctness ----------------------------------------------------------------------------

    def correctness(self, inputs: dict[str, np.ndarray]) -> None:
        self.response["cases"] = []
        self.response["generated"] = []
        for case in self.request.get("cases", []):
            key = case["key"]
            x = torch.from_numpy(inputs[key].copy()).to(self.device)
            record, y, again = self.call(x)
            self.response["cases"].append({"key": key, **record})
            if usable(y, x):
                self.outputs[f"y_{key}"] = y.detach().cpu().numpy()
            if again is not None:
                self.outputs[f"y_{key}_repeat"] = again.detach().cpu().numpy()
            if record["error"] and self.device_broken():
                self.response["aborted"] = f"the CUDA context broke during case {key}"
                return
        for spec in self.request.get("generated", []):
            key = spec["key"]
            x = family_tensor(spec["family"], spec["rows"], spec["cols"], spec["seed"], self.device)
            record, y, again = self.call(x)
            if usable(y, x):
                record["sample"] = self.sample(spec, x, y)
            if again is not None:
                self.outputs[f"worst_{key}_repeat"] = self.worst_ratio(x, again).cpu().numpy()
            self.response["generated"].append({"key": key, **record})
            del x, y, again
            if record["error"] and self.device_broken():
                self.response["aborted"] = f"the CUDA context broke during case {key}"
                return

    def call(self, x: torch.Tensor):
        """Run softmax(x) ``repeats`` times under the watch.

        Returns (facts, the first output, the first repeat whose bits differ from it or None).
        """
        x_before = x.clone()
        record: dict = {"error": None, "seconds": [], "repeat_mismatch": None}
        first = again = None
        self.watch.reset()
        for rep in range(self.repeats):
            start = time.perf_counter()
            try:
                with self.watch:
                    y = self.learner.softmax(x)
                    self.sync()
            except (Exception, SystemExit) as exc:
                record["error"] = describe_error(exc, self.stage)
                break
            record["seconds"].append(time.perf_counter() - start)
            if rep == 0:
                first = y
                record["output"] = output_facts(y, x, self.watch)
            elif again is None and usable(first, x) and usable(y, x):
                record["repeat_mismatch"] = _first_difference(first, y)
                again = y if record["repeat_mismatch"] else None
            del y
        record["input_modified"] = not torch.equal(x.view(torch.int32), x_before.view(torch.int32))
        record["watch"] = self.watch.facts()
        return record, first, again

    def worst_ratio(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        """Per row, max over its elements of |y - ref| / (atol + rtol*|ref|), ref = torch's fp64 softmax.

        inf where y is NaN/inf. The parent applies the threshold (1).
        """
        atol, rtol = self.request["tolerance"]
        ref = ORIGINAL["torch.softmax"](x.double(), -1)
        err = (y.detach().double() - ref).abs_()
        bound = ref.abs_().mul_(rtol).add_(atol)
        ratio = torch.where(bound > 0, err / bound, torch.where(err == 0, 0.0, float("inf")))
        return torch.nan_to_num(ratio, nan=float("inf")).amax(dim=1)

    def sample(self, spec: dict, x: torch.Tensor, y: torch.Tensor) -> dict:
        """Facts about every row of a large output, and a few full rows to recompute in the parent."""
        key = spec["key"]
        y = y.detach()
        worst = self.worst_ratio(x, y)
        chosen = set(spec["sample_rows"]) | set(torch.topk(worst, min(SAMPLED_WORST, worst.numel())).indices.tolist())
        rows = torch.tensor(sorted(chosen), dtype=torch.long, device=y.device)
        self.outputs[f"rows_{key}"] = rows.cpu().numpy()
        self.outputs[f"x_{key}"] = x[rows].cpu().numpy()
        self.outputs[f"y_{key}"] = y[rows].cpu().numpy()
        self.outputs[f"rowsum_{key}"] = y.sum(dim=1, dtype=torch.float64).cpu().numpy()
        self.outputs[f"worst_{key}"] = worst.cpu().numpy()
        return {"poisoned": int((y.view(torch.int32) == POISON_I32).sum()),
                "nonfinite": int((~torch.isfinite(y)).sum())}

    # -- benchmark ------------------------------------------------------------------------------

    def bench(self) -> list[dict]:
        spec = self.request["bench"]
        F_softmax = ORIGINAL["torch.nn.functional.softmax"]
        l2 = torch.cuda.get_device_properties(0).L2_cache_size
        flush = torch.empty(max(2 * l2, 64 << 20) // 4, dtype=torch.float32, device="cuda")
        results = []
        for k, (rows, cols) in enumerate(spec["shapes"]):
            x = family_tensor("randn", rows, cols, spec["seed"] + k, "cuda")
            entry: dict = {"shape": [rows, cols], "bytes": 8 * rows * cols}
            try:
                learner = lambda: self.learner.softmax(x)  # noqa: E731
                learner()  # compile outside the timing
                torch.cuda.synchronize()
                entry["median_s"] = _interleaved_medians({"learner": learner, "F.softmax": lambda: F_softmax(x, dim=-1)},
                                                         flush, spec["rounds"], spec["max_reps"], spec["budget_s"])
            except (Exception, SystemExit) as exc:
                entry["error"] = describe_error(exc, self.stage)
                if self.device_broken():
                    results.append(entry)
                    break
            results.append(entry)
            del x
        return results

    # -- bonus: the learner's softmax inside MiniGPT ----------------------------------------------

    def bonus(self) -> dict:
        spec = self.request["bonus"]
        facts: dict = {"stage": "import"}
        try:
            port = import_file(self.stage / spec["port"], Path(spec["port"]).stem)
            numpy_ref = import_file(self.stage / spec["reference"], Path(spec["reference"]).stem)
            facts["stage"] = "build"
            port_fields = {f.name for f in dataclasses.fields(port.GPTConfig)}
            config = port.GPTConfig(**spec["config"], **({"dtype": torch.float32} if "dtype" in port_fields else {}))
            ref_fields = {f.name for f in dataclasses.fields(numpy_ref.MiniGPTConfig)}
            np_config = numpy_ref.MiniGPTConfig(**{k: v for k, v in spec["config"].items() if k in ref_fields})
            params = numpy_ref.init_params(np_config, spec["seed"])
            model = port.GPT(config)
            wanted = dict(model.named_parameters())
            facts["missing_parameters"] = sorted(set(wanted) - set(params))
            if facts["missing_parameters"]:
                return facts
            state = {name: torch.from_numpy(np.asarray(value, dtype=np.float32)) for name, value in params.items()}
            model.load_state_dict(state, strict=False)
            model = model.to(self.device).float().eval()
            g = torch.Generator().manual_seed(spec["seed"])
            shape = (spec["batch"], spec["tokens"])
            idx = torch.randint(0, spec["config"]["vocab_size"], shape, generator=g).to(self.device)
            targets = torch.randint(0, spec["config"]["vocab_size"], shape, generator=g).to(self.device)
            facts["stage"] = "forward"
            with torch.no_grad():
                logits_ref, loss_ref = model(idx, targets)
                self.sync()
                facts["stage"] = "forward with the Triton softmax"
                routing = SoftmaxRouting(self.learner.softmax)
                with routing:
                    logits, loss = model(idx, targets)
                    self.sync()
            facts.update(stage="done", loss_ref=float(loss_ref), loss_triton=float(loss),
                         max_abs_logit_diff=float((logits.double() - logits_ref.double()).abs().max()),
                         routed=routing.routed, passed_through=routing.passed_through,
                         attention_shapes=sorted(routing.shapes))
        except (Exception, SystemExit) as exc:
            facts["error"] = describe_error(exc, self.stage)
        return facts


class SoftmaxRouting:
    """``with`` block in which torch's softmax over the last dim of fp32 tensors runs the learner's kernel."""

    PATCHED = ("torch.softmax", "torch.nn.functional.softmax", "torch.Tensor.softmax")

    def __init__(self, learner_softmax):
        self.learner_softmax = learner_softmax
        self.routed = 0
        self.passed_through = 0
        self.shapes: set[str] = set()
        self._inside = False  # a learner softmax that calls torch's softmax must not loop back to itself
        self._saved: dict = {}

    def __enter__(self):
        owners = {name: (owner, attr) for name, owner, attr in softmax_entry_points()}
        for name in self.PATCHED:
            owner, attr = owners[name]
            self._saved[name] = (owner, attr, getattr(owner, attr))
            setattr(owner, attr, self._routed(ORIGINAL[name]))
        return self

    def __exit__(self, *exc):
        for owner, attr, value in self._saved.values():
            setattr(owner, attr, value)
        return False

    def _routed(self, original):
        def softmax(input, *args, **kwargs):
            dim = args[0] if args else kwargs.get("dim")
            # (F.softmax's third argument is an int _stacklevel; a dtype anywhere means "cast first")
            plain = all(a is None or isinstance(a, int) for a in args[1:]) and kwargs.get("dtype") is None
            if (not self._inside and plain and isinstance(input, torch.Tensor) and input.dtype == torch.float32
                    and input.dim() >= 1 and dim is not None and dim in (-1, input.dim() - 1)):
                self._inside = True
                try:
                    cols = input.shape[-1]
                    out = self.learner_softmax(input.reshape(-1, cols).contiguous())
                finally:
                    self._inside = False
                self.routed += 1
                self.shapes.add("x".join(map(str, input.shape)))
                return out.reshape(input.shape)
            self.passed_through += 1
            return original(input, *args, **kwargs)

        return softmax


def family_tensor(family: str, rows: int, cols: int, seed: int, device: str) -> torch.Tensor:
    """The value families of grader/checks/softmax_cases.py, drawn on the device (same laws, other numbers)."""
    g = torch.Generator(device=device).manual_seed(seed)
    shape = (rows, cols)
    if family == "randn":
        return 3 * torch.randn(shape, generator=g, device=device)
    if family == "large":
        return torch.rand(shape, generator=g, device=device) * 2e4 - 1e4
    if family == "masked":
        x = 3 * torch.randn(shape, generator=g, device=device)
        mask = torch.rand(shape, generator=g, device=device) < 0.25
        keep = torch.randint(0, cols, (rows,), generator=g, device=device)
        mask[torch.arange(rows, device=device), keep] = False  # never a whole row of -inf
        return x.masked_fill_(mask, float("-inf"))
    if family == "constant":
        return (torch.rand((rows, 1), generator=g, device=device) * 100 - 50).expand(shape).contiguous()
    if family == "spike":
        x = torch.randn(shape, generator=g, device=device)
        x[torch.arange(rows, device=device), torch.randint(0, cols, (rows,), generator=g, device=device)] += 80.0
        return x
    raise ValueError(family)


def _first_difference(a: torch.Tensor, b: torch.Tensor) -> list | None:
    """[row, col, a, b] of the first element whose bits differ between two outputs, or None."""
    differs = a.view(torch.int32) != b.view(torch.int32)
    if not bool(differs.any()):
        return None
    r, c = (int(i) for i in differs.nonzero()[0])
    return [r, c, float(a[r, c]), float(b[r, c])]


def _interleaved_medians(fns: dict, flush: torch.Tensor, rounds: int, max_reps: int, budget_s: float) -> dict:
    """Median seconds per call of each fn: CUDA events, L2 flushed before each call, rounds interleaved."""
    for fn in fns.values():  # warm-up
        for _ in range(3):
            fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for fn in fns.values():
        fn()
    end.record()
    torch.cuda.synchronize()
    per_round = start.elapsed_time(end) * 1e-3  # one call of each
    reps = int(min(max_reps, max(3, budget_s / rounds / max(per_round, 1e-6))))
    samples: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(reps)]
            for s, e in events:
                flush.zero_()
                s.record()
                fn()
                e.record()
            torch.cuda.synchronize()
            samples[name] += [s.elapsed_time(e) * 1e-3 for s, e in events]
    return {name: statistics.median(v) for name, v in samples.items()}


def main() -> None:
    rundir, request, inputs = read_request()
    try:
        response, outputs = Harness(request).run(inputs)
    except BaseException:
        traceback.print_exc()
        sys.stdout.flush()
        sys.exit(INTERNAL_ERROR)
    write_response(rundir, response, outputs)


if __name__ == "__main__":
    main()

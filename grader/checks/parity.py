"""MiniGPT port vs NumPy reference: the numbers (parent side; no torch, no learner code).

``compare`` says how far a port's float64 array is from the reference's:

  * ``max_rel_err``: max|port - ref| / max|ref| over the whole tensor. This is the gated
    figure (SETTINGS.parity_rtol): torch and NumPy sum in different orders and their exp,
    erf and sqrt differ in the last bit, so a right port is off by ~1e-16 relative to the
    tensor's scale, but an element that cancels to nearly zero can be off by far more
    relative to itself;
  * ``max_elem_rel_err``: max |port - ref| / |ref| over elements with |ref| >= 1e-3 max|ref|;
  * ``identical``: the fraction of elements with exactly the same bits;
  * ``max_ulps``: the largest distance in units in the last place, over the same elements
    (near zero ulps measure nothing: noise of +-1e-20 around an exact 0 is 1e18 ulps wide).

``draw_case`` and ``reference_results`` make the inputs of one grading run and the
reference's answers to them, with the reference module imported by path from the
grader's own tree (never from the submission).
"""
from __future__ import annotations

import dataclasses
import importlib.util
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import ModuleType

import numpy as np

from grader.discover import REPO

LAB = "03-triton-and-pytorch"
SHOW = 5  # mismatching elements listed in a failure message
ELEMENT_FLOOR = 1e-3  # elementwise relative error skips |ref| below this fraction of max|ref|


@dataclass(frozen=True)
class Comparison:
    name: str
    found_shape: tuple[int, ...] | None  # None: the port produced nothing under this name
    expected_shape: tuple[int, ...]
    max_rel_err: float  # inf when missing, misshapen or not finite
    max_elem_rel_err: float
    identical: float  # fraction of bitwise-identical elements
    max_ulps: int | None  # over elements with |ref| >= ELEMENT_FLOOR * max|ref|; None if not finite
    mismatches: list[tuple[tuple[int, ...], float, float]] = field(default_factory=list)  # (index, port, reference)
    size: int = 0

    def ok(self, rtol: float) -> bool:
        return self.max_rel_err <= rtol

    def describe(self, rtol: float) -> list[str]:
        """Expected/found lines for a failure message."""
        if self.found_shape is None:
            return [f"{self.name}: expected an array of shape {self.expected_shape}, found nothing"]
        if self.found_shape != self.expected_shape:
            return [f"{self.name}: expected shape {self.expected_shape}, found {self.found_shape}"]
        lines = [f"{self.name}: max|port - ref| / max|ref| = {self.max_rel_err:.3g}, expected <= {rtol:g}"]
        lines += [f"  at {list(i)}: expected {e!r}, found {f!r}" for i, f, e in self.mismatches]
        return lines


def ulp_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Units in the last place between float64 arrays, as uint64 (+0.0 and -0.0 are 0 apart)."""

    def ordered(x: np.ndarray) -> np.ndarray:  # float64 bits -> int64 that sort like the floats
        i = np.ascontiguousarray(x, dtype=np.float64).view(np.int64)
        return np.where(i < 0, np.int64(np.iinfo(np.int64).min) - i, i)

    ia, ib = ordered(a).astype(np.uint64), ordered(b).astype(np.uint64)  # wraps; differences stay exact
    return np.where(ordered(a) >= ordered(b), ia - ib, ib - ia)


def compare(name: str, found: np.ndarray | None, expected: np.ndarray, rtol: float, *,
            reshape: bool = False) -> Comparison:
    """found vs expected (the reference). ``reshape`` (a probe, which only says where a port goes wrong) forgives a
    shape that differs only by size-1 axes (a probe of [1, T, C] against [T, C]) and a value the port broadcast over
    leading axes ([B, T, C] against [T, C], from positions expanded over the batch): each copy is compared (a right
    position embedding expanded to [B, T] was named the first layer to differ, by its shape: red team, session 53)."""
    expected = np.ascontiguousarray(expected, dtype=np.float64)
    if found is None:
        return Comparison(name, None, expected.shape, np.inf, np.inf, 0.0, None, size=expected.size)
    found = np.ascontiguousarray(found, dtype=np.float64)
    if reshape and found.shape != expected.shape and found.size == expected.size:
        found = found.reshape(expected.shape)
    elif reshape and expected.ndim and found.ndim > expected.ndim and \
            found.shape[found.ndim - expected.ndim:] == expected.shape:
        found = found.reshape(-1, *expected.shape)
        expected = np.ascontiguousarray(np.broadcast_to(expected, found.shape))
    if found.shape != expected.shape:
        return Comparison(name, found.shape, expected.shape, np.inf, np.inf, 0.0, None, size=expected.size)
    scale = float(np.abs(expected).max()) if expected.size else 0.0
    finite = np.isfinite(found)
    with np.errstate(invalid="ignore", over="ignore"):
        diff = np.where(finite, np.abs(found - expected), np.inf)
    worst = float(diff.max()) if diff.size else 0.0
    max_rel = worst / scale if scale > 0 else (0.0 if worst == 0 else np.inf)
    big = np.abs(expected) >= ELEMENT_FLOOR * scale
    elem = float((diff[big] / np.abs(expected[big])).max()) if scale > 0 and big.any() else max_rel
    identical = float(np.mean(found.view(np.int64) == expected.view(np.int64))) if expected.size else 1.0
    if not finite.all():
        ulps = None
    else:
        ulps = int(ulp_distance(found[big], expected[big]).max()) if big.any() else 0
    bad = np.argwhere(diff > rtol * scale) if max_rel > rtol else np.empty((0, expected.ndim), dtype=int)
    mismatches = [(tuple(int(j) for j in i), float(found[tuple(i)]), float(expected[tuple(i)])) for i in bad[:SHOW]]
    return Comparison(name, found.shape, expected.shape, max_rel, elem, identical, ulps, mismatches, expected.size)


def summary(comparisons: list[Comparison]) -> dict:
    """The figures a report shows for a group of tensors."""
    total = sum(c.size for c in comparisons) or 1
    ulps = [c.max_ulps for c in comparisons]
    return {
        "max_rel_err": max((c.max_rel_err for c in comparisons), default=0.0),
        "max_elem_rel_err": max((c.max_elem_rel_err for c in comparisons), default=0.0),
        "identical_fraction": round(sum(c.identical * c.size for c in comparisons) / total, 4),
        "max_ulps": None if None in ulps else max(ulps, default=0),
    }


# ----------------------------------------------------------------------------- the reference side

def reference_file() -> Path:
    """The reference from the grader's own tree: solutions/ (the published copy), else labs/."""
    for tree in ("solutions", "labs"):
        path = REPO / tree / LAB / "minigpt_numpy.py"
        if path.is_file():
            return path
    raise FileNotFoundError(f"grader tree has no {LAB}/minigpt_numpy.py under labs/ or solutions/")


@lru_cache(maxsize=4)
def load_reference(path: Path) -> ModuleType:
    return _exec_reference(path, f"_grader_reference_{abs(hash(str(path)))}")


def tempered_reference(path: Path, temperature: float) -> ModuleType:
    """A private copy of the reference whose ``softmax`` (attention's, in forward) is softmax(temperature * x):
    what the bonus asks of a forward with every softmax routed at that temperature. Never the shared module: other
    checks' threads use that one."""
    module = _exec_reference(path, f"_grader_reference_tempered_{abs(hash(str(path)))}_{id(object())}")
    sys.modules.pop(module.__name__, None)
    plain = module.softmax
    module.softmax = lambda x: plain(x * temperature)
    return module


def _exec_reference(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


@dataclass
class PortCase:
    """One grading run's inputs, drawn from a seed."""

    config: dict  # MiniGPTConfig's fields (GPTConfig's, less dtype)
    adamw: dict  # configure_optimizer's arguments: lr, betas, eps, weight_decay
    weights: dict[str, np.ndarray]  # reference names -> float64
    batches: list[tuple[np.ndarray, np.ndarray]]  # one (idx, targets) per optimizer step, int64 [B, T]
    fed: list[dict[str, np.ndarray]]  # per optimizer step, the gradients both optimizers are fed (random)

    @property
    def steps(self) -> int:
        return len(self.batches)


def draw_case(ref: ModuleType, seed: int, *, shape: dict, batch_size: int, steps: int, adamw: dict) -> PortCase:
    rng = np.random.default_rng([seed, 3])
    text = ref.load_corpus()  # corpus.txt beside the reference: the grader's copy
    vocab = ref.build_vocab(text)
    config = ref.MiniGPTConfig(vocab_size=len(vocab), **shape)
    weights = ref.init_params(config, seed)
    # GPT-2's init leaves every bias at 0 and every LayerNorm gain at 1, where a port that
    # drops a bias or swaps weight and bias would still match: move them all.
    for w in weights.values():
        if w.ndim == 1:
            w += rng.normal(0.0, 0.05, size=w.shape)
    data = ref.encode(text, vocab)
    batches = [ref.get_batch(data, config.block_size, batch_size, rng) for _ in range(steps)]
    # The optimizer check feeds both optimizers the same gradients. They are random numbers, not the
    # reference's gradients, so that no expected value ever reaches the worker that runs the port.
    fed = [{n: rng.normal(0.0, 1e-2, size=w.shape) for n, w in weights.items()} for _ in range(steps)]
    return PortCase(dataclasses.asdict(config), dict(adamw), weights, batches, fed)


def reference_results(ref: ModuleType, case: PortCase) -> dict[str, np.ndarray]:
    """The reference's answer under the names the worker uses for the port's. Stays with the judge."""
    config = ref.MiniGPTConfig(**case.config)
    idx, targets = case.batches[0]
    out: dict[str, np.ndarray] = {}
    for key, value in ref.activations(case.weights, idx, config).items():
        out[f"probe/{key}"] = value
    loss, out["logits"], grads = ref.loss_and_grads(case.weights, idx, targets, config)
    out["loss"] = np.float64(loss)
    out.update({f"grad/{n}": g for n, g in grads.items()})
    a = case.adamw
    settings = ref.AdamWConfig(lr=a["lr"], beta1=a["betas"][0], beta2=a["betas"][1], eps=a["eps"],
                               weight_decay=a["weight_decay"])
    fed = {n: w.copy() for n, w in case.weights.items()}
    opt = ref.AdamW(fed, settings)
    for grads_k in case.fed:
        opt.step(fed, {n: g.copy() for n, g in grads_k.items()})
    out.update({f"adamw/{n}": p for n, p in fed.items()})
    params = {n: w.copy() for n, w in case.weights.items()}
    opt = ref.AdamW(params, settings)
    losses = []
    for idx_k, targets_k in case.batches:
        loss_k, _, grads_k = ref.loss_and_grads(params, idx_k, targets_k, config)
        losses.append(loss_k)
        opt.step(params, grads_k)
    losses.append(ref.cross_entropy(ref.forward(params, idx, config), targets))
    out["train_loss"] = np.array(losses)
    out.update({f"train/{n}": p for n, p in params.items()})
    return out

"""Worker: a learner's PyTorch port of MiniGPT, run on the judge's weights and batches.

    command  {"cmd": "run", "port", "module_name", "config", "dtype", "device", "adamw", "steps", "params",
              "probes"}; the judge's arrays in IO/inputs.npz: the weights (``param/NAME``), the batches
              (``idx/K``, ``targets/K``) and the gradients to feed the optimizer (``fed/K/NAME``: random
              numbers the judge drew, not the reference's gradients: no expected value reaches this worker)
    answer   facts per stage; arrays in IO/outputs.npz (all float64): ``logits``, ``loss``, ``probe/KEY``,
             ``grad/NAME``, ``adamw/NAME``, ``train/NAME``, ``train_loss`` [K + 1], ``loss_again`` (the forward
             stage's batch once more, after the backward pass: for a lesson on randomness); facts ``shared``: the
             parameter names that are another's tensor or memory (tied), for a lesson

The stages, each stopping the ones after it when it raises:

    import    the port file, by path, as module ``minigpt_torch``
    build     GPT(GPTConfig(**config, dtype=float64)).to(device)
    load      load_state_dict(weights as float64 tensors), strict=False, facts recorded
    forward   logits, loss = model(idx/0, targets/0), with forward hooks on the probes
    backward  torch.autograd.grad(loss, parameters), by the harness
    adamw     configure_optimizer(...), then K steps on the fed gradients
    train     reload the weights; K steps of forward, autograd's gradients, step; one more loss

A learner's exception is a result (in the answer); everything here is a claim the judge checks
against its own NumPy reference. How the port computes is checked on its syntax tree by the judge, and
here, as it runs (red team, session 29), whatever the names it was written with:

- tensors the harness calls methods on are plain: the logits, the loss and every parameter are exactly
  torch.Tensor and nn.Parameter, the optimizer exactly torch.optim.AdamW (a subclass's methods are the
  learner's code, run by the harness's calls: a loss whose .backward() wrote gradients by hand);
- the gradients are autograd's: the harness asks torch.autograd.grad for them, after checking that the
  forward pass wrote no .grad and that the loss's graph holds no node of a Python autograd.Function (any
  class's: one of the port's under a torch name, torch's module backward hooks);
- the forward pass makes no Python number of a floating-point tensor (item(), float(), int(), bool(), a
  tensor's text, tolist()), and at most NUMBERS_BUDGET of integer and boolean ones: GELU was computed on Python
  floats, put back as a constant with no graph, and given a derivative written by hand through a straight-through
  term (y + (x - x.detach()) * d);
- no value of the graph leaves it in the forward pass (GraphKept: no detach(), .data, no_grad block or storage of
  a tensor that requires grad), which is what any straight-through term needs (red team, session 30).
"""
from __future__ import annotations

import collections
import importlib.util
import os
import re
import sys
import time
import traceback
import types as pytypes  # not `types`: __torch_function__'s parameter has that name
import weakref
from pathlib import Path

import numpy as np
import torch
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode

from grader.workers.serve import class_name, exception_text


STAGES = ("import", "build", "load", "forward", "backward", "adamw", "train")


class Failed(Exception):
    """A stage of learner code raised; the response already says how."""


class PortRule(Exception):
    """What the port did that the lab's rules refuse, found as it ran (the message teaches)."""


PYTHON_NUMBERS = ("values taken out of torch carry no graph, so autograd cannot derive their gradients, and on a GPU "
                  "each one waits for the device. Compute with tensor operations end to end (torch.where for a "
                  "choice, shapes for sizes)")


GRAPH_CUT = ("a value taken out of autograd's graph and put back in carries a gradient the port chose, not the one "
             "autograd derives (a straight-through term y + (x - x.detach()) * d passes any derivative d). Compute "
             "the forward pass with torch operations on the graph's tensors, with no detach(), .data, torch.no_grad() "
             "or storage of them")
# Python numbers a forward pass may read out of tensors (integer and boolean ones: F.one_hot reads the targets' max,
# a port may test a mask). A few per layer; one per element of an activation is the model computed in Python.
NUMBERS_BUDGET = 64
PARAMETERS_REPLIED = 1000  # a MiniGPT has a few dozen; enough to name the extra ones
# torch functions that make a tensor from another's shape, dtype and device only (never its values).
SHAPE_ONLY = frozenset({"zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like",
                        "randint_like", "new_zeros", "new_ones", "new_empty", "new_full"})
# Functions whose result's values are self's: their other tensor gives only a dtype, a device or a shape (LLaMA's mask
# .type_as(h), one_hot(t).to(logits)); and those whose values are their data arguments', self giving only a dtype and
# a device. A tensor of the graph that lends only these is no source of the result (false failures, session 32).
VALUES_OF_SELF = frozenset({"to", "type_as", "expand_as", "view_as", "reshape_as"})
# Arithmetic that can lose a graph value whole while keeping its derivative: x + 1e300 is 1e300 (derivative 1), so
# x - ((x + 1e300) - 1e300) is x with derivative 0, a detach() made of additions; x * 2**-600 * 2**-600 is 0 the
# same way (red team, session 55). Judged on the values (GraphKept.absorbed).
ADDITIONS = frozenset({"add", "sub", "rsub", "__add__", "__radd__", "__sub__", "__rsub__", "add_", "sub_", "__iadd__",
                       "__isub__"})
PRODUCTS = frozenset({"mul", "div", "multiply", "divide", "true_divide", "__mul__", "__rmul__", "__truediv__",
                      "__rtruediv__", "mul_", "div_", "__imul__", "__itruediv__"})
IN_PLACE_ARITHMETIC = frozenset({"add_", "sub_", "mul_", "div_", "__iadd__", "__isub__", "__imul__", "__itruediv__"})
# What hands out a tensor's memory with no graph: on a tensor off the graph (a buffer not yet filled) they are fine,
# but a graph value written into that memory afterwards is the graph's values with no graph (red team, session 55:
# twin = buf.detach(); buf.copy_(x) made twin x, cut). GraphKept.cut_memory.
UNGRAPHED_ALIASES = frozenset({"detach", "alias", ".data"})
PLAIN_TENSORS = (torch.Tensor, torch.nn.Parameter)
VALUES_OF_DATA = frozenset({"new", "new_tensor"})
# Functions whose i-th result is their i-th tensor argument's values (broadcast, or given more dimensions).
VALUES_BY_ARGUMENT = frozenset({"broadcast_tensors", "atleast_1d", "atleast_2d", "atleast_3d"})
# ... and those that return a tensor's sizes and flags (ints and bools), never its values.
SIZES = frozenset({"size", "dim", "ndimension", "numel", "nelement", "stride", "element_size", "get_device",
                   "storage_offset", "__len__", "__get__", "is_contiguous", "is_floating_point", "is_complex"})
# Functions whose derivative is zero (piecewise constant) or cancels the input's (x - frac(x)): on the graph's values
# each makes a copy autograd takes for a constant, as detach() does (torch.round(h * 2**60) / 2**60, red team, session
# 31). A MiniGPT has no use for them on activations; on integers and sizes they are not watched.
PIECEWISE = frozenset({"round", "floor", "ceil", "trunc", "fix", "frac", "sign", "sgn", "remainder", "fmod",
                       "floor_divide", "floordiv", "rfloordiv", "ifloordiv", "mod", "rmod", "imod"})
# ... and those whose results' sizes depend on their inputs' values: a size read of such a result is a number taken out.
VALUE_SHAPED = frozenset({"nonzero", "argwhere", "masked_select", "unique", "unique_consecutive", "repeat_interleave",
                          "bincount"})


def value_shaped(name: str, args, kwargs) -> bool:
    """Whether a call's results have sizes that follow its inputs' values: those above, an index by a boolean mask
    (x[mask]), and where() of a condition alone (its indices)."""
    if name in VALUE_SHAPED:
        return True
    if name == "__getitem__":
        return any(isinstance(t, torch.Tensor) and t.dtype == torch.bool
                   for t in torch.utils._pytree.tree_leaves(args[1:]))
    return name == "where" and len(args) + len(kwargs) == 1


class NoPythonNumbers(TorchDispatchMode):
    """Around the learner's forward and backward: refuses aten._local_scalar_dense of a floating-point tensor (what
    item(), float(), int(), bool() and 0-d formatting come down to), and tensor printing (which reads values without
    dispatch). Integer and boolean tensors' numbers stay allowed, NUMBERS_BUDGET of them: torch's own F.one_hot takes
    the max of the targets that way, and a port may test a mask (`if mask.any()`); an activation read element by
    element through an int64 view of its bits was GELU computed on Python floats (red team, session 30). The first
    refusal is kept, so a learner's `except` cannot hide it."""

    def __init__(self):
        super().__init__()
        self.refused: str | None = None
        self.numbers = 0
        self.paused = 0  # the harness's own reads of values (GraphKept.absorbed)
        self._saved_str = None

    def refuse(self, what: str, why: str = PYTHON_NUMBERS):
        self.refused = self.refused or f"the port {what} inside the model: {why}"
        raise PortRule(self.refused)

    def count(self, numbers: int):
        self.numbers += numbers
        if self.numbers > NUMBERS_BUDGET:
            self.refuse(f"read {self.numbers} numbers out of tensors into Python in one pass (at most "
                        f"{NUMBERS_BUDGET}: a mask's test, a size)")

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is torch.ops.aten._local_scalar_dense.default and not self.paused:
            if args[0].is_floating_point() or args[0].is_complex():
                self.refuse("turned a floating-point tensor into a Python number (.item(), float(t), int(t), "
                            "bool(t), `if t:`, an f-string of a number)")
            self.count(1)
        return func(*args, **(kwargs or {}))

    def __enter__(self):
        import torch._tensor_str as tensor_str

        self._saved_str = tensor_str._str
        tensor_str._str = lambda *a, **k: self.refuse("printed a tensor's values")
        return super().__enter__()

    def __exit__(self, *exc):
        import torch._tensor_str as tensor_str

        tensor_str._str = self._saved_str
        return super().__exit__(*exc)


class GraphKept(TorchFunctionMode):
    """Around the learner's forward pass, where the harness runs it with autograd on: every torch function given a
    tensor of the graph (one that requires grad) must keep its floating-point results on the graph, and return no
    way to its values (a storage, a data pointer, a list of its numbers: tolist() reads without dispatch). So
    detach(), .data, a torch.no_grad() block, new_tensor() or set_() on a storage cannot make the constant that a
    straight-through term (y + (x - x.detach()) * d) needs to hand autograd a derivative written by hand: five
    such ports passed every check (red team, session 30). Integer and boolean results (a mask, max's indices) may
    index and mask, but they are followed: a floating-point result made from them off the graph is refused too, and
    their numbers reach Python only within NoPythonNumbers' budget (red team, session 31)."""

    def __init__(self, numbers: NoPythonNumbers, params: dict | None = None, retired: dict | None = None):
        super().__init__()
        self.numbers = numbers
        self.paused = 0  # the harness's own calls (its probes' copies) inside the forward
        # Integer and boolean tensors made from the graph's values (a mask, max's indices, an int64 view of its bits),
        # and results whose sizes follow values: by id, each entry gone with its tensor.
        self.derived: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
        self.value_shaped: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
        self.params = [(span, n, p) for n, p in (params or {}).items() if (span := memory_of(p)) is not None]
        self.cut_memory: list[tuple[int, int]] = []  # memory a detach() (or .data) of a tensor off the graph shares
        self.retired = [(span, n) for n, t in (retired or {}).items() if (span := memory_of(t)) is not None]
        self._make_subclass = None

    def is_derived(self, t) -> bool:
        return self.derived.get(id(t)) is t

    def parameter_alias(self, t) -> str | None:
        """Why ``t`` is a parameter's memory reached outside autograd's graph, or None. Memory a parameter had before
        this forward pass (the harness moves every parameter to new memory before it, PortHarness.fresh_memory): a
        view, a .data, another dtype's view, a storage or a NumPy array of a weight kept from the build or the load,
        which tracked the weights as they changed and carried none of their gradient (red team, sessions 31 and 32).
        And the parameters' memory now, in a tensor off the graph that is not the parameter itself."""
        span = memory_of(t)
        if span is None:
            return None
        for (start, end), name in self.retired:
            if span[0] < end and start < span[1]:
                return f"kept memory of parameter {name} from before the forward pass"
        if t.requires_grad:
            return None
        for (start, end), name, p in self.params:
            if span[0] < end and start < span[1] and t is not p:
                return f"used a view of parameter {name} outside autograd's graph"
        return None

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", "") if torch_own(func) else ""
        if self.paused:
            return func(*args, **kwargs)
        if torch._C._functorch.maybe_current_level() is not None:
            # Inside vmap, grad, jacrev... tensors are wrapped, and a wrapper does not say that it requires grad: a
            # detach() there passed as a call off the graph (red team, session 32). A MiniGPT needs no transform.
            self.numbers.refuse(f"ran {name.strip('_') or 'a function'} inside a torch.func transform (vmap, grad, "
                                "jacrev...), where the watch cannot see autograd's graph", GRAPH_CUT)
        everything = torch.utils._pytree.tree_leaves((args, kwargs))
        foreign = [f for f in (func, *everything) if callable(f) and not isinstance(f, (torch.Tensor, type))
                   and not torch_own(f)]
        if foreign:
            own = foreign[0].__code__.co_name if isinstance(foreign[0], pytypes.FunctionType) else \
                class_name(type(foreign[0]))
            self.numbers.refuse(f"handed a function of its own ({own[:60]}) to torch's override machinery, which runs "
                                "it where the watch cannot see it; call torch's functions directly", GRAPH_CUT)
        leaves = [t for t in everything if isinstance(t, torch.Tensor)]
        for t in leaves:
            if (alias := self.parameter_alias(t)) is not None:
                self.numbers.refuse(f"{alias} (a detach(), .data, view, storage or NumPy array of a weight kept from "
                                    "the build or the load; make views of parameters inside forward)", GRAPH_CUT)
        on_graph = any(t.requires_grad for t in leaves)
        written = kwargs.get("out") if isinstance(kwargs.get("out"), torch.Tensor) else args[0] if args and \
            isinstance(args[0], torch.Tensor) and (name.endswith("_") and not name.endswith("__") or
                                                  name in ("__setitem__", *IN_PLACE_ARITHMETIC)) else None
        if on_graph and written is not None and self.cut_memory and (span := memory_of(written)) is not None and \
                any(span[0] < end and start < span[1] for start, end in self.cut_memory):
            self.numbers.refuse(f"wrote a graph tensor's values ({name.strip('_')}) into memory that a detach() or "
                                ".data of it shares, which then holds them with no graph", GRAPH_CUT)
        if name == "tolist" and args and isinstance(args[0], torch.Tensor):
            if args[0].is_floating_point() or args[0].is_complex():
                self.numbers.refuse("read a floating-point tensor's numbers with tolist()")
            self.numbers.count(args[0].numel())
        operands = None
        if on_graph and (name in ADDITIONS or name in PRODUCTS) and len(args) >= 2:
            first = args[0]  # an in-place operation's first operand, as it was before
            if name in IN_PLACE_ARITHMETIC and type(first) in PLAIN_TENSORS:
                with torch.no_grad():
                    first = torch.Tensor.clone(torch.Tensor.detach(first)).requires_grad_(first.requires_grad)
            operands = (first, args[1])
        result = func(*args, **kwargs)
        if operands is not None and (gone := self.absorbed(name, operands, result)):
            self.numbers.refuse(f"computed {name.strip('_')}() with a number so {gone} that a graph tensor's values "
                                "are lost in the result while its derivative is kept (x + 1e300 is 1e300): a "
                                "detach() made of arithmetic", GRAPH_CUT)
        if name in VALUES_BY_ARGUMENT and isinstance(result, (tuple, list)) and len(result) == len(leaves):
            for t, out in zip(leaves, result):
                self.check_results(func, name, [t], leaves, out, (args, kwargs))
            return result
        sources = leaves
        if name in VALUES_OF_SELF and args and isinstance(args[0], torch.Tensor):
            sources = [args[0]]
        elif name in VALUES_OF_DATA:
            sources = [t for t in torch.utils._pytree.tree_leaves((args[1:], kwargs)) if isinstance(t, torch.Tensor)]
        return self.check_results(func, name, sources, leaves, result, (args, kwargs))

    def check_results(self, func, name: str, sources: list, leaves: list, result, call):
        """``result`` of ``func`` called with ``call`` (its tensors ``leaves``), whose values come from the tensors
        ``sources``: floating-point results of the graph's values stay on it, integer ones are followed, and no Python
        value of them leaves uncounted. Returns ``result``."""
        args, kwargs = call
        on_graph = any(t.requires_grad for t in sources)
        derived = any(self.is_derived(t) for t in sources)
        attribute = getattr(getattr(func, "__self__", None), "__name__", None)  # .data: data's __get__
        label = f".{attribute}" if name == "__get__" and isinstance(attribute, str) else name.strip("_")
        if label in UNGRAPHED_ALIASES and isinstance(result, torch.Tensor) and not result.requires_grad and \
                (span := memory_of(result)) is not None:
            self.cut_memory.append(span)
        if not (on_graph or derived):
            return result
        if name.strip("_") in PIECEWISE and any(isinstance(out, torch.Tensor) and out.is_floating_point()
                                                 for out in torch.utils._pytree.tree_leaves(result)):
            self.numbers.refuse(f"computed {name.strip('_')}() of the graph's values: its gradient is zero, or "
                                "cancels the input's, so its result is the values with no gradient, as detach() "
                                "makes them", GRAPH_CUT)
        if name in SHAPE_ONLY or name == "new_tensor" and not any(  # new_tensor(3): a constant of self's dtype
                isinstance(t, torch.Tensor) for t in torch.utils._pytree.tree_leaves((args[1:], kwargs))):
            return result
        shaped = any(self.value_shaped.get(id(t)) is t for t in leaves)
        makes_shaped = shaped or value_shaped(name, args, kwargs)
        for out in torch.utils._pytree.tree_leaves(result):
            if isinstance(out, torch.Tensor):
                if makes_shaped:
                    self.value_shaped[id(out)] = out
                if out.requires_grad:
                    continue
                if not (out.is_floating_point() or out.is_complex()):
                    self.derived[id(out)] = out  # a mask or an index stays allowed; floats made from it do not
                    continue
            elif out is None or isinstance(out, (torch.dtype, torch.device, torch.layout, torch.memory_format,
                                                 torch.autograd.graph.Node)):
                continue
            elif type(out) in (int, bool) and name in SIZES:  # sizes and flags; of a mask's nonzero(), a number
                if derived or shaped:  # of the values
                    self.numbers.count(1)
                continue
            elif type(out) is bool:  # torch.equal, is_nonzero...: a bit of the values, as a Python number
                if name != "__bool__":  # (counted by NoPythonNumbers as the item it reads)
                    self.numbers.count(1)
                continue
            source = "a graph tensor" if on_graph else "an integer tensor made from the graph's values"
            self.numbers.refuse(f"took a value of {source} out of autograd's graph ({label} returned "
                                f"{type(out).__name__}{' without a graph' if isinstance(out, torch.Tensor) else ''})",
                                GRAPH_CUT)
        return result

    def absorbed(self, name: str, operands, result) -> str:
        """"large" or "small" when ``result`` of an addition (a product) of ``operands`` lost a floating-point graph
        operand whole: at every element where it is nonzero, the sum's magnitude is the other term's (the product is
        zero while the other factor is not); else "". The harness's own reads: not counted as the port's numbers."""
        if type(result) is not torch.Tensor or not result.is_floating_point():
            return ""
        sum_ = name in ADDITIONS
        self.numbers.paused += 1
        try:
            with torch.no_grad():
                for mine, other in (operands, operands[::-1]):  # torch's own tensors only: a subclass's methods
                    if not (type(mine) in PLAIN_TENSORS and mine.requires_grad and mine.is_floating_point()):
                        continue  # are the port's code
                    if type(other) in (int, float, bool):
                        other = torch.tensor(other, dtype=result.dtype, device=result.device)
                    if type(other) not in PLAIN_TENSORS:
                        continue
                    try:  # the other term in the result's type (a mask's True is 1.0)
                        mine_b, other_b, out = torch.broadcast_tensors(
                            torch.Tensor.detach(mine), torch.Tensor.to(torch.Tensor.detach(other), result.dtype),
                            torch.Tensor.detach(result))
                    except RuntimeError:
                        continue
                    present = mine_b != 0
                    if not bool(present.any()):
                        continue
                    if sum_ and bool((out.abs()[present] == other_b.abs()[present]).all()):
                        return "large"
                    if not sum_ and bool((out[present] == 0).all()) and bool((other_b[present] != 0).all()):
                        return "small"
        finally:
            self.numbers.paused -= 1
        return ""

    def __enter__(self):
        """nn.Parameter(x) makes its tensor in C, below every mode: x's memory with no graph, or a new leaf cut from
        x's graph (red team, session 31). A parameter is made where the model is built, never in its forward pass."""
        original = self._make_subclass = torch.Tensor.__dict__.get("_make_subclass")
        base = torch._C.TensorBase._make_subclass

        def make_subclass(cls, data, requires_grad=False, **kwargs):  # torch._dynamo checks this signature
            if not self.paused and isinstance(data, torch.Tensor) and (
                    data.requires_grad or self.is_derived(data) or self.parameter_alias(data) is not None):
                self.numbers.refuse(f"made a {class_name(cls)} of a graph tensor inside the "
                                    "forward pass", GRAPH_CUT)
            return base(cls, data, requires_grad, **kwargs)

        torch.Tensor._make_subclass = staticmethod(make_subclass)
        self._had_own = original is not None
        return super().__enter__()

    def __exit__(self, *exc):
        if self._had_own:
            torch.Tensor._make_subclass = self._make_subclass
        else:
            del torch.Tensor._make_subclass
        return super().__exit__(*exc)


TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__)) + os.sep
C_CALLABLES = (pytypes.BuiltinFunctionType, pytypes.MethodDescriptorType, pytypes.WrapperDescriptorType,
               pytypes.MethodWrapperType, pytypes.GetSetDescriptorType, pytypes.ClassMethodDescriptorType)


def torch_own(func, depth: int = 0) -> bool:
    """Whether a callable is torch's own code: compiled (C), or a Python function of torch's package (a method of
    one too). A torch function mode runs what it is handed with itself turned off, so a function of the port's
    handed to it through torch.overrides.handle_torch_function ran unwatched (red team, session 32)."""
    if isinstance(func, C_CALLABLES):
        return True
    if isinstance(func, pytypes.MethodType) and depth < 4:
        return torch_own(func.__func__, depth + 1)
    if isinstance(func, pytypes.FunctionType):
        return func.__code__.co_filename.startswith(TORCH_DIR)
    return False


def plain_group(group: dict) -> bool:
    """A group as AdamW holds it: its params, the names torch keeps of them when it is handed (name, parameter) pairs
    (since torch 2.6: a list of strings as long as params), and settings that are ``plain``."""
    names = group.get("param_names", [])
    return type(names) is list and len(names) in (0, len(group["params"])) and \
        all(type(n) is str and len(n) <= 200 for n in names) and \
        all(plain(v) for k, v in group.items() if k not in ("params", "param_names"))


def plain(value) -> bool:
    """A setting as AdamW's groups hold them: a number, a flag, a string or None, or a short tuple or list of them
    (betas), each of exactly those types (a float subclass's arithmetic would be the port's code inside the step)."""
    if type(value) in (tuple, list):
        return len(value) <= 8 and all(type(v) in (int, float, bool, str, type(None)) for v in value)
    return type(value) in (int, float, bool, str, type(None)) and (type(value) is not str or len(value) <= 100)


def memory_of(t) -> tuple[int, int] | None:
    """The bytes [start, end) of the memory ``t``'s storage spans, or None for a tensor with no storage of its own
    (meta, a wrapper subclass). A range, not a start: a NumPy view's tensor starts inside its weight's memory."""
    try:
        storage = torch.Tensor.untyped_storage(t)
        start = storage.data_ptr()
        return (start, start + max(storage.nbytes(), 1)) if start else None
    except (RuntimeError, NotImplementedError, TypeError):
        return None


def shared_parameters(model, params: dict) -> dict[str, str]:
    """The model's parameter names that are another's tensor (tied as nanoGPT ties them, `wte.weight =
    lm_head.weight`, so named_parameters() lists one name) or memory (`.data = ...`), each with the name it shares
    with: facts for a lesson (mistakes35, session 35), which the judge reads only for names it sent."""
    by_id, shared = {id(p): n for n, p in params.items()}, {}
    try:
        for k, (n, p) in enumerate(torch.nn.Module.named_parameters(model, remove_duplicate=False)):
            if k >= 10_000:
                break
            if n not in params and id(p) in by_id:
                shared[str(n)[:200]] = by_id[id(p)]
    except Exception:  # noqa: BLE001 - a model that cannot list its own members: no lesson, the stages say the rest
        pass
    spans = [(span, n) for n, p in list(params.items())[:1000] if (span := memory_of(p)) is not None]
    for i, ((start, end), n) in enumerate(spans):
        if (other := next((m for (s, e), m in spans[:i] if start < e and s < end), None)) is not None:
            shared.setdefault(n, other)
    return dict(list(shared.items())[:64])


def shadowed(obj, cls) -> list[str]:
    """The names an object holds in its own __dict__ that its class defines too (a method replaced on the instance:
    `opt.step = f`, `p.detach = f`), which the harness's calls would run as learner code (red team, session 31)."""
    return sorted(k for k in getattr(obj, "__dict__", {}) if hasattr(cls, k))


# The operations whose nodes a MiniGPT's loss graph may hold (autograd's node classes, numbered variants included),
# each with its own derivative: what the ports of nanoGPT's and the tutorials' styles make (linear layers, attention
# by hand or by scaled_dot_product_attention, layer norm, GELU, cross-entropy), with their views, casts and elementwise
# arithmetic. A node of any other operation is refused: one whose derivative is zero (round, floor, sign, div with a
# rounding mode, under whatever name: torch.special.round is RoundBackward1) or not the function's own (a
# straight-through estimator: h - fake_quantize(h) is h with no gradient) makes the constant that a straight-through
# term needs, so a list of names to refuse is never whole (red team, session 32); a list of what a model uses is.
GRAPH_OP_NAMES = (  # each the name of one of autograd's node classes, less "Backward<n>" (tests/test_lab03_port.py)
    # views, copies and indexing
    "View", "UnsafeView", "ReshapeAlias", "Alias", "AsStrided", "Transpose", "T", "Permute", "Expand",
    "Clone", "ToCopy", "Split", "SplitWithSizes", "Unbind", "Unsqueeze", "Squeeze", "Slice", "Select",
    "Index", "IndexSelect", "Gather", "Cat", "Stack", "Repeat", "Flip", "Roll", "Tril", "Triu", "ConstantPadNd",
    "MaskedFill", "Where", "IndexPut", "IndexAdd", "ScatterAdd", "MaskedScatter", "Diagonal", "Unfold",
    # arithmetic
    "Add", "Sub", "Rsub", "Mul", "Neg", "Pow", "Sqrt", "Rsqrt", "Reciprocal", "Exp", "Exp2", "Expm1", "Log", "Log2",
    "Log10", "Log1P", "Tanh", "Sigmoid", "Erf", "Erfc", "Sin", "Cos", "Abs", "Addcmul", "Addcdiv", "Lerp",
    "Logaddexp", "Xlogy",
    # reductions
    "Sum", "Mean", "Var", "Std", "VarMean", "StdMean", "Max", "Min", "Amax", "Amin", "Maximum", "Minimum", "Clamp",
    "ClampMin", "ClampMax", "Logsumexp", "Norm", "LinalgVectorNorm", "Prod", "Cumsum",
    # products
    "Mm", "Bmm", "Addmm", "Baddbmm", "Addbmm", "Mv", "Addmv", "Dot",
    # layers
    "Embedding", "NativeLayerNorm", "FusedRmsNorm", "Gelu", "Silu", "Relu", "Softplus", "Softmax", "SafeSoftmax",
    "LogSoftmax", "NllLoss", "NllLoss2D", "NativeDropout", "ScaledDotProductFlashAttentionForCpu",
    "ScaledDotProductEfficientAttention", "ScaledDotProductFlashAttention", "ScaledDotProductCudnnAttention",
)
GRAPH_OPS = re.compile(r"AccumulateGrad|CopySlices|CopyBackwards|DivBackward[01]|(?:{})Backward\d*".format(
    "|".join(GRAPH_OP_NAMES)))
GRAPH_NODES_LIMIT = 200_000  # a MiniGPT's graph holds a few hundred


def graph_problem(*roots) -> str:
    """Why the graph behind ``roots`` (tensors) cannot give autograd's gradients, or "": a node of a Python
    autograd.Function (whoever defined it, a module backward hook too), or of an operation not in GRAPH_OPS."""
    from torch.autograd.function import BackwardCFunction

    seen, todo = set(), [r.grad_fn for r in roots]
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if len(seen) > GRAPH_NODES_LIMIT:
            return f"the loss's graph holds over {GRAPH_NODES_LIMIT} operations: a MiniGPT's holds a few hundred"
        kind = type(node)  # the type itself, never the learner's class attributes
        if BackwardCFunction in kind.__mro__:
            return (f"the loss's graph holds {class_name(kind)}, a node of a Python autograd.Function: the port lets "
                    "autograd derive every gradient from torch operations (no Function, no backward hooks, under any "
                    "name)")
        if not GRAPH_OPS.fullmatch(class_name(kind)):
            op = re.sub(r"(?<!^)(?=[A-Z])", "_", re.sub(r"Backward\d*$", "", class_name(kind))).lower()
            return (f"the loss's graph holds {class_name(kind)} (torch's {op}), an operation a MiniGPT does not use: "
                    "its gradient is zero (round, floor, sign, a division with a rounding mode), not its function's "
                    "own (a straight-through estimator such as fake_quantize), or it is not among the operations the "
                    "grader derives gradients through (linear layers, attention, layer norm, GELU, softmax, "
                    "cross-entropy, their views and arithmetic). If your operation is a right one, tell your "
                    "instructor its name")
        todo.extend(fn for fn, _ in node.next_functions)
    return ""


def describe_exception(exc: BaseException, own_file: str = "") -> dict:
    """A learner's exception as the answer holds it. Reading it runs learner code (its __str__, its class's
    __cause__ or __notes__): whatever that does, the description is made, and the harness does not die on it (red
    team, session 32). ``where``: the frames of the learner's own file (``own_file``), innermost last: torch's and
    the harness's frames fill a traceback's end, and the line that raised was cut from what the learner saw
    (mistakes34, session 34)."""
    where: list[str] = []
    try:
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
            tb = tb.tb_next  # the harness's own frames say nothing to the learner
        lines = "".join(traceback.format_exception(type(exc), exc, tb)).rstrip().splitlines()
        if own_file:
            where = [f"at {os.path.basename(f.filename)}:{f.lineno} in {f.name}: {(f.line or '').strip()[:160]}"
                     for f in traceback.extract_tb(tb) if f.filename == own_file][-4:]
    except BaseException:  # noqa: BLE001
        lines = ["(the exception's traceback could not be read)"]
    return {"type": class_name(type(exc)), "message": exception_text(exc), "where": [w[:300] for w in where],
            "traceback": [line[:400] for line in lines[-24:]]}  # bounded: the reply has a size limit


def tensor_facts(torch, value) -> dict:
    if not isinstance(value, torch.Tensor):
        return {"type": class_name(type(value))}
    return {"type": "Tensor", "dtype": str(value.dtype).replace("torch.", ""), "shape": list(value.shape),
            "device": str(value.device), "requires_grad": bool(value.requires_grad),
            "grad_fn": type(value.grad_fn).__name__ if value.grad_fn is not None else None}


def as_array(torch, t) -> np.ndarray:
    # torch's own detach(): a learner's tensor may hold its own (p.detach = f), and its result would be the output
    return torch.Tensor.detach(t).to(device="cpu", dtype=torch.float64).numpy().copy()


_ABSENT = object()


def _behaves(value) -> bool:
    """A value that is code or reaches code: a function, a class, a module, a descriptor (a property, a method)."""
    kind = type(value)  # the value's own type, never its __class__ (which a port's object may compute)
    return value is not _ABSENT and (callable(value) or issubclass(kind, (type, pytypes.ModuleType)) or
                                     hasattr(kind, "__get__"))


class TorchAsFound:
    """torch and the modules loaded with it, as the harness found them before the port was imported: every loaded
    module's functions, classes and descriptors, and every torch class's own attributes, by identity.

    The port runs in the harness's process, and the harness reads its results through torch (a tensor's dtype and
    grad_fn, AdamW.step, collections.defaultdict). The audit refuses a store into an imported name's attribute, but a
    name held first (`T = torch.Tensor; T.dtype = property(...)`) is another path, and there are many (a parameter,
    a list, a loop): a float32 port read as float64, a graph walk shown one MulBackward0 for every node, and AdamW.step
    replaced by the port's own update each passed (red team, session 55). The change itself is what is caught here,
    by whatever path it was made. Data (a flag, a counter) is left out: torch changes its own as it runs."""

    def __init__(self):
        self.modules: list[tuple[str, dict, dict]] = []
        self.classes: list[tuple[type, dict]] = []
        seen: set[int] = set()
        for name, module in list(sys.modules.items()):
            space = getattr(module, "__dict__", None)
            if type(space) is not dict:
                continue
            self.modules.append((name, space, {k: v for k, v in list(space.items()) if _behaves(v)}))
            if name != "torch" and not name.startswith("torch."):
                continue
            for value in list(space.values()):
                if issubclass(type(value), type) and id(value) not in seen and \
                        str(value.__dict__.get("__module__", "")).startswith("torch"):
                    seen.add(id(value))
                    self.classes.append((value, dict(value.__dict__)))

    def changed(self) -> str:
        """The first name the port changed ("torch.Tensor.dtype"), or ""."""
        for name, space, old in self.modules:
            for key, value in old.items():
                if space.get(key, _ABSENT) is not value:
                    return f"{name}.{key}"
        for cls, old in self.classes:
            now = cls.__dict__
            for key in (*old, *(k for k in now if k not in old)):
                before, after = old.get(key, _ABSENT), now.get(key, _ABSENT)
                if before is not after and (_behaves(before) or _behaves(after)):  # added, replaced or removed
                    return f"{cls.__module__}.{cls.__qualname__}.{key}"
        return ""


def changed_torch(where: str) -> str:
    return (f"the port changes {where}: a port uses torch (and the modules it imports) as they are, and the grader "
            "reads every result through them, so a replaced function, class or attribute there is refused however it "
            "was reached (an alias of torch.Tensor included). Change only your own classes and objects")


class PortHarness:
    def __init__(self, request: dict, inputs: dict[str, np.ndarray]):
        self.request, self.inputs = request, inputs
        self.names: list[str] = request["params"]
        self.response: dict = {"stages": {s: "not run" for s in STAGES}, "errors": {}, "seconds": {}}
        self.outputs: dict[str, np.ndarray] = {}
        self.graph: GraphKept | None = None  # while a forward pass runs under watched()
        self.params: dict = {}  # the model's parameters by name, once it is built
        self.found: TorchAsFound | None = None  # torch before the port's import

    def stage(self, name: str, fn):
        """Run one stage of learner code; an exception is recorded and stops the run."""
        start = time.monotonic()
        try:
            value = fn()
        except BaseException as exc:  # learner code: even SystemExit is a result
            self.torch_unchanged(name)
            self.response["stages"][name] = "error"
            self.response["errors"][name] = describe_exception(exc, str(self.request["port"]))
            raise Failed(name) from None
        finally:
            self.response["seconds"][name] = round(time.monotonic() - start, 3)
        self.torch_unchanged(name)
        self.response["stages"][name] = "ok"
        return value

    def torch_unchanged(self, stage: str) -> None:
        """Fail ``stage`` if learner code has changed torch or a loaded module (TorchAsFound) by its end: nothing the
        harness reads after it is then read through the port's code."""
        if self.found is not None and (where := self.found.changed()):
            self.fail(stage, "PortRule", changed_torch(where))

    def run(self) -> None:
        import torch

        self.torch = torch
        req = self.request
        self.response["torch"] = torch.__version__
        self.device = torch.device(req["device"])
        # Every tensor the harness hands over is made here, outside the watch.
        self.weights = {n: torch_from(torch, self.inputs[f"param/{n}"], self.device) for n in self.names}
        self.batches = [tuple(torch_from(torch, self.inputs[f"{what}/{k}"], self.device) for what in ("idx", "targets"))
                        for k in range(req["steps"])]
        self.fed = [{n: torch_from(torch, self.inputs[f"fed/{k}/{n}"], self.device) for n in self.names}
                    for k in range(req["steps"])]
        # torch imports torch._dynamo (~900 modules) on the first optimizer step: do that here, unwatched.
        warm = torch.nn.Parameter(torch.zeros(2, device=self.device))
        warm.grad = torch.zeros_like(warm)
        torch.optim.AdamW([warm]).step()
        self.found = TorchAsFound()
        self.module = self.stage("import", self.import_port)
        self.model = self.stage("build", self.build)
        params = self.params = dict(self.model.named_parameters())  # asked once: the watch knows their memory
        # Facts of as many parameters as a reply holds: 60,000 of them had the reply over the channel's limit, and the
        # worker died on it (red team, session 55); their number is told whole.
        self.response["parameter_count"] = len(params)
        self.response["parameters"] = {str(n)[:200]: tensor_facts(torch, p) for n, p in
                                       list(params.items())[:PARAMETERS_REPLIED]}
        if odd := [n for n, p in params.items() if type(p) is not torch.nn.Parameter]:
            self.fail("build", "TypeError", f"parameter {odd[0]} is a {class_name(type(params[odd[0]]), True)}, not an "
                      "nn.Parameter: the grader reads parameters and their gradients through torch's own methods")
        self.check_parameters(params, "build")
        self.response["shared"] = shared_parameters(self.model, params)
        # Copies: memory the port holds after the load is never the harness's own weights (fresh_memory fills it).
        # What load_state_dict returns is the port's object, left unread (its missing_keys held a set, which the
        # reply could not encode, and reading it ran the port's code: red team, session 55).
        self.stage("load", lambda: self.model.load_state_dict({n: torch.Tensor.clone(w) for n, w in
                                                               self.weights.items()}, strict=False))
        self.check_parameters(params, "load")
        self.forward(params)
        grads = self.stage("backward", lambda: self.gradients(self.loss, params, (self.logits,)))
        self.response["grads_missing"] = [n for n in self.names if n in params and grads.get(n) is None]
        for n in self.names:
            if grads.get(n) is not None:
                self.outputs[f"grad/{n}"] = as_array(torch, grads[n])
        self.forward_again()
        self.adamw(params)
        self.train(params)

    def import_port(self):
        spec = importlib.util.spec_from_file_location(self.request["module_name"], self.request["port"])
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up here
        spec.loader.exec_module(module)
        return module

    def build(self):
        torch, req = self.torch, self.request
        config = self.module.GPTConfig(**req["config"], dtype=getattr(torch, req["dtype"]))
        return self.module.GPT(config).to(self.device)

    def gradients(self, loss, params, roots=()) -> dict:
        """Autograd's gradient of loss for every parameter the judge named (None where the loss does not depend on
        it), asked for by the harness: nothing the port wrote into .grad, nor a node of its own or of an operation
        with no true derivative (in loss's graph and the other ``roots``'), decides them."""
        roots = (loss, *roots)
        if written := [n for n, p in params.items() if p.grad is not None]:
            raise PortRule(f"the forward pass set {written[0]}.grad: gradients come from autograd (the grader asks "
                           "torch.autograd.grad for them), never written by hand")
        if problem := graph_problem(*roots):
            raise PortRule(problem)
        names = [n for n in self.names if n in params and params[n].requires_grad]
        grads = self.watched(lambda: self.torch.autograd.grad(loss, [params[n] for n in names], allow_unused=True),
                             graph=False)
        return dict(zip(names, grads))

    def fresh_memory(self) -> dict:
        """Move every parameter to new memory and fill its old memory with NaN, before a forward pass; return the
        old memory (views of it, held while the pass runs so that none of it is reused, and GraphKept names a use of
        it). Whatever the port kept from the build or the load that reaches a weight's memory (a detach(), a view of
        another dtype, a storage, a NumPy array) then reads NaN, and the watch names its use (red team, session 32:
        an int64 view kept from the build tracked lm_head's weight through every step)."""
        torch, old = self.torch, {}
        with torch.no_grad():
            for n, p in self.params.items():
                old[n] = torch.Tensor.detach(p)
            for n, p in self.params.items():
                torch.Tensor.set_(p, torch.Tensor.clone(old[n]))
            for t in old.values():
                torch.Tensor.fill_(t, float("nan"))
        return old

    def run_forward(self, batch, graph: bool = True):
        """The model on a batch (learner code), the parameters in fresh memory, watched; what it returned."""
        retired = self.fresh_memory()
        return self.watched(lambda: self.model(*batch), graph, retired)

    def watched(self, fn, graph: bool = True, retired: dict | None = None):
        """Run fn (learner code) under NoPythonNumbers, and with ``graph`` (a forward pass) under GraphKept, with
        autograd on whatever the learner's build set (torch.set_grad_enabled(False) there turned the watch off: red
        team, session 31); a refusal it caught and hid still fails the stage."""
        mode = NoPythonNumbers()
        self.graph = GraphKept(mode, self.params, retired) if graph else None
        with mode:
            if self.graph is None:
                value = fn()
            else:
                with self.torch.enable_grad(), self.graph:
                    value = fn()
        self.graph = None
        if mode.refused:
            raise PortRule(mode.refused)
        return value

    def forward(self, params) -> None:
        torch = self.torch
        modules = dict(self.model.named_modules())
        captured, handles = {}, []
        self.response["probes_missing"] = []
        for key in self.request["probes"]:
            module_name, _, side = key.partition(":")
            if module_name not in modules:
                self.response["probes_missing"].append(key)
                continue

            def hook(mod, args, output, key=key, side=side):
                value = args[0] if side == "in" and args else output
                if isinstance(value, (tuple, list)) and value:
                    value = value[0]
                if key not in captured and type(value) is torch.Tensor:  # a subclass's detach is learner code
                    graph = self.graph or GraphKept(NoPythonNumbers())  # (only the forward stage sets hooks)
                    graph.paused += 1  # the harness's copy, not the port's
                    try:
                        captured[key] = value.detach().clone()
                    finally:
                        graph.paused -= 1

            handles.append(modules[module_name].register_forward_hook(hook))
        idx, targets = self.batches[0]
        try:
            out = self.stage("forward", lambda: self.run_forward((idx, targets)))
        finally:
            for h in handles:
                h.remove()
        # Exactly a tuple or a list: a subclass's __iter__ or __getitem__ would run learner code in the harness's
        # unpacking, after the watch (a whole model ran there: red team, session 32).
        plain_pair = type(out) in (tuple, list) and len(out) == 2
        self.response["forward"] = {"returned": class_name(type(out)),
                                    "length": len(out) if type(out) in (tuple, list) else None}
        self.response["probes"] = {k: tensor_facts(torch, v) for k, v in captured.items()}
        for k, v in captured.items():
            self.outputs[f"probe/{k}"] = self.read_output(f"the output of {k.partition(':')[0]}", v)
        if not plain_pair:
            self.fail("forward", "TypeError", f"GPT.forward returned {class_name(type(out))}, not (logits, loss) as a "
                      "plain tuple")
        logits, loss = out
        self.response["forward"].update(logits=tensor_facts(torch, logits), loss=tensor_facts(torch, loss))
        for what, value in (("logits", logits), ("loss", loss)):
            if type(value) is not torch.Tensor:  # a subclass's methods would run in the harness's calls
                self.fail("forward", "TypeError", f"GPT.forward returned {what} as {class_name(type(value))}, not a "
                          "plain torch.Tensor")
            self.outputs[what] = self.read_output(what, value)
        self.logits, self.loss = logits, loss

    def read_output(self, what: str, value) -> np.ndarray:
        """A plain tensor the forward pass made, as float64 numbers; one that holds none is the forward stage's error
        (it had been raised after that stage, and named the next one: a meta tensor's logits read "max rel err inf")."""
        if value.device.type == "meta":
            self.fail("forward", "ValueError", f"{what} came out on the meta device: a meta tensor has a shape and a "
                      "dtype but no values. Make every tensor on the input's device (idx.device) or the parameters'")
        try:
            return as_array(self.torch, value)
        except Exception as exc:  # noqa: BLE001 - a sparse or quantized tensor, say: the learner's error, told plainly
            self.fail("forward", class_name(type(exc)), f"the grader could not read {what} as float64 numbers: "
                      f"{str(exc)[:300]}")

    def forward_again(self) -> None:
        """The first batch once more, as the forward stage ran it (after the backward pass, whose graph the parameters'
        new memory would spoil): ``loss_again``, for a lesson only (mistakes35, session 35). A port that draws random
        numbers (dropout left on) gives another loss; whatever this pass raises is no stage's result."""
        try:
            out = self.run_forward(self.batches[0])
            if type(out) in (tuple, list) and len(out) == 2 and type(out[1]) is self.torch.Tensor:
                self.outputs["loss_again"] = as_array(self.torch, out[1])
        except Exception:  # noqa: BLE001 - learner code: the stages after this one run it again and say what it did
            pass

    def fail(self, stage: str, kind: str, message: str) -> None:
        self.response["stages"][stage] = "error"
        self.response["errors"][stage] = {"type": kind, "message": message, "traceback": []}
        raise Failed(stage)

    def reset(self, params) -> None:
        with self.torch.no_grad():
            for n in self.names:
                if n in params:
                    self.torch.Tensor.copy_(params[n], self.weights[n])
        for p in params.values():
            p.grad = None

    def optimizer(self):
        a = self.request["adamw"]
        opt = self.module.configure_optimizer(self.model, lr=a["lr"], betas=tuple(a["betas"]), eps=a["eps"],
                                              weight_decay=a["weight_decay"])
        if type(opt) is not self.torch.optim.AdamW:  # a subclass's step() would be the learner's update
            raise PortRule(f"configure_optimizer returned {class_name(type(opt), True)}, not "
                           "torch.optim.AdamW itself: the lab asks for torch's AdamW with two parameter groups")
        from torch.optim import optimizer as optim_module

        if own := shadowed(opt, type(opt)):
            raise PortRule(f"configure_optimizer's AdamW holds its own {own[0]} (set on the instance): the update is "
                           "torch's AdamW.step, unchanged")
        if type(opt.state) is not collections.defaultdict or opt.state.default_factory is not dict or opt.state \
                or type(opt.defaults) is not dict or type(opt.param_groups) is not list or any(
                    type(g) is not dict or type(g.get("params")) is not list or
                    not plain_group(g) for g in opt.param_groups):
            raise PortRule("configure_optimizer's AdamW holds state, groups or settings of the port's own making (a "
                           "dict of another type, a value that is no plain number): build it with "
                           "torch.optim.AdamW(groups, lr=..., betas=..., eps=...), groups as plain dicts of plain numbers")
        hooks = [h for h in ("_optimizer_step_pre_hooks", "_optimizer_step_post_hooks") if getattr(opt, h, None)]
        if hooks or optim_module._global_optimizer_pre_hooks or optim_module._global_optimizer_post_hooks:
            raise PortRule("the port registered a hook on the optimizer's step: the update is torch's AdamW.step, "
                           "with nothing of the port's before or after it")
        return opt

    def check_parameters(self, params, stage: str) -> None:
        """A parameter is torch's own nn.Parameter, with none of Tensor's methods replaced on it."""
        for n, p in params.items():
            if own := shadowed(p, self.torch.Tensor):
                self.fail(stage, "TypeError", f"parameter {n} holds its own {own[0]} (set on the tensor): the grader "
                          "reads parameters through torch's own methods")

    def optimizer_facts(self, opt, params) -> dict:
        by_id = {id(p): n for n, p in params.items()}
        groups = []
        for g in getattr(opt, "param_groups", []):
            hyper = {str(k)[:40]: v for k, v in list(g.items())[:32] if k != "params" and plain(v) and len(repr(v)) < 200}
            groups.append({"names": [by_id.get(id(p), "?") for p in g["params"]], **hyper})
        return {"type": class_name(type(opt), True), "groups": groups}

    def adamw(self, params) -> None:
        self.reset(params)
        steps = self.request["steps"]

        def run():
            opt = self.optimizer()
            self.response["optimizer"] = self.optimizer_facts(opt, params)
            for k in range(steps):
                for n in self.names:
                    if n in params:
                        params[n].grad = self.fed[k][n].to(params[n].dtype)
                self.torch.optim.AdamW.step(opt)

        self.stage("adamw", run)
        for n in self.names:
            if n in params:
                self.outputs[f"adamw/{n}"] = as_array(self.torch, params[n])

    def train(self, params) -> None:
        self.reset(params)
        steps, losses = self.request["steps"], []

        def run():
            opt = self.optimizer()
            for k in range(steps):
                self.torch.optim.Optimizer.zero_grad(opt, set_to_none=True)
                out = self.run_forward(self.batches[k])
                loss = out[1] if type(out) in (tuple, list) and len(out) == 2 else None
                if type(loss) is not self.torch.Tensor:
                    raise PortRule(f"GPT.forward returned the loss as {class_name(type(loss))}, not a plain "
                                   "torch.Tensor")
                losses.append(loss.detach().clone())
                grads = self.gradients(loss, params)
                for n, g in grads.items():
                    params[n].grad = g
                self.torch.optim.AdamW.step(opt)
            with self.torch.no_grad():
                out = self.run_forward(self.batches[0], graph=False)
                if not (type(out) in (tuple, list) and len(out) == 2 and type(out[1]) is self.torch.Tensor):
                    raise PortRule("GPT.forward did not return (logits, loss) as plain torch.Tensors")
                losses.append(out[1].detach().clone())

        self.stage("train", run)
        self.outputs["train_loss"] = np.array([as_array(self.torch, v) for v in losses], dtype=np.float64)
        for n in self.names:
            if n in params:
                self.outputs[f"train/{n}"] = as_array(self.torch, params[n])


def torch_from(torch, array: np.ndarray, device):
    return torch.from_numpy(np.ascontiguousarray(array)).to(device)


class PortWorker:
    def __init__(self, io: Path):
        self.io = io

    def cmd_run(self, message, link) -> dict:
        sys.dont_write_bytecode = True
        inputs = dict(np.load(self.io / "inputs.npz", allow_pickle=False))
        port = PortHarness(message, inputs)
        start = time.monotonic()
        try:
            port.run()
        except Failed:
            pass
        except BaseException as exc:  # noqa: BLE001 - learner code the harness reached between its stages (an
            # overridden named_modules, an optimizer's param_groups): the learner's error, named by the stage it stopped
            # (a KeyboardInterrupt there was reported as the worker killed by SIGINT: red team, session 19)
            stage = next((s for s in STAGES if port.response["stages"][s] == "not run"), STAGES[-1])
            port.response["stages"][stage] = "error"
            error = describe_exception(exc, str(port.request["port"]))
            error["message"] = f"(while the grader read your model before this step) {error['message']}"
            port.response["errors"][stage] = error
        if port.found is not None and (where := port.found.changed()) and not any(
                e.get("type") == "PortRule" and "the port changes" in e.get("message", "")
                for e in port.response["errors"].values()):
            # changed by the port's code the harness reached between stages: every stage's facts are in doubt
            port.response["stages"]["import"] = "error"
            port.response["errors"]["import"] = {"type": "PortRule", "message": changed_torch(where), "traceback": []}
        port.response["seconds"]["total"] = round(time.monotonic() - start, 3)
        np.savez(self.io / "outputs.npz", **port.outputs)
        return port.response


def port_kernels(device) -> None:
    """A tiny float64 model of the harness's own, on ``device``: an embedding, a layer norm, a masked attention, GELU,
    a cross-entropy loss, autograd's gradients and an AdamW step, the kernels (and cuBLAS) a port's run loads first."""
    import math

    import torch.nn.functional as F

    f64, g = torch.float64, torch.Generator(device=device).manual_seed(0)
    weights = [torch.nn.Parameter(torch.randn(shape, dtype=f64, device=device, generator=g))
               for shape in ((16, 8), (24, 8), (8,), (8,), (8, 8))]
    emb, attn, ln_w, ln_b, proj = weights
    idx = torch.arange(4, device=device)
    x = F.embedding(idx, emb).unsqueeze(0)
    q, k, v = F.linear(F.layer_norm(x, (8,), ln_w, ln_b), attn).split(8, dim=-1)
    mask = torch.tril(torch.ones(4, 4, dtype=torch.bool, device=device))
    att = F.softmax((q @ k.transpose(-2, -1) / math.sqrt(8)).masked_fill(~mask, float("-inf")), dim=-1)
    y = F.gelu(F.linear(att @ v, proj)) + x
    loss = F.cross_entropy(F.linear(y, emb).view(-1, 16), idx)
    for w, grad in zip(weights, torch.autograd.grad(loss, weights)):
        w.grad = grad
    torch.optim.AdamW(weights).step()


def warm_port() -> None:
    """warm_torch (CUDA's context included), then, in a worker that sees a GPU (the port's GPU run: the sandbox shows
    the GPU to no other port worker), the kernels its run would otherwise load first inside the machine's GPU lock
    (port_kernels): the ports' GPU runs held it 53.8 s in make test-gpu (median 2.73 s), 28.0 s after this (median
    0.81 s; H100s, PHASE_24_PLAN decision 238). Harness code, before any learner code. A warm-up that fails is only
    printed to the worker's log: the run meets the same failure, reported as before."""
    from grader.workers.serve import warm_torch

    warm_torch()
    if os.environ.get("GRADER_WARM") == "launched" or not torch.cuda.is_available():
        return
    t0 = time.monotonic()
    try:
        port_kernels("cuda")
        torch.cuda.synchronize()
    except Exception as exc:  # noqa: BLE001 - met again, and reported, by the port's run
        print(f"[harness] warm-up: the port's kernels failed ({type(exc).__name__}: {str(exc)[:300]})", flush=True)
        return
    print(f"[harness] warm-up: the port's kernels {time.monotonic() - t0:.2f} s", flush=True)


if __name__ == "__main__":
    from grader.workers.serve import serve

    serve(PortWorker, warm_port)

"""Lab 03's port checks: the solution passes, the stub fails like a beginner expects, and each
wrong or cheating port (tests/minigpt_controls.py) fails for its own reason."""
from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from helpers import REPO
from minigpt_controls import BASE, control_text
from grader import stubs
from grader.context import Context, Device
from grader.labs import lab03
from grader.ops import get
from grader.pipeline import run_check
from grader.results import Status

# Each test here grades or builds a submission end to end (seconds each): `make test` runs them, `make test-fast` does not.
pytestmark = pytest.mark.slow

SOLUTION = REPO / "solutions" / "03-triton-and-pytorch"
CPU_CHECKS = ("03.port.is_port", "03.port.runs", "03.port.fp64", "03.port.logits", "03.port.loss",
              "03.port.grads", "03.port.adamw")


def grade_port(port_text: str, tmp_path: Path, device: Device = Device(has_cuda=False)):
    """Run every port check on one port file, as the pipeline would. Returns {id: Result}, ctx."""
    lab = lab03.make(get("softmax"))
    stage = tmp_path / "stage"
    stage.mkdir()
    (stage / "minigpt_torch.py").write_text(port_text)
    ctx = Context(lab, get("softmax"), stage, stage, REPO, None, device, seed=1234, logdir=tmp_path / "logs")
    done = {}
    for check in lab.checks:
        if check.id.startswith("03.port."):
            done[check.id] = run_check(check, ctx, done)
    for close in ctx.closers:
        close()
    return done, ctx


def text(result) -> str:
    return "\n".join([result.message, *result.details])


def test_lab03_port_solution_passes_every_cpu_check(tmp_path):
    done, ctx = grade_port((SOLUTION / "minigpt_torch.py").read_text(), tmp_path)
    for cid in CPU_CHECKS:
        assert done[cid].status == Status.PASS, f"{cid}: {text(done[cid])}"
    assert done["03.port.gpu"].status == Status.SKIP
    assert done["03.port.logits"].measurements["max_rel_err"] < 1e-14
    assert done["03.port.adamw"].measurements["max_rel_err"] < 1e-14
    assert (ctx.logdir / "port-cpu" / "worker.log").exists()


def test_lab03_port_controls_base_passes_every_cpu_check(tmp_path):
    """Each negative control is this port plus one mistake: the mistake alone must make it fail."""
    done, _ = grade_port(BASE.read_text(), tmp_path)
    for cid in CPU_CHECKS:
        assert done[cid].status == Status.PASS, f"{cid}: {text(done[cid])}"


def test_lab03_port_stub_is_reported_as_not_started(tmp_path):
    stub = stubs.make_stub((SOLUTION / "minigpt_torch.py").read_text(), "03", "minigpt_torch.py")
    done, _ = grade_port(stub, tmp_path)
    first = done["03.port.is_port"]
    assert first.status == Status.FAIL
    assert "not started" in first.message and "TODO(03-1)" in first.message and first.hint
    for cid in CPU_CHECKS[1:]:
        assert done[cid].status == Status.NOT_RUN


def test_lab03_port_fp32_port_fails_fp64_naming_float32(tmp_path):
    done, _ = grade_port(control_text("fp32"), tmp_path)
    assert done["03.port.runs"].status == Status.PASS
    assert done["03.port.is_port"].status == Status.PASS
    fp64 = done["03.port.fp64"]
    assert fp64.status == Status.FAIL
    assert "float32" in fp64.message and "expected float64" in fp64.message
    assert "dtype=config.dtype" in text(fp64)
    assert done["03.port.logits"].status == Status.NOT_RUN


def test_lab03_port_calling_the_reference_fails_is_port(tmp_path):
    done, _ = grade_port(control_text("calls_reference"), tmp_path)
    is_port = done["03.port.is_port"]
    assert is_port.status == Status.FAIL
    assert "uses the NumPy reference" in is_port.message
    assert "imports minigpt_numpy" in text(is_port)
    assert done["03.port.runs"].status == Status.NOT_RUN  # refused before it runs: its logits would match
    assert done["03.port.logits"].status == Status.NOT_RUN


def test_lab03_port_numpy_in_the_port_fails_is_port(tmp_path):
    done, _ = grade_port(control_text("numpy_mask"), tmp_path)
    is_port = done["03.port.is_port"]
    assert is_port.status == Status.FAIL
    assert is_port.message == "the port uses NumPy"
    assert "line 9: imports numpy" in text(is_port)


def test_lab03_port_detached_logits_fail_runs_where_they_leave_the_graph(tmp_path):
    """Since session 30 the worker refuses a graph tensor's value taken out of the graph (detach, .data, no_grad)
    where it happens, so the detached logits are named in 03.port.runs rather than found with no history later."""
    done, _ = grade_port(control_text("detached"), tmp_path)
    runs = done["03.port.runs"]
    assert runs.status == Status.FAIL
    assert "out of autograd's graph (detach returned Tensor without a graph)" in runs.message
    assert "NumPy" not in runs.message


def test_lab03_port_tanh_gelu_fails_logits_at_the_gelu_of_block_0(tmp_path):
    done, _ = grade_port(control_text("tanh_gelu"), tmp_path)
    assert done["03.port.fp64"].status == Status.PASS
    logits = done["03.port.logits"]
    assert logits.status == Status.FAIL
    assert "first layer to differ: the input of transformer.h.0.mlp.c_proj" in logits.message
    assert "approximate='tanh'" in text(logits)
    assert "last match: transformer.h.0.mlp.c_fc" in text(logits)
    assert "expected" in text(logits) and "found" in text(logits)


def test_lab03_port_wrong_layer_norm_eps_fails_logits_at_ln_1(tmp_path):
    done, _ = grade_port(control_text("ln_eps"), tmp_path)
    logits = done["03.port.logits"]
    assert logits.status == Status.FAIL
    assert logits.message.endswith("first layer to differ: transformer.h.0.ln_1")
    assert "eps" in text(logits) and "LayerNorm" in text(logits)


def test_lab03_port_decaying_every_parameter_fails_adamw(tmp_path):
    done, _ = grade_port(control_text("decay_all"), tmp_path)
    assert done["03.port.grads"].status == Status.PASS
    adamw = done["03.port.adamw"]
    assert adamw.status == Status.FAIL
    assert "after 3 AdamW steps" in adamw.message
    assert "(1-D) has weight_decay 0.1, expected 0.0" in text(adamw)


@pytest.mark.parametrize("name", ["dropout", "dropout_functional"])
def test_lab03_port_dropout_left_on_is_named_as_randomness(tmp_path, name):
    """nanoGPT's dropout in a model the grader runs as built: the logits differ by chance, and a second pass on the
    same batch gives another loss, which the failure says, with dropout as its usual cause (mistakes35, session 35)."""
    done, _ = grade_port(control_text(name), tmp_path)
    logits = done["03.port.logits"]
    assert logits.status == Status.FAIL
    assert logits.message.endswith("the forward pass is not deterministic"), logits.message
    assert logits.details[0].startswith("the forward pass is not deterministic: the same weights and batch gave loss")
    assert "dropout left on is the usual cause" in logits.details[1]
    assert "transformer.h.0.attn" in logits.message  # where the dropout is: the attention, or its output


@pytest.mark.parametrize("name, check", [("tied", "03.port.runs"), ("tied_memory", "03.port.logits")])
def test_lab03_port_weight_tying_is_named(tmp_path, name, check):
    """lm_head tied to wte, as nanoGPT ties them: named_parameters() then lists lm_head.weight under wte's name only
    (a "missing" parameter), or two parameters share memory and the load writes one over the other; either way the
    failure says that the two are one tensor, which the reference keeps separate (mistakes35, session 35)."""
    done, _ = grade_port(control_text(name), tmp_path)
    result = done[check]
    assert result.status == Status.FAIL
    assert "lm_head.weight and transformer.wte.weight are one tensor" in text(result)
    assert "the reference keeps them separate" in text(result)
    assert "not deterministic" not in text(result)  # the load, not chance, made the weights differ


@pytest.mark.gpu
def test_lab03_port_solution_passes_on_the_gpu(tmp_path):
    device = Device(True, name="CUDA device")
    done, _ = grade_port((SOLUTION / "minigpt_torch.py").read_text(), tmp_path, device)
    for cid in (*CPU_CHECKS, "03.port.gpu"):
        assert done[cid].status == Status.PASS, f"{cid}: {text(done[cid])}"
    assert done["03.port.gpu"].measurements["max_rel_err"] <= 1e-12


@pytest.mark.gpu
def test_lab03_port_mask_made_on_the_cpu_fails_only_on_the_gpu(tmp_path):
    device = Device(True, name="CUDA device")
    done, _ = grade_port(control_text("cpu_mask"), tmp_path, device)
    assert done["03.port.adamw"].status == Status.PASS
    gpu = done["03.port.gpu"]
    assert gpu.status == Status.FAIL
    assert "raised RuntimeError" in gpu.message and "device=idx.device" in text(gpu)


def test_the_ports_answer_is_typed_before_any_check_reads_it():
    """Red team (session 12): a parameter group whose betas was 7, and timings that were text (the worker's round()
    replaced), stopped the judge with an internal error. Each is a malformed answer now."""
    from grader.labs.lab03_port import malformed

    base = {"stages": {"forward": "ok"}, "errors": {}, "seconds": {"total": 1.5},
            "optimizer": {"type": "torch.optim.adamw.AdamW",
                          "groups": [{"names": ["wte"], "lr": 1e-3, "betas": [0.9, 0.95], "eps": 1e-8,
                                      "weight_decay": 0.1, "amsgrad": False}]}}
    assert malformed(base) == ""
    for bad in ({"betas": 7}, {"betas": ["0.9", 0.95]}, {"lr": "soon"}, {"names": [1]}):
        facts = {**base, "optimizer": {**base["optimizer"], "groups": [{**base["optimizer"]["groups"][0], **bad}]}}
        assert malformed(facts), bad
    assert malformed({**base, "seconds": {"total": "soon"}})


def test_every_worker_refuses_a_dataclass_field_whose_name_is_code():
    """Red team, session 28: dataclasses made __repr__'s code of a field name `x)" + EXPR #` and ran EXPR. Beside the
    audit, the workers' package refuses such a dataclass when it is made (grader.workers.guard_dataclasses), whether
    the name came from __annotations__ or from a renamed Field of a base; a plain dataclass still works."""
    import subprocess
    import sys

    from helpers import REPO

    code = '''
import dataclasses
import grader.workers  # what every worker imports before any learner file
ran = []
@dataclasses.dataclass
class Plain:
    n: int = 1
    extra: dict = dataclasses.field(default_factory=dict)
assert repr(Plain()) == "Plain(n=1, extra={})"
try:
    @dataclasses.dataclass(init=False, eq=False)
    class Evil:
        __annotations__ = {'x)" + str(ran.append(1)) #': int}
    repr(Evil())
except TypeError as exc:
    print("refused:", exc)
dataclasses.fields(Plain)[0].name = 'y)" + str(ran.append(2)) #'
try:
    @dataclasses.dataclass(init=False, eq=False)
    class Derived(Plain):
        pass
    repr(Derived())
except TypeError as exc:
    print("refused:", exc)
print("ran", ran)
'''
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("refused: dataclass") == 2 and "ran []" in out.stdout, out.stdout


def test_the_port_workers_graph_checks_stand_behind_graph_kept():
    """GraphKept (session 30) now refuses the session-29 ports before decision 143's checks run; those checks stay, and
    are tested here on their own: a Python Function's node is found in the graph whoever defined it, and a detach,
    a no_grad block and a storage are refused in a forward pass, while shape-only makers and masks pass."""
    import torch

    from grader.workers.port import GraphKept, NoPythonNumbers, PortRule, graph_problem

    class Twice(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    x = torch.ones(3, dtype=torch.float64, requires_grad=True)
    assert "TwiceBackward, a node of a Python autograd.Function" in graph_problem((Twice.apply(x) + 1).sum())
    assert graph_problem((x * 2).sum()) == ""

    def run(fn):
        numbers = NoPythonNumbers()
        with numbers, GraphKept(numbers):
            try:
                fn()
            except PortRule:
                pass
        return numbers.refused

    assert run(lambda: torch.zeros_like(x) + x + x[x.max(0).indices] + (x > 0).any()) is None
    for cut in (lambda: x.detach(), lambda: x.data, lambda: x.untyped_storage(), lambda: x.tolist()):
        assert run(cut), cut
    assert "out of autograd's graph" in run(lambda: torch.no_grad().__enter__() or x * 2)
    torch.set_grad_enabled(True)


def test_graph_kept_follows_the_graphs_values_into_integers_and_sizes():
    """Session 31's red team: an integer tensor made from the graph's values (an int64 view of its bits, a frexp
    mantissa, a mask) may index and mask, but a floating-point tensor made from it is a value out of the graph; a
    Python bool of the values (torch.equal) and a size of a result whose size follows the values are numbers taken
    out; nn.Parameter(x) and a parameter's alias kept from the build are cuts; new_tensor(3) is a constant."""
    import torch

    from grader.workers.port import NUMBERS_BUDGET, GraphKept, NoPythonNumbers, PortRule, plain, shadowed

    x = torch.linspace(-2, 2, 8, dtype=torch.float64, requires_grad=True)
    w = torch.nn.Parameter(torch.ones(4, dtype=torch.float64))
    kept = w.detach()  # made where nothing watched, as a build would

    def run(fn):
        numbers = NoPythonNumbers()
        with torch.enable_grad(), numbers, GraphKept(numbers, {"w": w}):
            try:
                fn()
            except PortRule:
                pass
        return numbers.refused

    allowed = (lambda: torch.where(x > 0, x, 0.0), lambda: x[(x > 0).nonzero()],  # masks and indices index the graph
               lambda: x.new_tensor(3).rsqrt() * x, lambda: x.sum() * w, lambda: torch.nn.Parameter(torch.zeros(2)),
               lambda: [torch.equal(x, x) for _ in range(8)])
    for fn in allowed:
        assert run(fn) is None, fn
    cuts = {"view": lambda: x.view(torch.int64).view(torch.float64),
            "frexp": lambda: torch.ldexp(torch.frexp(x).mantissa.mul(2.0 ** 53).to(torch.int64).double(),
                                         torch.frexp(x).exponent - 53),
            "mask": lambda: (x > 0).double(), "copy_": lambda: torch.zeros(8, dtype=torch.float64).copy_(x > 0),
            "new_tensor(x)": lambda: x.new_tensor(x), "parameter": lambda: torch.nn.Parameter(x, requires_grad=False),
            "leaf": lambda: torch.nn.Parameter(x), "alias": lambda: x.sum() * kept,
            "round": lambda: torch.round(x * 2.0 ** 40) / 2.0 ** 40,  # requires grad, with a zero derivative
            "frac": lambda: x - torch.frac(x), "floor_divide": lambda: x // 1.0}
    for what, fn in cuts.items():
        assert run(fn), what
    assert "numbers out of tensors" in run(lambda: [torch.equal(x, x) for _ in range(NUMBERS_BUDGET + 1)])
    assert "numbers out of tensors" in run(lambda: [(x > t).nonzero().size(0) for t in range(NUMBERS_BUDGET + 1)])
    assert run(lambda: [x.size(0) for _ in range(NUMBERS_BUDGET + 1)]) is None  # a graph tensor's own sizes are free
    assert "_make_subclass" not in torch.Tensor.__dict__  # the guard is gone after the pass

    assert all(map(plain, (1e-3, 0, True, "decay", None, (0.9, 0.95)))) and not any(map(plain, (
        [{1, 2}], list(range(9)), type("F", (float,), {})(1.0), torch.tensor(1.0))))
    opt = torch.optim.AdamW([w])
    assert shadowed(opt, type(opt)) == []
    opt.step = lambda: None
    assert shadowed(opt, type(opt)) == ["step"]


def test_the_loss_graph_holds_only_a_models_operations():
    """graph_problem (red team, session 32): an operation with no true derivative is refused by the node autograd
    recorded, whatever the Python name or argument that made it (torch.special.round, div's rounding modes,
    fake_quantize's straight-through derivative); the operations of the honest ports in every style tried pass."""
    import torch
    import torch.nn.functional as F

    from grader.workers.port import graph_problem

    x = torch.randn(4, 6, dtype=torch.float64, requires_grad=True)
    w = torch.randn(6, 6, dtype=torch.float64, requires_grad=True)
    refused = {
        "special.round": lambda: torch.special.round(x * 2**40) / 2**40,
        "div floor": lambda: torch.div(x * 2**40, 1.0, rounding_mode="floor") / 2**40,
        "div trunc by a tensor": lambda: torch.div(x, torch.ones_like(x), rounding_mode="trunc"),
        "fake_quantize": lambda: x - torch.fake_quantize_per_tensor_affine(x.float(), 1e6, 0, -128, 127).double(),
        "sign": lambda: x * x.sign(),
        "frac": lambda: x - x.frac(),
        "remainder": lambda: x.remainder(1.0),
    }
    for what, fn in refused.items():
        assert "an operation a MiniGPT does not use" in graph_problem(fn().sum()), what
    mask = torch.ones(4, 4, dtype=torch.bool).tril()
    q = x.view(1, 1, 4, 6)
    right = {
        "linear, gelu, layer norm, cross-entropy": lambda: F.cross_entropy(
            F.layer_norm(F.gelu(F.linear(x, w), approximate="tanh"), (6,)), torch.tensor([0, 1, 2, 3])),
        "attention by hand": lambda: (q @ q.transpose(-2, -1) / math.sqrt(6)).masked_fill(~mask, float("-inf"))
        .softmax(-1) @ q,
        "attention by torch": lambda: F.scaled_dot_product_attention(q, q, q, is_causal=True),
        "a hand-written layer norm and log-softmax": lambda: (
            (x - x.mean(-1, keepdim=True)) * torch.rsqrt(x.var(-1, keepdim=True, unbiased=False) + 1e-5)
            - torch.logsumexp(x, -1, keepdim=True) + torch.where(x > 0, x, -x) + x.max(-1, keepdim=True).values),
        "tanh GELU by hand, einsum, casts, slices": lambda: torch.einsum("ij,jk->ik", 0.5 * x * (1 + torch.tanh(
            math.sqrt(2 / math.pi) * (x + 0.044715 * x**3))), w).float().double()[:, :3].clamp(min=-1e9),
        "in-place into a slice": lambda: (lambda y: (y.__setitem__((slice(None), slice(0, 6)), x), y)[1])(
            torch.zeros(4, 8, dtype=torch.float64)),
    }
    for what, fn in right.items():
        assert graph_problem(fn().sum()) == "", what
    assert graph_problem(torch.log1p(x.exp()).sum()) == ""  # softplus by hand (GRAPH_OPS said Log1p until session 34)


def test_every_name_the_graph_allows_is_one_of_autograds_nodes():
    """A misspelt name in GRAPH_OP_NAMES allows nothing and refuses the operation it meant (Log1p for autograd's
    Log1PBackward0 refused torch.log1p: ffport34, session 34)."""
    import re

    import torch

    from grader.workers.port import GRAPH_OP_NAMES

    nodes = set(dir(torch._C._functions))
    assert [n for n in GRAPH_OP_NAMES if not any(re.fullmatch(n + r"Backward\d*", node) for node in nodes)] == []


def test_adamw_groups_made_of_named_parameters_are_torchs_own():
    """torch >= 2.6 keeps the names of (name, parameter) pairs a group is given as its 'param_names', a list as long
    as the group's params: torch's, not settings of the port's making (ffport34, session 34); anything else in a
    group is still a plain number, flag or short tuple."""
    import torch

    from grader.workers.port import plain_group

    named = [(f"w{i}", torch.nn.Parameter(torch.zeros(2))) for i in range(12)]
    opt = torch.optim.AdamW([{"params": named, "weight_decay": 0.1}], lr=1e-3)
    assert opt.param_groups[0]["param_names"] == [n for n, _ in named]
    assert plain_group(opt.param_groups[0])
    group = dict(opt.param_groups[0])
    assert not plain_group({**group, "param_names": group["param_names"][:-1]})  # not as long as params
    assert not plain_group({**group, "param_names": [object()] * 12})
    assert not plain_group({**group, "names": [n for n, _ in named]})  # a long list of the port's own: not plain


def test_graph_kept_refuses_what_runs_beyond_its_sight():
    """Session 32: a function of the port's handed to the modes through torch.overrides runs with them off (the audit
    refuses the name; this is the watch behind it), and a torch.func transform hides the graph from the watch. An
    integer view of a parameter's memory, and memory a parameter had before the pass, are refused; the parameter
    itself and views made in the pass are not."""
    import torch

    from grader.workers.port import GraphKept, NoPythonNumbers, PortRule, torch_own

    w = torch.nn.Parameter(torch.randn(3, 4, dtype=torch.float64))
    old = torch.randn(3, 4, dtype=torch.float64)  # memory a parameter had before the pass (PortHarness.fresh_memory)
    kept_bits = torch.Tensor.detach(w).view(torch.int64)
    kept_old = old[1:]

    def run(fn):
        numbers = NoPythonNumbers()
        with torch.enable_grad(), numbers, GraphKept(numbers, {"w": w}, {"w": old}):
            try:
                fn()
            except PortRule:
                pass
        return numbers.refused

    def mine(t):
        return t.detach() * 2

    assert not torch_own(mine) and torch_own(torch.add) and torch_own(torch.nn.functional.layer_norm)
    assert "handed a function of its own (mine)" in run(lambda: torch.overrides.handle_torch_function(mine, (w,), w))
    assert "inside a torch.func transform" in run(lambda: torch.func.vmap(torch.Tensor.detach)(w * 1))
    assert "used a view of parameter w" in run(lambda: kept_bits.clone())
    assert "kept memory of parameter w" in run(lambda: kept_old * 1)
    assert run(lambda: (w.t() @ w).view(-1)[:3].sum() + torch.nn.functional.gelu(w).mean()) is None
    # A graph tensor that lends only a dtype, a device or a shape is no source (ffhunt's false failures, session 32);
    # a mask made from the graph's values is one, whatever lends the dtype.
    assert run(lambda: w + torch.triu(torch.full((3, 4), float("-inf")), 1).type_as(w)) is None
    assert run(lambda: w * torch.ones(3, 4).to(w) + torch.ones(4).expand_as(w) + w.new(torch.ones(4, dtype=torch.float64))) is None
    assert run(lambda: sum(torch.broadcast_tensors(w, torch.ones(1, 4)))) is None
    assert "out of autograd's graph (to returned Tensor" in run(lambda: (w > 0).to(w))
    assert "out of autograd's graph (type_as returned Tensor" in run(lambda: (w * 1).argmax(-1).type_as(w))


def test_a_rule_broken_in_the_backward_pass_points_at_the_rules():
    """A refusal raised while gradients are asked for (an operation outside the graph allowlist, a .grad written by
    hand) points at the port's rules; any other error in that stage at the layer-by-layer page (session 32 noticed
    the rules' refusal sent to the wrong page)."""
    from grader.labs.lab03_port import PortRun, stage_failure

    def run(kind):
        facts = {"stages": {"backward": "error"},
                 "errors": {"backward": {"type": kind, "message": "refused", "traceback": []}}}
        return PortRun("cpu", None, facts, {}, Path("log"))

    assert stage_failure(run("PortRule"), ("backward",), "see layers", "see rules").hint == "see rules"
    assert stage_failure(run("RuntimeError"), ("backward",), "see layers", "see rules").hint == "see layers"
    assert stage_failure(run("PortRule"), ("backward",), "see layers").hint == "see layers"

"""Lab 03's Triton checks (grader/labs/lab03_triton.py, grader/workers/triton.py).

Each negative control under tests/submissions/ must fail for its own reason; the solution and the
positive controls must pass everything that can run here. Checks run through the pipeline's own
run_check, on a Context built around a staged softmax_triton.py; the learner's file runs in the
sandboxed Triton worker (Triton's interpreter on the CPU). On a GPU, the solution is graded by the grader
itself, as `make grade LAB=03` would.
"""
import os
import shutil
import sys
from pathlib import Path

import pytest

from grader.context import Context, Device
from grader.labs import lab03
from grader.ops import get
from grader.pipeline import run_check
from grader.results import Status
from helpers import REPO, SUBMISSIONS, cuda_available, half_filled

# Each test here grades or builds a submission end to end (seconds each): `make test` runs them, `make test-fast` does not.
pytestmark = pytest.mark.slow

SPEC = get("softmax")
SOLUTION = REPO / "solutions" / "03-triton-and-pytorch" / "softmax_triton.py"
STUB = REPO / "labs" / "03-triton-and-pytorch" / "softmax_triton.py"
CONTROLS = SUBMISSIONS / "controls"
IDS = ["03.triton.method", "03.triton.interpreter", "03.triton.gpu_shapes", "03.triton.gpu_sweep",
       "03.triton.own_kernels", "03.triton.perf_info"]


def make_ctx(tmp_path: Path, learner_file: Path, *, gpu: bool = False) -> Context:
    stage = tmp_path / "stage"
    stage.mkdir(parents=True, exist_ok=True)
    shutil.copy(learner_file, stage / "softmax_triton.py")
    device = Device(True, name="cuda") if gpu else Device(False, reason="test without CUDA")
    if gpu:
        from grader.pipeline import probe_device

        device = probe_device()
    lab = lab03.make(SPEC)
    return Context(lab, SPEC, stage, stage, REPO, None, device, 1234, tmp_path / "runs")


def run_checks(ctx: Context, only=IDS) -> dict:
    done = {}
    for check in ctx.lab.checks:
        if check.id in only:
            done[check.id] = run_check(check, ctx, done)
    for close in ctx.closers:
        close()
    return done


def text(result) -> str:
    return "\n".join([result.message, *result.details])


def test_lab03_triton_declares_its_checks_in_order_with_parents():
    lab = lab03.make(SPEC)
    ids = [c.id for c in lab.checks if c.id.startswith("03.triton.")]
    assert ids == IDS
    by_id = {c.id: c for c in lab.checks}
    assert by_id["03.triton.interpreter"].needs == ("03.triton.method",)
    assert not by_id["03.triton.method"].gpu and not by_id["03.triton.interpreter"].gpu
    assert all(by_id[i].gpu for i in IDS[2:])


def test_lab03_triton_solution_passes_everything_that_runs_here(tmp_path):
    done = run_checks(make_ctx(tmp_path, SOLUTION))
    assert done["03.triton.method"].status == Status.PASS, text(done["03.triton.method"])
    assert done["03.triton.interpreter"].status == Status.PASS, text(done["03.triton.interpreter"])
    assert "cases match the fp64 reference in Triton's interpreter" in done["03.triton.interpreter"].message


def test_lab03_triton_stub_is_reported_as_not_started(tmp_path):
    done = run_checks(make_ctx(tmp_path, STUB))
    result = done["03.triton.method"]
    assert result.status == Status.FAIL and "not started" in result.message and "TODO(03-1)" in result.message
    assert done["03.triton.interpreter"].status == Status.NOT_RUN


def test_lab03_triton_kernels_left_as_the_stub_are_graded_where_nothing_reaches_them(tmp_path):
    """The lab page says TODO(03-4) and TODO(03-5) only add speed: a file with every other note filled is graded
    (it was "not finished" and never ran: session 42's walkthrough)."""
    done = run_checks(make_ctx(tmp_path, half_filled(SOLUTION, {4, 5}, tmp_path / "half")))
    assert done["03.triton.method"].status == Status.PASS, text(done["03.triton.method"])
    assert done["03.triton.interpreter"].status == Status.PASS, text(done["03.triton.interpreter"])


def test_lab03_triton_a_kernel_left_as_the_stub_is_named_beside_the_failure(tmp_path):
    done = run_checks(make_ctx(tmp_path, half_filled(SOLUTION, {1}, tmp_path / "half")))  # the whole-rows kernel
    result = done["03.triton.interpreter"]
    assert done["03.triton.method"].status == Status.PASS, text(done["03.triton.method"])
    assert result.status == Status.FAIL and "note: softmax_triton.py: TODO(03-1) still hold" in text(result), \
        text(result)


@pytest.mark.parametrize("name", ["triton_tutorial_softmax.py", "triton_warmed_compiled.py"])
def test_lab03_triton_canonical_launch_paths_pass(tmp_path, name):
    # Positive controls: the official tutorial's structure (persistent tl.range loop, warmup(),
    # _init_handles(), n_regs) and a kernel compiled once and launched through its handle.
    if not (CONTROLS / name).is_file():
        pytest.skip(f"{name} not present")
    done = run_checks(make_ctx(tmp_path, CONTROLS / name))
    assert done["03.triton.method"].status == Status.PASS, text(done["03.triton.method"])
    assert done["03.triton.interpreter"].status == Status.PASS, text(done["03.triton.interpreter"])


def test_lab03_triton_fixed_block_fails_long_rows_as_never_written(tmp_path):
    done = run_checks(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_fixed_block.py"))
    result = done["03.triton.interpreter"]
    assert result.status == Status.FAIL
    assert "never written" in result.message and "col 1024" in result.message
    assert "needs a loop over the row" in text(result)


def test_lab03_triton_no_max_subtraction_fails_large_values_with_the_overflow_lesson(tmp_path):
    done = run_checks(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_no_max.py"))
    result = done["03.triton.interpreter"]
    assert result.status == Status.FAIL
    assert "subtract the row max" in text(result)


@pytest.mark.parametrize("name, words", [
    ("triton_softmax_calls_torch.py", "imports from torch.nn.functional"),
    ("triton_softmax_torch_math.py", "uses torch.exp"),
    ("triton_softmax_cheats_on_gpu.py", "calls .softmax()"),
])
def test_lab03_triton_torch_doing_the_work_fails_the_method_audit(tmp_path, name, words):
    done = run_checks(make_ctx(tmp_path, SUBMISSIONS / name))
    result = done["03.triton.method"]
    assert result.status == Status.FAIL and words in text(result)
    assert "launches your @triton.jit kernel, which computes and writes every element" in text(result)
    assert done["03.triton.interpreter"].status == Status.NOT_RUN


def test_lab03_triton_in_place_kernel_fails_for_returning_its_input(tmp_path):
    done = run_checks(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_in_place.py"))
    result = done["03.triton.interpreter"]
    assert result.status == Status.FAIL and "returned one of its inputs" in result.message


def test_lab03_triton_range_loop_passes(tmp_path):
    # `for start in range(0, cols, BLOCK)` over a kernel argument: Triton's own tutorials do this. The worker
    # fixes the interpreter's NumPy >= 2.4 bug (triton-lang/triton#9171), so it passes on every NumPy.
    done = run_checks(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_range_loop.py"))
    assert done["03.triton.interpreter"].status == Status.PASS, text(done["03.triton.interpreter"])


@pytest.mark.slow
def test_lab03_triton_hang_is_killed_and_explained(tmp_path, monkeypatch):
    monkeypatch.setattr("grader.labs.lab03_triton.INTERPRETER_TIMEOUT_S", 15)
    done = run_checks(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_hangs.py"))
    result = done["03.triton.interpreter"]
    assert result.status == Status.FAIL and "a hang, or a kernel too slow for Triton's interpreter" in result.message
    assert "infinite loop" in text(result)
    # in the interpreter the other cause is its speed, not ptxas (red team, session 53: a right naive GEMM on a slow
    # laptop was told of ptxas and rows); on a GPU, compiling (docs/data/evidence-2026-12-03c)
    assert "runs every program of the grid in Python" in text(result) and "ptxas" not in text(result), text(result)


def test_lab03_triton_import_error_is_a_result(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import triton\nraise ValueError('boom at import')\ndef softmax(x):\n    return x\n")
    done = run_checks(make_ctx(tmp_path, bad))
    result = done["03.triton.interpreter"]
    assert result.status == Status.FAIL
    assert "importing softmax_triton.py raised" in result.message and "boom at import" in result.message


def test_lab03_triton_the_drivers_questions_at_import_are_answered_in_the_interpreter(tmp_path):
    """The official tutorials ask Triton's driver at import for the device and the target; with CUDA hidden from the
    interpreter check that stopped a right file with "0 active drivers" (helper ff41). The stand-in answers those and
    says why for the rest."""
    asks = SOLUTION.read_text().replace("import triton\n", "import triton\n\nDEVICE = triton.runtime.driver.active."
                                        "get_active_torch_device()\nTARGET = triton.runtime.driver.active."
                                        "get_current_target()\n", 1)
    (tmp_path / "asks.py").write_text(asks)
    done = run_checks(make_ctx(tmp_path / "a", tmp_path / "asks.py"), only=IDS[:2])
    assert done["03.triton.interpreter"].status == Status.PASS, text(done["03.triton.interpreter"])
    (tmp_path / "props.py").write_text(asks.replace("TARGET = ", "PROPS = triton.runtime.driver.active.utils."
                                                    "get_device_properties(0)\nTARGET = ", 1))
    done = run_checks(make_ctx(tmp_path / "p", tmp_path / "props.py"), only=IDS[:2])
    assert done["03.triton.interpreter"].status == Status.FAIL
    assert "interpreter runs your kernels on the CPU" in text(done["03.triton.interpreter"])


@pytest.mark.parametrize("dot, fails", [('input_precision="ieee"', False), ('input_precision="tf32"', True),
                                         ("allow_tf32=True", True), ("allow_tf32=False", False)])
def test_lab03_triton_a_float32_dot_in_tf32_is_stopped_in_the_interpreter(tmp_path, dot, fails):
    """The interpreter multiplies in full precision whatever tl.dot is told; a GPU runs a float32 dot in TF32 unless
    told "ieee", far outside the GEMM tolerance: the interpreter check passed such a file (helper ff41)."""
    gemm = get("gemm")
    src = (REPO / "solutions" / "03-triton-and-pytorch" / "sgemm_triton.py").read_text()
    code = 'acc = tl.dot(a, b, acc, input_precision="ieee")'
    assert src.count(code) == 1
    stage = tmp_path / "stage"
    stage.mkdir()
    (stage / "sgemm_triton.py").write_text(src.replace(code, f"acc = tl.dot(a, b, acc, {dot})"))
    ctx = Context(lab03.make(gemm), gemm, stage, stage, REPO, None, Device(False, reason="test without CUDA"), 1234,
                  tmp_path / "runs")
    result = run_checks(ctx, only=IDS[:2])["03.triton.interpreter"]
    assert (result.status == Status.FAIL) == fails, text(result)
    assert ('pass input_precision="ieee"' in text(result)) == fails, text(result)


STRIDED = IDS[:2] + ["03.bonus.row_stride"]


@pytest.mark.parametrize("kernel, file, right", [
    ("softmax", REPO / "solutions/03-triton-and-pytorch/softmax_triton.py", True),
    ("softmax", REPO / "tests/adversarial/c12_triton_autotune/03-triton-and-pytorch/softmax_triton.py", False),
    ("gemm", REPO / "solutions/03-triton-and-pytorch/sgemm_triton.py", True),
    ("gemm", REPO / "tests/adversarial/c12_gemm_triton_tutorial/03-triton-and-pytorch/sgemm_triton.py", False)])
def test_lab03_row_stride_bonus_tells_a_kernel_that_ignores_strides(tmp_path, kernel, file, right):
    """Every graded input is contiguous, so a kernel that steps from row to row by the row's length passed every check
    (session 42's walkthrough). The bonus hands it x[:, :n] of a wider tensor, the gaps NaN: the solutions (which
    call .contiguous()) pass, a right kernel that ignores x.stride(0) fails with the lesson, and so does Triton's
    tutorial matmul, which asserts a.is_contiguous(). The required checks are not touched: both pass them."""
    spec = get(kernel)
    stage = tmp_path / "stage"
    stage.mkdir()
    shutil.copy(file, stage / f"{spec.stem}_triton.py")
    ctx = Context(lab03.make(spec), spec, stage, stage, REPO, None, Device(False, reason="test without CUDA"), 1234,
                  tmp_path / "runs")
    done = run_checks(ctx, only=STRIDED)
    assert done["03.triton.interpreter"].status == Status.PASS, text(done["03.triton.interpreter"])
    bonus = done["03.bonus.row_stride"]
    assert (bonus.status == Status.PASS) == right, text(bonus)
    assert ("rows padded by 7" in text(bonus) and "x.stride(0) is n + 7" in text(bonus)) == (not right), text(bonus)
    assert next(c for c in ctx.lab.checks if c.id == "03.bonus.row_stride").bonus


def test_with_row_gap_is_a_view_of_a_wider_tensor_with_nan_gaps():
    import torch

    from grader.workers.buffers import with_row_gap

    x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    v = with_row_gap(x, 7)
    assert v.shape == (3, 4) and v.stride() == (11, 1) and torch.equal(v, x) and not v.is_contiguous()
    wide = torch.as_strided(v, (3, 11), (11, 1))
    assert torch.isnan(wide[:, 4:]).all()
    with pytest.raises(ValueError):
        with_row_gap(x, 65)


@pytest.mark.gpu
@pytest.mark.profiler
def test_lab03_triton_solution_passes_on_the_gpu(grade):
    """Through the grader itself (its lanes at once, perf_info alone on the GPU), as `make grade LAB=03` runs."""
    g = grade(["03"], submission=REPO / "solutions")
    for cid in [*IDS, "03.bonus.row_stride"]:
        assert g.status(cid) == "PASS", (cid, g.output(cid))


@pytest.mark.gpu
def test_lab03_triton_fixed_block_fails_the_gpu_sweep(tmp_path):
    # The interpreter already fails this file (the test above); the GPU sweep must catch it on its own too, so
    # it runs here as if the checks before it had passed.
    from grader.results import passed

    ctx = make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_fixed_block.py", gpu=True)
    sweep = next(c for c in ctx.lab.checks if c.id == "03.triton.gpu_sweep")
    done = {parent: passed("assumed for this test") for parent in sweep.needs}
    try:
        done[sweep.id] = run_check(sweep, ctx, done)
    finally:
        for close in ctx.closers:
            close()
    assert done["03.triton.gpu_sweep"].status == Status.FAIL
    assert "never written" in done["03.triton.gpu_sweep"].message


def test_the_bonus_temperature_tells_a_forward_through_the_kernel_from_one_that_bypassed_it(monkeypatch, tmp_path):
    """03.bonus.minigpt_attention trusted the worker's count of routed softmax calls: a port whose attention did its
    own exp and sum, and called torch.softmax once on a scrap tensor, passed. Every routed softmax now runs at a
    temperature the judge draws, and the judge checks the logits against its fp64 reference at that temperature.
    Here (CPU, fp32, the worker's own routing, torch's softmax as the "kernel"): the solutions' port matches the
    tempered reference; the port that bypasses the routing matches the untempered one and is far from the tempered."""
    import importlib.util

    import numpy as np
    import torch

    from grader.checks.parity import load_reference, reference_file, tempered_reference
    from grader.labs.lab03_triton import BONUS, BONUS_TEMPERATURE, FP32_PORT_RTOL
    from grader.workers.triton import SoftmaxRouting

    ref = load_reference(reference_file())
    text = ref.load_corpus()
    vocab = ref.build_vocab(text)
    config = ref.MiniGPTConfig(vocab_size=len(vocab), **BONUS["config"])
    rng = np.random.default_rng([7, 36])
    weights = ref.init_params(config, int(rng.integers(2**31)))
    idx, _ = ref.get_batch(ref.encode(text, vocab), config.block_size, BONUS["batch"], rng)
    temperature = BONUS_TEMPERATURE[0]  # the weakest the judge draws
    expected = tempered_reference(reference_file(), temperature).forward(weights, idx, config)
    untempered = ref.forward(weights, idx, config)
    tolerance = FP32_PORT_RTOL * np.abs(expected).max()
    assert np.abs(expected - untempered).max() > 100 * tolerance, "the temperature must show in the logits"
    assert np.abs(ref.forward(weights, idx, config) - untempered).max() == 0, "the shared reference was changed"

    def port_logits(path: Path) -> np.ndarray:
        spec = importlib.util.spec_from_file_location("minigpt_torch", path)
        port = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, "minigpt_torch", port)
        spec.loader.exec_module(port)
        model = port.GPT(port.GPTConfig(**BONUS["config"], vocab_size=len(vocab), ln_eps=config.ln_eps,
                                        dtype=torch.float32))  # as the worker runs it: only fp32 softmax is routed
        model.load_state_dict({k: torch.from_numpy(v.astype(np.float32)) for k, v in weights.items()}, strict=False)
        with torch.no_grad(), SoftmaxRouting(lambda x: torch.softmax(x, dim=-1), temperature) as routing:
            logits = model(torch.from_numpy(idx))[0].numpy()
        assert routing.routed > 0
        return logits

    routed = port_logits(REPO / "solutions" / "03-triton-and-pytorch" / "minigpt_torch.py")
    assert np.abs(routed - expected).max() <= tolerance
    from test_adversarial import CASES, materialise

    case = next(c for c in CASES if c.name == "c09_bonus_fakes_routing")
    faked = port_logits(materialise(case, tmp_path) / "03-triton-and-pytorch" / "minigpt_torch.py")
    assert np.abs(faked - untempered).max() <= tolerance and np.abs(faked - expected).max() > 100 * tolerance


def interpreted(script: str, folder):
    """``script`` in a child Python with Triton's interpreter on, the folder of its kernel file as its argument."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-c", script, str(folder)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TRITON_INTERPRET": "1", "PYTHONPATH": str(REPO)})


# The interpreter's guard tested alone: Triton's GPU front end (gpu_front_end), which the worker runs first at each
# launch, refuses most of what these kernels do before the guard could; test_gpu_front_end_* tests it.
GUARD_ALONE = "import grader.workers.triton as _w\n_w.gpu_front_end = lambda: (lambda *args: None)\n"


def test_interpreter_leaves_the_learners_module_as_it_was_and_refuses_what_no_kernel_takes(tmp_path):
    """Triton's interpreter copied its own globals (np, inspect) into the learner's module and passed lists and
    tl.constexpr values through to the kernel body untouched (red team, session 15). With the worker's guard the
    module keeps only its own names, a list argument is refused, and a torch operation in a body is refused."""
    (tmp_path / "k.py").write_text(
        "import torch\nimport triton\nimport triton.language as tl\n\n\n"
        "@triton.jit\ndef copy(y_ptr, x_ptr, n, BLOCK: tl.constexpr):\n"
        "    offs = tl.arange(0, BLOCK)\n"
        "    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)\n\n\n"
        "@triton.jit\ndef takes(pair):\n    pass\n\n\nG = [torch.zeros(1)]\n\n\n"
        "@triton.jit\ndef uses_global():\n    G[0].add_(1)\n")
    script = GUARD_ALONE + (
        "import sys, torch\nsys.path.insert(0, sys.argv[1])\n"
        "from grader.workers.triton import interpreter_kernel_guard\ninterpreter_kernel_guard()\n"
        "import k\nx = torch.arange(8.0); y = torch.empty(8)\n"
        "k.copy[(1,)](y, x, 8, BLOCK=8)\nassert torch.equal(x, y)\n"
        "assert not {'np', 'inspect', 'interpreter_builder'} & set(vars(k)), sorted(vars(k))\n"
        "try:\n    k.takes[(1,)]([y, x])\nexcept Exception as e:\n    assert 'is a list' in repr(e), e\n"
        "else:\n    raise SystemExit('a list argument ran')\n"
        "try:\n    k.uses_global[(1,)]()\nexcept Exception as e:\n    assert 'ran torch' in repr(e), e\n"
        "else:\n    raise SystemExit('a torch operation ran in a kernel body')\nprint('ok')\n")
    run = interpreted(script, tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stdout + run.stderr


def test_interpreter_refuses_a_subclassed_argument_a_constexpr_tensor_and_a_kernel_called_from_a_grid(tmp_path):
    """Red team, session 28: a tuple subclass of the file's own reached the kernel body as itself and its methods
    computed there in Python; a torch tensor passed as a tl.constexpr reached the grid, whose @triton.jit function
    read it with no body ever running. The worker's guard refuses each, and a plain launch still runs."""
    (tmp_path / "k.py").write_text(
        "import torch\nimport triton\nimport triton.language as tl\n\n\n"
        "@triton.jit\ndef copy(y_ptr, x_ptr, n, BLOCK: tl.constexpr):\n"
        "    offs = tl.arange(0, BLOCK)\n"
        "    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)\n\n\n"
        "class Tape(tuple):\n    def take(self, v):\n        return v\n\n\n"
        "@triton.jit\ndef takes(tape):\n    pass\n\n\n"
        "@triton.jit\ndef reads(inp: tl.constexpr, helper):\n    pass\n\n\n"
        "@triton.jit\ndef plan(meta):\n    return (0,)\n")
    script = GUARD_ALONE + (
        "import sys, torch\nsys.path.insert(0, sys.argv[1])\n"
        "from grader.workers.triton import interpreter_kernel_guard\ninterpreter_kernel_guard()\n"
        "import k\nx = torch.arange(8.0); y = torch.empty(8)\n"
        "k.copy[(1,)](y, x, 8, BLOCK=8)\nassert torch.equal(x, y)\n"
        "def refused(launch, words):\n"
        "    try:\n        launch()\n    except Exception as e:\n        assert words in repr(e), e\n"
        "    else:\n        raise SystemExit('ran: ' + words)\n"
        "refused(lambda: k.takes[(1,)](k.Tape()), 'argument tape is a Tape')\n"
        "seen = []\n"
        "refused(lambda: k.reads[lambda meta: seen.append(meta) or (0,)](x, k.plan), 'argument inp is a Tensor')\n"
        "assert not seen, 'the grid was called'\n"
        "import triton.language as tl\n"
        "refused(lambda: k.reads[(1,)](tl.constexpr(x), k.plan), 'argument inp is a constexpr')\n"
        "refused(lambda: k.reads[lambda meta: meta['helper'](meta)](1, k.plan), 'called outside a kernel')\n"
        "print('ok')\n")
    run = interpreted(script, tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stdout + run.stderr


def test_interpreter_keeps_tl_out_of_grids_constants_in_helpers_and_python_ints_in_loops(tmp_path):
    """Red team, session 29: a grid called while the interpreter had swapped its functions into triton.language
    computed the answer with tl.load and tl.store on pointers it made, and returned (0,); a helper's tl.constexpr
    parameter took a loaded value; a tuple indexed by a loaded value made a Python number of it. The worker's guard
    refuses each, while a loop over range() and tl.range with a run-time bound still runs."""
    (tmp_path / "k.py").write_text(
        "import torch\nimport triton\nimport triton.language as tl\n\n\n"
        "@triton.jit\ndef total(y_ptr, x_ptr, n):\n    acc = 0.0\n"
        "    for j in range(0, n):\n        acc += tl.load(x_ptr + j)\n"
        "    for j in tl.range(0, n):\n        acc += 1.0\n"
        "    tl.store(y_ptr + tl.program_id(0), acc)\n\n\n"
        "@triton.jit\ndef nothing(y_ptr):\n    pass\n\n\n"
        "@triton.jit\ndef _twice(D: tl.constexpr):\n    return D * 2\n\n\n"
        "@triton.jit\ndef helper_gets_value(y_ptr, x_ptr):\n    tl.store(y_ptr, _twice(tl.load(x_ptr)))\n\n\n"
        "@triton.jit\ndef lookup(y_ptr, x_ptr):\n"
        "    v = tl.load(x_ptr).to(tl.int32)\n    tl.store(y_ptr, (10.0, 11.0, 12.0)[v])\n")
    script = GUARD_ALONE + (
        "import sys, torch\nsys.path.insert(0, sys.argv[1])\n"
        "from grader.workers.triton import interpreter_numpy_shim, interpreter_kernel_guard\n"
        "interpreter_numpy_shim()\ninterpreter_kernel_guard()\n"
        "import k, triton.language as tl\nx = torch.tensor([1.0, 2.0, 3.0]); y = torch.zeros(3)\n"
        "k.total[(3,)](y, x, 3)\nassert y.tolist() == [9.0, 9.0, 9.0], y\n"
        "def refused(launch, words):\n"
        "    try:\n        launch()\n    except Exception as e:\n        assert words in repr(e), e\n"
        "    else:\n        raise SystemExit('ran: ' + words)\n"
        "def grid(meta):\n    tl.store(tl.full((), meta['y_ptr'].data_ptr(), tl.int64).to(tl.pointer_type(tl.float32), "
        "bitcast=True), 5.0)\n    return (0,)\n"
        "refused(lambda: k.nothing[grid](y), 'forget to add @triton.jit')\n"
        "assert y.tolist() == [9.0, 9.0, 9.0], 'the grid stored'\n"
        "refused(lambda: k.nothing[lambda meta: (1.5,)](y), 'a grid is a tuple')\n"
        "k.nothing[lambda meta: [1]](y)\n"
        "refused(lambda: k.helper_gets_value[(1,)](y, x), 'tl.constexpr parameter D was given a tensor')\n"
        "refused(lambda: k.lookup[(1,)](y, x), 'made a Python int of a tl value')\n"
        "print('ok')\n")
    run = interpreted(script, tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stdout + run.stderr


KERNELS_AS_COMPILED = '''\
import torch
import triton
import triton.language as tl

T = (10, 20)


@triton.jit
def _half(v):
    if v > 0:
        return 1
    return 0


@triton.jit
def honest(y_ptr, x_ptr, z_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    z = tl.load(z_ptr + offs, mask=mask, other=0.0)
    scale = 2.0 if pid == 0 else 3.0
    if (pid >= 0) and (n > 0) or not (pid < 0):
        tl.store(y_ptr + offs, min(x, z) * scale + max(x, z) + _half(n), mask=mask)


@triton.jit
def by_if_exp(y_ptr, x_ptr):
    q = tl.load(x_ptr)
    tl.store(y_ptr, T[1 if q > 0 else 0] * 1.0)


@triton.jit
def by_list(y_ptr, x_ptr):
    q = tl.load(x_ptr)
    p = [0]
    tl.store(y_ptr, q)


@triton.jit
def by_text(y_ptr, x_ptr):
    q = tl.load(x_ptr)
    z = len("%s" % q)
    tl.store(y_ptr, q)


@triton.jit
def by_dtype(y_ptr, x_ptr):
    q = tl.load(x_ptr)
    s = 0
    if q > 0:
        s = 1.0
    tl.store(y_ptr, s)


@triton.jit
def by_if_exp_dtype(y_ptr, x_ptr):
    q = tl.load(x_ptr)
    tl.store(y_ptr, 1.0 if q > 0 else 0)


@triton.jit
def by_loop_dtype(y_ptr, x_ptr, n):
    acc = 0
    for i in range(n):
        acc += tl.load(x_ptr + i)
    tl.store(y_ptr, acc)


@triton.jit
def by_membership(y_ptr, x_ptr):
    q = tl.load(x_ptr).to(tl.int32)
    tl.store(y_ptr, T.index(q) * 1.0)


@triton.jit
def by_not_int(y_ptr, x_ptr):
    q = tl.load(x_ptr).to(tl.int32)
    tl.store(y_ptr, (not q).to(tl.float32))
'''


def test_interpreter_makes_expressions_what_the_gpu_compiler_makes(tmp_path):
    """Red team, session 32: in Triton's interpreter a conditional expression, `and`, `or`, `not`, min(), max() and a
    helper's return handed back Python values, and a tl value's truth and text were readable anywhere, so loaded bits
    became Python ints; a name whose type changed in a branch taken on a loaded bit made the bit its dtype. The guard makes them what the GPU compiler makes (tl values; only an if, a while or an assert
    reads a truth) and refuses a list bound in a kernel. An honest kernel using each construct computes the right
    answer, min() of two blocks included (Python's returned the second block whole)."""
    (tmp_path / "k.py").write_text(KERNELS_AS_COMPILED)
    script = GUARD_ALONE + (
        "import sys, torch\nsys.path.insert(0, sys.argv[1])\n"
        "from grader.workers.triton import interpreter_kernel_guard, interpreter_numpy_shim\n"
        "interpreter_numpy_shim(); interpreter_kernel_guard()\n"
        "import k\nx = torch.tensor([1.0, -2.0, 3.0, -4.0]); z = torch.tensor([0.5, 0.5, 5.0, -5.0])\n"
        "y = torch.empty(4)\nk.honest[(1,)](y, x, z, 4, BLOCK=4)\n"
        "want = torch.minimum(x, z) * 2.0 + torch.maximum(x, z) + 1\n"
        "assert torch.equal(y, want), (y, want)\n"
        "for name, says in (('by_if_exp', 'made a Python int of a tl value'), ('by_list', 'a kernel bound a list'),\n"
        "                   ('by_text', 'text outside a branch'), ('by_membership', 'truth outside a branch'),\n"
        "                   ('by_dtype', 'before an if on a kernel value'), ('by_if_exp_dtype', 'both branches'),\n"
        "                   ('by_loop_dtype', 'before a loop'), ('by_not_int', 'write `x == 0`')):\n"
        "    try:\n        getattr(k, name)[(1,)](torch.empty(1), torch.ones(1), *((2,) if 'loop' in name else ()))\n"
        "    except Exception as e:\n        assert says in repr(e), (name, repr(e))\n"
        "    else:\n        raise SystemExit(f'{name} ran')\nprint('ok')\n")
    run = interpreted(script, tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stdout + run.stderr


def test_a_foreign_kernel_is_named_so_a_learner_can_read_it():
    """03.triton.own_kernels names a kernel that is not the learner's by its base name where that is a plain name,
    else by the start of Nsight Compute's name: base() of a torch copy kernel, whose template arguments hold
    parentheses, was "1)]>" (session 32, on an H200)."""
    from grader.checks.own_kernels import shown

    copy = ("void at::native::elementwise_kernel<(int)128, (int)2, void at::native::gpu_kernel_impl_nocast<at::native::"
            "direct_copy_kernel_cuda(at::TensorIteratorBase &)::[lambda() (instance 3)]::operator ()() const::[lambda() "
            "(instance 7)]::operator ()() const::[lambda(float) (instance 1)]>(at::TensorIteratorBase &, const T1 &)::"
            "[lambda(int) (instance 1)]>(int, T3)")
    assert shown(copy).startswith("void at::native::elementwise_kernel<(int)128") and len(shown(copy)) <= 103
    assert shown("_softmax_kernel") == "_softmax_kernel"
    assert shown("void cutlass::Kernel2<cutlass_80_simt_sgemm_128x32_8x5_nn_align1>(T1::Params)") == \
        "Kernel2<cutlass_80_simt_sgemm_128x32_8x5_nn_align1>"


def test_the_sweep_takes_no_more_workers_than_the_grading_has_check_slots(monkeypatch):
    """Decision 190: under `make test-gpu` (GRADER_JOBS=2, eight gradings at once) the sweep's four workers each
    imported torch and compiled the learner's kernels; it now takes at most the grading's check slots, decided once
    per lab run so that the workers started early are the check's."""
    from grader.context import Memo
    from grader.labs import lab03_triton

    class Ctx:
        def __init__(self):
            self.memo = Memo()

        def once(self, key, compute):
            return self.memo.once(key, compute)

    for jobs, want in (("2", 2), ("1", 1), ("16", lab03_triton.SWEEP_WORKERS)):
        monkeypatch.setenv("GRADER_JOBS", jobs)
        ctx = Ctx()
        assert lab03_triton.sweep_workers(ctx) == want
        monkeypatch.setenv("GRADER_JOBS", "1")
        assert lab03_triton.sweep_workers(ctx) == want  # the lab run's first answer stands


def test_lab03_triton_a_case_of_minutes_gets_a_note_on_compiling_one_of_milliseconds_none():
    """A right kernel whose program held a whole 524288-column row passed the sweep after 185-276 s in ptxas, within
    the check's limit, and said nothing of it (docs/data/evidence-2026-12-03c). The note names the case and the cause;
    a case of ordinary length gets none."""
    from grader.checks.kernels import CaseResult, KernelRun
    from grader.labs.lab03_triton import SLOW_CASE_S, slow_case_note
    from grader.ops.base import Case

    def case(name, seconds):
        return CaseResult(Case(name, "randn", (("rows", 1), ("cols", 1)), 0), seconds=seconds)

    quick = KernelRun([case("randn @ 4096x16384", 0.4), case("large @ 128x524288", 2.0)])
    assert slow_case_note(quick) == ""
    slow = KernelRun([case("randn @ 4096x16384", 0.4), case("large @ 128x524288", SLOW_CASE_S + 246)])
    note = slow_case_note(slow)
    assert "large @ 128x524288 took 276 s" in note and "compile" in note and "next_power_of_2(cols)" in note
    assert slow_case_note(KernelRun([])) == ""


def test_lab03_triton_slowness_is_explained_by_where_the_kernel_ran_and_its_track():
    """Red team, session 53: a right GEMM of one program per element of C took 86 s a case in the interpreter on the
    2-core machine (a slower laptop timed out), and both its PASS note and its timeout spoke of ptxas, compiling and
    rows. Each lesson now names the cause where the kernel ran, in the track's words."""
    from grader.checks.kernel_checks import triton_hang
    from grader.checks.kernels import CaseResult, KernelRun
    from grader.labs.lab03_triton import SLOW_CASE_S, slow_case_note
    from grader.ops.base import Case

    slow = KernelRun([CaseResult(Case("randn @ 65x33x129", "randn", (("m", 65),), 0), seconds=SLOW_CASE_S + 56)])
    for note in (slow_case_note(slow, "gemm", gpu=False), triton_hang("gemm", gpu=False)):
        assert "in Python" in note and "per element of C" in note and "tl.dot" in note, note
        assert "ptxas" not in note and "long row" not in note and "next_power_of_2" not in note, note
    assert "took 86 s" in slow_case_note(slow, "gemm", gpu=False)
    for note in (slow_case_note(slow, "gemm", gpu=True), triton_hang("gemm", gpu=True)):
        assert "compile" in note and "autotuner" in note and "long row" not in note, note
    assert "next_power_of_2(cols)" in triton_hang("softmax", gpu=True)
    assert "in Python" in triton_hang("softmax", gpu=False) and "ptxas" not in triton_hang("softmax", gpu=False)


FRONT_END_KERNELS = '''\
import triton
import triton.language as tl

SCALE = 2.0


@triton.jit
def copy(y_ptr, x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(y_ptr + offs, x * tl.cdiv(n, 2) + tl.max(x, axis=0), mask=offs < n)


@triton.jit
def with_break(y_ptr, x_ptr):
    for b in range(2):
        if tl.load(x_ptr) > 0.0:
            break
    tl.store(y_ptr, b * 1.0)


@triton.jit
def plain_global(y_ptr, x_ptr):
    tl.store(y_ptr, tl.load(x_ptr) * SCALE)


@triton.jit
def else_after_loop(y_ptr, x_ptr):
    acc = 0.0
    for i in range(2):
        acc += tl.load(x_ptr)
    else:
        acc += 1.0
    tl.store(y_ptr, acc)
'''


@pytest.mark.parametrize("front_end", [True, False], ids=["front_end", "control_guard_alone"])
def test_gpu_front_end_refuses_what_the_gpu_compiler_refuses(tmp_path, front_end):
    """Each kernel the interpreter launches is first compiled by Triton's own front end for sm_90 (session 56): a
    break, a plain global and an else after a loop ran as Python in the interpreter and earned CPU marks, while the GPU
    compiler refuses them. Refused with Triton's words and the learner's line; an honest kernel that calls
    @triton.jit functions of Triton's (tl.cdiv, tl.max: the interpreter leaves its builtins patched into
    triton.language after them) runs right, launched twice with two specializations. The control, the interpreter's
    guard alone, runs the break: the test can fail."""
    (tmp_path / "k.py").write_text(FRONT_END_KERNELS)
    script = (GUARD_ALONE if not front_end else "") + (
        "import sys, torch\nsys.path.insert(0, sys.argv[1])\n"
        "from grader.workers.triton import interpreter_numpy_shim, interpreter_kernel_guard\n"
        "interpreter_numpy_shim(); interpreter_kernel_guard()\n"
        "import k\nx = torch.tensor([1.0, -2.0, 3.0]); y = torch.empty(3)\n"
        "for n in (3, 1, 3):\n"
        "    k.copy[(1,)](y, x, n, BLOCK=4)\n"
        "    want = x[:n] * ((n + 1) // 2) + x[:n].max()\n"
        "    assert torch.equal(y[:n], want), (n, y, want)\n"
        "for name, words in (('with_break', 'k.py:18 in with_break, `break`: unsupported AST node type: Break'),\n"
        "                    ('plain_global', 'k.py:24 in plain_global'),\n"
        "                    ('else_after_loop', 'else after for')):\n"
        "    try:\n        getattr(k, name)[(1,)](torch.empty(1), torch.ones(1))\n"
        "    except Exception as e:\n"
        "        assert type(e).__name__ == 'GpuCompilerRefuses' and words in str(e), (name, repr(e))\n"
        "        print('refused', name)\n"
        "    else:\n        print('ran', name)\n")
    run = interpreted(script, tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    if front_end:
        assert run.stdout.split() == ["refused", "with_break", "refused", "plain_global", "refused",
                                      "else_after_loop"], run.stdout
    else:
        assert "ran with_break" in run.stdout, run.stdout

"""The lines that tell a learner what a failure means where the compiler's, Python's or torch's own words do not
(a helper grading 36 ordinary mistakes, session 34): each is said for its mistake, and not for others."""
from __future__ import annotations

import torch

from grader.labs.common import compile_lessons
from grader.ops import get


def test_a_launcher_of_another_signature_is_told_the_signature():
    abi = get("vector_add").abi
    for nvcc in ('vector_add.cu(32): error: more than one instance of overloaded function "vector_add" has "C" linkage',
                 "vector_add.cu(32): error: cannot overload functions distinguished by return type alone\n"
                 '    extern "C" void vector_add(const float* a, const float* b, float* c, int n, cudaStream_t s) {'):
        lessons = compile_lessons([nvcc], abi)
        assert len(lessons) == 1 and abi.prototype in lessons[0], lessons
    assert compile_lessons(['k.cu(3): error: identifier "printf" is undefined'], abi) == [
        "printf comes from <cstdio>: #include <cstdio> at the top of the file (print inside a kernel only: a "
        "launcher's host code may only launch kernels)"]
    assert "<<<blocks, threads, 0, stream>>>" in compile_lessons(
        ["k.cu(38): error: a __global__ function call must be configured"], abi)[0]
    assert compile_lessons(['k.cu(21): error: expected a ";"'], abi) == []  # nvcc's own words say it
    assert compile_lessons(['k.cu(9): error: identifier "helper" is undefined'], abi) == []


def test_a_row_off_by_one_factor_is_told_what_its_sum_holds():
    """Every element of a row k times the right value: the row's sum took in terms from outside it (k < 1) or missed
    some (k > 1), as a mask one column too far, or other=0.0 in tl.load, makes; a row wrong in shape is not."""
    op, dims = get("softmax"), {"rows": 2, "cols": 7}
    x = torch.randn(2, 7, dtype=torch.float64)
    ref = op.reference({"input": x}, dims)["output"]
    for k, words in ((0.99, "holds terms that are not in the row"), (1.02, "misses terms of the row")):
        out = ref.clone()
        out[1] *= k
        bad = (out - ref).abs() > op.tolerance.bound({"input": x}, ref, dims)
        lines = op.diagnose(out.float().double(), ref, {"input": x}, dims, bad)
        assert any(f"row 1: every element is {k:.6g} times" in line and words in line for line in lines), lines
    out = ref.clone()
    out[1] = out[1].flip(0) * 0.9
    bad = (out - ref).abs() > op.tolerance.bound({"input": x}, ref, dims)
    assert not any("times the right value" in line for line in op.diagnose(out, ref, {"input": x}, dims, bad))


def test_a_gemm_that_sums_part_of_k_is_told_which_part():
    """A loop over K that replaced its sum each step (acc = tl.dot(...)), stopped one tile early, or never ran was
    shown six wrong values and no line (helper ff41); each is told its part, and a C that is right but for noise is
    told none of them."""
    op = get("gemm")
    dims = {"M": 33, "N": 17, "K": 100}
    g = torch.Generator().manual_seed(3)
    a = torch.randn(33, 100, generator=g, dtype=torch.float64)
    b = torch.randn(100, 17, generator=g, dtype=torch.float64)
    inputs = {"A": a.float(), "B": b.float()}
    ref = op.reference(inputs, dims)["C"]
    bound = op.tolerance.bound(inputs, ref, dims)
    for out, words in ((a[:, 96:] @ b[96:], "only the last tile of K (products 96..99)"),
                       (a[:, :96] @ b[:96], "leaves out the last tile of K (products 96..99)"),
                       (torch.zeros_like(ref), "every element of C is 0"),
                       (a[:, :16] @ b[:16], "only the first 16 of K = 100"),
                       (a @ b.flatten().reshape(17, 100).t(), "B read transposed, as B[n * K + k]"),
                       (a.flatten().reshape(100, 33).t() @ b, "A read transposed, as A[k * M + m]"),
                       (ref.t().flatten().reshape(33, 17), "transposed places, as if written to C[n * M + m]")):
        bad = (out - ref).abs() > bound
        lines = op.diagnose(out, ref, inputs, dims, bad)
        assert len(lines) == 1 and words in lines[0], lines
    out = ref + torch.randn(ref.shape, generator=g, dtype=torch.float64)
    lines = op.diagnose(out, ref, inputs, dims, (out - ref).abs() > bound)
    assert not any("tile of K" in line or "is 0" in line for line in lines), lines


def test_a_wrapper_that_returns_nothing_is_said_to_return_a_none():
    from grader.workers.triton import describe

    assert describe(None, (2, 3), "cpu") == {"type": "NoneType", "usable": False}


def test_port_errors_get_their_lesson():
    from grader.labs.lab03_port import ERROR_LESSONS

    text = ("RuntimeError: one of the variables needed for gradient computation has been modified by an inplace "
            "operation: [torch.DoubleTensor [2, 8, 16]], which is output 0 of AddBackward0")
    assert [lesson for needle, lesson in ERROR_LESSONS if needle in text][0].startswith("an in-place operation")


def test_a_kernel_that_calls_plain_python_is_told_what_a_kernel_may_call():
    from grader.checks.crash import lesson_for

    said = lesson_for("InterpreterError: ValueError('Did you forget to add @triton.jit ? (`_semantic` argument must be "
                      "provided outside of JIT functions.)')")
    assert said and "tl.device_print" in said
    assert lesson_for("InterpreterError: ValueError('axis 1 out of bounds')") is None
    assert "`if x.is_cuda:`" in lesson_for("ValueError: Expected a cuda device, but got: cpu")


def test_a_port_error_names_the_learners_own_lines(tmp_path):
    """describe_exception keeps the frames of the learner's file, innermost last, however deep torch's own frames
    go below them; the judge refuses an answer whose lines are not text."""
    import importlib.util

    from grader.labs.lab03_port import malformed
    from grader.workers.port import describe_exception

    port = tmp_path / "minigpt_torch.py"
    port.write_text("import torch\n\ndef forward(x):\n    return torch.ones(2, 3) + torch.ones(3, 2)\n\n"
                    "def outer():\n    return forward(1)\n")
    spec = importlib.util.spec_from_file_location("minigpt_torch", port)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    try:
        module.outer()
    except RuntimeError as exc:
        described = describe_exception(exc, str(port))
    assert described["where"] == ["at minigpt_torch.py:7 in outer: return forward(1)",
                                  "at minigpt_torch.py:4 in forward: return torch.ones(2, 3) + torch.ones(3, 2)"]
    assert describe_exception(ValueError("x"))["where"] == []
    error = {"type": "RuntimeError", "message": "m", "traceback": [], "where": ["at minigpt_torch.py:4 in f: x"]}
    base = {"stages": {"forward": "error"}, "errors": {"forward": error}, "seconds": {"total": 1.5}}
    assert malformed(base) == ""
    assert malformed({**base, "errors": {"forward": {**error, "where": [1, 2]}}})
    assert malformed({**base, "errors": {"forward": {**error, "where": "at line 4"}}})


def test_a_port_with_randomness_or_tied_weights_is_told_so():
    """Dropout left on, and lm_head tied to wte (nanoGPT's habits, mistakes35, session 35): the judge says so from
    what it can check, two losses of one batch and parameter names it sent itself; the worker's other words, and a
    deterministic port, give no line."""
    from types import SimpleNamespace

    import numpy as np

    from grader.labs.lab03_port import malformed, nondeterminism, tied_lines

    def run(outputs=None, shared=None):
        return SimpleNamespace(ref=SimpleNamespace(names=["transformer.wte.weight", "lm_head.weight"]),
                               outputs=outputs or {}, facts={"shared": shared} if shared is not None else {})

    loss = np.array(3.9)
    random = nondeterminism(run({"loss": loss, "loss_again": np.array(3.91)}))
    assert random[0].startswith("the forward pass is not deterministic") and "dropout" in random[1]
    for again in (np.array(3.9), np.array(3.9 * (1 + 1e-15)), np.array(np.nan), np.zeros(3)):
        assert nondeterminism(run({"loss": loss, "loss_again": again})) == []
    assert nondeterminism(run({"loss": loss})) == []
    tied = tied_lines(run(shared={"lm_head.weight": "transformer.wte.weight"}))
    assert len(tied) == 1 and tied[0].startswith("lm_head.weight and transformer.wte.weight are one tensor")
    assert tied_lines(run(shared={"lm_head.weight": "you get full marks"})) == []  # only the judge's own names
    assert tied_lines(run(shared={"lm_head.weight": "lm_head.weight"})) == []
    assert malformed({"stages": {}, "shared": {"lm_head.weight": 3}})
    assert malformed({"stages": {}, "shared": {"lm_head.weight": "transformer.wte.weight"}}) == ""


def test_the_port_worker_names_parameters_that_are_one_tensor():
    from grader.workers.port import shared_parameters

    def model(tie):
        m = torch.nn.ModuleDict({"wte": torch.nn.Embedding(5, 3), "lm_head": torch.nn.Linear(3, 5, bias=False)})
        tie(m)
        return m, dict(m.named_parameters())

    m, params = model(lambda m: None)
    assert shared_parameters(m, params) == {}
    m, params = model(lambda m: setattr(m["wte"], "weight", m["lm_head"].weight))  # nanoGPT's tying
    assert list(params) == ["wte.weight"] and shared_parameters(m, params) == {"lm_head.weight": "wte.weight"}
    m, params = model(lambda m: setattr(m["lm_head"].weight, "data", m["wte"].weight.data))  # one memory
    assert shared_parameters(m, params) == {"lm_head.weight": "wte.weight"}


def test_the_signature_lesson_is_not_given_for_a_typo_in_a_file_named_after_its_launcher():
    """Red team rt44: lab 00's file is vector_add.cu, so the launcher's name was in every error's location, and a
    typo's "this declaration has no storage class" got the signature lesson."""
    abi = get("vector_add").abi
    typo = ["vector_add.cu(5): error: this declaration has no storage class or type specifier\n"
            "  __global_ void vector_add_kernel(const float* a, const float* b, float* c, int n) {"]
    assert compile_lessons(typo, abi) == []


def test_a_changed_input_is_named_once_whatever_its_name():
    """Softmax's input is called `input`: its message read "the input input was changed" (red team, session 52)."""
    from grader.checks.kernels import _the_input

    assert _the_input("input") == "the input"
    assert _the_input("a") == "the input a"  # vector add's and GEMM's inputs keep their names
    assert {name: _the_input(name) for name in get("softmax").abi.names("in")} == {"input": "the input"}


TORCH_NOTES = ("CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
               "might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
               "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")


def test_the_lines_torch_adds_to_every_cuda_error_choose_no_lesson_and_are_not_the_line_quoted(tmp_path):
    """Decision 249: torch ends every CUDA error with three lines of its own, the last naming device-side assertions.
    A right Triton file whose worker died of a full GPU in make test-gpu was told 'an assert() in the kernel failed',
    quoting that line. The lesson comes from the error, and so does the line a dead worker's FAIL quotes."""
    from types import SimpleNamespace

    from grader.checks.crash import explain_error, explain_gone, lesson_for
    from grader.runner import Exit, WorkerGone

    oom = "RuntimeError: CUDA error: out of memory\n" + TORCH_NOTES
    assert "memory ran out" in lesson_for(oom)
    assert lesson_for("RuntimeError: CUDA error: device-side assert triggered\n" + TORCH_NOTES) == \
        "an assert() in the kernel failed"
    assert lesson_for("RuntimeError: CUDA error: the launch timed out and was terminated\n" + TORCH_NOTES) is None

    log = tmp_path / "worker.log"
    log.write_text("Traceback (most recent call last):\n  File \"worker.py\", line 9, in init\n" + oom)
    worker = SimpleNamespace(close=lambda: Exit(1, 0.1), log_text=log.read_text, log=log)
    said = explain_gone(WorkerGone("died", "exit code 1", worker), "running softmax_triton.py on the GPU", "hint")
    assert said.message.endswith("died (exit code 1): RuntimeError: CUDA error: out of memory"), said.message
    assert any("memory ran out" in d for d in said.details) and not any("assert()" in d for d in said.details)

    for kind in ("RuntimeError", "cuda"):
        said = explain_error({"type": kind, "message": "CUDA error: out of memory\n" + TORCH_NOTES}, "case c3", "hint")
        assert "TORCH_USE_CUDA_DSA" not in said.message and "out of memory" in said.message, said.message
        assert any("memory ran out" in d for d in said.details) and not any("assert()" in d for d in said.details)

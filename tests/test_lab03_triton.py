"""Lab 03's Triton checks (grader/labs/lab03_triton.py, grader/child/triton_softmax.py).

Each negative control under tests/submissions/ must fail for its own reason; the
solution must pass everything that can run here. Checks run through the pipeline's
own run_check, on a Context built by hand around a staged softmax_triton.py.
"""
import dataclasses
import shutil
from pathlib import Path

import numpy as np
import pytest

from helpers import REPO, SUBMISSIONS, cuda_available
from grader.context import Context, Device
from grader.labs import lab03_triton
from grader.pipeline import run_check
from grader.registry import Lab
from grader.results import Status

SOLUTION = REPO / "solutions" / "03-triton-and-pytorch"
STUB = REPO / "labs" / "03-triton-and-pytorch" / "softmax_triton.py"
IDS = ["03.triton.interpreter", "03.triton.no_cheat", "03.triton.gpu_shapes", "03.triton.gpu_sweep",
       "03.triton.perf_info", "03.bonus.minigpt_attention"]
CPU_IDS = IDS[:2]
GPU_IDS = IDS[2:]


def make_lab() -> Lab:
    lab = Lab("03", "triton-and-pytorch", "Triton and PyTorch", editable=("softmax_triton.py", "minigpt_torch.py"),
              docs="lab/03-triton-and-pytorch.md", readonly=("minigpt_numpy.py",))
    lab03_triton.register(lab)
    return lab


def make_ctx(tmp_path: Path, learner_file: Path, *, gpu: bool = False, extra=()) -> Context:
    stage = tmp_path / "stage"
    stage.mkdir(parents=True, exist_ok=True)
    shutil.copy(learner_file, stage / "softmax_triton.py")
    for f in extra:
        shutil.copy(f, stage / Path(f).name)
    device = Device(True, name="cuda") if gpu else Device(False, reason="test without CUDA")
    return Context(make_lab(), stage, stage, REPO, None, device, 1234, tmp_path / "runs")


def grade(ctx: Context, only=None) -> dict:
    done = {}
    for check in ctx.lab.checks:
        if only is None or check.id in only:
            done[check.id] = run_check(check, ctx, done)
    return done


def check_fn(ctx: Context, cid: str):
    return next(c for c in ctx.lab.checks if c.id == cid).fn


def bonus_files() -> list[Path]:
    files = [SOLUTION / "minigpt_torch.py", SOLUTION / "minigpt_numpy.py"]
    if not all(f.is_file() for f in files):
        pytest.skip("the MiniGPT port and reference are not in solutions/03-triton-and-pytorch yet")
    return files


def numpy_breaks_interpreter_ranges() -> bool:
    major, minor = (int(p) for p in np.__version__.split(".")[:2])
    return (major, minor) >= (2, 4)


# -- declarations -------------------------------------------------------------------------------


def test_lab03_triton_declares_its_checks_in_order_with_parents():
    lab = make_lab()
    assert [c.id for c in lab.checks] == IDS
    by_id = {c.id: c for c in lab.checks}
    assert by_id["03.triton.no_cheat"].needs == ("03.triton.interpreter",)
    assert by_id["03.triton.gpu_shapes"].needs == ("03.triton.no_cheat",)
    assert all(by_id[i].gpu for i in GPU_IDS) and not any(by_id[i].gpu for i in CPU_IDS)
    assert by_id["03.bonus.minigpt_attention"].bonus and by_id["03.triton.perf_info"].points == 0
    assert all(c.doc.strip() for c in lab.checks)


# -- the solution and the stub ------------------------------------------------------------------


def test_lab03_triton_solution_passes_everything_that_runs_here(tmp_path):
    ctx = make_ctx(tmp_path, SOLUTION / "softmax_triton.py")
    done = grade(ctx)
    for cid in CPU_IDS:
        assert done[cid].status == Status.PASS, (cid, done[cid].message, done[cid].details)
    assert "25 cases match" in done["03.triton.interpreter"].message
    assert "no call to torch's softmax" in done["03.triton.no_cheat"].message
    # the interpreter check stays within a few seconds on a 2-core machine (torch import included)
    assert done["03.triton.interpreter"].measurements["child_seconds"] < 20
    if not cuda_available():
        for cid in GPU_IDS:
            assert done[cid].status == Status.SKIP and done[cid].message.startswith("no CUDA device")


def test_lab03_triton_stub_fails_the_way_a_beginner_expects(tmp_path):
    if not STUB.is_file():
        pytest.skip("labs/03-triton-and-pytorch/softmax_triton.py is not generated yet")
    done = grade(make_ctx(tmp_path, STUB), only=CPU_IDS)
    r = done["03.triton.interpreter"]
    assert r.status == Status.FAIL
    # the first case, saying what to write: not a grader crash
    assert r.message.startswith("randn @ 1x1: softmax(x) raised NotImplementedError: TODO(03-")
    assert r.log is not None and r.hint.startswith("see docs/en/lab/03-triton-and-pytorch.md#")
    assert done["03.triton.no_cheat"].status == Status.NOT_RUN


# -- negative controls: each fails for its own reason -------------------------------------------


def test_lab03_triton_fixed_block_fails_long_rows_as_never_written(tmp_path):
    r = grade(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_fixed_block.py"), only=CPU_IDS)["03.triton.interpreter"]
    assert r.status == Status.FAIL
    assert r.message == "randn @ 3x1025: 3 of 3075 elements never written, the first at row 0, col 1024"
    assert any("unwritten from col 1024 on" in d and "loop over the row" in d for d in r.details)
    assert any(d.startswith("also failing:") and "3x5000" in d for d in r.details)
    assert r.hint.endswith("#every-element") and r.log.name == "child.log"


def test_lab03_triton_no_max_subtraction_fails_large_values_with_the_overflow_lesson(tmp_path):
    r = grade(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_no_max.py"), only=CPU_IDS)["03.triton.interpreter"]
    assert r.status == Status.FAIL
    assert r.message.startswith("large @ 1x1: NaN at row 0, col 0 — with inputs up to ±")
    assert "exp overflows unless you subtract the row max first" in r.message
    failing = next(d for d in r.details if d.startswith("also failing:"))
    assert all(name.startswith("large @") for name in failing.removeprefix("also failing: ").split(", "))
    assert r.hint.endswith("#numerical-stability")


def test_lab03_triton_torch_softmax_in_disguise_fails_no_cheat(tmp_path):
    done = grade(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_calls_torch.py"), only=CPU_IDS)
    assert done["03.triton.interpreter"].status == Status.PASS  # right answers...
    r = done["03.triton.no_cheat"]
    assert r.status == Status.FAIL  # ...from torch
    assert r.message == "softmax(x) calls torch's softmax in the interpreter run"
    assert "torch.nn.functional.softmax x25" in r.details[1]
    assert r.hint.endswith("#no-cheat")


def test_lab03_triton_show_kernel_with_torch_math_fails_no_cheat(tmp_path):
    done = grade(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_torch_math.py"), only=CPU_IDS)
    assert done["03.triton.interpreter"].status == Status.PASS
    r = done["03.triton.no_cheat"]
    assert r.status == Status.FAIL
    assert "the tensor softmax(x) returns was never passed to a Triton kernel" in r.message
    assert "kernels launched: copy_kernel" in r.details[1] and "exp" in r.details[1]


def test_lab03_triton_in_place_kernel_fails_for_returning_its_input(tmp_path):
    r = grade(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_in_place.py"), only=CPU_IDS)["03.triton.interpreter"]
    assert r.status == Status.FAIL
    assert r.message == "randn @ 1x1: softmax(x) returned its input x (or a view of it)"


def test_lab03_triton_range_loop_gets_the_interpreter_lesson_under_numpy_2_4(tmp_path):
    r = grade(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_range_loop.py"), only=CPU_IDS)["03.triton.interpreter"]
    if not numpy_breaks_interpreter_ranges():
        assert r.status == Status.PASS, r.message  # the kernel itself is right
        return
    assert r.status == Status.FAIL
    assert r.message.startswith("randn @ 1x1: softmax(x) raised InterpreterError")
    assert any(d.startswith("at softmax_triton.py:") and "range(0, cols, BLOCK)" in d for d in r.details)
    assert any("triton-lang/triton#9171" in d and "while start < cols" in d for d in r.details)


def test_lab03_triton_gpu_only_cheat_passes_the_cpu_checks(tmp_path):
    done = grade(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_cheats_on_gpu.py"), only=CPU_IDS)
    assert [done[c].status for c in CPU_IDS] == [Status.PASS, Status.PASS]  # hence the GPU check below


@pytest.mark.slow
def test_lab03_triton_hang_is_killed_and_explained(tmp_path, monkeypatch):
    monkeypatch.setattr(lab03_triton, "SETTINGS", dataclasses.replace(lab03_triton.SETTINGS, child_timeout_s=8.0))
    r = grade(make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_hangs.py"), only=CPU_IDS)["03.triton.interpreter"]
    assert r.status == Status.FAIL
    assert r.message == "running softmax_triton.py in Triton's interpreter did not finish in 8 s (a hang)"
    assert "infinite loop in the kernel or the wrapper" in r.details[0]


def test_lab03_triton_import_error_is_a_result(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("import torch\n\ndef softmax(x):\n    return x +\n")
    r = grade(make_ctx(tmp_path, broken), only=CPU_IDS)["03.triton.interpreter"]
    assert r.status == Status.FAIL and r.message.startswith("importing softmax_triton.py raised SyntaxError")


# -- the large-case machinery (sampled rows), on the CPU through the interpreter ----------------


def test_lab03_triton_sampled_rows_pass_the_solution_and_catch_unwritten_columns(tmp_path):
    plan = [((37, 1500), ("masked", "spike"))]
    for name, learner in (("solution", SOLUTION / "softmax_triton.py"),
                          ("fixed", SUBMISSIONS / "triton_softmax_fixed_block.py")):
        ctx = make_ctx(tmp_path / name, learner)
        sr = lab03_triton._run(ctx, "sampled", {"mode": "cpu", "repeats": 2},
                               generated=lab03_triton._generated(ctx, plan, 0), interpret=True)
        assert sr.failure is None
        rows = sr.run.outputs["rows_g0"]
        assert {0, 36} <= set(rows.tolist()) and len(rows) >= 2 + 1
        problem = lab03_triton._judge(ctx, sr, "cpu")
        if name == "solution":
            assert problem is None, problem.message
        else:
            assert problem.message.startswith("masked @ 37x1500: ")
            assert "never written, the first at row 0, col 1024" in problem.message
            assert any("in the whole 37x1500 output: 17612 elements never written" in d for d in problem.details)


def test_lab03_triton_device_families_follow_the_laws_of_the_host_ones():
    from grader.child.triton_softmax import family_tensor

    x = {f: family_tensor(f, 64, 333, 5, "cpu").numpy() for f in ("randn", "large", "masked", "constant", "spike")}
    assert np.abs(x["large"]).max() <= 1e4
    assert np.isfinite(x["masked"]).any(axis=1).all() and 0.15 < np.isneginf(x["masked"]).mean() < 0.35
    assert (x["constant"] == x["constant"][:, :1]).all()
    assert (x["spike"].max(axis=1) - np.sort(x["spike"], axis=1)[:, -2] > 60).all()
    assert np.array_equal(family_tensor("masked", 64, 333, 5, "cpu").numpy(), x["masked"], equal_nan=True)


def test_lab03_triton_bonus_routes_attention_through_the_kernel(tmp_path):
    files = bonus_files()
    ctx = make_ctx(tmp_path, SOLUTION / "softmax_triton.py", extra=files)
    sr = lab03_triton._run(ctx, "bonus", {"mode": "bonus", "device": "cpu", "bonus": {
        **lab03_triton.BONUS, "batch": 1, "tokens": 16, "port": "minigpt_torch.py", "reference": "minigpt_numpy.py",
        "seed": 3}}, interpret=True)
    assert sr.failure is None
    r = lab03_triton._bonus_result(ctx, sr)
    assert r.status == Status.PASS, (r.message, r.details)
    assert r.measurements["routed"] >= lab03_triton.BONUS["config"]["n_layer"]


# -- on a GPU -----------------------------------------------------------------------------------


@pytest.mark.gpu
def test_lab03_triton_solution_passes_on_the_gpu(tmp_path):
    extra = [f for f in (SOLUTION / "minigpt_torch.py", SOLUTION / "minigpt_numpy.py") if f.is_file()]
    done = grade(make_ctx(tmp_path, SOLUTION / "softmax_triton.py", gpu=True, extra=extra))
    for cid in IDS[:5] + (IDS[5:] if len(extra) == 2 else []):
        assert done[cid].status == Status.PASS, (cid, done[cid].message, done[cid].details)
    perf = done["03.triton.perf_info"]
    assert " GB/s, " in perf.message and "x F.softmax at 16384x4096" in perf.message
    assert len(perf.measurements["sweep"]) == 9


@pytest.mark.gpu
def test_lab03_triton_gpu_only_cheat_fails_gpu_shapes(tmp_path):
    ctx = make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_cheats_on_gpu.py", gpu=True)
    r = check_fn(ctx, "03.triton.gpu_shapes")(ctx)
    assert r.status == Status.FAIL and r.message == "softmax(x) calls torch's softmax on the GPU"
    assert "torch.Tensor.softmax" in r.details[1]


@pytest.mark.gpu
def test_lab03_triton_gpu_sweep_catches_a_fixed_block_at_64m_elements(tmp_path):
    ctx = make_ctx(tmp_path, SUBMISSIONS / "triton_softmax_fixed_block.py", gpu=True)
    r = check_fn(ctx, "03.triton.gpu_sweep")(ctx)
    assert r.status == Status.FAIL
    assert r.message.startswith("randn @ 29127x2304: ") and "never written" in r.message
    assert any("in the whole 29127x2304 output" in d for d in r.details)

"""What the judge keeps out of a worker's reach since the grader runs labs at once: the copy ceiling (measured
in the judge, never by a worker) and Triton's compile cache (one folder per submission)."""
from __future__ import annotations

import random

from grader.channel import Reply
from grader.context import Context, Device
from grader.registry import Lab


class TimingWorker:
    """Answers "time" as a worker would, and notes which contenders it was asked to run."""

    def __init__(self):
        self.asked: list[str] = []
        self.clock = 0.0

    def call(self, command, *, timeout_s, on_mark=None):
        self.asked.append(command["contender"])
        on_mark("start", self.clock)
        self.clock += 0.001 * command["launches"]
        on_mark("end", self.clock)
        return Reply({"event_ms": [], "launch_errors": []})


def test_perf_measure_never_asks_a_worker_to_time_the_copy(tmp_path, monkeypatch):
    """The copy bandwidth is the ceiling every "% of copy" is a share of: it comes from the judge's own process
    (timing.JudgeCopy), once per run, so learner code in a worker cannot slow it down to look closer to it."""
    from grader import timing
    from grader.checks import perf
    from grader.checks.kernel_checks import Live, WorkerPlan
    from grader.ops import get

    spec = get("softmax")
    worker = TimingWorker()
    monkeypatch.setattr(perf, "lab_worker", lambda ctx, plan: Live(worker, ready=True))
    judged = []

    def judge_copy(spec_, dims, rounds=timing.ROUNDS):
        judged.append(dims)
        return timing.measure(TimingWorker(), spec_, dims, ["copy"], rounds=1, rng=random.Random(1))

    monkeypatch.setattr(timing, "copy_ceiling", judge_copy)
    lab = Lab("02", "tuned-kernel", "x", editable=(), docs="lab/02-tuned-kernel.md", op="softmax")
    ctx = Context(lab, spec, tmp_path, tmp_path, tmp_path, None, Device(True, "fake"), 1, tmp_path / "runs")
    plan = WorkerPlan("cuda", {"op": "softmax", "libraries": {}}, (), True)
    for key in ("gate", "sweep"):
        m, problem = perf.measure(ctx, key, plan, spec.representative, ["lib:learner", "baseline", "copy"])
        assert problem is None and "copy" not in m.rounds[0]
    assert "copy" not in worker.asked and {"lib:learner", "baseline"} <= set(worker.asked)
    assert len(judged) == 1, "the ceiling is measured once per run"
    assert perf.ceiling(ctx, m)[0] == ctx.per_run[("copy", "softmax")].rate("copy")


def _lab03_ctx(tmp_path, files: dict[str, str]) -> Context:
    from grader.ops import get

    stage = tmp_path / "stage"
    stage.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (stage / name).write_text(text)
    lab = Lab("03", "triton-and-pytorch", "x", editable=("softmax_triton.py", "minigpt_torch.py"),
              docs="lab/03-triton-and-pytorch.md", op="softmax")
    return Context(lab, get("softmax"), stage, stage, tmp_path, None, Device(True, "fake"), 1, tmp_path / "runs",
                   cache=tmp_path / "cache")


def test_triton_cache_is_one_folder_per_submission(tmp_path):
    """A port loaded beside the Triton file (the bonus) could write the cache: two submissions with the same
    Triton file but another port must not share one, and the same submission graded again reuses its own."""
    from grader.labs.lab03_triton import plan, triton_cache

    solution = {"softmax_triton.py": "def softmax(x): ...\n", "minigpt_torch.py": "# an honest port\n"}
    hostile = {"softmax_triton.py": "def softmax(x): ...\n", "minigpt_torch.py": "# writes into the cache\n"}
    a = triton_cache(_lab03_ctx(tmp_path / "a", solution))
    b = triton_cache(_lab03_ctx(tmp_path / "b", hostile))
    again = triton_cache(_lab03_ctx(tmp_path / "c", solution))
    assert a.name != b.name and a.name == again.name
    gpu = plan(_lab03_ctx(tmp_path / "a", solution), "softmax_triton.py", "cuda")
    cpu = plan(_lab03_ctx(tmp_path / "a", solution), "softmax_triton.py", "cpu")
    assert gpu.rw == (a,) and ("TRITON_CACHE_DIR", str(a)) in gpu.env
    assert cpu.rw == () and not any(name == "TRITON_CACHE_DIR" for name, _ in cpu.env), "the interpreter compiles nothing"


def test_nsight_computes_run_never_leaves_the_sandbox_whatever_the_learner_code_does(tmp_path, monkeypatch):
    """03.triton.own_kernels once ran the learner's file again *without* the sandbox when the sandboxed run listed no
    kernel: a file that fails on purpose inside the sandbox (or hangs there) bought itself a run with no isolation.
    Now every try is sandboxed, and a file that lists nothing fails the check."""
    from grader.checks import own_kernels
    from grader.checks.kernel_checks import WorkerPlan
    from grader.runner import WorkerGone
    from grader.results import Status

    made: list[dict] = []

    class HangsUnderWatch:
        """A worker whose learner code never answers while Nsight Compute watches it."""
        log = tmp_path / "worker.log"
        lane = "triton-ncu"
        exit = None
        box = type("Isolated", (), {"isolated": True})()

        def call(self, command, *, timeout_s, on_mark=None):
            raise WorkerGone("hung", f"no answer in {timeout_s:.0f} s", self)

        def close(self, grace_s=2.0):
            return None

    def new_worker(ctx, module, folder, lane=None, **options):
        made.append(options)
        return HangsUnderWatch()

    monkeypatch.setattr(own_kernels, "new_worker", new_worker)
    monkeypatch.setattr(own_kernels, "find_ncu", lambda: "/usr/bin/ncu")
    monkeypatch.setattr(HangsUnderWatch, "start", lambda self: None, raising=False)
    ctx = _lab03_ctx(tmp_path, {"softmax_triton.py": "import triton\n@triton.jit\ndef k(x):\n    pass\n"})
    plan = WorkerPlan("triton", {"op": "softmax", "file": "softmax_triton.py"}, (ctx.stage,), True)
    result = own_kernels.check(ctx, plan, "softmax_triton.py")
    assert result.status == Status.FAIL and "could not list the kernels" in result.message
    assert len(made) == own_kernels.ATTEMPTS
    assert all("box" not in options for options in made), "a try ran outside the sandbox (an explicit box)"
    assert all(options.get("wrapper") and options.get("gpu") for options in made)


def test_grader_timeout_s_caps_every_cases_limit(tmp_path, monkeypatch):
    """GRADER_TIMEOUT_S (the tests' hang controls) shortens each case's own limit too (lab 00's is 60 s, lab 02's
    300 s): a test's hanging kernel is found in its seconds, not the lab's minutes. Without it, a lab's own limit."""
    import dataclasses

    from grader.checks import kernel_checks as kc
    from grader.config import SETTINGS

    seen: list[float] = []

    class Idle:
        log = tmp_path / "worker.log"

    monkeypatch.setattr(kc, "lab_worker", lambda ctx, plan, init_timeout_s: kc.Live(Idle(), ready=True))
    monkeypatch.setattr(kc, "run_cases", lambda ctx, worker, cases, *, repeats, guard, timeout_s: seen.append(
        timeout_s) or [])
    ctx = _lab03_ctx(tmp_path, {})
    plan = kc.WorkerPlan("cuda", {}, (), True)
    for cap, expected in ((20.0, 20.0), (None, 300.0)):
        monkeypatch.setattr(kc, "SETTINGS", dataclasses.replace(SETTINGS, case_timeout_cap_s=cap))
        kc.kernel_run(ctx, f"cases-{cap}", plan, [object()], repeats=1, guard=0, timeout_s=300.0)
        assert seen[-1] == expected

"""The timing path on a GPU: every timed launch of a correct kernel verifies."""
import pytest

from helpers import REPO

pytestmark = [pytest.mark.gpu, pytest.mark.slow]


def test_every_recent_timed_launch_of_the_reference_is_right(tmp_path, monkeypatch):
    # Decision 44: the worker once drew its inputs on the default stream and poisoned its outputs on its own;
    # the caching allocator gave an output a block still queued for the input draw, and about half of all gate
    # measurements found a whole input set NaN. Here every one of the last 8 launches of every block is
    # checked (the gate checks 2, at random), three measurements in a row.
    from grader import timing
    from grader.build import build_cuda
    from grader.checks import perf
    from grader.checks.kernel_checks import WorkerPlan, lab_worker
    from grader.context import Context
    from grader.gpu_lock import GpuLock
    from grader.ops import get
    from grader.pipeline import probe_device
    from grader.registry import Lab

    monkeypatch.setattr(timing, "VERIFY_LAUNCHES", timing.OUT_BUFFERS)
    spec, device = get("softmax"), probe_device()
    src = REPO / "solutions/02-tuned-kernel/softmax_tuned.cu"
    built = build_cuda(src, tmp_path / "build", device, src.name, spec)
    assert built.ok, built.errors
    plan = WorkerPlan("cuda", {"op": spec.name, "libraries": {"learner": str(built.library)}},
                      (built.library.parent,), True, what="tuned")
    lock = GpuLock.for_device(device)
    for run in range(3):
        lab = Lab("02", "tuned-kernel", "x", editable=(), docs="lab/02-tuned-kernel.md", op=spec.name)
        ctx = Context(lab, spec, REPO, REPO, REPO, None, device, run, tmp_path / f"run{run}", gpu_lock=lock)
        try:
            # As the grader does: the workers start, and load holding the GPU lock shared, before the measurement
            # takes it exclusive (their start-up once ran inside, while every other test's GPU work waited)...
            perf.copy_worker_ready(ctx)
            lab_worker(ctx, plan)
            with lock.exclusive():  # ...and the measurement has the GPU to itself
                m, problem = perf.measure(ctx, "gate", plan, spec.representative, ["lib:learner", "baseline", "copy"],
                                          verify=("lib:learner",))
        finally:
            for close in ctx.closers:
                close()
        assert problem is None, problem.message
        assert m.ratio("lib:learner", "baseline") > 1.0

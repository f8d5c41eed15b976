"""The copy ceiling measured a second time before a kernel is called faster than the hardware (grader/checks/perf.py,
decision 130): work outside the grader's locks can only slow a copy, so the faster measurement is kept. Fakes, no GPU."""
from __future__ import annotations

import types

import pytest

from grader import timing
from grader.checks import perf
from grader.context import Memo
from grader.ops import get
from grader.results import Status

SPEC = get("softmax")
WORK = 1e9  # bytes a launch


def measured(**seconds: float) -> timing.Measurement:
    """Five rounds, each contender at the given seconds a launch."""
    return timing.Measurement(dict(SPEC.representative), WORK, [{c: timing.Block(c, 10, 10 * s) for c, s in seconds.items()}
                                         for _ in range(5)])


def ctx_with(first_copy_s: float) -> types.SimpleNamespace:
    ctx = types.SimpleNamespace(spec=SPEC, per_run=Memo(), hint=lambda anchor="": anchor)
    ctx.per_run[("copy", SPEC.name)] = measured(copy=first_copy_s)
    return ctx


def judge(ctx, monkeypatch, again: timing.Measurement | Exception):
    calls = []

    def second(_ctx):
        calls.append(1)
        if isinstance(again, Exception):
            raise again
        return again
    monkeypatch.setattr(perf, "_measure_copy", second)
    m = measured(learner=0.25e-3, baseline=0.4e-3)  # 4000 GB/s-equivalent, 1.6x the baseline
    f = perf.figures(ctx, m, "learner")
    return perf.impossible(ctx, m, "learner", f), f, calls


def test_a_copy_slowed_by_other_work_is_measured_again_and_the_faster_kept(monkeypatch):
    ctx = ctx_with(0.27e-3)  # the first copy: slower than the kernel, as make test-gpu once measured
    problem, f, calls = judge(ctx, monkeypatch, measured(copy=0.245e-3))
    assert problem is None and calls == [1]
    assert f["ceiling"] == pytest.approx(WORK / 0.245e-3 * SPEC.rate.scale, rel=1e-6)
    assert ctx.per_run[("copy", SPEC.name)].seconds("copy") == pytest.approx(0.245e-3)  # later labs use it too
    problem, f, calls = judge(ctx, monkeypatch, measured(copy=0.1e-3))
    assert problem is None and calls == []  # at most once a run


def test_a_kernel_past_both_measurements_is_impossible(monkeypatch):
    ctx = ctx_with(0.4e-3)
    problem, f, calls = judge(ctx, monkeypatch, measured(copy=0.45e-3))  # the second is slower: the first is kept
    assert calls == [1] and problem is not None and problem.status == Status.FAIL
    assert problem.message.startswith("faster than the hardware can go")
    assert ctx.per_run[("copy", SPEC.name)].seconds("copy") == pytest.approx(0.4e-3)


def test_a_second_measurement_that_fails_keeps_the_first(monkeypatch):
    ctx = ctx_with(0.4e-3)
    problem, f, calls = judge(ctx, monkeypatch, timing.Failed("its worker could not start", []))
    assert calls == [1] and problem is not None and "faster than the hardware" in problem.message


def test_a_kernel_under_the_ceiling_measures_nothing_again(monkeypatch):
    ctx = ctx_with(0.2e-3)
    problem, f, calls = judge(ctx, monkeypatch, measured(copy=0.1e-3))
    assert problem is None and calls == []

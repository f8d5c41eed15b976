"""The workers' host copies (grader/workers/buffers.py): each copy is its own memory, holds the tensor's bits as
they were when copied, and an array is reused only after its holder gave it back."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from grader.workers.buffers import HostCopies, Retained


def test_a_copy_is_its_own_memory_and_keeps_the_bits_it_was_given():
    copies = HostCopies()
    t = torch.arange(1000, dtype=torch.float32)
    host = copies.copy(t)
    t.fill_(-1.0)  # the learner's code still holds t: what it does later must not reach the copy
    assert host.dtype == np.float32 and host.shape == (1000,)
    assert np.array_equal(host, np.arange(1000, dtype=np.float32))
    assert not np.shares_memory(host, t.numpy())


def test_int32_bits_survive_the_copy_exactly():
    copies = HostCopies()
    bits = torch.tensor([0x7FC0DEAD, 0x5EEDF00D, -1, 0], dtype=torch.int64).to(torch.int32)
    assert copies.copy(bits).view(np.uint32).tolist() == [0x7FC0DEAD, 0x5EEDF00D, 0xFFFFFFFF, 0]


def test_an_array_is_reused_only_after_it_was_given_back():
    copies = HostCopies()
    first = copies.copy(torch.ones(256))
    second = copies.copy(torch.ones(256))
    assert not np.shares_memory(first, second)  # both held: never the same memory
    copies.give([first])
    third = copies.copy(torch.zeros(256))
    assert np.shares_memory(third, first)  # given back, then reused
    assert not np.shares_memory(third, second)
    assert np.array_equal(third, np.zeros(256, dtype=np.float32))


def test_giving_a_view_back_twice_pools_its_memory_once():
    copies = HostCopies()
    a = copies.copy(torch.ones(64))
    copies.give([a.view(np.uint32), a])
    x, y = copies.copy(torch.ones(64)), copies.copy(torch.ones(64))
    assert not np.shares_memory(x, y)


def test_the_pool_keeps_only_the_most_recent_arrays():
    copies = HostCopies()
    old = [copies.copy(torch.ones(n)) for n in (8, 16, 32, 64, 128)]
    copies.give(old)
    assert len(copies.free) == HostCopies.KEEP
    assert not any(np.shares_memory(f, old[0]) for f in copies.free)  # the oldest went back to the system


def test_retained_gives_the_previous_cases_copies_back_when_the_next_case_starts():
    copies = HostCopies()
    retained = Retained(copies)
    retained.reset("c0")
    kept = retained.arrays["out.y.0"] = copies.copy(torch.ones(128))
    assert np.shares_memory(copies.copy(torch.ones(128)), kept) is False  # still held by the case
    retained.reset("c1")
    assert np.shares_memory(copies.copy(torch.ones(128)), kept)


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device: run `make test-gpu` on a GPU machine")
def test_a_gpu_tensor_is_copied_through_pinned_memory_into_ordinary_memory():
    copies = HostCopies()
    t = torch.randn(1 << 20, device="cuda")
    expected = t.cpu().numpy().copy()
    host = copies.copy(t)
    t.zero_()
    torch.cuda.synchronize()
    assert np.array_equal(host, expected)
    assert not torch.from_numpy(host).is_pinned()  # the staging buffer is pinned (device-mapped); the copy is not


class FakeCuda:
    """torch.cuda as release_idle_gpu_cache reads it: ``cached`` bytes held by no tensor, empty_cache recorded."""

    def __init__(self, cached: int, initialized: bool = True, fault: bool = False):
        self.cached, self.initialized, self.fault, self.emptied = cached, initialized, fault, 0

    def is_initialized(self):
        return self.initialized

    def memory_reserved(self):
        return (1 << 30) + self.cached

    def memory_allocated(self):
        return 1 << 30

    def empty_cache(self):
        if self.fault:
            raise RuntimeError("CUDA error: an illegal memory access was encountered")
        self.emptied += 1


@pytest.mark.parametrize("cached, initialized, emptied", [(300 << 20, True, 1), (100 << 20, True, 0),
                                                          (8 << 30, False, 0)])
def test_a_process_gives_back_the_gpu_memory_it_holds_idle_past_the_limit(monkeypatch, cached, initialized, emptied):
    """Decision 249: eight gradings' processes, each keeping its largest case's memory cached, filled an H100 in make
    test-gpu. Past IDLE_GPU_CACHE_BYTES held by no tensor the cache is emptied; below it, or with no CUDA, not."""
    import sys
    from types import SimpleNamespace

    from grader.workers.idle_gpu import IDLE_GPU_CACHE_BYTES, release_idle_gpu_cache

    assert 100 << 20 < IDLE_GPU_CACHE_BYTES < 300 << 20
    cuda = FakeCuda(cached, initialized)
    monkeypatch.setitem(sys.modules, "torch", SimpleNamespace(cuda=cuda))
    release_idle_gpu_cache()
    assert cuda.emptied == emptied


def test_a_faulted_context_frees_nothing_and_raises_nothing(monkeypatch):
    """After a learner's kernel faults, every CUDA call of the process fails: the release must not turn the case's
    reply (which names the fault) into a dead worker."""
    import sys
    from types import SimpleNamespace

    from grader.workers.idle_gpu import release_idle_gpu_cache

    cuda = FakeCuda(4 << 30, fault=True)
    monkeypatch.setitem(sys.modules, "torch", SimpleNamespace(cuda=cuda))
    release_idle_gpu_cache()
    assert cuda.emptied == 0


def test_the_worker_releases_after_each_case_before_its_reply_and_the_judge_after_each_run(monkeypatch):
    """Where it is called: a worker's serve loop after a case (or the port's run), before the reply is sent, so
    inside the judge's hold of the GPU lock, and not after a timing command; the judge once a run of cases ends (its
    last case, a case with an error, a case whose worker was lost, a run out of time), inside that case's hold, and
    never for a CPU worker (Triton's interpreter). Not after each of the judge's cases: the next case allocated it
    all again (decision 252: 130 s more of the judge's work in one make test-gpu on an H100)."""
    import os
    import sys
    import threading
    from contextlib import contextmanager
    from types import SimpleNamespace

    from grader import channel
    from grader.checks import kernels
    from grader.runner import WorkerGone
    from grader.workers import serve

    calls = []
    monkeypatch.setattr(serve, "release_idle_gpu_cache", lambda: calls.append("release"))

    class Handler:
        def cmd_case(self, message, link):
            calls.append("case")
            return {"ok": True}

        def cmd_run(self, message, link):
            calls.append("run")
            return {"ok": True}

        def cmd_time(self, message, link):
            calls.append("time")
            return {"ok": True}

    to_worker, from_judge = os.pipe()
    from_worker, to_judge = os.pipe()
    monkeypatch.setattr(sys, "argv", ["worker", "--channel", f"{to_worker},{to_judge}", "/tmp"])
    monkeypatch.setattr(channel, "send", _recording(channel.send, calls))
    loop = threading.Thread(target=serve.serve, args=(lambda io: Handler(),), daemon=True)
    loop.start()
    for cmd in ("case", "time", "run"):
        channel.send(from_judge, {"cmd": cmd})
        assert channel.recv(from_worker)["ok"]
    os.close(from_judge)
    loop.join(5)
    assert calls == ["case", "release", "reply", "time", "reply", "run", "release", "reply"]

    judged = []
    monkeypatch.setattr(kernels, "release_idle_gpu_cache", lambda: judged.append("release"))

    @contextmanager
    def held(gpu):  # ctx.gpu_work's stand-in: the end of each hold of the GPU lock is "end"
        try:
            yield
        finally:
            judged.append("end")

    ctx = SimpleNamespace(gpu_work=held)

    def judge(outcomes, gpu=True, **kw):
        """The judge's steps for a run whose cases end as ``outcomes`` say: a case, a "release", a hold's end."""
        judged.clear()
        script = list(outcomes)

        def fake_run_case(*a, **k):
            outcome = script.pop(0)
            judged.append("case")
            if isinstance(outcome, Exception):
                raise outcome
            return SimpleNamespace(error=outcome)

        monkeypatch.setattr(kernels, "_run_case", fake_run_case)
        worker = SimpleNamespace(gpu=gpu, close=lambda: None)
        try:
            kernels.run_cases(ctx, worker, [None] * len(outcomes), repeats=1, guard=0, timeout_s=60, **kw)
        except (RuntimeError, WorkerGone):
            pass
        return judged[:]

    assert judge([None, None, None]) == ["case", "end", "case", "end", "case", "release", "end"]
    assert judge([None, {"type": "cuda"}, None]) == ["case", "end", "case", "release", "end"]  # stops at the error
    assert judge([None, {"type": "cuda"}, None], stop_on_error=False) == \
        ["case", "end", "case", "release", "end", "case", "release", "end"]
    assert judge([None, RuntimeError("worker gone"), None]) == ["case", "end", "case", "release", "end"]
    assert judge([None, None], gpu=False) == ["case", "end", "case", "end"]
    monkeypatch.setattr(kernels, "cases_budget_s", lambda timeout_s: -1.0)  # out of time before its first case
    assert judge([None]) == ["release", "end"]


def _recording(send, calls):
    def recorded(fd, message):
        if "ok" in message:
            calls.append("reply")
        return send(fd, message)
    return recorded


@pytest.mark.gpu
def test_on_the_gpu_a_large_cases_memory_goes_back_and_a_small_ones_stays_cached():
    from grader.workers.idle_gpu import IDLE_GPU_CACHE_BYTES, release_idle_gpu_cache

    x = torch.empty(512 << 20, dtype=torch.uint8, device="cuda")
    del x
    assert torch.cuda.memory_reserved() - torch.cuda.memory_allocated() >= 512 << 20
    release_idle_gpu_cache()
    assert torch.cuda.memory_reserved() - torch.cuda.memory_allocated() <= IDLE_GPU_CACHE_BYTES
    y = torch.empty(64 << 20, dtype=torch.uint8, device="cuda")
    del y
    kept = torch.cuda.memory_reserved()
    release_idle_gpu_cache()
    assert torch.cuda.memory_reserved() == kept

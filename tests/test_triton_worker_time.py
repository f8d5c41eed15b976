"""The Triton worker's timed block (grader/workers/triton.py, cmd_time). The learner's function allocates every
output it returns, and the worker keeps the last few for the judge's checks: the block must find all that memory
in torch's allocator cache, as the CUDA worker's block finds its output buffers made, so that no timed launch
waits for a cudaMalloc that F.softmax's block never makes. Also the worker's Triton warm-up at start-up (warm_triton, decision
236)."""
from __future__ import annotations

import functools
import weakref

import pytest

from grader.workers import triton as triton_worker

from grader.workers.buffers import OUT_BUFFERS


class Output:  # stands for a tensor the learner's function allocates
    pass


class Link:
    def __init__(self, log: list):
        self.log = log

    def mark(self, name: str) -> None:
        self.log.append(("mark", name))


@pytest.fixture
def worker(monkeypatch, tmp_path):
    from grader.ops import get

    w = triton_worker.TritonWorker(tmp_path)
    w.op = get("softmax")
    monkeypatch.setattr(w.op, "make_inputs", lambda family, dims, seed, device: {"input": triton_worker.torch.full((2,), seed)})
    monkeypatch.setattr(w.op, "change", lambda dims, sets, seed, turn, device: None)
    monkeypatch.setattr(w.op, "perturb", lambda stacked, dims, change: None)
    monkeypatch.setattr(triton_worker.torch.cuda, "synchronize", lambda: None)
    monkeypatch.setattr(triton_worker, "FreshInputs", functools.partial(triton_worker.FreshInputs, device="cpu"))

    def timed(run, n, link, sync):  # serve.timed_launches without CUDA events
        link.mark("start")
        for i in range(n):
            run(i)
        sync()
        link.mark("end")
        return 0.0

    monkeypatch.setattr(triton_worker, "timed_launches", timed)
    return w


def rotation(launches: int) -> list[int]:  # the slots of a block that rotates through every buffer
    return [i % min(launches, OUT_BUFFERS) for i in range(launches)]


def block(worker, log: list, launches: int):
    def fn(x):
        log.append(("call",))
        return Output()

    worker.fn = fn
    return worker.cmd_time({"contender": "learner", "dims": {"rows": 4, "cols": 4}, "family": "randn",
                            "seeds": [1, 2, 3], "fresh": 7, "launches": launches, "warmup": 2,
                            "slots": rotation(launches)}, Link(log))


@pytest.mark.parametrize("launches", [3, 40])
def test_every_output_the_block_holds_is_allocated_before_the_start_mark(worker, launches):
    """Kept outputs plus the one a call makes before it replaces one: min(launches, OUT_BUFFERS) + 1 calls."""
    log: list = []
    block(worker, log, launches)
    before = log[:log.index(("mark", "start"))]
    assert before.count(("call",)) == min(launches, OUT_BUFFERS) + 1
    assert log.count(("call",)) == len(before) + launches


def test_the_last_blocks_outputs_are_released_before_the_next_block_allocates(worker):
    log: list = []
    block(worker, log, 40)
    old = [weakref.ref(y) for y in worker.blocks["outs"]]
    assert all(r() is not None for r in old), "kept for the judge's checks until the next block"
    alive_at_first_call = []

    def fn(x):
        if not alive_at_first_call:
            alive_at_first_call.append(sum(r() is not None for r in old))
        return Output()

    worker.fn = fn
    worker.cmd_time({"contender": "learner", "dims": {"rows": 4, "cols": 4}, "family": "randn", "seeds": [1, 2, 3],
                     "fresh": 7, "launches": 40, "warmup": 2, "slots": rotation(40)}, Link([]))
    assert alive_at_first_call == [0]


def test_the_judges_samples_come_from_launches_whose_output_was_kept(worker):
    log: list = []
    block(worker, log, 40)
    outs = worker.blocks["outs"]
    assert len(outs) == OUT_BUFFERS and len({id(y) for y in outs}) == OUT_BUFFERS
    from grader.workers.buffers import kept_output

    assert kept_output(worker.blocks, 39) == 39 % OUT_BUFFERS
    with pytest.raises(ValueError, match="was not kept"):
        kept_output(worker.blocks, 5)  # launch 13 wrote its buffer again


@pytest.fixture
def warm_on_a_fake_gpu(monkeypatch):
    """warm_triton with torch saying there is a GPU (there is none here: Triton's driver fails when asked), torch's
    own warm-up skipped; returns the list of the driver's targets asked for."""
    from triton.runtime import driver

    monkeypatch.setattr(triton_worker, "warm_torch", lambda: None)
    monkeypatch.setattr(triton_worker.torch.cuda, "is_available", lambda: True)
    monkeypatch.delenv("TRITON_INTERPRET", raising=False)
    monkeypatch.delenv("GRADER_WARM", raising=False)
    asked = []

    class Active:
        def get_current_target(self):
            asked.append("target")
            raise RuntimeError("0 active drivers ([]). There should only be one.")

    monkeypatch.setattr(driver, "_active", Active())
    return asked


def test_a_triton_warm_up_that_fails_is_logged_and_left_to_the_first_launch(warm_on_a_fake_gpu, capsys):
    """Decision 236: Triton's driver and compiler are warmed at a GPU worker's start, before any learner code. A warm-up
    that fails (no C compiler for the driver, no driver) must not end the worker's start: the learner's first launch
    meets the same failure in its case, reported there as before."""
    triton_worker.warm_triton()
    assert warm_on_a_fake_gpu == ["target"]
    assert "Triton failed (RuntimeError: 0 active drivers" in capsys.readouterr().out


@pytest.mark.parametrize("env", [{"GRADER_WARM": "launched"}, {"TRITON_INTERPRET": "1"}])
def test_a_watched_or_interpreted_triton_worker_makes_no_cuda_call_at_start(warm_on_a_fake_gpu, monkeypatch, capsys, env):
    """A worker that Nsight Compute launched suspended sets up no CUDA before its check attaches ncu, and the
    interpreter's worker runs no GPU code: neither asks Triton's driver (nor torch's CUDA) for anything at start. The
    watched one computes Triton's key, which reads files only (decision 241): its first launch, under ncu and both
    locks, began with it."""
    from triton.runtime.cache import triton_key

    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(triton_worker.torch.cuda, "is_available", lambda: 1 / 0)  # CUDA asked: the start would hang
    monkeypatch.setattr(triton_worker.torch.cuda, "init", lambda: 1 / 0)
    from triton.backends.nvidia import driver as nvidia

    folders = []  # libcuda's folders asked for (`ldconfig -p`; there is no libcuda here)
    monkeypatch.setattr(nvidia, "library_dirs", lambda: folders.append("asked") or ["/usr/lib"])
    triton_key.cache_clear()
    triton_worker.warm_triton()
    assert warm_on_a_fake_gpu == []
    watched = env.get("GRADER_WARM") == "launched"
    assert triton_key.cache_info().currsize == (1 if watched else 0)
    assert folders == (["asked"] if watched else [])
    out = capsys.readouterr().out
    assert ("warm-up: Triton's key" in out and "libcuda's folders" in out and "failed" not in out) == watched, out


def test_a_watched_workers_key_that_fails_is_logged_and_left_to_the_first_launch(monkeypatch, capsys):
    """Decision 241: Triton's key made at the watched worker's start. If it fails (a file of Triton's unreadable),
    the start goes on, and the first launch meets the failure again, in its case."""
    from triton.runtime import cache

    def broken():
        raise OSError("libtriton.so: unreadable")

    monkeypatch.setattr(cache, "triton_key", broken)
    triton_worker.warm_triton_key()
    assert "Triton's key or libcuda's folders failed (OSError: libtriton.so: unreadable)" in capsys.readouterr().out


def test_a_watched_workers_cuda_command_makes_the_context_and_launches_nothing(warm_on_a_fake_gpu, monkeypatch,
                                                                                capsys):
    """Decision 247: the watched worker's "cuda" command (serve.set_up_watched), sent once its check holds the profiler
    lock and has begun the attach, and before its init: CUDA's first call (where ncu's injected library waits for the
    attach), then the context by a synchronize, which launches nothing (ncu's record lists no kernel of the harness).
    Triton's driver is not asked: warmed there, it lengthened the profiler lock's holds in make test-gpu."""
    from grader.workers import serve

    done: list[str] = []
    monkeypatch.setattr(triton_worker.torch.cuda, "init", lambda: done.append("init"))
    monkeypatch.setattr(triton_worker.torch.cuda, "synchronize", lambda: done.append("synchronize"))
    seconds = serve.set_up_watched()
    assert done == ["init", "synchronize"] and warm_on_a_fake_gpu == [], (done, warm_on_a_fake_gpu)
    assert "watched CUDA set-up" in capsys.readouterr().out and seconds >= 0
    monkeypatch.setattr(triton_worker.torch.cuda, "is_available", lambda: False)
    done.clear()
    serve.set_up_watched()
    assert done == [], "CUDA set up where the sandbox shows no GPU"

def test_a_worker_answers_the_cuda_command_before_any_learner_code(tmp_path):
    """The "cuda" command reaches set_up_watched through the harness's loop in a real (sandboxed) Triton worker, before
    any init: no learner file is named, and the answer is the set-up's seconds. (Here there is no GPU: nothing is set
    up, and the worker answers at once.)"""
    from grader.runner import Worker

    worker = Worker("triton", logdir=tmp_path / "w", gpu=False, env={"GRADER_WARM": "launched"})
    worker.start()
    try:
        assert worker.call({"cmd": "hello"}, timeout_s=120).has("hello")
        reply = worker.call({"cmd": "cuda"}, timeout_s=60)
        assert reply.has("cuda") and not reply.has("error")
    finally:
        worker.close(0.0)
    assert "watched CUDA set-up" in worker.log_text()

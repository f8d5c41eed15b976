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

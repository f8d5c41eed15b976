"""make test-gpu's order: the gradings Nsight Compute watches are spread out (tests/helpers.py, decision 149)."""
from __future__ import annotations

from helpers import spread_profiled


class Item:
    def __init__(self, name: str, *marks: str):
        self.name, self.keywords = name, {name: 1, **{m: 1 for m in marks}}

    def __repr__(self):
        return self.name


def test_watched_gradings_are_spread_over_the_first_three_quarters():
    cpu = [Item("cpu0"), Item("cpu1")]
    gpu = [Item(f"g{k}", "gpu") for k in range(12)]
    watched = [Item(f"w{k}", "gpu", "profiler") for k in range(4)]
    items = [cpu[0], *watched, *gpu, cpu[1]]  # in file order the watched ones come in a bunch
    spread_profiled(items)
    assert items[0] is cpu[0] and items[-1] is cpu[1]  # tests that are not the GPU's keep their places
    gpu_order = items[1:-1]
    assert sorted(map(repr, gpu_order)) == sorted(map(repr, watched + gpu))  # nothing lost or repeated
    at = [k for k, item in enumerate(gpu_order) if "profiler" in item.keywords]
    assert at == [0, 3, 6, 9]  # one in four, from the start, over the first 12 of 16
    assert [repr(i) for i in gpu_order if "profiler" in i.keywords] == ["w0", "w1", "w2", "w3"]
    assert [repr(i) for i in gpu_order if "profiler" not in i.keywords] == [f"g{k}" for k in range(12)]


def test_nothing_moves_without_both_kinds():
    items = [Item(f"g{k}", "gpu") for k in range(5)]
    before = list(items)
    spread_profiled(items)
    assert items == before
    items = [Item(f"w{k}", "gpu", "profiler") for k in range(3)]
    before = list(items)
    spread_profiled(items)
    assert items == before


def test_the_adversarial_cases_that_nsight_compute_watches_are_marked():
    from test_adversarial import CASES, watched

    names = {case.name for case in CASES if watched(case)}
    assert "c08_report_values_edited_measured_again" in names  # lab 02 with a report
    assert "c12_triton_autotune" in names  # lab 03 with a Triton file
    assert "c12_port_logging" not in names  # lab 03, the port alone
    assert "c09_right_only_first_launches" not in names  # lab 02 without a report

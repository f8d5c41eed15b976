"""Every timed launch reads inputs no earlier launch saw (grader/workers/serve.FreshInputs, the ops' change and
perturb, grader/timing.launch_inputs, grader/checks/perf.pick_rows; PHASE_24_PLAN decision 80). A kernel that kept
its answers per input set (keyed on a fingerprint of its inputs) and handed one back passed lab 02's gate at 1.04x
F.softmax from 0.12x honest speed (docs/data/evidence-2026-11-27i, call 1): these tests hold the parts that stop it,
on the CPU."""
from __future__ import annotations

import random

import pytest
import torch

from grader import timing
from grader.checks.perf import pick_rows
from grader.ops import get
from grader.workers.serve import FreshInputs

SOFTMAX_DIMS = ({"rows": 6, "cols": 128}, {"rows": 4, "cols": 4096}, {"rows": 2, "cols": 50257})
SEEDS, FRESH = [11, 12, 13], 99


def fresh_block(op, dims, n, warmup=0):
    """A timing block's launches as a worker runs them, on the CPU: what each launch read, cloned at launch time."""
    message = {"dims": dims, "family": "randn", "seeds": SEEDS, "fresh": FRESH, "launches": n}
    fresh = FreshInputs(op, message, warmup, device="cpu")
    seen, warm = [], []
    warming = fresh.warming(lambda i, inputs: warm.append({k: t.clone() for k, t in inputs.items()}))
    for i in range(warmup):
        warming(i)
    run = fresh.timed(lambda i, inputs: seen.append({k: t.clone() for k, t in inputs.items()}))
    for i in range(n):
        run(i)
    return fresh, seen, warm


@pytest.mark.parametrize("name,dims", [("softmax", SOFTMAX_DIMS[1]), ("gemm", {"M": 5, "N": 7, "K": 9}),
                                       ("vector_add", {"n": 33})])
def test_the_judge_replays_what_every_launch_read(name, dims):
    op = get(name)
    _, seen, _ = fresh_block(op, dims, 14)
    for i, got in enumerate(seen):
        want = timing.launch_inputs(op, "randn", dims, SEEDS, FRESH, i, "cpu")
        assert want.keys() == got.keys()
        for key in want:
            assert torch.equal(want[key], got[key]), f"{name}: launch {i}, input {key}"


@pytest.mark.parametrize("name,dims", [("softmax", SOFTMAX_DIMS[1]), ("gemm", {"M": 5, "N": 7, "K": 9})])
def test_no_launch_reads_what_an_earlier_launch_or_the_warm_up_read(name, dims):
    op = get(name)
    _, seen, warm = fresh_block(op, dims, 12, warmup=3)
    for i, got in enumerate(seen):
        earlier = warm + seen[:i]
        assert not any(all(torch.equal(got[k], e[k]) for k in got) for e in earlier), f"launch {i}"


def test_the_sets_are_changed_once_every_rotation_between_the_reads():
    """One change every len(sets) launches, just before the first launch of a turn: after every set's last read of
    the turn before, before any read of the next; the first just before launch 0, inside the timed block."""
    op, dims = get("softmax"), SOFTMAX_DIMS[0]
    fresh = FreshInputs(op, {"dims": dims, "family": "randn", "seeds": SEEDS, "fresh": FRESH, "launches": 10}, 0,
                        device="cpu")
    log = []
    perturb = op.perturb
    op_calls = []

    class Spy:
        def perturb(self, stacked, dims, change):
            op_calls.append(change)
            log.append("change")
            perturb(stacked, dims, change)
    fresh.op = Spy()
    run = fresh.timed(lambda i, inputs: log.append(i))
    for i in range(10):
        run(i)
    assert log == ["change", 0, 1, 2, "change", 3, 4, 5, "change", 6, 7, 8, "change", 9]
    assert op_calls == [fresh.changes[0], fresh.changes[1], fresh.changes[2], fresh.changes[3]]
    assert all(fresh.sets[k]["input"].data_ptr() == fresh.stacked["input"][k].data_ptr() for k in range(3))


def changed(op, stacked, dims, turn, sets=1):
    op.perturb(stacked, dims, op.change(dims, sets, timing.launch_seed(3, turn), turn, "cpu"))


@pytest.mark.parametrize("dims", [SOFTMAX_DIMS[0], *(pytest.param(d, marks=pytest.mark.slow) for d in SOFTMAX_DIMS[1:])],
                         ids=lambda d: f"cols{d['cols']}")
def test_every_softmax_change_moves_every_row_it_touches_far_beyond_the_tolerance(dims):
    """180 turns (what a block of 540 launches makes): at each, every row that changed moves by more than 20 times its
    tolerance, so a stale answer fails on that row. The rows that did not change keep their answer exactly."""
    op = get("softmax")
    dims = {**dims, "rows": dims["rows"] * 8}
    stacked = timing.stack_inputs([op.make_inputs("randn", dims, 5, "cpu")])
    inputs = {"input": stacked["input"][0]}
    before, x0 = op.reference(inputs, dims)["output"], inputs["input"].clone()
    for turn in range(1, 181):
        changed(op, stacked, dims, turn)
        after = op.reference(inputs, dims)["output"]
        bound = op.tolerance.bound(inputs, after, dims)
        touched = (inputs["input"] != x0).any(dim=1)
        moved = ((after - before).abs() / bound).amax(dim=1)[touched]
        assert bool((moved > 20).all()), f"turn {turn}: {moved.min().item():.3g} tolerances"
        assert bool((after[~touched] == before[~touched]).all())
        assert bool(torch.isfinite(after).all())
        before, x0 = after, inputs["input"].clone()


def test_a_change_moves_about_one_row_in_64_of_every_set_and_says_which():
    op, dims = get("softmax"), {"rows": 4096, "cols": 128}
    stacked = timing.stack_inputs([op.make_inputs("randn", dims, s, "cpu") for s in SEEDS])
    shares = []
    for turn in range(1, 31):
        x0 = stacked["input"].clone()
        change = op.change(dims, 3, timing.launch_seed(3, turn), turn, "cpu")
        op.perturb(stacked, dims, change)
        for k in range(3):
            touched = (stacked["input"][k] != x0[k]).any(dim=1)
            assert set(touched.nonzero().flatten().tolist()) == set(op.changed_rows(dims, change, k).tolist())
            shares.append(touched.double().mean().item())
    assert min(shares) > 0 and 0.014 < sum(shares) / len(shares) < 0.017  # 1 - e^-1/64 = 0.0155


def test_every_gemm_change_moves_almost_every_element_of_c():
    op, dims = get("gemm"), {"M": 64, "N": 48, "K": 96}
    stacked = timing.stack_inputs([op.make_inputs("randn", dims, 5, "cpu")])
    inputs = {name: t[0] for name, t in stacked.items()}
    before = op.reference(inputs, dims)["C"]
    for turn in range(1, 4):
        changed(op, stacked, dims, turn)
        after = op.reference(inputs, dims)["C"]
        moved = (after - before).abs() > op.tolerance.bound(inputs, after, dims)
        assert moved.double().mean().item() > 0.99
        before = after


@pytest.mark.parametrize("name,dims", [("softmax", SOFTMAX_DIMS[1]), ("gemm", {"M": 5, "N": 7, "K": 9})])
def test_no_timed_launch_reads_inputs_that_stood_while_learner_code_ran_untimed(name, dims):
    """Every set the block's launches read is changed inside the timed block before its first read: what the sets held
    during the warm-up (learner code, untimed, at the addresses the last block's sets had) answers no timed launch
    (red team, session 34: a warm-up that computed the answers of the sets already drawn served launches 0-2)."""
    op = get(name)
    message = {"dims": dims, "family": "randn", "seeds": SEEDS, "fresh": FRESH, "launches": 7}
    fresh = FreshInputs(op, message, 2, device="cpu")
    warming = fresh.warming(lambda i, inputs: None)
    for i in range(2):
        warming(i)
    before = [{k: t.clone() for k, t in s.items()} for s in fresh.sets]  # what stood when the timed block began
    seen = []
    run = fresh.timed(lambda i, inputs: seen.append({k: t.clone() for k, t in inputs.items()}))
    for i in range(7):
        run(i)
    first = op.abi.names("in")[0]
    for i, got in enumerate(seen):
        assert not any(torch.equal(got[first], b[first]) for b in before), f"{name}: launch {i}"


def test_the_warm_up_reads_a_set_drawn_for_it_alone():
    op = get("softmax")
    fresh, _, _ = fresh_block(op, SOFTMAX_DIMS[0], 0)
    assert torch.equal(fresh.warm["input"], op.make_inputs("randn", SOFTMAX_DIMS[0], timing.launch_seed(FRESH, -1),
                                                           "cpu")["input"])
    assert timing.launch_seed(FRESH, -1) not in SEEDS


@pytest.mark.parametrize("rows", [1, 5, 64, 300, 16384])
def test_half_the_checked_rows_are_rows_the_launchs_change_moved(rows):
    """pick_rows: the judge checks a timed launch on rows its change moved (where a kept answer is wrong), and on
    random ones; every pick is a distinct row of the output."""
    op, dims = get("softmax"), {"rows": rows, "cols": 1000}
    for launch in (0, 4, 29):
        picked = pick_rows(op, dims, rows, SEEDS, FRESH, launch, random.Random(launch), device="cpu")
        assert len(picked) == len(set(picked)) == min(timing.VERIFY_ROWS, rows)
        assert all(0 <= r < rows for r in picked)
        change = timing.launch_change(op, dims, SEEDS, FRESH, launch, "cpu")
        moved = set(op.changed_rows(dims, change, launch % 3).tolist())
        assert moved and len(moved & set(picked)) >= min(len(moved), timing.VERIFY_ROWS // 2)


def test_a_change_that_moves_every_row_leaves_the_rows_to_chance():
    op, dims = get("gemm"), {"M": 300, "N": 7, "K": 9}
    assert op.changed_rows(dims, op.change(dims, 3, 5, 1, "cpu"), 0) is None
    picked = pick_rows(op, dims, 300, SEEDS, 5, 7, random.Random(0), device="cpu")
    assert len(set(picked)) == timing.VERIFY_ROWS


class Reply:
    def __init__(self, data):
        self.data = data

    def has(self, key):
        return key in self.data

    def items(self, key, limit, default=None):
        return self.data.get(key, default)

    def floats(self, key, limit):
        return self.data.get(key, [])


def test_each_block_gets_its_own_fresh_seed_and_verification_replays_that_block():
    """timing.measure: the ``fresh`` seed a block was timed with is the one its verification replays."""
    sent, checked = [], []

    class Worker:
        clock = 0.0

        def call(self, command, *, timeout_s, on_mark=None):
            sent.append(command)
            on_mark("start", self.clock)
            self.clock += 0.001 * command["launches"]
            on_mark("end", self.clock)
            return Reply({})

    def verify(contender, launch, seeds, fresh, rng):
        checked.append((launch, seeds, fresh))
    verify.contenders = ("lib:learner",)
    timing.measure(Worker(), get("softmax"), {"rows": 4, "cols": 4}, ["lib:learner", "baseline"], verify=verify,
                   rounds=3, rng=random.Random(1))
    blocks = [c for c in sent if c["contender"] == "lib:learner"]  # the estimate is checked too
    assert len({c["fresh"] for c in sent}) == len(sent), "a fresh seed per block"
    assert len(checked) == timing.VERIFY_LAUNCHES * len(blocks)
    for block, (launch, seeds, fresh) in zip([b for b in blocks for _ in range(timing.VERIFY_LAUNCHES)], checked):
        assert (block["seeds"], block["fresh"]) == (seeds, fresh)
        slots = block["slots"]
        assert len(slots) == block["launches"] and slots[launch] not in slots[launch + 1:], "its output is kept"


def test_any_launch_of_a_block_may_be_checked_and_none_looks_different():
    """Red team (session 13): only the last 8 launches of a block could be checked, and a kernel that learnt a
    block's length from its pointers skipped the launches before them (0.20x F.softmax passed the gate at 0.58x).
    Now every launch may be checked, and up to a checked launch the buffers are the same whether or not it is;
    no buffer is written twice within 4 launches. Up to two decoys leave the turn as a checked launch does, so that
    buffers that stop coming back never tell a kernel the checks are over."""
    import collections

    rng = random.Random(5)
    position, decoys = collections.Counter(), collections.Counter()
    for _ in range(4000):
        slots, checked = timing.plan_outputs(60, rng)
        assert len(checked) == timing.VERIFY_LAUNCHES and all(slots[c] not in slots[c + 1:] for c in checked)
        assert all(0 <= s < timing.OUT_BUFFERS for s in slots)
        assert all(slots[i] not in slots[i + 1:i + 4] for i in range(len(slots)))
        kept = [i for i in range(52) if slots[i] not in slots[i + 1:]]  # buffers that left the turn early
        decoys[len(kept) - len(set(kept) & set(checked))] += 1
        position.update(c * 4 // 60 for c in checked)  # which quarter of the block
    assert min(position.values()) > 0.8 * max(position.values()), position  # early launches as often as late ones
    assert all(decoys[k] > 500 for k in range(timing.MAX_DECOYS + 1)), decoys  # blocks with 0, 1, 2 decoys
    slots, checked = timing.plan_outputs(3, rng)  # the estimate block: 3 launches, 3 buffers
    assert max(slots) < 3 and len(checked) == 2 and all(slots[c] not in slots[c + 1:] for c in checked)

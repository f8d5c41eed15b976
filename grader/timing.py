"""The one measurement method: the performance gate, every perf-info check, `make bench` and the
docs' figures all come from ``measure``.

A worker times *blocks*: it draws fresh inputs on the device from seeds the judge sends (the op
spec's own code), warms up, then runs N launches back to back between two marks and synchronises
the whole device before the second. The judge timestamps both marks on its own clock
(time.monotonic, in the judge's process), so a block's time is
    end mark - start mark  >=  the real time of N launches,
whatever the worker claims: learner code can make the judge wait, never make it see less time.
The worker records one pair of CUDA events around the block (none between launches: the copy runs
back to back too) and reports the block's event time per launch; that is kept as information only.

Launch i of a block reads input set i % 3 and writes output buffer i % 8; each set is ~the size of
the problem and the sets rotate, so at the sizes timed (hundreds of MB) no launch finds its inputs
in L2. The sets are stacked in one buffer per input, and before launches 3, 6, 9... one change drawn
before the block (the op's ``change`` and ``perturb``) moves all three, after each was last read:
no launch sees inputs an earlier one saw, and a kernel that remembers answers (keyed on pointers,
or on a fingerprint of its inputs) and hands one back is caught by the verification below, which
checks half its rows among those the change moved (PHASE_24_PLAN decision 80). The warm-up
launches read a fourth set, drawn and changed for them alone.

Contenders of one measurement (the learner's kernel, the vendor baseline, a device copy) run in the
same process on the same GPU, interleaved round by round, so drift and noise hit all alike; a figure is the median over rounds of the per-launch time, a ratio the median of per-round
ratios, and the spread (max - min) / median of those.

Blocks last about TARGET_BLOCK_S; N varies at random between rounds, and after every block of the
learner's kernel (the first, which sizes the others, included) the judge verifies launches it drew
at random among all of the block's, on rows it picks then. The launches write 8 output buffers in
turn; a launch to be checked takes its turn like any other, and its buffer is not written again in
that block (``plan_outputs``). So nothing a launch sees tells it apart, and
a kernel that skips any launch may be checked on it: when only the last 8 could be checked, a kernel
that learnt a block's length from its pointers skipped the launches before them and passed the gate
at 0.58x F.softmax from 0.20x (red team, session 13; PHASE_24_PLAN decision 91).

The device's copy bandwidth, the ceiling of a memory-bound operation, is measured once per run, the
same way: blocks of device-to-device copies of the op's own inputs, timed by a worker of its own that
loads no learner code (grader/checks/kernel_checks.py, ``copy_worker``), its marks crossing the same channel as
every contender's. Besides a block's launches, the judge's clock counts the worker's first launch and
final synchronise, and the time the two marks take to reach the judge: 0.12-0.34 ms a block on an H100
(docs/data/evidence-2026-11-27e, call 3), about 1% of a 25 ms block. Timed in the judge's own process, the
ceiling skipped most of that, and every figure was a share of a number measured another way (PHASE_24_PLAN
decision 69). Every figure of the run is a share of that one number.
"""
from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass, field

from grader.config import SETTINGS
from grader.workers.buffers import OUT_BUFFERS  # the output buffers a block writes

TARGET_BLOCK_S = 0.025
ROUNDS = 5
EXTRA_ROUNDS = 5  # at most this many more, when the spread leaves a verdict undecided
SETS = 3  # input sets a block rotates through
VERIFY_LAUNCHES, VERIFY_ROWS = 2, 16
MAX_DECOYS = 2  # launches whose buffers leave the turn as a checked one's does (plan_outputs)


@dataclass
class Block:
    contender: str
    launches: int
    seconds: float  # the judge's clock, start mark to end mark

    @property
    def per_launch(self) -> float:
        return self.seconds / self.launches


@dataclass
class Measurement:
    dims: dict
    work: float  # bytes or FLOPs per launch
    rounds: list[dict[str, Block]] = field(default_factory=list)
    worker_event_ms: dict[str, list[float]] = field(default_factory=dict)  # the worker's claims, information

    def seconds(self, contender: str) -> float:
        return statistics.median(r[contender].per_launch for r in self.rounds)

    def ratios(self, faster: str, than: str) -> list[float]:
        """Per round, time(than) / time(faster): above 1 when ``faster`` is."""
        return [r[than].per_launch / r[faster].per_launch for r in self.rounds]

    def ratio(self, faster: str, than: str) -> float:
        return statistics.median(self.ratios(faster, than))

    def spread(self, faster: str, than: str) -> float:
        values = self.ratios(faster, than)
        return (max(values) - min(values)) / statistics.median(values) if len(values) > 1 else 0.0

    def rate(self, contender: str) -> float:
        return self.work / self.seconds(contender)

    def time_spread(self, contender: str) -> float:
        """(max - min) / median of one contender's per-launch time over the rounds."""
        values = [r[contender].per_launch for r in self.rounds]
        return (max(values) - min(values)) / statistics.median(values) if len(values) > 1 else 0.0


class Failed(Exception):
    """A timed launch's output was wrong (``finding`` says how), or a launch reported an error."""

    def __init__(self, message: str, details: list[str]):
        super().__init__(message)
        self.details = details


def measure(worker, spec, dims: dict, contenders: list[str], *, verify=None, decide=None,
            rounds: int = ROUNDS, rng: random.Random | None = None) -> Measurement:
    """Time ``contenders`` at ``dims`` on a worker that holds them.

    ``verify(contender, launch, seeds, fresh, rng)``: called after each block of a contender named in
    ``verify.contenders`` to check random launches (their inputs: ``launch_inputs``); raises Failed.
    ``decide(measurement)``: True
    when the rounds so far settle the question asked (e.g. the gate), else more rounds are run.
    """
    rng = rng or random.Random(random.SystemRandom().randrange(2**62))
    m = Measurement(dims, spec.work(dims))

    def timed(c: str, n: int, seeds: list[int]) -> Block:
        fresh = rng.randrange(2**62)
        slots, checked = plan_outputs(n, rng)
        block = _block(worker, spec, dims, c, n, seeds, m, fresh, slots)
        if verify is not None and c in verify.contenders:
            for launch in checked:
                verify(c, launch, seeds, fresh, rng)
        return block

    estimate = {c: timed(c, 3, [rng.randrange(2**62)]).per_launch for c in contenders}
    launches = {c: max(3, min(400, math.ceil(TARGET_BLOCK_S / max(estimate[c], 1e-7)))) for c in contenders}
    total = rounds
    r = 0
    while r < total:
        seeds = [rng.randrange(2**62) for _ in range(SETS)]
        order = contenders if r % 2 == 0 else contenders[::-1]
        blocks = {}
        for c in order:
            blocks[c] = timed(c, launches[c] + rng.randrange(launches[c] // 3 + 1), seeds)
        m.rounds.append(blocks)
        r += 1
        if r == total and decide is not None and not decide(m) and total < rounds + EXTRA_ROUNDS:
            total += 1
    return m


def plan_outputs(n: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """(the output buffer each of a block's ``n`` launches writes, the launches the judge will check). The launches
    take the free buffers in turn, the least recently written first; a launch to be checked takes its turn like any
    other, then its buffer leaves the turn for the rest of the block, so that its output is still there when the
    judge reads it. Up to a checked launch, the buffers are the same whichever launches are checked. (With buffers
    drawn at random instead, which sometimes wrote one twice in a row, the gate's spread was 4.0% and 4.1%; with
    the turn, 0.3-0.9%: two H100 machines, docs/data/evidence-2026-11-28, calls 4 and 6. The decoys came after.)"""
    buffers = min(n, OUT_BUFFERS)
    checked = rng.sample(range(n), min(VERIFY_LAUNCHES, n, buffers - 1))
    # Decoys: 0 to 2 more launches whose buffers leave the turn too. A buffer that stops coming back shows a launch
    # was kept, but only after it ran; without decoys, a kernel that had seen two go could skip the rest of the block,
    # every check behind it. With them it cannot know that the checks are over.
    decoys = rng.sample([i for i in range(n) if i not in checked], min(rng.randrange(MAX_DECOYS + 1),
                                                                      max(0, buffers - 1 - len(checked) - 3), n - len(checked)))
    parked = set(checked) | set(decoys)
    turn, slots = list(range(buffers)), []
    for i in range(n):
        slots.append(turn.pop(0))
        if i not in parked:
            turn.append(slots[-1])
    return slots, sorted(checked)


def _block(worker, spec, dims, contender: str, n: int, seeds: list[int], m: Measurement, fresh: int,
           slots: list[int]) -> Block:
    marks: dict[str, float] = {}
    reply = worker.call({"cmd": "time", "contender": contender, "dims": dims, "family": timing_family(spec),
                         "seeds": seeds, "fresh": fresh, "launches": n, "warmup": 2, "slots": slots},
                        timeout_s=SETTINGS.block_timeout_s + 60 * n * 0.001, on_mark=lambda name, t: marks.__setitem__(name, t))
    if reply.has("error"):
        err = reply.sub("error")
        raise Failed(f"{contender} raised {err.text('type', 80, default='an error')}: "
                     f"{err.text('message', 300, default='')}", [str(w)[:300] for w in err.items("where", 8, default=[])])
    errors = reply.items("launch_errors", 5, default=[])
    if errors:
        raise Failed(f"a timed launch returned cudaError {errors[0]}", [])
    if "start" not in marks or "end" not in marks:
        from grader.channel import BadReply

        raise BadReply("a timing block without its start and end marks")
    m.worker_event_ms.setdefault(contender, []).extend(reply.floats("event_ms", limit=1000))
    return Block(contender, n, marks["end"] - marks["start"])


def timing_family(spec) -> str:
    return "randn" if "randn" in spec.families else next(iter(spec.families))


# ---- the inputs of a timed launch ---------------------------------------------------------------------------
# The block's input sets live stacked in one buffer per input. At each turn of their rotation (before launch
# len(seeds) * t, t >= 1) one change, drawn before the block, moves every set at once; the judge replays the same
# changes, in order, to know what launch i read. Both sides use these functions and the op's make_inputs, change and
# perturb.

def launch_seed(fresh: int, turn: int) -> int:
    """The seed of the rotation's ``turn``-th change (-1: the warm-up set's draw; -2, -3...: the warm-up's changes),
    from the block's ``fresh``."""
    return (fresh + (turn + 1) * 0x9E3779B97F4A7C15) % 2**62


def stack_inputs(sets: list[dict]) -> dict:
    """Input sets as one buffer per input, the set its leading dimension."""
    import torch

    return {name: torch.stack([s[name] for s in sets]) for name in sets[0]}


def launch_inputs(spec, family: str, dims: dict, seeds: list[int], fresh: int, launch: int, device) -> dict:
    """The inputs timed launch ``launch`` of a block read: the sets drawn, then every turn's change up to its own (the
    first, turn 0, just before launch 0)."""
    k = len(seeds)
    stacked = stack_inputs([spec.make_inputs(family, dims, s, device) for s in seeds])
    for turn in range(launch // k + 1):
        spec.perturb(stacked, dims, spec.change(dims, k, launch_seed(fresh, turn), turn, device))
    return {name: t[launch % k] for name, t in stacked.items()}


def launch_change(spec, dims: dict, seeds: list[int], fresh: int, launch: int, device):
    """The change made to the sets before launch ``launch``: its turn's, made just before launch (launch // k) * k."""
    k = len(seeds)
    return spec.change(dims, k, launch_seed(fresh, launch // k), launch // k, device)


# ---- hardware ceilings ----------------------------------------------------------------------------

FP32_LANES_PER_SM = {(8, 0): 64, (8, 6): 128, (8, 7): 128, (8, 9): 128, (9, 0): 128, (10, 0): 128, (12, 0): 128}


def fp32_peak(device) -> float | None:
    """The fp32 FMA peak, FLOP/s: SMs x fp32 lanes x 2 x the SM clock's maximum (nvidia-smi)."""
    lanes = FP32_LANES_PER_SM.get(tuple(device.capability))
    if not lanes:
        return None
    from grader.runner import run_tool

    code, out = run_tool(["nvidia-smi", "--query-gpu=clocks.max.sm", "--format=csv,noheader,nounits", "-i", "0"],
                         timeout_s=30)
    try:
        mhz = float(out.strip().splitlines()[0]) if code == 0 else None
    except (ValueError, IndexError):
        mhz = None
    if mhz is None:
        return None
    return device.sm_count * lanes * 2 * mhz * 1e6

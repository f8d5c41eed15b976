"""The timed part of a worker's block (grader/workers/serve.timed_launches): launches back to back between the
judge's marks, with one pair of CUDA events around the whole block and none between launches, as the judge's
copy (the ceiling) runs. Event records between launches cost about 2% of copy per launch on an H200
(docs/_tools/softmax_limit/README.md, round 4), a bias against every contender measured in a worker."""
from __future__ import annotations

from grader.workers.serve import timed_launches


class FakeEvent:
    def __init__(self, log: list, ms: float):
        self.log, self.ms = log, ms

    def record(self, *stream):
        self.log.append(("record", stream))

    def elapsed_time(self, other: "FakeEvent") -> float:
        return other.ms - self.ms


class FakeLink:
    def __init__(self, log: list):
        self.log = log

    def mark(self, name: str) -> None:
        self.log.append(("mark", name))


def block(n: int, stream=None):
    log: list = []
    times = iter([1.0, 13.0])
    ms = timed_launches(lambda i: log.append(("launch", i)), n, FakeLink(log), lambda: log.append(("sync",)),
                        stream=stream, event=lambda: FakeEvent(log, next(times)))
    return log, ms


def test_one_pair_of_events_brackets_the_block_and_none_sits_between_launches():
    log, _ = block(4, stream="s")
    assert log == [("mark", "start"), ("record", ("s",)), ("launch", 0), ("launch", 1), ("launch", 2), ("launch", 3),
                   ("record", ("s",)), ("sync",), ("mark", "end")]


def test_the_end_mark_comes_after_the_device_is_synchronised():
    log, _ = block(2)
    assert log.index(("sync",)) == log.index(("mark", "end")) - 1
    assert [e for e in log if e[0] == "record"] == [("record", ()), ("record", ())]  # the current stream


def test_the_event_time_is_reported_per_launch():
    _, ms = block(4)
    assert ms == 3.0  # 12 ms over 4 launches

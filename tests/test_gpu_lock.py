"""The GPU lock between grader processes (grader/gpu_lock.py): shared holders run together, a measurement
waits for them and then has the GPU alone, and a waiting measurement holds back new shared holders."""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading
import time

import pytest

from grader.gpu_lock import GpuLock
from helpers import REPO


def held_by_another_process(folder, hold: str, seconds: float) -> subprocess.Popen:
    """Another grader process that takes GpuLock(folder, "gpu").<hold>() and keeps it for `seconds`; returns once it
    holds it."""
    code = (f"import sys, time; sys.path.insert(0, {str(sys.path[0])!r}); from grader.gpu_lock import GpuLock\n"
            f"with GpuLock(__import__('pathlib').Path({str(folder)!r}), 'gpu').{hold}():\n"
            f"    print('in', flush=True); time.sleep({seconds})\n")
    other = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                             cwd=str(__import__("pathlib").Path(__file__).resolve().parent.parent))
    assert other.stdout.readline().strip() == "in"
    return other


def test_gpu_lock_lets_shared_holders_run_together(tmp_path):
    lock = GpuLock(tmp_path, "gpu")
    inside = threading.Barrier(2, timeout=5)

    def hold():
        with lock.shared():
            inside.wait()  # both inside at once, or this times out

    threads = [threading.Thread(target=hold) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not inside.broken


def test_gpu_lock_measurement_waits_for_shared_holders_and_blocks_new_ones(tmp_path):
    lock = GpuLock(tmp_path, "gpu")
    events: list[str] = []
    holding = threading.Event()
    release = threading.Event()

    def reader(name, ready=None):
        with lock.shared():
            events.append(f"{name} in")
            if ready:
                ready.set()
                release.wait(5)
            events.append(f"{name} out")

    def writer():
        with lock.exclusive():
            events.append("measure in")
            time.sleep(0.05)
            events.append("measure out")

    first = threading.Thread(target=reader, args=("first", holding))
    first.start()
    holding.wait(5)
    w = threading.Thread(target=writer)
    w.start()
    time.sleep(0.1)  # the measurement now waits for `first`
    late = threading.Thread(target=reader, args=("late",))
    late.start()
    time.sleep(0.1)
    assert events == ["first in"], "neither the measurement nor a new shared holder may start yet"
    release.set()
    for t in (first, w, late):
        t.join(5)
    assert events.index("measure in") > events.index("first out")
    assert events.index("late in") > events.index("measure out"), "a waiting measurement goes first"


class Timeline:
    """Who held the lock when, from several threads: (name, "in"/"out", time)."""

    def __init__(self):
        self.rows: list[tuple[str, str, float]] = []
        self._lock = threading.Lock()

    def mark(self, name: str, what: str) -> None:
        with self._lock:
            self.rows.append((name, what, time.monotonic()))

    def at(self, name: str, what: str) -> float:
        return next(t for n, w, t in self.rows if n == name and w == what)

    def overlaps(self, a: str, b: str) -> bool:
        return self.at(a, "in") < self.at(b, "out") and self.at(b, "in") < self.at(a, "out")


def shared_for(lock: GpuLock, timeline: Timeline, name: str, seconds: float, ready=None):
    with lock.shared():
        timeline.mark(name, "in")
        if ready is not None:
            ready.set()
        time.sleep(seconds)
        timeline.mark(name, "out")


def exclusive_for(lock: GpuLock, timeline: Timeline, name: str, seconds: float, ready=None):
    with lock.exclusive():
        timeline.mark(name, "in")
        if ready is not None:
            ready.set()
        time.sleep(seconds)
        timeline.mark(name, "out")


def measuring(tmp_path, timeline: Timeline, name: str, seconds: float) -> threading.Thread:
    """A measurement of ``seconds`` in a thread of its own, begun: returns once it holds the GPU lock exclusive."""
    started = threading.Event()
    thread = threading.Thread(target=exclusive_for, args=(GpuLock(tmp_path, "gpu"), timeline, name, seconds, started))
    thread.start()
    assert started.wait(5)
    return thread


def case_in_flight(tmp_path, timeline: Timeline, release: threading.Event) -> threading.Thread:
    """A case of another grading holding the GPU lock shared ("in flight" on the timeline) until ``release`` is set,
    in a thread of its own: returns once it holds the lock."""
    holding = threading.Event()

    def hold():
        with GpuLock(tmp_path, "gpu").shared():
            timeline.mark("in flight", "in")
            holding.set()
            release.wait(5)
            timeline.mark("in flight", "out")

    thread = threading.Thread(target=hold)
    thread.start()
    assert holding.wait(5)
    return thread


def a_long_case(tmp_path, monkeypatch) -> tuple[Timeline, threading.Thread]:
    """Short turns of the turnstile (ARMED_S 0.3 s, OPEN_S 0.4 s) and a case that holds the lock shared for 2 s, begun:
    (the timeline, its thread)."""
    import grader.gpu_lock as gl

    monkeypatch.setattr(gl, "ARMED_S", 0.3, raising=False)  # raising=False: on a lock without the turns, they fail
    monkeypatch.setattr(gl, "OPEN_S", 0.4, raising=False)
    timeline, holding = Timeline(), threading.Event()
    long_case = threading.Thread(target=shared_for, args=(GpuLock(tmp_path, "gpu"), timeline, "long", 2.0, holding))
    long_case.start()
    assert holding.wait(5)
    return timeline, long_case


def test_the_turnstile_stays_closed_behind_the_longest_ordinary_case(tmp_path, monkeypatch):
    """Decision 239: a measurement opens the turnstile only behind a case of minutes. ARMED_S was 5 s, under the
    longest ordinary case (a watched case under Nsight Compute, up to 10.22 s): in make test-gpu it opened behind such
    cases and let every grading's cases in for OPEN_S, and the measurements behind them waited 16 s. Played at a
    twentieth of the times (a case as long as the longest ordinary one holds the lock; a measurement waits for it;
    a short case arrives meanwhile): the short case must start after the measurement, not before it. With ARMED_S
    at 5 s it starts before."""
    import grader.gpu_lock as gl

    scale = 0.05
    monkeypatch.setattr(gl, "ARMED_S", gl.ARMED_S * scale)
    monkeypatch.setattr(gl, "OPEN_S", gl.OPEN_S * scale)
    timeline, holding = Timeline(), threading.Event()
    watched = threading.Thread(target=shared_for, args=(GpuLock(tmp_path, "gpu"), timeline, "watched",
                                                         gl.LONGEST_ORDINARY_CASE_S * scale, holding))
    watched.start()
    assert holding.wait(5)
    measure = threading.Thread(target=exclusive_for, args=(GpuLock(tmp_path, "gpu"), timeline, "measure", 0.05))
    measure.start()
    time.sleep(0.05)  # the measurement now holds the turnstile, waiting for the watched case
    case = threading.Thread(target=shared_for, args=(GpuLock(tmp_path, "gpu"), timeline, "case", 0.02))
    case.start()
    for t in (watched, measure, case):
        t.join(10)
        assert not t.is_alive()
    assert timeline.at("case", "in") >= timeline.at("measure", "out"), "the turnstile opened behind an ordinary case"
    assert timeline.at("measure", "in") >= timeline.at("watched", "out")


def test_a_measurement_behind_a_long_shared_hold_lets_other_cases_run_meanwhile(tmp_path, monkeypatch):
    """A case of minutes (Triton compiling a whole 524288-column row in one program: 185 s in ptxas) holds the lock
    shared. The measurement must wait for it, but every other grading's cases must not: behind a turnstile held
    throughout, make test-gpu stopped for those minutes (docs/data/evidence-2026-12-03c, call 1; decision 193). The
    GPU is still never shared with the measurement."""
    timeline, long_case = a_long_case(tmp_path, monkeypatch)
    measure = threading.Thread(target=exclusive_for, args=(GpuLock(tmp_path, "gpu"), timeline, "measure", 0.1))
    measure.start()
    time.sleep(0.1)  # the measurement now holds the turnstile, waiting for the long case
    others = [threading.Thread(target=shared_for, args=(GpuLock(tmp_path, "gpu"), timeline, f"case{k}", 0.05))
              for k in range(3)]
    for t in others:
        t.start()
    for t in (long_case, measure, *others):
        t.join(10)
        assert not t.is_alive()
    for k in range(3):
        assert timeline.at(f"case{k}", "out") < timeline.at("long", "out"), \
            "a short case waited for the long one to end, behind the measurement's turnstile"
        assert not timeline.overlaps(f"case{k}", "measure")
    assert timeline.at("measure", "in") >= timeline.at("long", "out"), "the measurement shared the GPU"


def test_a_measurement_still_goes_before_a_stream_of_short_cases(tmp_path, monkeypatch):
    """With the turnstile opened now and then, a stream of overlapping short cases (each shorter than ARMED_S) must
    still not starve the measurement: it gets the GPU in its first armed turn, long before the stream ends."""
    import grader.gpu_lock as gl

    monkeypatch.setattr(gl, "ARMED_S", 2.0, raising=False)
    monkeypatch.setattr(gl, "OPEN_S", 0.5, raising=False)
    timeline, stop = Timeline(), threading.Event()

    def stream(k):
        lock, n = GpuLock(tmp_path, "gpu"), 0
        while not stop.is_set():
            shared_for(lock, timeline, f"s{k}.{n}", 0.1)
            n += 1

    streams = [threading.Thread(target=stream, args=(k,)) for k in range(3)]
    for t in streams:
        t.start()
        time.sleep(0.03)  # staggered: some case always holds the lock
    began = time.monotonic()
    exclusive_for(GpuLock(tmp_path, "gpu"), timeline, "measure", 0.05)
    waited = timeline.at("measure", "in") - began
    stop.set()
    for t in streams:
        t.join(5)
    assert waited < 2.0, f"the measurement waited {waited:.2f} s behind cases of 0.1 s: past its first armed turn"
    for name, what, _ in timeline.rows:
        if what == "in" and name != "measure" and any(n == name and w == "out" for n, w, _ in timeline.rows):
            assert not timeline.overlaps(name, "measure"), f"{name} shared the GPU with the measurement"


def test_measurements_behind_a_long_shared_hold_take_turns_and_still_let_cases_run(tmp_path, monkeypatch):
    """Three measurements wait behind a long case: each gets the GPU alone, one after another once the long case
    ends, and the other gradings' cases still run meanwhile (only the first in the ``queue`` works the turnstile)."""
    timeline, long_case = a_long_case(tmp_path, monkeypatch)
    measures = [threading.Thread(target=exclusive_for, args=(GpuLock(tmp_path, "gpu"), timeline, f"m{k}", 0.1))
                for k in range(3)]
    for t in measures:
        t.start()
    time.sleep(0.4)
    case = threading.Thread(target=shared_for, args=(GpuLock(tmp_path, "gpu"), timeline, "case", 0.05))
    case.start()
    for t in (long_case, *measures, case):
        t.join(10)
        assert not t.is_alive()
    assert timeline.at("case", "out") < timeline.at("long", "out"), "waiting measurements kept the turnstile shut"
    assert not any(timeline.overlaps(a, b) for a, b in (("m0", "m1"), ("m0", "m2"), ("m1", "m2")))
    for m in ("m0", "m1", "m2"):
        assert timeline.at(m, "in") >= timeline.at("long", "out")
        assert not timeline.overlaps(m, "case")


def test_a_measurement_queued_behind_a_running_one_goes_next_before_the_cases_that_waited(tmp_path, monkeypatch):
    """Decision 235: a measurement that queues while another runs closes the turnstile meanwhile, and takes the GPU
    as the running one ends: the cases that arrived in between wait for both, instead of running in between and
    making the second measurement drain them again. Waiting while a measurement runs does not count as waiting for a
    long case (ARMED_S 0.3 s, OPEN_S 2 s, the first measurement runs 1 s), so the turnstile is not opened to the cases
    then; it still is behind a long case (test_measurements_behind_a_long_shared_hold_take_turns_...)."""
    import grader.gpu_lock as gl

    monkeypatch.setattr(gl, "ARMED_S", 0.3, raising=False)
    monkeypatch.setattr(gl, "OPEN_S", 2.0, raising=False)
    timeline = Timeline()
    m1 = measuring(tmp_path, timeline, "m1", 1.0)
    cases = [threading.Thread(target=shared_for, args=(GpuLock(tmp_path, "gpu"), timeline, f"case{k}", 0.3))
             for k in range(3)]
    for t in cases[:2]:
        t.start()  # waiting for m1 before m2 queues
    time.sleep(0.1)
    m2 = threading.Thread(target=exclusive_for, args=(GpuLock(tmp_path, "gpu"), timeline, "m2", 0.2))
    m2.start()
    time.sleep(0.1)
    cases[2].start()  # and one after
    for t in (m1, m2, *cases):
        t.join(10)
        assert not t.is_alive()
    assert timeline.at("m2", "in") - timeline.at("m1", "out") < 0.25, "the queued measurement drained again"
    for k in range(3):
        assert timeline.at(f"case{k}", "in") >= timeline.at("m2", "out"), f"case{k} ran between the measurements"
    assert not timeline.overlaps("m1", "m2")


def test_a_measurement_whose_running_file_will_not_open_again_still_waits_and_measures(tmp_path, monkeypatch):
    """The waiting measurement opens the ``running`` file a second time, to see whether another measurement runs. If
    that open fails (no file descriptor left, say), it counts every second as waiting for cases, and still measures
    once the case in flight ends, rather than failing the grading."""
    real, opened = GpuLock._open, []

    def second_open_fails(self, role):
        if role == "running":
            opened.append(role)
            if len(opened) > 1:
                return None
        return real(self, role)

    monkeypatch.setattr(GpuLock, "_open", second_open_fails)
    timeline, holding = Timeline(), threading.Event()
    case = threading.Thread(target=shared_for, args=(GpuLock(tmp_path, "gpu"), timeline, "case", 0.3, holding))
    case.start()
    assert holding.wait(5)
    exclusive_for(GpuLock(tmp_path, "gpu"), timeline, "measure", 0.05)
    case.join(5)
    assert len(opened) == 2 and timeline.at("measure", "in") >= timeline.at("case", "out")


def test_a_case_waiting_for_a_measurement_still_runs_once_none_is_queued(tmp_path):
    """A case that found a measurement running waits for it holding nothing, then passes the turnstile again: with no
    measurement queued it starts as the running one ends, and no new measurement goes ahead of it (one that queues
    after the case started waits for it)."""
    timeline = Timeline()
    m = measuring(tmp_path, timeline, "m", 0.4)
    case = threading.Thread(target=shared_for, args=(GpuLock(tmp_path, "gpu"), timeline, "case", 0.4))
    case.start()
    m.join(5)
    time.sleep(0.1)  # the case runs now
    later = threading.Thread(target=exclusive_for, args=(GpuLock(tmp_path, "gpu"), timeline, "later", 0.05))
    later.start()
    for t in (case, later):
        t.join(5)
        assert not t.is_alive()
    assert timeline.at("case", "in") - timeline.at("m", "out") < 0.25
    assert timeline.at("later", "in") >= timeline.at("case", "out")


def test_the_profiler_holders_cases_pass_a_waiting_measurement_but_never_share_the_gpu_with_one(tmp_path):
    """Decision 201: the thread that holds the machine's profiler lock (a watched check) takes the GPU lock shared past
    the turnstile. Behind a measurement that waits (for a case in flight), its case starts at once, while any other
    grading's new case still waits for the measurement; the measurement still never shares the GPU: it runs after
    the watched case, and a watched case asked for while a measurement runs waits for it to end."""
    timeline, release = Timeline(), threading.Event()

    def watched(name, seconds, ready=None):
        lock = GpuLock(tmp_path, "gpu")
        with lock.profiler():
            if ready is not None:
                ready.wait(5)
            shared_for(lock, timeline, name, seconds)

    first = case_in_flight(tmp_path, timeline, release)
    measure = threading.Thread(target=exclusive_for, args=(GpuLock(tmp_path, "gpu"), timeline, "measure", 0.3))
    measure.start()
    time.sleep(0.1)  # the measurement holds the turnstile, waiting for the case in flight
    other = threading.Thread(target=shared_for, args=(GpuLock(tmp_path, "gpu"), timeline, "other", 0.05))
    other.start()
    case = threading.Thread(target=watched, args=("watched", 0.2))
    case.start()
    case.join(5)
    assert not case.is_alive() and [n for n, w, _ in timeline.rows] == ["in flight", "watched", "watched"], \
        "the watched case waited behind the queued measurement"
    release.set()
    measure.join(5)
    other.join(5)
    assert timeline.at("measure", "in") >= max(timeline.at("watched", "out"), timeline.at("in flight", "out"))
    assert timeline.at("other", "in") >= timeline.at("measure", "out"), "a case of a grading with no profiler passed"
    # a measurement that already runs keeps the profiler holder's case out until it ends
    m = measuring(tmp_path, timeline, "running", 0.3)
    late = threading.Thread(target=watched, args=("late watched", 0.05))
    late.start()
    for t in (m, late):
        t.join(5)
        assert not t.is_alive()
    assert timeline.at("late watched", "in") >= timeline.at("running", "out"), "a watched case shared the GPU"


def test_gpu_lock_holds_across_processes(tmp_path):
    """Another grader process measuring: this one's shared section waits until it is done."""
    other = held_by_another_process(tmp_path, "exclusive", 0.5)
    start = time.monotonic()
    with GpuLock(tmp_path, "gpu").shared():
        waited = time.monotonic() - start
    other.wait(5)
    assert waited > 0.2


def test_gpu_lock_without_a_folder_never_blocks():
    lock = GpuLock(None, "")
    with lock.exclusive():
        with lock.shared():
            pass


def within(seconds: float, fn) -> bool:
    """Whether fn() returns within ``seconds`` (run in a daemon thread: a deadlock fails the test, not CI)."""
    t = threading.Thread(target=fn, daemon=True)
    t.start()
    t.join(seconds)
    return not t.is_alive()


def test_gpu_lock_shared_again_in_the_same_thread_never_waits_behind_a_measurement(tmp_path):
    """A case run inside a check that holds the lock throughout (Nsight Compute's) asks for it again. Behind a
    measurement that waits for the outer hold to end, a second flock would wait forever."""
    lock, other = GpuLock(tmp_path, "gpu"), GpuLock(tmp_path, "gpu")  # another grading: its own object
    done: list[str] = []
    measurement = threading.Thread(target=lambda: other.exclusive().__enter__() and None, daemon=True)

    def check_that_holds_the_gpu():
        with lock.shared():
            measurement.start()
            time.sleep(0.2)  # the measurement now holds the turnstile and waits for this hold
            with lock.shared():  # a case of the check
                done.append("case ran")

    assert within(5, check_that_holds_the_gpu), "the case waited behind the measurement that waits for its check"
    assert done == ["case ran"]
    measurement.join(5)
    assert not measurement.is_alive(), "the measurement never got the GPU once the check ended"


def test_gpu_lock_holder_of_the_exclusive_lock_takes_its_own_shared_for_free(tmp_path):
    """The timed checks hold it exclusive and drive workers through the same code as any check, which asks for it
    shared: in this process, that is free, from any thread."""
    lock = GpuLock(tmp_path, "gpu")

    def shared_once():
        with lock.shared():
            pass

    with lock.exclusive():
        assert within(5, shared_once), "a thread of the process that holds the GPU alone waited for it"
    assert not lock._exclusive.is_set()
    assert within(5, shared_once)


def test_gpu_lock_profiler_admits_one_holder_at_a_time_across_processes(tmp_path):
    """Nsight Compute's own lock file lives in the temporary folder, which each sandbox makes private: two gradings'
    watched checks would profile at once. Between grader processes, profiler() lets one through at a time, and it
    leaves the GPU lock alone (a measurement goes on while a watched check waits for the profiler)."""
    other = held_by_another_process(tmp_path, "profiler", 0.6)

    def measure():
        with GpuLock(tmp_path, "gpu").exclusive():
            pass

    assert within(2, measure), "a measurement waited for a profiled check that holds no GPU lock yet"
    start = time.monotonic()
    with GpuLock(tmp_path, "gpu").profiler():
        waited = time.monotonic() - start
    other.wait(5)
    assert waited > 0.2, "a second profiled check ran beside the first"


def test_gpu_lock_profiler_threads_take_turns(tmp_path):
    inside: list[int] = []
    most = []

    def watched():
        with GpuLock(tmp_path, "gpu").profiler():
            inside.append(1)
            most.append(len(inside))
            time.sleep(0.05)
            inside.pop()

    threads = [threading.Thread(target=watched) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(5)
    assert most == [1, 1, 1, 1]


def test_make_profile_waits_for_a_gradings_profiled_check_and_holds_back_measurements(tmp_path, monkeypatch):
    """make profile's Nsight Compute run (grader/profile.py) takes the same locks as a grading's profiled check."""
    from grader import profile

    lock = GpuLock(tmp_path, "gpu")
    ran = threading.Event()
    release = threading.Event()

    def fake_run_tool(cmd, cwd, timeout_s):
        ran.set()
        release.wait(5)
        return 0, ""

    monkeypatch.setattr(profile, "run_tool", fake_run_tool)
    done: list[tuple[int, str]] = []
    with lock.profiler():  # a grading's profiled check
        t = threading.Thread(target=lambda: done.append(profile.run_ncu(["ncu"], lock)))
        t.start()
        assert not ran.wait(0.3), "make profile ran Nsight Compute while a grading's profiled check held the profiler"
    assert ran.wait(5)
    measured = threading.Event()

    def measure():
        with lock.exclusive():
            measured.set()

    m = threading.Thread(target=measure)
    m.start()
    assert not measured.wait(0.3), "a measurement ran while make profile's Nsight Compute ran"
    release.set()
    t.join(5)
    m.join(5)
    assert measured.is_set() and done == [(0, "")]


def test_lock_folder_is_this_users_own_and_refuses_one_another_user_made(tmp_path, monkeypatch, capsys):
    """The lock files sit in a 0700 folder of this user's: files any user could open would let any user of the machine
    hold the GPU lock for ever and stop every grading (session 31's noticed hole). A folder someone else made under
    that name, a link, or one others may write in, is not used: that grading takes no lock and says why."""
    from grader import gpu_lock

    monkeypatch.delenv("GRADER_LOCK_DIR", raising=False)
    monkeypatch.setattr(gpu_lock.tempfile, "gettempdir", lambda: str(tmp_path))
    mine = tmp_path / f"phase24-grader-{os.getuid()}"
    assert gpu_lock.lock_folder() == mine
    assert mine.is_dir() and stat.S_IMODE(mine.stat().st_mode) == 0o700
    assert gpu_lock.lock_folder() == mine  # made once, then found
    lock = GpuLock(mine, "gpu")
    with lock.exclusive():
        pass
    for f in mine.iterdir():
        assert stat.S_IMODE(f.stat().st_mode) & 0o007 == 0, f"{f.name} is open to every user"

    mine.chmod(0o777)  # others may write in it: they could swap the files
    assert gpu_lock.lock_folder() is None
    assert "not a folder of this user's alone" in capsys.readouterr().err
    shutil.rmtree(mine)
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    mine.symlink_to(tmp_path / "elsewhere")  # a link planted under the name
    assert gpu_lock.lock_folder() is None
    assert "not a folder of this user's alone" in capsys.readouterr().err
    mine.unlink()
    mine.write_text("")  # a file under the name
    assert gpu_lock.lock_folder() is None

    named = tmp_path / "site"
    named.mkdir()
    monkeypatch.setenv("GRADER_LOCK_DIR", str(named))  # a site's shared folder is the site's to set up
    assert gpu_lock.lock_folder() == named


def test_lock_file_planted_as_a_link_is_not_followed(tmp_path):
    """A lock file replaced by a link (to a file of the user's) is not opened through it: that grading goes without
    the lock rather than locking, or creating, whatever the link names."""
    target = tmp_path / "target"
    (tmp_path / "gpu.gpu.lock").symlink_to(target)
    lock = GpuLock(tmp_path, "gpu")
    with lock.shared():
        pass
    assert not target.exists()


def test_a_watched_worker_starts_only_while_this_process_holds_the_profiler_lock(tmp_path):
    """Decision 175: two Nsight Compute sessions at once cross their records (one grading's record listed another
    grading's Triton kernel, and a right submission failed: docs/data/evidence-2026-12-02, call 6). A worker with a
    wrapper (Nsight Compute, outside its sandbox) refuses to start unless this process holds the machine's profiler
    lock, in any of its threads (lab 02's timed phase holds it in one thread while a hook starts its watched worker);
    a worker without one starts as before."""
    from grader import gpu_lock
    from grader.runner import Worker

    lock = GpuLock(tmp_path, "gpu")
    watched = Worker("cuda", logdir=tmp_path / "w1", gpu=False, wrapper=["env"])
    with pytest.raises(RuntimeError, match="profiler lock"):
        watched.start()
    assert watched.proc is None, "the refused worker was spawned"
    held, release = threading.Event(), threading.Event()

    def hold():
        with lock.profiler():
            held.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    assert held.wait(5) and gpu_lock.profiler_held_here()
    watched = Worker("cuda", logdir=tmp_path / "w2", gpu=False, wrapper=["env"])
    try:
        watched.start()  # from this thread, the hold being another's of this process
        assert watched.proc is not None
    finally:
        watched.close(grace_s=0)  # nothing of its own to finish: no 2 s wait (a worker still importing)
        release.set()
        holder.join(5)
    assert not gpu_lock.profiler_held_here(), "the hold outlived its with-block"
    with GpuLock(None, "").profiler():  # no lock folder (no GPU): held all the same
        assert gpu_lock.profiler_held_here()
    plain = Worker("cuda", logdir=tmp_path / "w3", gpu=False)
    try:
        plain.start()
        assert plain.proc is not None
    finally:
        plain.close(grace_s=0)


def test_the_profiler_lock_is_one_for_every_gpu_of_the_machine(tmp_path):
    """Decision 175: every watched sandbox reaches Nsight Compute over the host's loopback whichever GPU it watches (two
    sessions at once crossed their records: docs/data/evidence-2026-12-02, call 6). Two gradings on two GPUs of one machine take turns
    for the profiler lock, while each GPU's own lock stays its own: a measurement on one GPU does not wait for the
    other's."""
    first, second = GpuLock(tmp_path, "phase24-grader-GPU-aaaa"), GpuLock(tmp_path, "phase24-grader-GPU-bbbb")
    held, release, entered = threading.Event(), threading.Event(), threading.Event()

    def hold():
        with first.profiler():
            held.set()
            release.wait(10)

    def other_gpu():
        with second.profiler():
            entered.set()

    holder = threading.Thread(target=hold)
    holder.start()
    assert held.wait(5)
    waiter = threading.Thread(target=other_gpu)
    waiter.start()
    assert not entered.wait(0.5), "a grading on another GPU of the machine took the profiler lock at the same time"
    with second.exclusive():  # the other GPU's own lock is free meanwhile
        pass
    release.set()
    assert entered.wait(5), "the profiler lock was not given to the other GPU's grading once free"
    holder.join(5)
    waiter.join(5)


def test_a_worker_that_nsight_compute_launches_suspended_starts_without_the_profiler_lock_and_is_attached_under_it(
        tmp_path, monkeypatch):
    """Decision 178: 03.triton.own_kernels' worker is launched with `ncu --mode launch`: its injected library waits at
    the process's first CUDA call, and no session watches it until the check runs `ncu --mode attach` (four such
    workers waiting at once, attached one after another, each listed its own kernel only: evidence 2026-12-02c, call
    4). So it may start with its lab, outside the profiler lock; the attach may not. Any other wrapper still needs the
    lock to start."""
    from grader import gpu_lock
    from grader.checks import ncu_watch
    from grader.runner import Worker, launched_suspended

    assert launched_suspended(["ncu", "--mode", "launch", "--port", "50200"])
    for other in (["ncu", "--target-processes", "all"], ["ncu", "--mode", "launch-and-attach"], ["ncu", "--mode"],
                  ["ncu", "--mode", "attach"], ["env"]):
        assert not launched_suspended(other), other
    script = tmp_path / "fake-ncu"
    script.write_text("#!/bin/sh\nshift 2\nexec \"$@\"\n")  # drops "--mode launch", runs the worker
    script.chmod(0o755)
    assert not gpu_lock.profiler_held_here()
    suspended = Worker("cuda", logdir=tmp_path / "w1", gpu=False, wrapper=[str(script), "--mode", "launch"],
                       env={"GRADER_STALL_REPORT_S": "60"})  # its harness prints "python up" as it begins
    try:
        suspended.start()
        assert suspended.proc is not None
        args = list(suspended.proc.args)
        if suspended.box.isolated:  # decision 191: ncu inside the sandbox, around the harness, never around bwrap
            assert args[0] == suspended.box.bwrap and args[args.index("--") + 1] == os.path.realpath(script), args
        else:
            assert args[0] == str(script), args
        assert suspended.spoke_within(30) and suspended.first_output_s is not None, suspended.log_text()
    finally:
        suspended.close(grace_s=0)
    quiet = tmp_path / "fake-ncu-waiting"  # Nsight Compute's line at once, then a harness that never begins
    quiet.write_text("#!/bin/sh\necho '==PROF== Waiting for profiler to attach on ports 50200-50200'\nsleep 30\n")
    quiet.chmod(0o755)
    lost = Worker("cuda", logdir=tmp_path / "w3", gpu=False, wrapper=[str(quiet), "--mode", "launch"])
    try:
        lost.start()
        assert not lost.spoke_within(1.5), "ncu's own line was taken for the harness's first"
    finally:
        lost.close(grace_s=0)
    refused = Worker("cuda", logdir=tmp_path / "w2", gpu=False, wrapper=[str(script), "--mode", "launch-and-attach"])
    with pytest.raises(RuntimeError, match="profiler lock"):
        refused.start()
    assert refused.proc is None
    spawned = []
    monkeypatch.setattr(ncu_watch.runner, "start", lambda *a, **k: spawned.append(a) or None)
    worker = type("W", (), {"ncu_port": 50200})()
    with pytest.raises(RuntimeError, match="profiler lock"):
        ncu_watch.attach(None, worker, tmp_path / "ncu.csv")
    assert not spawned, "Nsight Compute attached without the profiler lock"


def test_each_suspended_watched_worker_gets_a_port_of_its_own_and_gives_it_back(tmp_path, monkeypatch):
    """Two targets launched on one port both said they waited on it, and the attach found the first only (evidence
    2026-12-02c, call 4): the second grading's check would have watched the first grading's worker. Each watched
    worker's port is a lock file held from its start to the end of its try, in this process or another, two ports
    apart (an attach given one port found no process: calls 2 and 3)."""
    from grader import gpu_lock

    monkeypatch.setenv("GRADER_LOCK_DIR", str(tmp_path))
    first, hold_1 = gpu_lock.ncu_port()
    second, hold_2 = gpu_lock.ncu_port()  # another thread's or check's, same process
    code = ("import sys; sys.path.insert(0, %r); from grader import gpu_lock; print(gpu_lock.ncu_port()[0])"
            % str(sys.path[0]))
    other = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                               cwd=str(__import__("pathlib").Path(__file__).resolve().parent.parent)).stdout)
    assert len({first, second, other}) == 3 and all((p - gpu_lock.NCU_PORT_BASE) % 2 == 0 for p in (first, second))
    assert min(first, second, other) > 49215, "inside Nsight Compute's default range, where other sessions listen"
    os.close(hold_1)
    again, hold_3 = gpu_lock.ncu_port()
    assert again == first, "a port given back was not taken again"
    os.close(hold_2)
    os.close(hold_3)


def test_nsight_computes_attach_is_tried_until_the_worker_waits_at_its_first_cuda_call_and_returns_once_connected(
        tmp_path, monkeypatch):
    """The worker's injected library listens only once the process waits at its first CUDA call, in its init: an attach
    right after its start found no process, and every right submission failed (evidence 2026-12-02c, call 5). The
    attach now runs beside the init and is tried again while ncu finds no process, until its limit; one that never
    connects is Nsight Compute's failure, said as such. One that connects returns only once ncu's log says so, its
    process left running to watch the worker."""
    from grader import gpu_lock
    from grader.checks import ncu_watch

    fake = tmp_path / "ncu"
    tries = tmp_path / "tries"
    fake.write_text("#!/bin/sh\nlog=\"\"\nwhile [ $# -gt 0 ]; do [ \"$1\" = --log-file ] && log=$2; shift; done\n"
                    f"echo x >> {tries}\n"
                    f"if [ -n \"$FAKE_CONNECT\" ] && [ $(wc -l < {tries}) -ge 3 ]; then "
                    "echo '==PROF== Connected to process 7 (python)' > \"$log\"; sleep 30; "
                    "else echo '==ERROR== No attachable process found.' > \"$log\"; exit 1; fi\n")
    fake.chmod(0o755)
    monkeypatch.setattr(ncu_watch, "find_ncu", lambda: str(fake))
    worker = type("W", (), {"ncu_port": 50200})()
    with GpuLock(tmp_path, "gpu").profiler():
        assert gpu_lock.profiler_held_here()
        t = time.monotonic()
        proc, error = ncu_watch.attach(None, worker, tmp_path / "a.csv", limit_s=1.5)
        assert proc is None and "could not attach" in error and "No attachable process" in error
        assert 1.4 < time.monotonic() - t < 5 and len(tries.read_text().split()) >= 3, "not tried again until its limit"
        tries.unlink()
        monkeypatch.setenv("FAKE_CONNECT", "1")  # the third try finds the worker waiting
        proc, error = ncu_watch.attach(None, worker, tmp_path / "b.csv", limit_s=10)
        try:
            assert not error and proc.poll() is None, "returned before connecting, or the watch ended"
            assert len(tries.read_text().split()) == 3
        finally:
            ncu_watch.stop_attach(proc, 0.0)
        assert proc.poll() is not None, "the attach outlived its try"
        refusing = tmp_path / "ncu-refusing"  # an option ncu refuses: said on its output, its log left empty
        refusing.write_text("#!/bin/sh\necho '==ERROR== Invalid option --nvtx specified for --mode attach'\nexit 1\n")
        refusing.chmod(0o755)
        monkeypatch.setattr(ncu_watch, "find_ncu", lambda: str(refusing))
        proc, error = ncu_watch.attach(None, worker, tmp_path / "d.log", limit_s=5)
        assert proc is None and "Invalid option --nvtx" in error, error
        monkeypatch.setattr(ncu_watch, "find_ncu", lambda: str(fake))
        stop = threading.Event()
        stop.set()  # the worker's init ended without CUDA: the attach gives up at once
        t = time.monotonic()
        assert ncu_watch.attach(None, worker, tmp_path / "c.csv", stop, limit_s=10)[0] is None
        assert time.monotonic() - t < 1


def test_an_attach_that_read_ncus_log_just_before_ncu_wrote_it_and_ended_reads_it_again_and_tries_again(
        tmp_path, monkeypatch):
    """The race behind a failure of the test above (session 77, once in `make test-fast`): the attach read ncu's log
    while it was still empty, ncu then wrote "No attachable process" and ended, and the attach, seeing it ended, took
    the empty read for its last words: "it said nothing", not a "not yet", so it gave up at the first try where it must
    try again. Here every first read of a try's log happens just before ncu writes it and ends: the attach must read
    the log again once ncu has ended, and go on trying until its limit."""
    from grader.checks import ncu_watch

    fake, tries = tmp_path / "ncu", tmp_path / "tries"
    fake.write_text("#!/bin/sh\nlog=\"\"\nwhile [ $# -gt 0 ]; do [ \"$1\" = --log-file ] && log=$2; shift; done\n"
                    f"echo x >> {tries}\n"
                    "echo '==ERROR== No attachable process found.' > \"$log\"; exit 1\n")
    fake.chmod(0o755)
    monkeypatch.setattr(ncu_watch, "find_ncu", lambda: str(fake))
    seen = set()

    class EarlyFirstRead(type(tmp_path)):
        def read_text(self, *args, **kwargs):
            n = len(tries.read_text().split()) if tries.is_file() else 0
            if self.name == "a.csv" and n not in seen:  # the first read of this try: before ncu's words land
                seen.add(n)
                deadline = time.monotonic() + 5
                while not super().read_text(*args, **kwargs).strip() and time.monotonic() < deadline:
                    time.sleep(0.01)
                time.sleep(0.2)  # ncu has written and ended by now
                return ""
            return super().read_text(*args, **kwargs)

    worker = type("W", (), {"ncu_port": 50200})()
    with GpuLock(tmp_path, "gpu").profiler():
        proc, error = ncu_watch.attach(None, worker, EarlyFirstRead(tmp_path / "a.csv"), limit_s=2.0)
    assert proc is None and "No attachable process" in error, error
    assert len(tries.read_text().split()) >= 2, "gave up after the first try"


@pytest.mark.parametrize("warm", ["serve.warm_torch", "cuda.warm"])
def test_a_suspended_watched_workers_harness_sets_up_no_cuda_before_its_attach(monkeypatch, warm):
    """GRADER_WARM=launched: a worker that Nsight Compute launched suspended stops at its first CUDA call until its
    check attaches ncu. Its warm-up must make none (torch.cuda.is_available, torch.cuda.init), or its start would never
    answer. Every other GPU worker sets CUDA up at start-up, its context included (decision 238): torch.cuda.init()
    makes no context, the device-wide synchronize after it does, outside the GPU lock. The CUDA worker (cuda.warm)
    set up nothing at start-up before: its context was made at its init, inside the lock."""
    import importlib

    import torch

    module, name = warm.split(".")
    warm_up = getattr(importlib.import_module(f"grader.workers.{module}"), name)
    calls = []
    monkeypatch.setattr(torch.cuda, "is_available", lambda: calls.append("is_available") or True)
    monkeypatch.setattr(torch.cuda, "init", lambda: calls.append("init"))
    monkeypatch.setattr(torch.cuda, "synchronize", lambda: calls.append("synchronize"))
    monkeypatch.setenv("GRADER_WARM", "launched")
    warm_up()
    assert calls == [], calls
    monkeypatch.setenv("GRADER_WARM", "torch")
    warm_up()
    assert calls == ["is_available", "init", "synchronize"], calls


def test_the_port_workers_warm_up_loads_its_kernels_where_it_sees_a_gpu_and_a_failure_is_only_logged(monkeypatch,
                                                                                                       capsys):
    """Decision 238: the port's GPU worker loads a tiny model's kernels (cuBLAS, attention, the loss, autograd, AdamW)
    at start-up, outside the GPU lock, after warm_torch; a worker that sees no GPU, or a suspended watched one, does
    not. A failure is printed to the worker's log, not raised: the run meets it and reports it as before. The tiny
    model itself runs for real here, on the CPU."""
    from grader.workers import port, serve

    ran: list = []
    monkeypatch.setattr(serve, "warm_torch", lambda: ran.append("torch"))
    monkeypatch.setattr(port, "port_kernels", lambda device: ran.append(device))
    monkeypatch.setattr(port.torch.cuda, "synchronize", lambda: ran.append("synchronize"))
    for warm, gpu, want in (("", False, ["torch"]), ("launched", True, ["torch"]),
                            ("", True, ["torch", "cuda", "synchronize"])):
        ran.clear()
        monkeypatch.setenv("GRADER_WARM", warm)
        monkeypatch.setattr(port.torch.cuda, "is_available", lambda: gpu)
        port.warm_port()
        assert ran == want, (warm, gpu, ran)
    monkeypatch.setattr(port, "port_kernels", lambda device: 1 / 0)
    port.warm_port()
    assert "the port's kernels failed (ZeroDivisionError" in capsys.readouterr().out
    monkeypatch.undo()
    port.port_kernels("cpu")


@pytest.mark.gpu
def test_cuda_context_is_made_by_the_harness_warm_up_and_not_by_torch_cuda_init(tmp_path):
    """On the GPU, in a fresh process each: torch.cuda.init() alone makes no CUDA context (why a worker's context was
    made inside the GPU lock before decision 238); serve.warm_cuda, the port's warm_port and the judge's warm_judge
    make one, and the judge's warm-up traces no failure."""
    from pathlib import Path

    probe = "import torch\n{}\nprint('context', torch._C._cuda_hasPrimaryContext(0))"
    runs = {"torch.cuda.init()": "torch.cuda.init()",
            "warm_cuda": "from grader.workers.serve import warm_cuda; warm_cuda()",
            "warm_port": "from grader.workers.port import warm_port; warm_port()",
            "warm_judge": "from grader import pipeline; from grader.ops import get\n"
                          "pipeline.warm_judge([get('softmax'), get('gemm'), get('vector_add')])"}
    said = {}
    # The four at once, each in a process of its own as before: one after another they took 19.9 s of make test-gpu
    # (an H100, docs/data/evidence-2026-12-06b, call 3), each mostly torch's import.
    procs = {name: subprocess.Popen([sys.executable, "-c", probe.format(code)], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[1],
                                    env={**os.environ, "GRADER_TRACE": str(tmp_path / f"{name}.jsonl")})
             for name, code in runs.items()}
    try:
        for name, proc in procs.items():
            stdout, stderr = proc.communicate(timeout=300)
            assert proc.returncode == 0 and "failed" not in stdout, stdout[-2000:] + stderr[-2000:]
            said[name] = stdout.split("context ")[-1].strip()
    finally:
        for proc in procs.values():
            proc.kill()
            proc.wait()
    assert said == {"torch.cuda.init()": "False", "warm_cuda": "True", "warm_port": "True", "warm_judge": "True"}, said
    traced = (tmp_path / "warm_judge.jsonl").read_text()
    assert "set-up: the judge's CUDA" in traced and '"failed"' not in traced, traced


def test_a_worker_closed_by_another_thread_while_it_waits_for_an_answer_is_gone_not_an_internal_error(
        tmp_path, monkeypatch):
    """An attach that fails closes its worker (ncu_watch.Attaching) while the check's thread waits for the init's
    answer: reading the closed pipe raised EBADF, and lab 02's solution was an internal error in make test-gpu (evidence
    2026-12-03f, call 1). It is the worker gone, as for any worker that stops; an EBADF with the worker open is still a
    grader bug, raised as it is."""
    import errno

    from grader import runner
    from grader.runner import Worker, WorkerGone

    worker = Worker("cuda", logdir=tmp_path / "w", gpu=False)
    worker.start()
    try:
        assert worker.call({"cmd": "hello"}, timeout_s=120).has("hello")

        def closed_meanwhile(fd, deadline=None):
            closer = threading.Thread(target=worker.close, args=(0.0,))
            closer.start()
            closer.join(30)
            raise OSError(errno.EBADF, "Bad file descriptor")

        monkeypatch.setattr(runner.channel, "recv", closed_meanwhile)
        with pytest.raises(WorkerGone) as gone:
            worker.call({"cmd": "hello"}, timeout_s=5)
        assert gone.value.kind == "died"
    finally:
        worker.close(0.0)
    other = Worker("cuda", logdir=tmp_path / "w2", gpu=False)
    other.start()
    try:
        monkeypatch.setattr(runner.channel, "recv", lambda fd, deadline=None: (_ for _ in ()).throw(
            OSError(errno.EBADF, "Bad file descriptor")))
        with pytest.raises(OSError):
            other.call({"cmd": "hello"}, timeout_s=5)
    finally:
        other.close(0.0)


@pytest.mark.parametrize("track", ["softmax", "gemm"])
def test_the_watched_case_is_compiled_before_the_profiler_lock_by_gpu_shapes_in_the_shared_triton_cache(tmp_path,
                                                                                                        track):
    """Decision 204: 03.triton.own_kernels ran beside 03.triton.gpu_shapes, and its one case compiled the learner's
    kernel under the machine's profiler lock, which every other grading's watched check waits for (1.9-7.1 s cases in
    holds of 3.8-11.6 s: evidence 2026-12-04, call 2). It starts once gpu_shapes has passed; its case's shape is one of
    gpu_shapes' and both workers use the same Triton cache, so the kernel is loaded, not compiled, inside the lock."""
    from grader.checks import own_kernels
    from grader.context import Context, Device
    from grader.labs import lab03, lab03_triton
    from grader.ops import get

    spec = get(track)
    lab = lab03.make(spec)
    own = next(c for c in lab.checks if c.id == "03.triton.own_kernels")
    assert "03.triton.gpu_shapes" in own.starts_after and own.profiled
    stage = tmp_path / "stage"
    stage.mkdir()
    file = next(name for name in lab.editable if name.endswith("_triton.py"))
    (stage / file).write_text("# a learner's file\n")
    ctx = Context(lab, spec, stage, stage, REPO, None, Device(True, name="cuda"), 1234, tmp_path / "runs",
                  cache=tmp_path / "cache")
    gpu = lab03_triton.plan(ctx, file, "cuda")  # every GPU worker's of the lab, the watched one's too (own's check)
    assert dict(gpu.env)["TRITON_CACHE_DIR"] in map(str, gpu.rw), "the watched worker could not read the cache"
    shapes_run = [c.dim for c in lab03_triton.gpu_shapes_cases(ctx)]  # what gpu_shapes runs
    assert own_kernels.watched_case(ctx).dim in shapes_run


class _RecordingLock:
    """Stands in for the machine's GPU lock: counts the shared holds a case takes."""

    def __init__(self):
        self.shared_holds = 0

    def shared(self):
        import contextlib

        self.shared_holds += 1
        return contextlib.nullcontext()


@pytest.mark.parametrize("worker_on_gpu", [False, True])
def test_a_case_holds_the_gpu_lock_only_where_its_worker_runs_on_the_gpu(tmp_path, worker_on_gpu):
    """On a machine with a GPU, a case of Triton's interpreter (a worker on the CPU) is judged on the CPU and takes no
    GPU lock, so it neither waits behind another grading's measurement nor holds one back; a worker on the GPU holds
    the lock shared around its case (docs/data/evidence-2026-12-05d, call 2)."""
    from test_adversarial_runner import FakeWorker, ONE

    from grader.checks.kernels import run_case
    from grader.context import Context, Device
    from grader.ops import get
    from grader.registry import Lab
    from grader.runner import WorkerGone

    spec = get("softmax")
    lab = Lab("03", "triton-and-pytorch", "test", editable=(), docs="lab/03-triton-and-pytorch.md", op="softmax")
    ctx = Context(lab, spec, tmp_path, tmp_path, tmp_path, None, Device(True, "a GPU"), 1, tmp_path / "runs")
    ctx.gpu_lock = lock = _RecordingLock()
    case = spec.cases(((({"rows": 1, "cols": 1}), ("randn",)),), 1, 0)[0]
    io = tmp_path / "io"
    io.mkdir()
    worker = FakeWorker(io, ONE)
    worker.gpu = worker_on_gpu
    try:
        outcome = run_case(ctx, worker, case, "c0", repeats=1, guard=0, timeout_s=10)
    except WorkerGone as gone:  # the fake worker's answer has no output files: judged to its end
        outcome = gone
    except (RuntimeError, AssertionError) as no_cuda:  # this machine's torch has no CUDA: the judge went to the GPU
        outcome = no_cuda
    assert lock.shared_holds == (1 if worker_on_gpu else 0)
    if not worker_on_gpu:  # judged on the CPU to the end, on a machine whose torch has no CUDA as on one that has
        assert isinstance(outcome, WorkerGone) and "malformed" in str(outcome), outcome

"""The worker side of the channel: read a command, run its handler, answer; until told to stop.

    python -m grader.workers.<name> --channel R,W IO_DIR

A handler raises ``LearnerError`` for anything the learner's code did (an exception, a CUDA
fault, a wrong return type): the answer is then ``{"error": {...}}`` and the judge decides what
it means. Any other exception is the harness's own: traceback to the log, exit 70.
"""
from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path

from grader import channel
from grader.workers import since_start
from grader.workers.idle_gpu import release_idle_gpu_cache

HARNESS_FAILED = 70


class LearnerError(Exception):
    def __init__(self, facts: dict):
        super().__init__(facts.get("message", ""))
        self.facts = facts


def class_name(cls, qualified: bool = False) -> str:
    """A class's own name (with its module's, ``qualified``), read through type's descriptors: a learner's metaclass
    may answer __name__ otherwise, with learner code or no text."""
    try:
        name = type.__dict__["__qualname__" if qualified else "__name__"].__get__(cls, type)
        if qualified:
            module = type.__dict__["__module__"].__get__(cls, type)
            name = f"{module}.{name}" if type(module) is str else name
    except BaseException:  # noqa: BLE001 - not a class
        return "?"
    return name[:200] if type(name) is str else "?"


def exception_text(exc: BaseException) -> str:
    """str() of a learner's exception, which is learner code: one that raises, or answers no str, is said so."""
    try:
        text = str(exc)
    except BaseException:  # noqa: BLE001 - its __str__ raised (even SystemExit is a result)
        return "<the exception's str() raised>"
    return text[:2000] if type(text) is str else "<the exception's str() gave no text>"


def error_facts(exc: BaseException, stage_dir: Path | None = None, limit: int = 8) -> dict:
    """An exception from learner code as facts: type, message, the lines of the learner's files it went
    through (innermost last), and a traceback tail for the log. Reading it runs learner code (its __str__, a
    __cause__ or __notes__ of its class's making): whatever that does, the facts are made (red team, session 32)."""
    where: list[str] = []
    shown = exc  # what the facts name: an error of a kernel that Triton's interpreter wrapped is said as itself
    try:
        if class_name(type(exc), qualified=True) == "triton.runtime.errors.InterpreterError" and \
                isinstance(exc.__cause__, Exception):
            shown = exc.__cause__  # InterpreterError(repr(e)) from e: "InterpreterError: OutsideTensors('...')"
        seen, e = set(), exc
        while e is not None and id(e) not in seen and len(seen) < 100:
            seen.add(id(e))
            frames = [f"{Path(f.filename).name}:{f.lineno} in {f.name}: {(f.line or '').strip()}"
                      for f in traceback.extract_tb(e.__traceback__)
                      if stage_dir is not None and _inside(f.filename, stage_dir)]
            where = frames + [w for w in where if w not in frames]
            e = e.__cause__ or e.__context__
            if e is not None and not isinstance(e, BaseException):
                break
        print("".join(traceback.format_exception(exc)), flush=True)  # the whole story goes to the log
    except BaseException:  # noqa: BLE001
        print(f"(the traceback of a {class_name(type(exc))} could not be read)", flush=True)
    return {"type": class_name(type(shown)), "message": exception_text(shown),
            "where": [str(w)[:400] for w in where[-limit:]]}


def _inside(filename: str, folder: Path) -> bool:
    try:
        return Path(filename).resolve().is_relative_to(folder.resolve())
    except (OSError, ValueError):
        return False


class Link:
    def __init__(self, read_fd: int, write_fd: int):
        self.read_fd, self.write_fd = read_fd, write_fd

    def mark(self, name: str) -> None:
        """A timestamp request: the judge notes when this arrives, on its own clock."""
        channel.send(self.write_fd, {"mark": name})


class FreshInputs:
    """The inputs of a timing block's launches (grader/timing.py). The block's input sets are stacked, one buffer per
    input; timed launch i reads set i % len(sets), and before launches len(sets) * t (t >= 0) one change, drawn before
    the block, moves every set: no launch sees inputs an earlier one saw (PHASE_24_PLAN decision 80), and none sees
    inputs that existed while learner code ran untimed: the first change comes after the warm-up, inside the timed
    block (a warm-up that computed the answers of the sets already drawn, at the addresses the last block used,
    handed them to launches 0..len(sets)-1; red team, session 34). It is one small kernel on the launches' own stream
    every len(sets) launches, ordered after the last read of every set it changes and before the next. Warm-up
    launches read a set of their own, changed before each, so that the change's first-call costs are paid before the
    block. Every launch of every contender, the copy included, gets the same."""

    def __init__(self, op, message: dict, warmup: int, *, device="cuda"):
        from grader.timing import launch_seed, stack_inputs

        dims, fresh, n = message["dims"], int(message["fresh"]), int(message["launches"])
        self.op, self.dims = op, dims
        k = len(message["seeds"])
        self.stacked = stack_inputs([op.make_inputs(message["family"], dims, int(s), device) for s in message["seeds"]])
        self.sets = [{name: t[i] for name, t in self.stacked.items()} for i in range(k)]
        self.warm_stacked = stack_inputs([op.make_inputs(message["family"], dims, launch_seed(fresh, -1), device)])
        self.warm = {name: t[0] for name, t in self.warm_stacked.items()}
        self.changes = {t: op.change(dims, k, launch_seed(fresh, t), t, device) for t in range((n - 1) // k + 1)}
        self.warm_changes = [op.change(dims, 1, launch_seed(fresh, -2 - i), i + 1, device) for i in range(warmup)]

    def timed(self, launch):
        """``launch(i, inputs)`` as the ``run(i)`` of ``timed_launches``: launch i on set i % len(sets), after the
        turn's change the judge replays (grader/timing.launch_inputs)."""
        k = len(self.sets)

        def run(i):
            if i % k == 0:
                self.op.perturb(self.stacked, self.dims, self.changes[i // k])
            launch(i, self.sets[i % k])
        return run

    def warming(self, launch):
        """``launch(i, inputs)`` for the warm-up: every launch on the warm-up set, changed before it."""
        def run(i):
            self.op.perturb(self.warm_stacked, self.dims, self.warm_changes[i])
            launch(i, self.warm)
        return run


def timed_launches(run, n: int, link, sync, *, stream=None, event=None) -> float:
    """The timed part of a block: launches 0..n-1 back to back between the marks "start" and "end", the device
    synchronised (``sync``) before "end". Returns the block's CUDA-event time per launch, in ms (information only).

    One pair of events brackets the whole block and none sits between launches: the copy, the ceiling every
    figure is a share of, runs its launches through this same loop (in a worker of its own), and every
    contender is timed the same way. Two timing-event records per launch cost about 2% of copy at 130 us a launch (H200,
    round 4); ``FreshInputs`` records plain events (no timestamps) and its changes run on a stream of their own.
    ``event`` makes an event (a timing torch.cuda.Event by default); ``stream`` is the stream to record on."""
    if event is None:
        import torch

        def event():
            return torch.cuda.Event(enable_timing=True)
    first, last = event(), event()
    where = () if stream is None else (stream,)
    link.mark("start")
    first.record(*where)
    for i in range(n):
        run(i)
    last.record(*where)
    sync()
    link.mark("end")
    return first.elapsed_time(last) / n


def warm_torch() -> None:
    """What the first call into torch would otherwise import or set up, done at start-up, before the judge's first
    command and before any learner code: torch._dynamo (about 900 modules; torch imports it the first time a
    dispatch mode or an optimizer step runs), and the GPU's context where the sandbox shows one. A worker starts
    while the judge is still setting up (grader/pipeline.py), so this time overlaps the judge's own."""
    import time

    t0 = time.monotonic()
    import torch

    t1 = time.monotonic()
    if os.environ.get("GRADER_WARM") not in ("torch", "launched"):  # a worker that never enters a dispatch mode
        import torch._dynamo  # noqa: F401

    t2 = time.monotonic()
    # Where a slow start stands (a lost watched start prints nothing at all: its harness never began, decision 139)
    print(f"[harness] imported: {since_start():.2f} s since the process began; CUDA next", flush=True)
    warm_cuda(quiet=True)
    print(f"[harness] warm-up: torch {t1 - t0:.2f} s, torch._dynamo {t2 - t1:.2f} s, CUDA {time.monotonic() - t2:.2f} s",
          flush=True)


def warm_cuda(quiet: bool = False) -> None:
    """CUDA set up at start-up where the sandbox shows a GPU, its context included: torch.cuda.init() sets up torch's
    CUDA state but makes no context (the first allocation, stream or launch does). Made at the worker's init or first
    case, the context was made inside the machine's GPU lock, which every measurement waits for: a CUDA worker's init
    held it 1.61 s (median of 137 in make test-gpu on an H100, docs/data/evidence-2026-12-05e, call 3), 0.06 s with
    the context made here (docs/data/evidence-2026-12-05f, call 2; PHASE_24_PLAN decision 238). A device-wide
    synchronize makes the context and launches nothing.
    GRADER_WARM=launched: a worker that Nsight Compute launched suspended (grader/checks/own_kernels.py) stops at its
    first CUDA call until its check attaches ncu: CUDA is set up by its "cuda" command, as ncu attaches
    (set_up_watched)."""
    if os.environ.get("GRADER_WARM") == "launched":
        return
    import time

    t0 = time.monotonic()
    if cuda_context() and not quiet:
        print(f"[harness] warm-up: CUDA {time.monotonic() - t0:.2f} s", flush=True)


def cuda_context() -> bool:
    """torch's CUDA state and the GPU's context, where the sandbox shows a GPU (whether it does): torch.cuda.init()
    makes no context, and a device-wide synchronize makes it and launches nothing."""
    import torch

    if not torch.cuda.is_available():
        return False
    torch.cuda.init()
    torch.cuda.synchronize()
    return True


def set_up_watched() -> float:
    """The "cuda" command of a worker that Nsight Compute launched suspended (GRADER_WARM=launched), sent once its check
    holds the machine's profiler lock and has begun the attach, before its init: the process's first CUDA call, where
    ncu's injected library waits until the attach connects, then the context (a device-wide synchronize launches
    nothing, so ncu records no kernel). What every other GPU worker makes at its start (warm_cuda) is made here,
    outside the GPU lock, which the init and the case hold: no learner code has run yet. Until decision 247 the
    attach and the context came inside the init, under the GPU lock that every measurement of the machine waits for.
    Returns its seconds."""
    import time

    t0 = time.monotonic()
    cuda_context()
    seconds = time.monotonic() - t0
    print(f"[harness] watched CUDA set-up: {seconds:.2f} s", flush=True)
    return seconds


def warm_profiler() -> None:
    """GRADER_WARM=profiler: the CUDA worker that traces lab 02's launch (grader/checks/profile.py). The first
    session of torch's profiler in a process sets up CUPTI: 6.4 and 6.6 s on an H200, the sessions after it 5 ms
    (docs/data/evidence-2026-11-27c). Done at start-up, while the judge builds the library and runs its cases, so
    that the traced launch, a timed check, costs only its own time. Its one launch is the worker's own, before
    any learner code is loaded."""
    if os.environ.get("GRADER_WARM") != "profiler":
        return
    import time

    import torch

    if not torch.cuda.is_available():
        return
    from torch.profiler import ProfilerActivity, profile

    t0 = time.monotonic()
    x = torch.zeros(1, device="cuda")
    with profile(activities=[ProfilerActivity.CUDA]):
        x.add_(1)
        torch.cuda.synchronize()
    print(f"[harness] warm-up: profiler {time.monotonic() - t0:.2f} s", flush=True)


def started() -> None:
    """The start is over (imports, warm-up): no stack is printed after this (grader/workers/__init__.py)."""
    import faulthandler

    faulthandler.cancel_dump_traceback_later()


CASE_COMMANDS = ("case", "run")  # a case's inputs and outputs, or the port's whole run: what release_idle_gpu_cache frees


def serve(make_handler, warm=None) -> None:
    if warm is not None:
        warm()
    started()
    parser = argparse.ArgumentParser()
    parser.add_argument("--channel", required=True)
    parser.add_argument("io", type=Path)
    args = parser.parse_args()
    read_fd, write_fd = (int(x) for x in args.channel.split(","))
    link = Link(read_fd, write_fd)
    try:
        handler = make_handler(args.io)
        while True:
            try:
                message = channel.recv(read_fd)
            except channel.ChannelClosed:
                return
            command = message.get("cmd")
            if command == "hello":  # the harness is up (torch imported, CUDA set up): no learner code has run
                channel.send(write_fd, {"hello": True})
                continue
            if command == "cuda":  # a watched worker's CUDA, as Nsight Compute attaches: no learner code has run
                channel.send(write_fd, {"cuda": set_up_watched()})
                continue
            method = getattr(handler, f"cmd_{command}", None) if isinstance(command, str) else None
            if method is None:
                raise ValueError(f"unknown command {command!r}")
            try:
                reply = method(message, link)
            except LearnerError as exc:
                reply = {"error": exc.facts}
            if command in CASE_COMMANDS:
                release_idle_gpu_cache()  # before the reply: while the judge still holds the GPU lock for the case
            channel.send(write_fd, reply)
    except Exception:
        traceback.print_exc()
        sys.stdout.flush()
        sys.exit(HARNESS_FAILED)

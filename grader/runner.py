"""The only module that starts processes.

- ``run_tool``: a trusted program (nvcc, readelf, cuobjdump, ncu), optionally inside the sandbox
  (nvcc reads learner source, so it runs in one).
- ``Worker``: a worker process, ``python -m grader.workers.<name>``, always started through the
  sandbox (grader/sandbox.py), in its own session, driven by the judge over a private channel
  (grader/channel.py). Its stdout and stderr, where learner code prints, are drained into a
  bounded log the judge writes. Whatever happens, ``close()`` kills and reaps the worker and
  every process it left behind; the judge is a child subreaper, so a daemon that double-forks is
  re-parented to the judge and found.
"""
from __future__ import annotations

import ctypes
import errno
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import psutil

from grader import channel, gpu_lock, sandbox, trace
from grader.channel import BadReply, ChannelClosed, ChannelTimeout, Reply

REPO = Path(__file__).resolve().parent.parent
LOG_HEAD = LOG_TAIL = 256 << 10  # bytes of a worker's output kept from its start and its end
PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> bool:
    """Orphans of our workers are re-parented to us, so that close() can find and kill them (Linux)."""
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


_PLAIN_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}")  # one path component, no "..", no hidden file
_LIVE: set[int] = set()  # processes this module started and has not finished with
_LIVE_LOCK = threading.Lock()
# Every worker is started from this one thread, which lives as long as the judge. bwrap --die-with-parent kills
# the sandbox when its parent dies, and to Linux the parent is the *thread* that started it (PR_SET_PDEATHSIG):
# a worker started by a lane's thread died with that lane, before the timed checks came back to it.
_SPAWNER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="grader-spawner")


def _track(pid: int, alive: bool) -> None:
    with _LIVE_LOCK:
        (_LIVE.add if alive else _LIVE.discard)(pid)


def kill_tree(root: psutil.Process | None) -> int:
    """SIGKILL ``root`` and all its descendants, and every other child of ours that no live run of
    this module owns (orphans re-parented to the subreaper); reap them. Returns how many."""
    victims: list[psutil.Process] = []
    if root is not None:
        try:
            victims = [root, *root.children(recursive=True)]
        except psutil.Error:
            victims = [root]
    with _LIVE_LOCK:  # held while sweeping: processes are started under it too, so none is caught half-tracked
        owned = set(_LIVE) - ({root.pid} if root is not None else set())
        try:
            for child in psutil.Process().children(recursive=False):
                if child.pid not in owned and child not in victims:
                    try:
                        victims += [child, *child.children(recursive=True)]
                    except psutil.Error:
                        victims.append(child)
        except psutil.Error:
            pass
        for p in victims:
            try:
                p.kill()
            except psutil.Error:
                pass
    for p in victims:
        try:
            p.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(victims, timeout=5)
    return len(victims)


# ---- trusted tools --------------------------------------------------------------------------------


def start(argv: list[str], **popen) -> subprocess.Popen:
    """Start a process, recorded as ours before any sweep can look (``kill_tree`` sweeps every child of the judge
    that is not recorded: an orphan to it). Every process the judge starts goes through here; one started
    elsewhere could be swept as an orphan by another thread's clean-up (tests/test_adversarial_runner.py)."""
    with _LIVE_LOCK:
        proc = subprocess.Popen(argv, **popen)
        _LIVE.add(proc.pid)
    return proc


def run_tool(argv: list[str], *, cwd: Path | None = None, timeout_s: float = 120.0, env: dict | None = None,
             box: sandbox.Sandbox | None = None, ro: list[Path] = (), rw: list[Path] = (),
             env_only: bool = False) -> tuple[int | None, str]:
    """Run a program; (returncode or None on a time-out, combined output). With ``box``, inside it. Without one,
    ``env`` adds to the judge's environment, or with ``env_only`` is the whole of it. The whole output is kept:
    for trusted tools on inputs of bounded size (a library's disassembly must be read to its end). A program
    that reads learner source goes through ``run_bounded``."""
    run = _run(argv, cwd=cwd, timeout_s=timeout_s, env=env, box=box, ro=ro, rw=rw, env_only=env_only)
    return run.code, run.output


TOOL_KEEP = 1 << 20  # bytes of a bounded tool's output kept from its start, and as many from its end
TOOL_STOP = 64 << 20  # a bounded tool that has printed this much is stopped: no compiler error needs it


@dataclass
class ToolRun:
    code: int | None  # None: timed out, or stopped for printing too much (``stopped``)
    output: str  # the head and the tail, with a line saying how much was dropped between them
    printed: int = 0  # bytes the program printed in all
    dropped: int = 0  # of which not kept
    stopped: bool = False  # killed for printing more than ``stop_after``
    memory_limit: int | None = None  # bytes of address space each of its processes had
    file_limit: int | None = None  # bytes each file it wrote could hold (RLIMIT_FSIZE)


def run_bounded(argv: list[str], *, memory_bytes: int | None, keep: int = TOOL_KEEP, stop_after: int = TOOL_STOP,
                file_bytes: int | None = None, **kw) -> ToolRun:
    """``run_tool`` for a program driven by learner text (nvcc): its output is read as it comes and only ``keep``
    bytes of its start and of its end are held (nvcc made to print 1 GB held 3.5 GB in the judge, 4 GB ended it
    with a MemoryError); after ``stop_after`` bytes it is stopped. With ``memory_bytes``, each of its processes
    gets that much address space (RLIMIT_AS, set by the shell that execs it, inside the sandbox: bubblewrap has
    no memory limit, and a template instantiated without bound grew cudafe++ by 330 MB/s). With ``file_bytes``, no
    file it writes may grow past that (RLIMIT_FSIZE: an assembler's `.fill` wrote a 1 GB object and a 1 GB library
    to the grading host's disk in 18 s, and nothing stopped more: red team, session 54)."""
    if memory_bytes is not None:
        argv = limited(argv, "-v", memory_bytes)
    if file_bytes is not None:
        argv = limited(argv, "-f", file_bytes)
    run = _run(argv, keep=keep, stop_after=stop_after, **kw)
    run.memory_limit, run.file_limit = memory_bytes, file_bytes
    return run


def limited(argv: list[str], flag: str, limit_bytes: int) -> list[str]:
    """``argv`` run by a shell that first sets one of its resource limits (``ulimit -v``: address space; ``-d``: data,
    the private writable memory a process maps; ``-f``: the size of a file it writes) to ``limit_bytes``, soft and
    hard, then execs it; exit 125 where the shell cannot. The limit is set inside the sandbox, on the program
    itself: bubblewrap has no memory limit. POSIX's sh counts -f in 512-byte blocks (dash always, bash as sh), the
    others in KiB."""
    return ["/bin/sh", "-c", f'ulimit {flag} "$1" || exit 125; shift; exec "$@"', "sh",
            str(max(limit_bytes >> (9 if flag == "-f" else 10), 1)), *argv]


def _run(argv: list[str], *, cwd: Path | None = None, timeout_s: float = 120.0, env: dict | None = None,
         box: sandbox.Sandbox | None = None, ro: list[Path] = (), rw: list[Path] = (), env_only: bool = False,
         keep: int | None = None, stop_after: int | None = None, gpu: bool = False, on_start=None) -> ToolRun:
    if box is not None:
        argv, full_env = box.wrap(argv, ro=list(ro), rw=list(rw), env=env, cwd=cwd, gpu=gpu)
    else:
        full_env = dict(env or {}) if env_only else {**os.environ, **(env or {})}
    try:
        proc = start(argv, cwd=cwd, env=full_env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                     stderr=subprocess.STDOUT, start_new_session=True)
    except (FileNotFoundError, PermissionError, NotADirectoryError) as exc:
        return ToolRun(127, str(exc))
    if on_start is not None:  # the process is under way (build_cuda: the judge may now import torch)
        on_start()
    root = _process(proc.pid)
    if keep is None:
        try:
            out, _ = proc.communicate(timeout=timeout_s)
            code: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            kill_tree(root)
            out, code = proc.communicate()[0] or b"", None
        finally:
            _track(proc.pid, False)
            kill_tree(root)
        return ToolRun(code, out.decode(errors="replace"), len(out))
    capped = _CappedReader(proc.stdout, keep, stop_after, on_stop=lambda: kill_tree(root))
    reader = threading.Thread(target=capped.drain, daemon=True)
    reader.start()
    try:
        try:
            code = proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            code = None
        kill_tree(root)  # a time-out, or what it left behind
        reader.join(timeout=10)
        if capped.stopped:
            code = None
        proc.wait()
    finally:
        _track(proc.pid, False)
        kill_tree(root)
        if not reader.is_alive():  # a pipe still held open elsewhere: its daemon thread is left to it, never blocked on
            proc.stdout.close()
    return ToolRun(code, capped.text(), capped.printed, capped.dropped, capped.stopped)


class _CappedReader:
    """A program's output as it comes: its first ``keep`` bytes and its last ``keep``, never more."""

    def __init__(self, stream, keep: int, stop_after: int | None, on_stop):
        self.stream, self.keep, self.stop_after, self.on_stop = stream, keep, stop_after, on_stop
        self.head, self.tail = bytearray(), bytearray()
        self.printed = self.dropped = 0
        self.stopped = False

    def drain(self) -> None:
        try:
            while chunk := self.stream.read1(1 << 16):
                self.printed += len(chunk)
                if len(self.head) < self.keep:
                    take = self.keep - len(self.head)
                    self.head += chunk[:take]
                    chunk = chunk[take:]
                if chunk:
                    self.tail += chunk
                    if len(self.tail) > self.keep:
                        self.dropped += len(self.tail) - self.keep
                        del self.tail[:len(self.tail) - self.keep]
                if self.stop_after is not None and self.printed > self.stop_after and not self.stopped:
                    self.stopped = True
                    self.on_stop()
        except (OSError, ValueError):
            pass

    def text(self) -> str:
        head = bytes(self.head).decode(errors="replace")
        tail = bytes(self.tail).decode(errors="replace")
        if self.dropped:  # the tail from its first whole line on
            tail = tail.partition("\n")[2] if "\n" in tail else tail
            head += (("" if head.endswith("\n") else "\n")
                     + f"[... {self.dropped} bytes of output not kept: the first and the last {_size(self.keep)} "
                       "are ...]\n")
        if self.stopped:
            tail += (("" if not tail or tail.endswith("\n") else "\n")
                     + f"[stopped after {_size(self.printed)} of output]\n")
        return head + tail


def _size(n: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} bytes"


def _process(pid: int) -> psutil.Process | None:
    try:
        return psutil.Process(pid)
    except psutil.Error:
        return None


# ---- workers ------------------------------------------------------------------------------------


# What a terminal acts on rather than shows: C0 controls but tab and newline (ESC, CR, backspace), DEL, C1 controls
# (0x9b is a CSI of its own) and the bidirectional overrides and isolates, which reorder what follows.
_ACTING = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def log_safe(data: bytes) -> bytes:
    """A worker's output as its log keeps it: each character a terminal would act on written as an escape (\\x1b),
    so `cat worker.log` shows what the learner's code printed and does not run it. A port's prints of "\\x1b[2J"
    and a forged score cleared the screen and showed that score under the report's `log:` line (red team rt43).
    Bytes that are not UTF-8 are kept as escapes too."""
    text = data.decode("utf-8", errors="backslashreplace")
    return _ACTING.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}",
                       text).encode()


def write_log(path: Path, text: str | bytes) -> None:
    """Every log the grader writes that holds a tool's or the learner's output (a worker's, a build's transcript, a
    sanitizer's, an internal error's): through log_safe, so `cat` on any log a report names runs nothing. A build's
    transcript kept gcc's decoding of an `__attribute__((error("\\x1b[2J...")))` byte for byte (red team rt44)."""
    if isinstance(text, str):
        try:
            text = text.encode("utf-8", errors="surrogateescape")  # bytes a tool printed, decoded so, come back as such
        except UnicodeEncodeError:  # any other lone surrogate: written as an escape
            text = text.encode("utf-8", errors="backslashreplace")
    path.write_bytes(log_safe(text))


class WorkerGone(Exception):
    """The worker died, hung, or answered something malformed: a result about the learner's code."""

    def __init__(self, kind: str, message: str, worker: "Worker"):
        super().__init__(message)
        self.kind = kind  # "died", "hung", "malformed"
        self.worker = worker


class StartLost(WorkerGone):
    """The worker died or hung in its harness's start-up (torch's import, CUDA's context, its warm-up), before it
    answered "hello": no learner code had run in it. A lab's worker is started again once (kernel_checks.lab_worker);
    elsewhere it is a WorkerGone as before."""


class HarnessLost(Exception):
    """A worker's start-up was lost twice in a row, before any learner code ran (StartLost): the grading cannot say
    anything about the learner's code, so it ends as an internal error (exit 3, "not your fault"), never a FAIL. In
    make test-gpu a right Triton file's worker died so, with the GPU's memory full (PHASE_24_PLAN decision 249)."""


@dataclass
class Exit:
    returncode: int | None
    seconds: float
    sandboxed: bool = False  # bwrap stood between: it reports its child's death by signal N as exit code 128 + N

    @property
    def signal_number(self) -> int | None:
        if self.returncode is None:
            return None
        if self.returncode < 0:
            return -self.returncode
        if self.sandboxed and 128 < self.returncode <= 128 + 64:
            return self.returncode - 128
        return None

    @property
    def signal_name(self) -> str | None:
        number = self.signal_number
        if number is None:
            return None
        try:
            return signal.Signals(number).name
        except ValueError:
            return f"signal {number}"


def scratch_root() -> Path:
    """Where workers write their (large) output files: RAM-backed /dev/shm when it has room."""
    configured = os.environ.get("GRADER_SCRATCH")
    if configured:
        return Path(configured)
    shm = Path("/dev/shm")
    try:
        if shm.is_dir() and shutil.disk_usage(shm).free > 8 << 30 and os.access(shm, os.W_OK):
            return shm
    except OSError:
        pass
    return Path(tempfile.gettempdir())


# The size of each file a worker writes (RLIMIT_FSIZE). Its folder lies in the host's /dev/shm (scratch_root): memory
# that no data limit counts, where a port's 1 GiB stride-0 logits became a 1 GiB outputs.npz before the judge could
# refuse it (red team rtR, session 56). The largest file a right worker writes is an output of the sweep's shapes,
# 256 MiB; Python ignores SIGXFSZ, so a write past the limit is an OSError (EFBIG) in the worker.
WORKER_FILE_BYTES = 512 << 20


def worker_memory_bytes() -> int:
    """The data limit (RLIMIT_DATA: the memory a process allocates, not its mapped libraries or the GPU's) of each
    worker process: ``SETTINGS.worker_memory_bytes``, or half of this machine's memory where that is less, so that one
    runaway allocation of learner code is an error it reports rather than a host that swaps or a killed grader."""
    from grader.config import SETTINGS

    try:
        half = psutil.virtual_memory().total // 2
    except (OSError, psutil.Error):
        half = SETTINGS.worker_memory_bytes
    return max(min(SETTINGS.worker_memory_bytes, half), 1 << 30)


def _only_nsight_computes(chunk: bytes) -> bool:
    """Whether output holds only Nsight Compute's own lines (==PROF==, ==WARNING==, ...): a worker ncu launches
    suspended has it print "==PROF== Waiting for profiler to attach" at once, before its harness has begun, which
    is not the harness's first line (own_kernels.FIRST_LINE_S)."""
    return all(line.startswith(b"==") for line in chunk.splitlines() if line.strip())


def launched_suspended(wrapper: list[str]) -> bool:
    """Whether Nsight Compute runs ``wrapper``'s process with ``--mode launch``: its injected library waits, at the
    process's first CUDA call, for an ``ncu --mode attach``; no session watches it until then (ncu_watch.attach)."""
    return "--mode" in wrapper[:-1] and wrapper[wrapper.index("--mode") + 1] == "launch"


class Worker:
    """One sandboxed worker process. Use as a context manager; ``call`` sends a command and returns
    the worker's ``Reply``; marks the worker sends before its reply go to ``on_mark``."""

    def __init__(self, module: str, *, logdir: Path, gpu: bool, ro: list[Path] = (), env: dict | None = None,
                 box: sandbox.Sandbox | None = None, wrapper: list[str] = (), share_net: bool = False,
                 rw: list[Path] = ()):
        self.module = module
        self.logdir = logdir
        self.gpu = gpu
        self.ro = [Path(p) for p in ro]
        self.rw = [Path(p) for p in rw]  # besides its own folder: a cache of the learner's own (grader/pipeline.py)
        self.env = dict(env or {})
        self.box = box or sandbox.probe()
        self.wrapper = list(wrapper)  # a trusted tool that watches the worker (ncu): around the sandbox or inside it
        self.share_net = share_net
        self.io: Path | None = None  # the worker's writable folder
        self.proc: subprocess.Popen | None = None
        self.exit: Exit | None = None
        self._log_head = bytearray()
        self._log_tail = bytearray()
        self._dropped = 0
        self._drain: threading.Thread | None = None
        self._started = 0.0
        self.seconds: dict[str, float] = {}  # command -> time spent waiting for its answers, for --timings
        self.calls: dict[str, int] = {}
        self.lane = ""  # the lane of the checks that use it (grader/pipeline.py closes it when the lane ends)
        self._closing = threading.Lock()
        self.stuck = ""  # under GRADER_TRACE, where_stuck() of a worker that hung, read before it was killed
        self.first_output_s: float | None = None  # seconds from its start to its first line of output
        self._spoke = threading.Event()  # set at its first output, or when its output ends without any

    @property
    def log(self) -> Path:
        return self.logdir / "worker.log"

    def wrapper_inside(self) -> bool:
        """Whether the wrapper runs inside the sandbox, around the harness, rather than around the sandbox: so for a
        worker Nsight Compute launches suspended (decision 191). Wrapping bwrap, ncu injected its library into the
        sandbox's own processes too, and the inner bwrap, cloned from a process where that library's threads ran,
        now and then spun in user space before it executed Python: 15 of 29 watched starts of one `make test-gpu`
        (docs/data/evidence-2026-12-03b, call 1). Inside, ncu starts Python alone, as compute-sanitizer does. Its
        record is written by the attach (ncu_watch.attach), outside, so nothing the sandbox holds is trusted more
        for it. Lab 02's measured worker, whose ncu writes the report the judge reads, keeps its wrapper outside.
        Reverted once on a stall that decision 193 later explained, and taken again (decision 198): wrapped by ncu,
        the sandbox's outer bwrap spun a whole core for as long as its worker waited for its check (8.0 s of CPU in
        8 s, four starts of four; inside, 0.0 s), 263 s of CPU in one make test-gpu; inside, 11-17 s in two, and none
        of their 44 watched starts was lost (19-24 per run before: docs/data/evidence-2026-12-03e, calls 1-3)."""
        return bool(self.wrapper) and launched_suspended(self.wrapper) and self.box.isolated

    # -- lifecycle --
    def __enter__(self) -> "Worker":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def start(self) -> None:
        if self.wrapper and not launched_suspended(self.wrapper) and not gpu_lock.profiler_held_here():
            # A watched worker (Nsight Compute outside its sandbox) with no hold of the machine's profiler lock: another
            # grading's session could run beside it, and two sessions at once cross their records (grader/gpu_lock.py).
            # One that ncu launches suspended is profiled by no session until its check attaches one, under the lock.
            raise RuntimeError("a watched worker may start only while this process holds the machine's profiler lock "
                               "(grader/gpu_lock.py): mark its check profiled (grader/registry.py)")
        self.logdir.mkdir(parents=True, exist_ok=True)
        self.io = Path(tempfile.mkdtemp(prefix=f"grader-{self.module}-", dir=scratch_root()))
        cmd_r, self._cmd_w = os.pipe()
        self._reply_r, reply_w = os.pipe()
        argv = [sandbox.interpreter(), "-m", f"grader.workers.{self.module}", "--channel", f"{cmd_r},{reply_w}", str(self.io)]
        if not self.wrapper:  # under Nsight Compute, a data limit left it with no kernel recorded (decision 121)
            argv = limited(limited(argv, "-d", worker_memory_bytes()), "-f", WORKER_FILE_BYTES)
        inside = self.wrapper_inside()
        ro = list(self.ro)
        if inside:
            tool = os.path.realpath(self.wrapper[0])
            argv = [tool, *self.wrapper[1:], *argv]
            ro.append(Path(tool).parent)  # shown read-only wherever it is installed (most often under /usr already)
        argv, env = self.box.wrap(argv, ro=ro, rw=[self.io, *self.rw], gpu=self.gpu, env=self.env, cwd=self.io,
                                  share_net=self.share_net)
        if not inside:
            argv = self.wrapper + argv
        self._started = time.monotonic()

        self.proc = _SPAWNER.submit(start, argv, env=env, cwd=self.io, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, pass_fds=(cmd_r, reply_w),
                                    start_new_session=True).result()
        trace.event(f"worker {self.module}: start", self._started, worker=id(self) % 10007, lane=self.lane)
        self._root = _process(self.proc.pid)
        os.close(cmd_r)
        os.close(reply_w)
        self._drain = threading.Thread(target=self._drain_output, daemon=True)
        self._drain.start()

    def _drain_output(self) -> None:
        stream = self.proc.stdout
        while chunk := stream.read1(1 << 16):
            if self.first_output_s is None and not _only_nsight_computes(chunk):
                self.first_output_s = time.monotonic() - self._started
                self._spoke.set()
            if len(self._log_head) < LOG_HEAD:
                take = LOG_HEAD - len(self._log_head)
                self._log_head += chunk[:take]
                chunk = chunk[take:]
            if chunk:
                self._log_tail += chunk
                if len(self._log_tail) > LOG_TAIL:
                    self._dropped += len(self._log_tail) - LOG_TAIL
                    del self._log_tail[:len(self._log_tail) - LOG_TAIL]
        self._spoke.set()  # its output ended: whatever it said, waiting longer will not make it speak

    def spoke_within(self, seconds: float) -> bool:
        """Whether the worker printed its first output (or ended) within ``seconds`` of its start; waits until then."""
        return self._spoke.wait(max(0.0, self._started + seconds - time.monotonic()))

    def close(self, grace_s: float = 2.0) -> Exit:
        """Stop the worker whatever its state; kill and reap everything it started; write its log. Once, whichever
        thread asks first (a second close of its pipes could close a descriptor another thread has opened since).
        It gets ``grace_s`` to leave on its own: a worker that died a moment ago is still tearing down its GPU
        context, and its exit status (the signal that killed it) is what explains the crash. An idle worker whose
        lane is done needs none (grader/pipeline.py)."""
        with self._closing:
            return self._close(grace_s)

    def _close(self, grace_s: float) -> Exit:
        if self.exit is not None:
            return self.exit
        for fd in (getattr(self, "_cmd_w", None), getattr(self, "_reply_r", None)):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        code = None
        if self.proc is not None:
            try:
                code = self.proc.wait(timeout=grace_s)  # closing its command pipe asks it to leave
            except subprocess.TimeoutExpired:
                pass
            kill_tree(self._root)
            code = self.proc.wait() if code is None else code
            _track(self.proc.pid, False)
            if self._drain is not None:
                self._drain.join(timeout=5)
        self.exit = Exit(code, time.monotonic() - self._started, self.box.isolated)
        self._write_log()
        if self.io is not None:
            shutil.rmtree(self.io, ignore_errors=True)
        return self.exit

    def _write_log(self) -> None:
        text = bytes(self._log_head)
        if self._dropped:
            text += f"\n[... {self._dropped} bytes of output not kept ...]\n".encode()
        text += bytes(self._log_tail)
        write_log(self.log, text)

    def where_stuck(self) -> str:
        """What each process of the worker's tree (the wrapper, the sandbox, the harness) and each of its threads is
        waiting in, read from /proc before it is killed: a trace for a start that never answered (own_kernels)."""
        lines: list[str] = []
        procs = [self._root] if self._root is not None else []
        try:
            procs += [child for p in procs for child in p.children(recursive=True)]
        except psutil.Error:
            pass
        for p in procs:
            try:
                head = f"{p.pid} {p.name()} {p.status()}"
                tids = sorted(t.id for t in p.threads())
            except psutil.Error:
                continue
            waits = []
            for tid in tids:
                task = Path(f"/proc/{p.pid}/task/{tid}")
                try:
                    wchan = (task / "wchan").read_text().strip() or "-"
                    call = (task / "syscall").read_text().split()[0]
                except OSError:
                    wchan, call = "?", "?"
                waits.append(f"{wchan}/{call}")
            counts = {w: waits.count(w) for w in waits}
            lines.append(head + ": " + ", ".join(f"{w} x{n}" for w, n in sorted(counts.items())))
        return "\n".join(lines)

    def hung(self, message: str) -> "WorkerGone":
        """Kill a worker that did not answer in time; the WorkerGone to raise. Under GRADER_TRACE, what its processes
        waited in is kept first (``stuck``: own_kernels traces a lost start's)."""
        if trace.enabled():
            self.stuck = self.where_stuck()
        self.close()
        return WorkerGone("hung", message, self)

    def log_text(self) -> str:
        return (bytes(self._log_head) + bytes(self._log_tail)).decode(errors="replace")

    # -- talking --
    def call(self, command: dict, *, timeout_s: float, on_mark=None) -> Reply:
        start = time.monotonic()
        deadline = start + timeout_s
        seen: set[str] = set()
        said: dict = {}
        what = str(command.get("cmd"))
        try:
            channel.send(self._cmd_w, command)
            while True:
                message = channel.recv(self._reply_r, deadline)
                if "mark" in message and len(message) == 1 and on_mark is not None:
                    name = str(message["mark"])[:64]
                    if name in seen:  # the worker's code sends each mark once: a second one is forged
                        raise BadReply(f"the mark {name!r} arrived twice")
                    seen.add(name)
                    on_mark(name, time.monotonic())
                    continue
                if trace.enabled() and isinstance(message.get("phases"), dict):  # the worker's word, information only
                    said = {str(k)[:32]: v for k, v in list(message["phases"].items())[:16] if isinstance(v, (int, float))}
                return Reply(message, f"the worker's answer to {command.get('cmd')!r}")
        except ChannelTimeout:
            raise self.hung(f"no answer in {timeout_s:.0f} s") from None
        except (ChannelClosed, BrokenPipeError):
            self.close()
            raise WorkerGone("died", "the worker stopped", self) from None
        except OSError as exc:
            if exc.errno != errno.EBADF or self.exit is None and not self._closing.locked():
                raise
            # Closed by another thread while this one waited for its answer (ncu_watch.Attaching closes the worker
            # whose attach failed, its init in flight): its pipes are gone, and so is the worker.
            self.close()
            raise WorkerGone("died", "the worker was stopped", self) from None
        except BadReply as exc:
            self.close()
            raise WorkerGone("malformed", f"the worker's answer was malformed: {exc}", self) from None
        finally:
            self.seconds[what] = self.seconds.get(what, 0.0) + time.monotonic() - start
            self.calls[what] = self.calls.get(what, 0) + 1
            if trace.enabled():
                trace.event(f"worker {self.module}: {what}", start, worker=id(self) % 10007, lane=self.lane,
                            key=command.get("key"), **({"worker_says": said} if said else {}))

    def path(self, name: str) -> Path:
        """A file of the worker's folder, named in the worker's answer: one plain name, never a path
        that leads elsewhere (the judge opens and deletes it, outside the sandbox)."""
        if not isinstance(name, str) or not _PLAIN_NAME.fullmatch(name):
            raise channel.BadReply(f"the worker named a file {str(name)[:60]!r}: not a plain file name of its folder")
        return self.io / name

    def put(self, name: str, write) -> None:
        """Write a file of the judge's into the worker's folder (``write(fh)``), created anew (channel.write_new).
        Something the worker left at that name ends the worker: WorkerGone("malformed")."""
        try:
            channel.write_new(self.path(name), write)
        except channel.BadReply as exc:
            self.close()
            raise WorkerGone("malformed", str(exc), self) from None

    def read(self, name: str, dtype, count: int):
        """An array the worker wrote into its folder, at a name from its answer."""
        return channel.read_array(self.path(name), dtype, count)

    def discard(self, name: str) -> None:
        """Delete a file the worker wrote into its folder, at a name from its answer."""
        self.path(name).unlink(missing_ok=True)

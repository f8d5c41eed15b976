"""Compiled bytecode of the modules every worker imports, for the workers to read and never write.

A Python package installed without its bytecode (pip's --no-compile, an image built under PYTHONDONTWRITEBYTECODE=1)
is compiled from source at each import. On the H200 machine torch, triton and numpy came so (2141 of torch's files,
no .pyc): a sandboxed worker's `import torch, triton, numpy` and its harness took 3.4-3.9 s, and 1.7-2.1 s reading
bytecode that a trusted process had written (docs/data/evidence-2026-12-04, call 1). A lab 03 grading starts about
seven such workers; make test-gpu, hundreds.

So the judge has a folder of its own (``folder()``), filled by ``warm()``: a process of the judge's, no learner code
in it, imports what the workers import with PYTHONPYCACHEPREFIX pointing there. A sandboxed worker is given the same
prefix, bound read-only (grader/sandbox.py), with PYTHONDONTWRITEBYTECODE=1 as before: it reads the bytecode of
modules it could read the source of anyway, and writes none. Python checks each file's recorded source size and time
before it uses it, so a stale one (an upgraded torch, an edited grader module) is compiled from source as before.

The folder is used only where the sandbox isolates: without it a worker could write there, and the next grading's
workers would run what it wrote. Nor is it used where another user could write in it."""
from __future__ import annotations

import fcntl
import functools
import hashlib
import importlib
import importlib.util
import os
import stat
import sys
import threading
from importlib import metadata
from pathlib import Path

from grader import trace

PACKAGES = ("torch", "triton", "numpy")
# What a worker imports before and while it runs learner code: its harness (torch, torch._dynamo: warm_torch), the
# worker modules, and the parts of Triton that its first compile brings in. A module missing here (a CPU-only
# triton without its NVIDIA backend) is skipped.
MODULES = ("torch", "torch._dynamo", "numpy", "triton", "triton.language", "triton.compiler", "triton.runtime.jit",
           "triton.backends.nvidia.compiler", "triton.backends.nvidia.driver", "grader.workers.serve",
           "grader.workers.buffers", "grader.workers.triton", "grader.workers.cuda", "grader.workers.port",
           "grader.workers.sanitized", "grader.workers.ncu_read")
# The packages those modules' files come from (torch's requirements among them: torch._dynamo imports sympy).
PACKAGE_DIRS = ("torch", "triton", "numpy", "sympy", "mpmath", "networkx", "jinja2", "markupsafe", "filelock",
                "fsspec", "typing_extensions")
PARALLEL_FROM_CORES = 8
WARM_LIMIT_S = 300.0


def folder() -> Path | None:
    """Where the bytecode is kept: GRADER_PYCACHE (empty: nowhere), else the user's cache folder. None where it
    cannot be made, or is not this user's alone."""
    return _folder(os.environ.get("GRADER_PYCACHE"), os.environ.get("XDG_CACHE_HOME"), os.path.expanduser("~"))


@functools.lru_cache(maxsize=8)
def _folder(named: str | None, xdg: str | None, home: str) -> Path | None:
    if named == "" or (named is None and compiled_already()):
        return None
    path = Path(named) if named else Path(xdg or os.path.join(home, ".cache")) / "phase24-grader" / "pycache"
    if not path.is_absolute():
        return None
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        info = path.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
        return None  # a link, another user's folder, or one others may write in: their bytecode would run here
    return path


@functools.cache
def compiled_already() -> bool:
    """Whether torch came with its bytecode (pip compiles what it installs): then a worker reads it beside the
    sources, and a prefix would only make it look elsewhere (Python reads bytecode from its prefix alone)."""
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.origin:
        return True  # no torch: nothing worth keeping
    origin = Path(spec.origin)
    return (origin.parent / "__pycache__" / f"{origin.stem}.{sys.implementation.cache_tag}.pyc").is_file()


def stamp() -> str:
    """What the folder's bytecode was made for: this Python, the packages' versions and the grader's sources (their
    sizes and times, as Python checks them)."""
    h = hashlib.sha256(sys.version.encode())
    for name in PACKAGES:
        try:
            h.update(f"{name}={metadata.version(name)};".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{name}=-;".encode())
    grader = Path(__file__).resolve().parent
    for path in sorted(grader.rglob("*.py")):
        info = path.stat()
        h.update(f"{path.relative_to(grader)}:{info.st_size}:{info.st_mtime_ns};".encode())
    return h.hexdigest()[:20]


def ready(path: Path | None) -> bool:
    return path is not None and (path / f"stamp-{stamp()}").is_file()


def warm(wait: bool = False) -> threading.Thread | None:
    """Fill the folder unless it is filled for this Python, these packages and these sources already: in a thread
    (``wait``: before returning). One warm-up at a time on the machine: a grading that finds one under way goes on
    without waiting (its workers read what is there already); ``wait_for_warm_up`` waits for it."""
    path = folder()
    if path is None or ready(path):
        return None
    fd = _lock(path)
    if fd is None:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # taken here, not in the thread: a wait_for_warm_up that
    except OSError:                                    # follows this call finds it held
        os.close(fd)
        return None  # another grading warms it now
    if ready(path):  # filled while we took the lock
        os.close(fd)
        return None
    thread = threading.Thread(target=_warm, args=(path, fd), name="bytecode warm-up", daemon=True)
    thread.start()
    if wait:
        thread.join()
    return thread


def wait_for_warm_up() -> None:
    """Until no warm-up is under way on the machine (at most its time limit)."""
    path = folder()
    fd = _lock(path) if path is not None else None
    if fd is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH)
        finally:
            os.close(fd)


def under_way() -> bool:
    """Whether a warm-up holds the machine's lock now."""
    path = folder()
    fd = _lock(path) if path is not None else None
    if fd is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


def _lock(path: Path) -> int | None:
    try:
        return os.open(path / "warm.lock", os.O_RDONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    except OSError:
        return None


def _warm(path: Path, fd: int) -> None:
    from grader.runner import run_tool  # the one place processes start

    try:
        with trace.span("bytecode warm-up"):
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env.update(PYTHONPYCACHEPREFIX=str(path), PYTHONPATH=str(Path(__file__).resolve().parent.parent),
                       GRADER_FORCE_CPU="1", CUDA_VISIBLE_DEVICES="")
            code, out = run_tool([sys.executable, "-m", "grader.bytecode"], env=env, env_only=True,
                                 cwd=Path(env["PYTHONPATH"]), timeout_s=WARM_LIMIT_S)
            if code == 0:
                (path / f"stamp-{stamp()}").write_text(out[-2000:])
    finally:
        os.close(fd)  # the lock with it


def worker_env(isolated: bool) -> tuple[dict[str, str], Path | None]:
    """(environment, folder to bind read-only) for a sandboxed process: the prefix where the folder is filled and the
    sandbox isolates, else nothing."""
    path = folder() if isolated else None
    return ({"PYTHONPYCACHEPREFIX": str(path)}, path) if path is not None else ({}, None)


def _import_all() -> None:
    # First every file of the packages they come from, on every core (compileall): imported one after another, torch,
    # torch._dynamo and sympy compile on one core alone. Then the imports, which read that and compile what is left.
    import compileall
    import re

    skip = re.compile(r"[/\\](tests?|testing[/\\]_internal|benchmarks?)[/\\]")
    cores = os.cpu_count() or 1
    # It compiles about twice what the imports need (4040 files, not 1860): 22 s, not 15 s, on 2 cores, where the
    # imports alone are quicker.
    for name in PACKAGE_DIRS if cores >= PARALLEL_FROM_CORES else ():
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.origin:
            continue
        if spec.submodule_search_locations:
            for where in spec.submodule_search_locations:
                compileall.compile_dir(where, quiet=2, workers=cores, rx=skip)
        elif spec.origin.endswith(".py"):
            compileall.compile_file(spec.origin, quiet=2)
        print("compiled files of:", name, flush=True)
    for name in MODULES:
        try:
            importlib.import_module(name)
            print("imported:", name, flush=True)
        except Exception as exc:  # a module this install has not: its workers do not import it either
            print(f"skipped: {name} ({type(exc).__name__})", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["warm"]:  # a process of its own that warms the folder (make test-gpu's, tests/conftest.py)
        warm(wait=True)
    else:  # the warm-up's own process: the imports
        _import_all()

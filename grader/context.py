"""What a check gets to look at: the staged lab, the build, the device, the seed."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from grader.registry import Lab

DOCS_ROOT = "docs/en"  # hints point at the English source pages; the site mirrors them


@dataclass(frozen=True)
class Device:
    has_cuda: bool
    name: str = "no CUDA device"
    capability: tuple[int, int] = (0, 0)
    sm_count: int = 0
    l2_bytes: int = 0
    versions: dict = field(default_factory=dict)  # torch, triton, cuda, driver, nvcc, python
    reason: str = ""  # why there is no usable device

    @property
    def sm(self) -> int:
        return self.capability[0] * 10 + self.capability[1]


@dataclass
class BuildResult:
    source: str  # file name inside the lab folder
    ok: bool
    library: Path | None  # the shared library, when ok
    compile_only: bool  # built without a GPU: sm_80 + sm_90, not runnable here
    errors: list[str] = field(default_factory=list)  # the compiler's first error lines
    log: Path | None = None
    forbidden: list[str] = field(default_factory=list)  # link-audit findings (cuBLAS, torch, dlopen...)
    seconds: float = 0.0


@dataclass
class Context:
    lab: Lab
    stage: Path  # the staged lab folder: learner's editable files + the grader's read-only ones
    submission: Path  # the submission's lab folder the editable files came from
    repo: Path
    learner: str | None
    device: Device
    seed: int
    logdir: Path
    builds: dict[str, BuildResult] = field(default_factory=dict)
    memo: dict = field(default_factory=dict)  # results shared between the checks of one lab

    def hint(self, anchor: str = "") -> str:
        page = f"{DOCS_ROOT}/{self.lab.docs}"
        return f"see {page}#{anchor}" if anchor else f"see {page}"

    def rundir(self, name: str) -> Path:
        path = self.logdir / name
        path.mkdir(parents=True, exist_ok=True)
        return path

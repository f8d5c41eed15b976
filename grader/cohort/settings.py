"""Settings of a cohort run: command-line options over a TOML file, read once into frozen dataclasses.

    # cohort.toml (every key optional)
    [grading]
    labs = ["00", "01", "02", "03"]   # default labs for roster rows that name none
    kernel = "softmax"                # the grader's --kernel
    gpu = true                        # grade with a GPU (Slurm: --gres)
    require_isolation = true          # the grader's --require-isolation (the default; false grades unsandboxed)
    task_timeout = 1800               # seconds one learner's grading may take
    max_running = 8                   # learners graded at once (Slurm: the array's %N)

    [slurm]
    partition = "gpu"
    account = "cs-gpu-course"
    time = "00:40:00"                 # sbatch --time of one task (default: task_timeout + 10 min)
    gres = "gpu:1"                    # what --gpu asks for; e.g. "gpu:h100:1"
    cpus_per_task = 8
    mem = "32G"
    setup = ["module load cuda/13.0"] # shell lines each job runs first
    extra = ["--qos=normal"]          # more sbatch options, one per item
"""
from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path

from grader.ops import KERNELS  # the tracks the grader knows: one list, in grader/ops

SLURM_TIME = re.compile(r"^(\d+-)?\d+(:\d{1,2}){0,2}$|^\d+-\d+$")
SBATCH_VALUE = re.compile(r"^[^\s#]+$")  # an #SBATCH line is split on whitespace by sbatch itself


class SettingsError(Exception):
    """A bad option or config value: a usage error."""


@dataclass(frozen=True)
class Grading:
    labs: tuple[str, ...] = ()  # lab tokens as given; resolved against the grader's listing
    kernel: str | None = None  # None: the grader's own default track
    gpu: bool | None = None  # None: local detects GPUs, Slurm asks for one
    require_isolation: bool = True  # a cohort's grades are the instructor's: never made without the sandbox unasked
    learner_profile: bool = True  # pass --learner NAME to the grader
    task_timeout: float = 1800.0
    max_running: int | None = None
    seed: int | None = None  # GRADER_SEED for every task; None: a fresh seed per attempt (recorded)


@dataclass(frozen=True)
class Slurm:
    partition: str | None = None
    account: str | None = None
    qos: str | None = None
    time: str | None = None
    gres: str = "gpu:1"
    cpus_per_task: int | None = None
    mem: str | None = None
    constraint: str | None = None
    merge_partition: str | None = None  # default: partition
    merge_time: str = "00:15:00"
    python: str | None = None  # the interpreter on the compute nodes (default: this one)
    setup: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()

    def task_time(self, grading: Grading) -> str:
        """--time of one array task: the option, else the task timeout plus 10 minutes, in minutes."""
        return self.time or str(math.ceil((grading.task_timeout + 600) / 60))


@dataclass(frozen=True)
class Settings:
    grading: Grading
    slurm: Slurm


def read_config(path: Path | None) -> dict:
    if path is None:
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SettingsError(f"--config {path}: cannot read it: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"--config {path}: not valid TOML: {exc}") from None
    unknown = set(data) - {"grading", "slurm"}
    if unknown:
        raise SettingsError(f"--config {path}: unknown section(s) {sorted(unknown)}; sections are [grading] and [slurm]")
    return data


def merged(cls, section: dict, overrides: dict, where: str):
    """An instance of ``cls`` from a config section, then command-line overrides (None: not given)."""
    names = {f.name: f for f in fields(cls)}
    unknown = set(section) - set(names)
    if unknown:
        raise SettingsError(f"{where}: unknown key(s) {sorted(unknown)}; keys are {sorted(names)}")
    values = dict(section)
    values.update({k: v for k, v in overrides.items() if v is not None})
    for key in ("labs", "setup", "extra"):
        if key in values:
            value = values[key]
            if isinstance(value, str):
                value = value.replace(",", " ").split() if key == "labs" else [value]
            if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
                raise SettingsError(f"{where}: {key} must be a list of strings")
            values[key] = tuple(value)
    try:
        return cls(**values)
    except TypeError as exc:
        raise SettingsError(f"{where}: {exc}") from None


def validate(grading: Grading, slurm: Slurm) -> None:
    if grading.kernel is not None and grading.kernel not in KERNELS:
        raise SettingsError(f"kernel {grading.kernel!r}: choose one of {', '.join(KERNELS)}")
    if not isinstance(grading.task_timeout, (int, float)) or not math.isfinite(grading.task_timeout) or \
            grading.task_timeout <= 0:
        raise SettingsError(f"task timeout {grading.task_timeout!r}: give a number of seconds > 0")
    if grading.seed is not None and (not isinstance(grading.seed, int) or isinstance(grading.seed, bool) or
                                     not 0 <= grading.seed < 2**63):
        raise SettingsError(f"seed {grading.seed!r}: give a whole number >= 0")
    if grading.max_running is not None and (not isinstance(grading.max_running, int) or grading.max_running < 1):
        raise SettingsError(f"max running {grading.max_running!r}: give a whole number >= 1")
    for key in ("time", "merge_time"):
        value = getattr(slurm, key)
        if value is not None and not SLURM_TIME.match(str(value)):
            raise SettingsError(f"slurm {key} {value!r}: use minutes, HH:MM:SS or D-HH:MM:SS")
    for key in ("partition", "account", "qos", "gres", "mem", "constraint", "merge_partition"):
        value = getattr(slurm, key)
        if value is not None and not SBATCH_VALUE.match(str(value)):
            raise SettingsError(f"slurm {key} {value!r}: no spaces or '#' allowed")
    for option in slurm.extra:
        if not option.startswith("-") or "\n" in option:
            raise SettingsError(f"slurm extra {option!r}: give one sbatch option per item, e.g. '--qos=normal'")
    if slurm.cpus_per_task is not None and (not isinstance(slurm.cpus_per_task, int) or slurm.cpus_per_task < 1):
        raise SettingsError(f"slurm cpus_per_task {slurm.cpus_per_task!r}: give a whole number >= 1")

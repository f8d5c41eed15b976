"""Phase-wide settings, set in one place and read once. What an operation computes, its shapes and
tolerance live in its spec (grader/ops); these are the grader's own limits.

Every number here is a decision recorded in PHASE_24_PLAN.md (decisions log).
"""
from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class PhaseSettings:
    # MiniGPT port vs NumPy reference, both fp64 (see the decisions log).
    parity_rtol: float = 1e-12
    # Each correctness case runs this many times; a result that changes is a race.
    correctness_repeats: int = 2
    # Wall-clock limits (seconds): one worker command, one nvcc run.
    child_timeout_s: float = 60.0
    build_timeout_s: float = 120.0
    # Address space (RLIMIT_AS) of each process of a build: the solutions' builds need under 0.2 GiB each (cudafe++,
    # cicc, ptxas, gcc; measured with ulimit -v), a file of five cub::BlockRadixSort/BlockReduce kernels 0.65 GiB
    # (peak RSS), so 4 GiB leaves a wide margin; a template instantiated without bound stops there (in about 15 s),
    # with a message, instead of taking the grading host's memory.
    build_memory_bytes: int = 4 << 30
    # The size of each file a build writes (RLIMIT_FSIZE): the solutions' objects and libraries are under 1 MB and
    # nvcc's kept passes (.ii) about 2 MB, so 256 MiB is a wide margin, and a `.fill` of gigabytes stops there.
    build_file_bytes: int = 256 << 20
    # Data (RLIMIT_DATA) of each worker process, or half the machine's memory where that is less
    # (grader/runner.py: worker_memory_bytes): a worker's own needs are well under 2 GiB (decision 121).
    worker_memory_bytes: int = 16 << 30
    # One timing block (grader/timing.py), beyond its launches' own time: a block that never ends is a hung kernel.
    block_timeout_s: float = 120.0
    # Set by GRADER_TIMEOUT_S only: a cap on every case's limit as well (each lab sets its own, 60 to 300 s), so that
    # a test's hanging kernel is found in seconds rather than in a minute.
    case_timeout_cap_s: float | None = None


# GRADER_TIMEOUT_S shortens the worker time limit (the tests' hang controls use it); GRADER_BLOCK_TIMEOUT_S the
# timing block's (a study of kernel variants that may deadlock: docs/_tools/softmax_limit).
SETTINGS = PhaseSettings(child_timeout_s=float(os.environ.get("GRADER_TIMEOUT_S", 60.0)),
                         block_timeout_s=float(os.environ.get("GRADER_BLOCK_TIMEOUT_S", 120.0)),
                         case_timeout_cap_s=float(os.environ["GRADER_TIMEOUT_S"]) if os.environ.get("GRADER_TIMEOUT_S")
                         else None)

"""The GPU memory a process keeps cached and no tensor uses, given back: by every worker's serve loop after each case
(grader/workers/serve.py), and by the judge once a run of cases ends (grader/checks/kernels.py). Every worker imports
this module, the Nsight Compute report reader's included. It imports nothing else: that worker must not have NumPy
loaded before ncu's own module, whose ``get_version`` then crashes the process (NumPy 2.5.2 and Nsight Compute
2025.3.1 on an H100, PHASE_24_PLAN decision 251; tests/test_profile_checks.py checks the worker's imports)."""
from __future__ import annotations

import sys

IDLE_GPU_CACHE_BYTES = 256 << 20  # what a process may keep cached on the GPU between cases (release_idle_gpu_cache)


def release_idle_gpu_cache() -> None:
    """Give the GPU memory that torch's caching allocator holds and no tensor uses back to the device, where it is
    more than IDLE_GPU_CACHE_BYTES: called by every worker after each case, and by the judge after a run's last case
    (after each of its cases, the judge allocated it all again for the next: decision 252). A process keeps what its
    largest case needed until it exits, and a sweep case's 256 MB tensors, with the judge's fp64 references beside
    them, made each of a grading's processes keep GBs; eight gradings at once (make test-gpu) filled an H100's 80 GB,
    and a right file's worker died of "out of memory" as it started (PHASE_24_PLAN decision 249). The small cases'
    memory stays cached (their allocations are cheap to keep); a large one's costs a cudaMalloc again. A context that
    a kernel's fault left unusable frees nothing here, and raises nothing: the case's reply says what happened."""
    torch = sys.modules.get("torch")
    try:
        if torch is None or not torch.cuda.is_initialized():
            return
        if torch.cuda.memory_reserved() - torch.cuda.memory_allocated() > IDLE_GPU_CACHE_BYTES:
            torch.cuda.empty_cache()
    except Exception:  # noqa: BLE001 - a faulted context (a sticky CUDA error): the case's reply tells it
        return

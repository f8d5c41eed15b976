"""The labs of each kernel track, in order. Each file only declares its checks, for an operation spec."""
from __future__ import annotations

from grader.labs import lab00, lab01, lab02, lab03
from grader.ops import KERNELS, get
from grader.registry import Lab


def labs_for(kernel: str) -> list[Lab]:
    if kernel not in KERNELS:
        raise ValueError(f"unknown kernel track {kernel!r}; tracks: {', '.join(KERNELS)}")
    spec = get(kernel)
    return [lab00.make(), lab01.make(spec), lab02.make(spec), lab03.make(spec)]

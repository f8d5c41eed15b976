"""Operation specs: WHAT is computed, one small module per operation.

Each module (``vector_add``, ``softmax``, ``gemm``) defines ``SPEC``, an ``OpSpec``: its inputs
(value families, shapes, seed), its fp64 reference, its tolerance, the learner launcher's C
signature, the vendor baseline, and its work metric with the matching hardware ceiling. The
rest of the grader (build, workers, judge, timing, profile plumbing, report) takes a spec and
never names an operation.

Workers import these modules too (to draw inputs on the device and to run the baseline):
they hold no learner code and decide nothing.
"""
from __future__ import annotations

import importlib

from grader.ops.base import Abi, Case, Family, OpSpec, Param, Plan, Tolerance

KERNELS = ("softmax", "gemm")  # the phase's kernel tracks (grader/phase.toml chooses one)
ALL = ("vector_add", "softmax", "gemm")

__all__ = ["Abi", "Case", "Family", "OpSpec", "Param", "Plan", "Tolerance", "KERNELS", "get"]


def get(name: str) -> OpSpec:
    if name not in ALL:
        raise KeyError(f"unknown operation {name!r}; known: {', '.join(ALL)}")
    return importlib.import_module(f"grader.ops.{name}").SPEC

"""Cohort test fixture: a Triton softmax file that crashes the process it runs in (SIGSEGV)."""
import ctypes

import torch


def softmax(x: torch.Tensor) -> torch.Tensor:
    ctypes.string_at(0)  # reads address 0: a segmentation fault, like a bad pointer in an extension
    return x

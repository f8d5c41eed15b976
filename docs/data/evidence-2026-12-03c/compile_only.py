"""Compile a lab 03 Triton file's kernels for a GPU, without one: how long Triton takes to compile what the file's
softmax(x) launches at each shape (evidence 2026-12-03c, session 45).

    TRITON_CACHE_DIR=$(mktemp -d) python compile_only.py FILE.py 128x524288 1024x50257 ...

Triton's active driver is replaced by one that names an sm_90 target and nothing else, and every launch becomes a
warm-up (JITFunction.run with warmup=True): the kernel is compiled to a cubin and not run. softmax(x) gets CPU tensors,
so a wrapper that branches on x.is_cuda compiles its CPU branch, and one that reads the device's properties fails here.
A tool for measuring, not part of the grader: the learner's file runs in this process, unsandboxed.
"""
import importlib.util
import sys
import time

import torch
from triton.backends.compiler import GPUTarget
from triton.backends.driver import DriverBase
from triton.runtime import driver
from triton.runtime.jit import JITFunction


class CompileOnly(DriverBase):
    def __init__(self, capability: int):
        self.capability = capability

    @staticmethod
    def is_active():
        return False

    def get_current_target(self):
        return GPUTarget("cuda", self.capability, 32)

    def get_current_device(self):
        return 0

    def get_current_stream(self, device=None):
        return 0

    def get_active_torch_device(self):
        return torch.device("cpu")

    def map_python_to_cpp_type(self, ty):
        return ty

    def get_device_interface(self):
        return torch.cuda

    def get_benchmarker(self):
        raise RuntimeError("no benchmarks here")


driver.set_active(CompileOnly(90))
_run = JITFunction.run


def compile_only(self, *args, grid, warmup, **kwargs):
    return _run(self, *args, grid=grid, warmup=True, **kwargs)


JITFunction.run = compile_only

spec = importlib.util.spec_from_file_location("learner", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
for shape in sys.argv[2:]:
    rows, cols = map(int, shape.split("x"))
    began = time.time()
    try:
        module.softmax(torch.empty(rows, cols))
        print(shape, "compiled in", round(time.time() - began, 2), "s", flush=True)
    except Exception as error:
        print(shape, "failed:", type(error).__name__, str(error)[:200], flush=True)

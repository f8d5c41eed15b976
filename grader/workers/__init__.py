"""Workers: the only code that runs next to learner code, always inside the sandbox.

A worker loads learner code, runs it on buffers the judge chose, writes raw outputs into its own
folder and answers the judge's commands over a private channel (grader/channel.py). It reports
facts and never decides a verdict: everything it says is a claim the judge checks.

    cuda.py       a learner's CUDA library (labs 00-02): correctness cases and timing blocks
    triton.py     a learner's Triton file (lab 03): the same commands
    port.py       a learner's MiniGPT port (lab 03)
    ncu_read.py   reads an Nsight Compute report (learner data: a crafted file is hostile input)
    device_probe.py, profile_target.py   facts about the GPU; the kernel `make profile` records
"""
from __future__ import annotations

import os


def since_start() -> float:
    """Seconds since this process began (the kernel's clock), for a start that takes too long to say where."""
    try:
        with open("/proc/self/stat") as f:
            began = int(f.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
        with open("/proc/uptime") as f:
            return float(f.read().split()[0]) - began
    except (OSError, ValueError, IndexError):
        return -1.0


def guard_dataclasses() -> None:
    """Dataclasses write the code of a class's __init__, __repr__ and __eq__ out of its fields' names and run it: a
    name that is no identifier (`x)" + __import__("numpy") #`) is code, run in the learner's module (red team,
    session 28). The audit refuses every way it knows to name such a field (grader/audit/python_ast.py); here, in every
    worker and before any learner file is loaded, a dataclass with such a field is refused when it is made, however
    the name got there."""
    import dataclasses
    import keyword

    make = dataclasses._process_class

    def checked(cls, *args, **kwargs):
        names = list(cls.__dict__.get("__annotations__", {}))
        for base in cls.__mro__[1:]:
            names += [f.name for f in base.__dict__.get("__dataclass_fields__", {}).values()]
        for name in names:
            if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name):
                raise TypeError(f"dataclass {cls.__name__}: the field name {name!r} is no identifier")
        return make(cls, *args, **kwargs)

    dataclasses._process_class = checked


guard_dataclasses()


# GRADER_STALL_REPORT_S, set by the judge on a worker Nsight Compute watches (grader/checks/own_kernels.py): such starts
# were lost now and then before the worker's imports ended, its log empty (docs/data/evidence-2026-11-30e). If the
# start (this package's import, the worker module's, its warm-up) runs past it, every thread's Python stack is printed
# to the log; serve.started() calls it off. Before any learner code is loaded, so the learner's code cannot change it.
if os.environ.get("GRADER_STALL_REPORT_S"):
    import faulthandler

    print(f"[harness] python up: {since_start():.2f} s since the process began", flush=True)
    faulthandler.dump_traceback_later(float(os.environ["GRADER_STALL_REPORT_S"]))

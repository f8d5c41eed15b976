"""The program compute-sanitizer watches (grader/checks/sanitizer.py): a learner's CUDA library run once at each of a
few small shapes, on buffers of exactly the size each array needs, with no torch.

    python -m grader.workers.sanitized REQUEST.json

REQUEST: {"op": name, "library": path, "dims": [{dim: int, ...}, ...], "seed": int}. Memory comes from the CUDA
driver API (libcuda, through ctypes), one allocation per array: memcheck knows where each ends, where torch's caching
allocator would hand out pieces of one large block and hide a read past an array's end. The launch goes to a stream
of its own (non-blocking, as the grader's workers use), then the context is synchronised, and the next shape runs.
Nothing here decides anything: the judge reads what compute-sanitizer printed, and the check scores no points.
"""
from __future__ import annotations

import ctypes
import json
import sys

import numpy as np

from grader.ops import get as get_op

CU_STREAM_NON_BLOCKING = 1


class Driver:
    """The few CUDA driver calls the run needs; a failing one ends the program with its name and code."""

    def __init__(self):
        self.cu = ctypes.CDLL("libcuda.so.1")
        self.call("cuInit", 0)
        device, context = ctypes.c_int(), ctypes.c_void_p()
        self.call("cuDeviceGet", ctypes.byref(device), 0)
        self.call("cuDevicePrimaryCtxRetain", ctypes.byref(context), device)  # the context the runtime uses too
        self.call("cuCtxSetCurrent", context)

    def call(self, name: str, *args) -> None:
        code = getattr(self.cu, name)(*args)
        if code != 0:
            raise SystemExit(f"[sanitized] {name} failed: CUDA driver error {code}")

    def alloc(self, host: np.ndarray) -> int:
        ptr = ctypes.c_uint64()
        self.call("cuMemAlloc_v2", ctypes.byref(ptr), ctypes.c_size_t(max(host.nbytes, 4)))
        self.call("cuMemcpyHtoD_v2", ptr, host.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(host.nbytes))
        return ptr.value

    def stream(self) -> int:
        s = ctypes.c_void_p()
        self.call("cuStreamCreate", ctypes.byref(s), CU_STREAM_NON_BLOCKING)
        return s.value or 0


def main(argv: list[str]) -> int:
    request = json.loads(open(argv[0]).read())
    op = get_op(request["op"])
    lib = ctypes.CDLL(request["library"])
    fn = getattr(lib, op.abi.symbol)
    fn.argtypes = op.abi.argtypes()
    fn.restype = ctypes.c_int
    cuda = Driver()
    stream = cuda.stream()
    rng = np.random.default_rng(int(request["seed"]))
    for i, dims in enumerate(request["dims"]):
        shapes = op.shapes(dims)
        ptrs = {}
        for name in op.abi.names("in"):
            ptrs[name] = cuda.alloc(rng.standard_normal(int(np.prod(shapes[name]))).astype(np.float32))
        for name in op.abi.names("out"):
            ptrs[name] = cuda.alloc(np.zeros(int(np.prod(shapes[name])), dtype=np.float32))
        args = [ptrs[p.name] if p.role in ("in", "out") else int(dims[p.name]) if p.role == "dim" else stream
                for p in op.abi.params]
        code = fn(*args)
        cuda.call("cuCtxSynchronize")
        print(f"[sanitized] shape {i}: {dims}: launcher returned {code}", flush=True)
        for ptr in ptrs.values():
            cuda.call("cuMemFree_v2", ctypes.c_uint64(ptr))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

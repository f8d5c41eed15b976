"""Run under Nsight Compute by `make profile`: the learner's launcher, once, at the representative size.

    python -m grader.workers.profile_target OP LIBRARY

Warm-up launches happen outside the NVTX range; ncu profiles only the launch inside the range
``<launcher> <size>`` (ncu --nvtx --nvtx-include), which the profile checks look for.
"""
from __future__ import annotations

import ctypes
import sys


def main() -> int:
    import torch

    from grader.ops import get

    spec, library = get(sys.argv[1]), sys.argv[2]
    dims = spec.representative
    fn = getattr(ctypes.CDLL(library), spec.abi.symbol)
    fn.argtypes = spec.abi.argtypes()
    fn.restype = ctypes.c_int
    inputs = spec.make_inputs("randn" if "randn" in spec.families else next(iter(spec.families)), dims, 0, "cuda")
    outputs = {n: torch.empty(shape, device="cuda") for n, shape in spec.shapes(dims).items() if n in spec.abi.names("out")}
    stream = torch.cuda.current_stream().cuda_stream
    args = [inputs[p.name].data_ptr() if p.role == "in" else outputs[p.name].data_ptr() if p.role == "out" else
            int(dims[p.name]) if p.role == "dim" else stream for p in spec.abi.params]
    for _ in range(3):
        fn(*args)
    torch.cuda.synchronize()
    label = f"{spec.abi.symbol} {spec.label(dims)}"
    torch.cuda.nvtx.range_push(label)
    code = fn(*args)
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_pop()
    if code != 0:
        print(f"{spec.abi.symbol} returned cudaError {code}", file=sys.stderr)
        return 1
    (name,) = spec.abi.names("out")
    ref = spec.reference(inputs, dims)[name]
    err = ((outputs[name].double() - ref).abs().max() / ref.abs().max()).item()
    print(f"profiled {label}; max error {err:.2e} relative to the largest reference value")
    return 0


if __name__ == "__main__":
    sys.exit(main())

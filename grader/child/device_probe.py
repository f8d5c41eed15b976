"""Child: report the CUDA device and the toolchain, as raw facts."""
from __future__ import annotations

import platform

from grader.child.protocol import read_request, write_response


def main() -> None:
    rundir, _, _ = read_request()
    facts: dict = {"python": platform.python_version()}
    try:
        import torch

        facts["torch"] = torch.__version__
        facts["torch_cuda"] = torch.version.cuda
        facts["has_cuda"] = bool(torch.cuda.is_available())
        if facts["has_cuda"]:
            props = torch.cuda.get_device_properties(0)
            facts.update(name=props.name, capability=[props.major, props.minor],
                         sm_count=props.multi_processor_count, l2_bytes=getattr(props, "L2_cache_size", 0),
                         memory_bytes=props.total_memory)
        else:
            facts["reason"] = "torch.cuda.is_available() is False"
    except Exception as exc:  # no torch at all: still a valid (CPU-only) answer
        facts.update(has_cuda=False, reason=f"cannot import torch: {exc}")
    try:
        import triton

        facts["triton"] = triton.__version__
    except Exception:
        facts["triton"] = None
    write_response(rundir, facts)


if __name__ == "__main__":
    main()

"""make run LAB=NN: build a CUDA lab's kernel with a small driver program and run it.

Not a grader: it shows the kernel working (or not) with your own eyes.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.build import COMMON_FLAGS, COMPILE_ONLY_ARCHS, nvcc_path
from grader.context import docs_root
from grader.discover import REPO, submission_lab_dir
from grader.ops import get
from grader import registry
from grader.runner import run_tool



def gpu_present() -> bool:
    code, _ = run_tool(["nvidia-smi", "-L"], timeout_s=20)
    return code == 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="make run LAB=NN")
    p.add_argument("lab")
    p.add_argument("--submission", type=Path, default=REPO / "labs")
    args = p.parse_args(argv)
    labs = registry.all_labs()  # looked up when called (a test that stands in for it must not stay bound here)
    lab = registry.resolve_lab(args.lab, labs)
    if lab is None:
        print(f"unknown lab {args.lab!r}; labs are: {', '.join(lab.name for lab in labs)}", file=sys.stderr)
        return 2
    driver = REPO / "grader" / "drivers" / f"{get(lab.op).stem}_main.cu"
    if not lab.cuda_sources or not driver.is_file():
        # Triton needs a GPU, or its interpreter on the CPU ("0 active drivers" otherwise)
        interpret = "" if gpu_present() else "TRITON_INTERPRET=1 "
        print(f"make run works for the CUDA labs 00, 01 and 02; for lab 03 run `{interpret}.venv/bin/python "
              f"labs/03-triton-and-pytorch/{get(lab.op).stem}_triton.py`"
              + (" (no GPU here: Triton's interpreter runs it on the CPU)" if interpret else ""), file=sys.stderr)
        return 2
    if not args.submission.is_dir():
        print(f"{args.submission} is not a folder: SUBMISSION= names the folder that holds your lab folders "
              "(labs/ by default)", file=sys.stderr)
        return 2
    source = submission_lab_dir(args.submission, lab) / lab.cuda_sources[0]
    if not source.is_file():
        print(f"{source} is not there: SUBMISSION= names the folder that holds {lab.name}/", file=sys.stderr)
        return 2
    nvcc = nvcc_path()
    if nvcc is None:
        print(f"nvcc not found: install the CUDA toolkit (see {docs_root()}/no-gpu.md)", file=sys.stderr)
        return 1
    out = REPO / "build" / "run" / lab.name
    out.mkdir(parents=True, exist_ok=True)
    gpu = gpu_present()
    exe = out / "driver"
    cmd = [nvcc, *COMMON_FLAGS, *(["-arch=native"] if gpu else COMPILE_ONLY_ARCHS),
           str(driver), str(source), "-o", str(exe)]
    print("$ " + " ".join(cmd))
    code, text = run_tool(cmd, timeout_s=180)
    print(text, end="")
    if code != 0:
        print("build failed: fix the first error above", file=sys.stderr)
        return 1
    if not gpu:
        print(f"built {exe.relative_to(REPO)}; there is no GPU here to run it (see {docs_root()}/no-gpu.md)")
        return 0
    code, text = run_tool([str(exe)], timeout_s=60)
    print(text, end="")
    if code is None:
        print("the program did not finish in 60 s: is there an infinite loop in your kernel?", file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C: no traceback; nothing of the learner's was being written
        print("\nmake run: interrupted", file=sys.stderr)
        sys.exit(130)

"""Adversarial port (class 4): tries to read the reference, the solutions, the tests and other learners'
runs through the repository the grader lives in. Raises with what it read, or "read nothing".
"""
import os

import grader

REPO = os.path.dirname(os.path.dirname(os.path.abspath(grader.__file__)))
CANDIDATES = [
    "solutions/03-triton-and-pytorch/minigpt_torch.py",
    "solutions/03-triton-and-pytorch/minigpt_numpy.py",
    "labs/03-triton-and-pytorch/minigpt_numpy.py",
    "tests/submissions/minigpt_base.py",
    "learners/_template/profile.md",
    "build/grader/03-triton-and-pytorch/runs",
    "build/grader/02-tuned-kernel/stage",
    "README.md",
]
read = []
for rel in CANDIDATES:
    path = os.path.join(REPO, rel)
    try:
        if os.path.isdir(path):
            read.append(f"{rel}: {sorted(os.listdir(path))[:3]}")
        else:
            with open(path) as fh:
                read.append(f"{rel}: {fh.read(40)!r}")
    except OSError:
        pass
raise RuntimeError("READ " + "; ".join(read) if read else "read nothing")

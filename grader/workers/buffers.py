"""What the CUDA and Triton workers share: case buffers, retained copies, timing blocks.

Bit patterns written around and into every output before a launch:
  GUARD_BITS   a finite float nobody computes by accident, in the guard bands around an output
  POISON_BITS  a quiet NaN with a payload, in the output itself: "never written"
Equality between repeats, and whether an input changed, are computed on HOST copies taken after the
learner's code has returned: device code cannot reach host memory, so it cannot fake them.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

GUARD_BITS = 0x5EEDF00D
POISON_BITS = 0x7FC0DEAD


def load_inputs(io: Path, files: dict, counts: dict[str, int]) -> dict[str, np.ndarray]:
    """The judge's input files, as fp32 arrays of the expected sizes."""
    out = {}
    for name, file in files.items():
        data = np.fromfile(io / Path(file).name, dtype=np.float32)
        if data.size != counts[name]:
            raise ValueError(f"input {name}: {data.size} elements, expected {counts[name]}")
        out[name] = data
    return out


def case_inputs(io: Path, files: dict, counts: dict[str, int], op, dims, device: str) -> tuple[dict, dict]:
    """(host, tensors): each input as an fp32 host array (what "changed" is judged against, out of the learner
    code's reach) and as a flat tensor on ``device`` for the learner's code, never sharing memory with it.
    Inputs the worker draws itself ({"generate": ...}) are drawn on the device and copied to the host once."""
    import torch

    if "generate" in files:
        made = op.make_inputs(files["generate"]["family"], dims, int(files["generate"]["seed"]), device)
        tensors = {name: t.reshape(-1).contiguous() for name, t in made.items()}
        host = {name: t.cpu().numpy().copy() if device == "cpu" else t.cpu().numpy() for name, t in tensors.items()}
        return host, tensors
    host = load_inputs(io, files, counts)
    return host, {name: torch.from_numpy(a.copy() if device == "cpu" else a).to(device) for name, a in host.items()}


def write(io: Path, name: str, array: np.ndarray) -> str:
    path = io / Path(name).name
    np.ascontiguousarray(array).tofile(path)
    return path.name


def gather(array, ranges: list):
    """As ``gather`` below, for a torch tensor: on its device, so that only the picked rows are copied."""
    import torch

    flat = array.reshape(-1)
    parts = []
    for start, length in ranges:
        start, length = int(start), int(length)
        if start < 0 or length < 0 or start + length > flat.numel():
            raise ValueError(f"range [{start}, +{length}) outside an array of {flat.numel()}")
        parts.append(flat[start:start + length])
    return (torch.cat(parts) if parts else flat[:0]).cpu().numpy()


def gather_host(array: np.ndarray, ranges: list) -> np.ndarray:
    """Concatenate array[start:start+length] for each [start, length] the judge asked for."""
    flat = array.reshape(-1)
    parts = []
    for start, length in ranges:
        start, length = int(start), int(length)
        if start < 0 or length < 0 or start + length > flat.size:
            raise ValueError(f"range [{start}, +{length}) outside an array of {flat.size}")
        parts.append(flat[start:start + length])
    return np.concatenate(parts) if parts else flat[:0]


class Retained:
    """The last case's host copies (each repeat's outputs, the inputs after the run), kept until the next
    case so that the judge can ask for a sample it chooses after seeing the run."""

    def __init__(self):
        self.key = ""
        self.arrays: dict[str, np.ndarray] = {}

    def reset(self, key: str) -> None:
        self.key, self.arrays = key, {}

    def sample(self, io: Path, message: dict) -> dict:
        if message.get("key") != self.key:
            raise ValueError(f"no retained case {message.get('key')!r}")
        files = {}
        for item in message["items"]:
            label = item["what"]
            files[label] = write(io, f"{self.key}.sample.{len(files)}.bin", gather_host(self.arrays[label], item["ranges"]))
        return {"files": files}

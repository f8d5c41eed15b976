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


class HostCopies:
    """Host copies of tensors, in ordinary (pageable) host memory that no later learner code is handed.

    A GPU tensor goes through a pinned staging buffer (torch's caching host allocator keeps it from copy to
    copy): a DMA at full speed, then one memcpy. ``tensor.cpu()`` into fresh pageable memory moved 256 MB in
    about 0.2 s on an H200 host, most of it the driver's staging and the first touch of every page. The
    destination arrays are reused too: a case's copies come back (``give``) when the next case starts, and a
    fresh 256 MB array costs its page faults again. Copies are never shared: an array is handed out again
    only after its holder gave it back."""

    KEEP = 4  # arrays kept for reuse, the most recently given: a case's four copies (input, 2 outputs, input after)

    def __init__(self):
        self.free: list[np.ndarray] = []

    def copy(self, t) -> np.ndarray:
        """A flat host copy of tensor ``t`` (its own memory: never a view of ``t``)."""
        import torch

        flat = t.detach().reshape(-1)
        out = self._take(flat.numel() * flat.element_size()).view(torch.empty(0, dtype=flat.dtype).numpy().dtype)
        if flat.device.type == "cpu":
            np.copyto(out, flat.numpy())
            return out
        staging = torch.empty(flat.numel(), dtype=flat.dtype, pin_memory=True)
        staging.copy_(flat)  # synchronous: the copy is complete when it returns
        np.copyto(out, staging.numpy())
        return out

    def give(self, arrays) -> None:
        """Arrays from ``copy`` that nothing will read again."""
        for a in arrays:
            while isinstance(a.base, np.ndarray):
                a = a.base
            if a.base is None and a.flags.owndata and all(f is not a for f in self.free):
                self.free.append(a)
        del self.free[:-self.KEEP]  # older arrays (other sizes, most likely) go back to the system

    def _take(self, nbytes: int) -> np.ndarray:
        for i, a in enumerate(self.free):
            if a.nbytes == nbytes:
                return self.free.pop(i).view(np.uint8)
        return np.empty(nbytes, dtype=np.uint8)


def case_inputs(io: Path, files: dict, counts: dict[str, int], op, dims, device: str,
                copies: HostCopies | None = None) -> tuple[dict, dict]:
    """(host, tensors): each input as an fp32 host array (what "changed" is judged against, out of the learner
    code's reach) and as a flat tensor on ``device`` for the learner's code, never sharing memory with it.
    Inputs the worker draws itself ({"generate": ...}) are drawn on the device and copied to the host once."""
    import torch

    if "generate" in files:
        made = op.make_inputs(files["generate"]["family"], dims, int(files["generate"]["seed"]), device)
        tensors = {name: t.reshape(-1).contiguous() for name, t in made.items()}
        copies = copies or HostCopies()
        return {name: copies.copy(t) for name, t in tensors.items()}, tensors
    host = load_inputs(io, files, counts)
    return host, {name: torch.from_numpy(a.copy() if device == "cpu" else a).to(device) for name, a in host.items()}


MAX_ROW_GAP = 64  # elements: a case's row gap (lab 03's row-stride bonus) is a few


def with_row_gap(x, gap: int):
    """``x``'s values in a view whose rows lie ``x.shape[-1] + gap`` elements apart, the gaps NaN: what x[:, :n] of a
    wider tensor is. A kernel that steps from row to row by the row's length reads the gaps' NaN (and its neighbours'
    values), and its answer is wrong; one that steps by x.stride(0) is right."""
    import torch

    if not 0 < gap <= MAX_ROW_GAP or x.dim() != 2:
        raise ValueError(f"a row gap of {gap} for a {x.dim()}-D input")
    wide = torch.full((x.shape[0], x.shape[1] + gap), float("nan"), dtype=x.dtype, device=x.device)
    view = wide[:, :x.shape[1]]
    view.copy_(x)
    return view


OUT_BUFFERS = 8  # distinct output buffers a timing block writes (grader/timing.py, plan_outputs)


def block_slots(message: dict) -> list[int]:
    """The output buffer of each of a timing block's launches, as the judge drew them (grader/timing.plan_outputs)."""
    n, slots = int(message["launches"]), message["slots"]
    if not isinstance(slots, list) or len(slots) != n or \
            not all(isinstance(s, int) and 0 <= s < OUT_BUFFERS for s in slots):
        raise ValueError(f"a block of {n} launches needs {n} output slots in 0..{OUT_BUFFERS - 1}")
    return slots


def kept_output(block: dict, launch: int) -> int:
    """The slot holding timed ``launch``'s output after its block: only one no later launch overwrote."""
    slots = block["slots"]
    if not 0 <= launch < len(slots) or slots[launch] in slots[launch + 1:]:
        raise ValueError(f"launch {launch}'s output was not kept: a later launch of the block wrote its buffer")
    return slots[launch]


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

    def __init__(self, copies: HostCopies | None = None):
        self.key = ""
        self.arrays: dict[str, np.ndarray] = {}
        self.copies = copies

    def reset(self, key: str) -> None:
        if self.copies is not None:
            self.copies.give(self.arrays.values())
        self.key, self.arrays = key, {}

    def sample(self, io: Path, message: dict) -> dict:
        if message.get("key") != self.key:
            raise ValueError(f"no retained case {message.get('key')!r}")
        files = {}
        for item in message["items"]:
            label = item["what"]
            files[label] = write(io, f"{self.key}.sample.{len(files)}.bin", gather_host(self.arrays[label], item["ranges"]))
        return {"files": files}

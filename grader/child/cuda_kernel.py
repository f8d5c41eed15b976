"""Child: load a learner's CUDA library with ctypes, launch it, hand back raw outputs.

Correctness cases: the output buffer is surrounded by guard bands holding a canary
bit pattern and its interior is poisoned with a NaN payload before every launch.
The whole buffer, guards included, goes back to the parent bit for bit. Cases of one
shape share device buffers, so a kernel that caches results by pointer is fed new
data behind the same pointer and gets caught.

Timing (``bench`` in the request): median of CUDA-event times over many launches
with the L2 flushed before each, inputs rotating among distinct buffers and outputs
poisoned before each launch; F.softmax (or a copy) timed the same way, interleaved.
The outputs of the last timed launch of each buffer go back for verification, and
device-synchronised wall time is compared with event time to catch work that
escapes the stream the kernel was given.
"""
from __future__ import annotations

import ctypes
import statistics
import time
import traceback

import numpy as np

from grader.child.protocol import read_request, write_response

POISON_BITS = 0x7FC0DEAD  # a quiet NaN with a payload: "never written"
GUARD_BITS = 0x5EEDF00D  # a finite float nobody computes by accident: "not yours to write"


def load_launcher(library: str, symbol: str, op: str):
    lib = ctypes.CDLL(library)
    fn = getattr(lib, symbol)
    ptr, i32 = ctypes.c_void_p, ctypes.c_int
    fn.argtypes = [ptr, ptr, ptr, i32, ptr] if op == "vector_add" else [ptr, ptr, i32, i32, ptr]
    fn.restype = ctypes.c_int
    return fn


class Harness:
    def __init__(self, request: dict):
        import torch

        self.torch = torch
        self.op = request["op"]
        self.fn = load_launcher(request["library"], request["symbol"], self.op)
        self.stream = torch.cuda.Stream()  # a non-default stream: work launched elsewhere escapes it
        self.buffers: dict = {}

    def launch(self, ins, out_ptr: int, n_or_shape) -> int:
        s = self.stream.cuda_stream
        if self.op == "vector_add":
            return self.fn(ins[0].data_ptr(), ins[1].data_ptr(), out_ptr, n_or_shape, s)
        rows, cols = n_or_shape
        return self.fn(ins[0].data_ptr(), out_ptr, rows, cols, s)

    def device_buffers(self, shape: tuple, n_inputs: int, guard: int):
        """One set of buffers per shape, reused by every case of that shape."""
        key = (shape, n_inputs, guard)
        if key not in self.buffers:
            torch = self.torch
            n = int(np.prod(shape))
            ins = [torch.empty(n, dtype=torch.float32, device="cuda") for _ in range(n_inputs)]
            out = torch.empty(n + 2 * guard, dtype=torch.int32, device="cuda")
            self.buffers[key] = (ins, out)
        return self.buffers[key]

    def run_case(self, case: dict, inputs: dict, outputs: dict) -> dict:
        torch = self.torch
        shape = tuple(case["shape"])
        guard = case["guard"]
        n = int(np.prod(shape))
        arg = n if self.op == "vector_add" else shape
        ins, out = self.device_buffers(shape, len(case["inputs"]), guard)
        with torch.cuda.stream(self.stream):
            for dev, name in zip(ins, case["inputs"]):
                dev.copy_(torch.from_numpy(inputs[name].reshape(-1)))
        record = {"name": case["name"], "repeats": []}
        for rep in range(case["repeats"]):
            with torch.cuda.stream(self.stream):
                out.fill_(GUARD_BITS)
                out[guard : guard + n].fill_(POISON_BITS)
            self.stream.synchronize()
            code = self.launch(ins, out.data_ptr() + 4 * guard, arg)
            record["repeats"].append({"launch_error": code})
            if code != 0:
                record["error"] = f"the launcher returned cudaError {code}"
                break
            torch.cuda.synchronize()  # device-wide: a kernel fault surfaces here
            if rep == 0:
                first = out.clone()
            elif torch.equal(out, first):
                record["repeats"][-1]["same_as_rep0"] = True  # saves shipping 256 MB twice
                continue
            outputs[f"{case['name']}/rep{rep}"] = out.cpu().numpy().view(np.uint32)
        return record


def make_timer(h: Harness, flush, k: int):
    """timed(fn, reps, prepare): CUDA-event times of ``reps`` launches, L2 flushed before each."""
    torch = h.torch

    def timed(fn, reps, prepare=lambda r: None):
        starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        with torch.cuda.stream(h.stream):
            for r in range(reps):
                prepare(r)  # new data behind the same pointer, output poisoned
                flush.zero_()  # evict the L2 so every launch reads from device memory
                starts[r].record(h.stream)
                fn(r % k)
                ends[r].record(h.stream)
        torch.cuda.synchronize()
        return [s.elapsed_time(e) * 1e-3 for s, e in zip(starts, ends)]

    return timed


def l2_flush_buffer(torch):
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    return torch.empty(max(2 * l2, 64 << 20) // 4, dtype=torch.float32, device="cuda")


def bench(h: Harness, spec: dict, inputs: dict, outputs: dict) -> dict:
    """Time the learner's kernel against F.softmax and a device copy at one shape.

    K working buffers are refilled from V input variants before every timed launch
    (launch r: buffer r % K, variant r % V), so the same pointer keeps getting new
    data. The last K timed launches of the learner use variant (i + 1) % V on buffer
    i; their outputs go back to the parent for verification.
    """
    torch = h.torch
    rows, cols = spec["shape"]
    n = rows * cols
    variants = [torch.from_numpy(inputs[name]).reshape(rows, cols).to("cuda") for name in spec["inputs"]]
    v = len(variants)
    k = 2
    ins = [torch.empty(rows, cols, dtype=torch.float32, device="cuda") for _ in range(k)]
    outs = [torch.empty(rows, cols, dtype=torch.float32, device="cuda") for _ in range(k)]
    flush = l2_flush_buffer(torch)
    poison = torch.tensor(POISON_BITS, dtype=torch.int32).view(torch.float32).item()
    timed = make_timer(h, flush, k)

    def prepare(r):
        ins[r % k].copy_(variants[r % v])
        outs[r % k].fill_(poison)

    def learner(i):
        code = h.launch([ins[i]], outs[i].data_ptr(), (rows, cols))
        if code != 0:
            raise RuntimeError(f"the launcher returned cudaError {code}")

    def reference(i):
        torch.nn.functional.softmax(ins[i], dim=-1)

    def copy(i):
        outs[i].copy_(ins[i])

    with torch.cuda.stream(h.stream):  # warm-up: module load, first-launch costs
        for r in range(k):
            prepare(r)
            for fn in (learner, reference, copy):
                fn(r)
    torch.cuda.synchronize()

    samples = {"learner": [], "F.softmax": [], "copy": []}
    for _ in range(spec["rounds"]):  # interleaved, so drift hits every contender alike
        samples["learner"] += timed(learner, spec["reps"], prepare)
        samples["F.softmax"] += timed(reference, spec["reps"], prepare)
        samples["copy"] += timed(copy, spec["reps"], prepare)

    def prepare_last(r):
        ins[r % k].copy_(variants[(r % k + 1) % v])
        outs[r % k].fill_(poison)

    samples["learner"] += timed(learner, k, prepare_last)
    for i in range(k):
        outputs[f"bench/out{i}"] = outs[i].cpu().numpy().view(np.uint32)

    # Work that escapes the stream: events on our stream see only our stream,
    # a device-wide synchronize sees everything.
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    with torch.cuda.stream(h.stream):
        for r in range(spec["reps"]):
            learner(r % k)
    torch.cuda.synchronize()
    wall = (time.perf_counter() - t0) / spec["reps"]
    med = {name: statistics.median(vals) for name, vals in samples.items()}
    return {"shape": [rows, cols], "median_s": med, "samples_s": samples, "wall_per_launch_s": wall,
            "bytes": 8 * n, "verify_variants": [(i + 1) % v for i in range(k)], "inputs": spec["inputs"]}


def sweep_bench(h: Harness, shapes: list, reps: int) -> list[dict]:
    """For information: learner vs F.softmax at each shape, on randn x 3 data made on the device."""
    torch = h.torch
    flush = l2_flush_buffer(torch)
    timed = make_timer(h, flush, 1)
    results = []
    for rows, cols in shapes:
        with torch.cuda.stream(h.stream):
            x = 3 * torch.randn(rows, cols, device="cuda")
            y = torch.empty_like(x)

        def learner(_):
            h.launch([x], y.data_ptr(), (rows, cols))

        def reference(_):
            torch.nn.functional.softmax(x, dim=-1)

        with torch.cuda.stream(h.stream):
            learner(0), reference(0)
        t_l = statistics.median(timed(learner, reps))
        t_r = statistics.median(timed(reference, reps))
        results.append({"shape": [rows, cols], "learner_s": t_l, "F.softmax_s": t_r, "bytes": 8 * rows * cols})
        del x, y
    return results


def main() -> None:
    rundir, request, inputs = read_request()
    response: dict = {"cases": [], "finished": False}
    outputs: dict = {}
    try:
        h = Harness(request)
    except Exception as exc:
        response["setup_error"] = f"{type(exc).__name__}: {exc}"
        response["traceback"] = traceback.format_exc()[-2000:]
        write_response(rundir, response)
        return
    try:
        for case in request.get("cases", []):
            response["cases"].append(h.run_case(case, inputs, outputs))
            if "error" in response["cases"][-1]:
                break
        healthy = all("error" not in c for c in response["cases"])
        if "bench" in request and healthy:
            response["bench"] = bench(h, request["bench"], inputs, outputs)
        if "sweep_bench" in request and healthy:
            response["sweep_bench"] = sweep_bench(h, request["sweep_bench"]["shapes"], request["sweep_bench"]["reps"])
        response["finished"] = True
    except Exception as exc:  # a CUDA fault in the learner's kernel surfaces as a RuntimeError here
        response["error"] = f"{type(exc).__name__}: {exc}"
        response["traceback"] = traceback.format_exc()[-2000:]
    write_response(rundir, response, outputs)


if __name__ == "__main__":
    main()

"""Worker: a learner's CUDA library, loaded with ctypes, run on buffers the judge chose.

Commands (see grader/checks/kernels.py for the judge's side):
  init    {op, libraries: {label: path}}         load each library, find the launcher (the op's ABI)
  case    {key, lib, dims, inputs, guard, repeats, ship_all}
          each input from the judge's file; every repeat: guard bands + poison written, one launch on
          the worker's own stream, a device-wide synchronize (faults surface), the whole output buffer
          copied to the host. Files: <key>.out.<name>.<rep>.bin (uint32, guards included) for repeat 0
          and for any repeat whose bits differ from it (every repeat when ship_all); <key>.in.<name>.bin
          for an input whose bits changed (always when ship_all).
  sample  {key, items: [{what, ranges}]}         parts of the retained copies, at the judge's choice
  time    {contender, dims, family, seeds, fresh, launches, warmup, slots}
          inputs drawn on the device from the judge's seeds (the op spec's own code); ``launches``
          back-to-back launches between two marks the judge timestamps on its own clock; launch i
          reads input set i % len(seeds), changed just before it by the op's perturb (seeded from
          ``fresh``: serve.FreshInputs), and writes output buffer slots[i] (drawn by the judge,
          grader/timing.plan_outputs). Contenders: "lib:LABEL", "baseline", and "copy" (the ceiling;
          refused once a library is loaded)
  block_sample {launch, items}                    parts of a timed launch's output, at the judge's choice (a
          launch whose buffer no later launch wrote)
"""
from __future__ import annotations

import ctypes
import time
from pathlib import Path

import numpy as np
import torch

from grader.ops import get as get_op
from grader.workers.buffers import (GUARD_BITS, OUT_BUFFERS, POISON_BITS, HostCopies, Retained, block_slots,
                                    case_inputs, gather, kept_output, write)
from grader.workers.serve import FreshInputs, LearnerError, serve, timed_launches, warm_cuda, warm_profiler

def _signed(bits: int) -> int:
    return int(np.array(bits, dtype=np.uint32).view(np.int32))


class CudaWorker:
    def __init__(self, io: Path):
        self.io = io
        self.copies = HostCopies()
        self.retained = Retained(self.copies)
        self.launchers: dict[str, object] = {}
        self.blocks: dict = {}

    # -- set-up --
    def cmd_init(self, message, link):
        self.op = get_op(message["op"])
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.cuda.init()
        # Not the legacy default stream: the launcher must use the one it is given. And every piece of device
        # work this worker does goes to that same stream, made current here: drawing inputs, allocating and
        # poisoning outputs, the baseline, copies to the host. With two streams, torch's caching allocator hands
        # a block freed on one (a temporary of the input draw) to an allocation used on the other (an output
        # filled with poison) while the first stream's work on it is still queued, and a whole input set came
        # out NaN (PHASE_24_PLAN decision 44).
        self.stream = torch.cuda.Stream()
        torch.cuda.set_stream(self.stream)
        for label, path in message["libraries"].items():
            try:
                lib = ctypes.CDLL(path)
                fn = getattr(lib, self.op.abi.symbol)
            except (OSError, AttributeError) as exc:
                raise LearnerError({"type": "load", "message": f"{type(exc).__name__}: {exc}"}) from None
            fn.argtypes = self.op.abi.argtypes()
            fn.restype = ctypes.c_int
            self.launchers[label] = fn
        return {"device": torch.cuda.get_device_name(), "torch": torch.__version__}

    def launch(self, label: str, dims: dict, ins: dict, outs: dict) -> int:
        args = []
        for p in self.op.abi.params:
            if p.role == "in":
                args.append(ins[p.name])
            elif p.role == "out":
                args.append(outs[p.name])
            elif p.role == "dim":
                args.append(int(dims[p.name]))
            else:
                args.append(self.stream.cuda_stream)
        return int(self.launchers[label](*args))

    def _sync(self, what: str) -> None:
        try:
            torch.cuda.synchronize()
        except Exception as exc:  # a fault in the learner's kernel surfaces here
            raise LearnerError({"type": "cuda", "message": f"{what}: {exc}"}) from None

    # -- correctness --
    def cmd_case(self, message, link):
        op, key, dims, guard = self.op, message["key"], message["dims"], int(message["guard"])
        if message.get("row_gap"):  # a C launcher takes pointers and sizes: its rows are always back to back
            raise ValueError("a CUDA launcher's inputs have no row stride: a case with a row gap is for Triton only")
        shapes = op.shapes(dims)
        counts = {name: int(np.prod(shape)) for name, shape in shapes.items()}
        phases: dict[str, float] = {}
        mark = time.perf_counter()

        def phase(name: str) -> None:  # where the worker's time goes, for GRADER_TRACE (information only)
            nonlocal mark
            now = time.perf_counter()
            phases[name] = round(phases.get(name, 0.0) + now - mark, 4)
            mark = now

        self.retained.reset(key)  # the previous case's copies are free for this one's
        host_in, dev_in = case_inputs(self.io, message["inputs"], counts, op, dims, "cuda", self.copies)
        phase("inputs")
        dev_out = {name: torch.empty(counts[name] + 2 * guard, dtype=torch.int32, device="cuda")
                   for name in op.abi.names("out")}
        reply = {"repeats": [], "inputs_changed": {}, "files": {}}
        first: dict[str, np.ndarray] = {}
        start = time.perf_counter()
        for rep in range(int(message["repeats"])):
            for name, buf in dev_out.items():
                buf.fill_(_signed(GUARD_BITS))
                buf[guard:guard + counts[name]].fill_(_signed(POISON_BITS))
            torch.cuda.synchronize()
            phase("poison")
            code = self.launch(message["lib"], dims, {n: t.data_ptr() for n, t in dev_in.items()},
                               {n: t.data_ptr() + 4 * guard for n, t in dev_out.items()})
            self._sync(f"repeat {rep + 1}")
            phase("launch")
            record = {"code": code, "same_as_first": True}
            reply["repeats"].append(record)
            for name, buf in dev_out.items():
                host = self.copies.copy(buf).view(np.uint32)
                phase("out to host")
                self.retained.arrays[f"out.{name}.{rep}"] = host
                same = True
                if rep == 0:
                    first[name] = host
                else:
                    same = bool(np.array_equal(host, first[name]))
                    record["same_as_first"] &= same
                    phase("out compared")
                if rep == 0 or message["ship_all"] or not same:
                    reply["files"][f"out.{name}.{rep}"] = write(self.io, f"{key}.out.{name}.{rep}.bin", host)
                    phase("out written")
            if code != 0:
                break  # the launcher reported an error: the judge reports it, nothing later is meaningful
        for name, buf in dev_in.items():
            after = self.copies.copy(buf)
            phase("in to host")
            self.retained.arrays[f"in.{name}"] = after
            changed = not np.array_equal(after.view(np.uint32), host_in[name].view(np.uint32))
            phase("in compared")
            reply["inputs_changed"][name] = changed
            if changed or message["ship_all"]:
                reply["files"][f"in.{name}"] = write(self.io, f"{key}.in.{name}.bin", after)
        self.copies.give(host_in.values())
        reply["seconds"] = time.perf_counter() - start
        reply["phases"] = phases
        return reply

    def cmd_sample(self, message, link):
        return self.retained.sample(self.io, message)

    # -- timing --
    def cmd_time(self, message, link):
        op, dims, contender = self.op, message["dims"], message["contender"]
        if contender == "copy" and self.launchers:
            # The ceiling is timed only by a worker that loaded nothing of a learner's (kernel_checks.copy_worker).
            raise ValueError("the copy ceiling is timed only in a worker that loaded no library")
        n, warmup = int(message["launches"]), int(message.get("warmup", 2))
        fresh = FreshInputs(op, message, warmup)
        codes: list[int] = []
        slots = block_slots(message)
        if contender.startswith("lib:"):
            label = contender[4:]
            outs = self._block_outputs(dims, max(slots) + 1)
            ptr_out = [{name: t.data_ptr() for name, t in o.items()} for o in outs]

            def launch(i, inputs):  # timed launch i (and warm-up launch i, before them) writes slot i
                codes.append(self.launch(label, dims, {name: t.data_ptr() for name, t in inputs.items()},
                                         ptr_out[slots[i % n]]))
            for o in outs:
                for t in o.values():
                    t.view(torch.int32).fill_(_signed(POISON_BITS))
        elif contender == "baseline":
            def launch(i, inputs):
                op.baseline(inputs)
        elif contender == "copy":  # the device's copy of the op's first input: the ceiling (grader/timing.py)
            first = op.abi.names("in")[0]
            dst = torch.empty_like(fresh.warm[first])

            def launch(i, inputs):
                dst.copy_(inputs[first])
        else:
            raise ValueError(f"unknown contender {contender!r}")
        torch.cuda.synchronize()  # the inputs and outputs are ready, and nothing else is running
        warm = fresh.warming(launch)
        for i in range(warmup):
            warm(i)
        self._sync("warm-up")
        codes.clear()
        per_launch_ms = timed_launches(fresh.timed(launch), n, link, lambda: self._sync("timed launches"),
                                       stream=self.stream)
        if contender.startswith("lib:"):
            self.blocks = {"outs": outs, "slots": slots}
        bad = [c for c in codes if c != 0]
        return {"event_ms": [per_launch_ms], "launch_errors": bad[:5],
                "work": op.work(dims)}

    def _block_outputs(self, dims, n):
        shapes = self.op.shapes(dims)
        return [{name: torch.empty(shapes[name], dtype=torch.float32, device="cuda") for name in self.op.abi.names("out")}
                for _ in range(min(n, OUT_BUFFERS))]

    def cmd_trace(self, message, link):
        """The kernels one launch at ``dims`` runs, with their grid, block and duration (CUPTI, through
        torch.profiler): what the profile checks compare a committed report with."""
        import json

        from torch.profiler import ProfilerActivity, profile

        op, dims = self.op, message["dims"]
        inputs = op.make_inputs(message["family"], dims, int(message["seed"]), "cuda")
        outs = self._block_outputs(dims, 1)[0]
        ptr_in = {n: t.data_ptr() for n, t in inputs.items()}
        ptr_out = {n: t.data_ptr() for n, t in outs.items()}
        torch.cuda.synchronize()
        self.launch(message["lib"], dims, ptr_in, ptr_out)  # warm-up: module load, first-launch work
        self._sync("warm-up")
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            code = self.launch(message["lib"], dims, ptr_in, ptr_out)
            self._sync("traced launch")
        path = self.io / "trace.json"
        prof.export_chrome_trace(str(path))
        kernels = []
        for event in json.loads(path.read_text()).get("traceEvents", []):
            if event.get("cat") == "kernel":
                args = event.get("args", {})
                kernels.append({"name": event.get("name", ""), "grid": args.get("grid"), "block": args.get("block"),
                                "registers": args.get("registers per thread"),
                                "duration_ns": float(event.get("dur", 0)) * 1e3})
        return {"code": code, "kernels": kernels}

    def cmd_profiled(self, message, link):
        """One launch at ``dims`` inside the NVTX range ``range``, after three warm-up launches outside it, as
        `make profile` records it (grader/workers/profile_target.py): what Nsight Compute, which launched this
        worker suspended and attached from outside its sandbox, measures again for the profile checks
        (grader/checks/profile.py). Nothing
        here is trusted: ncu's record is read by the judge, and a launch outside the range is simply not in it."""
        op, dims = self.op, message["dims"]
        inputs = op.make_inputs(message["family"], dims, int(message["seed"]), "cuda")
        outs = self._block_outputs(dims, 1)[0]
        ptr_in = {n: t.data_ptr() for n, t in inputs.items()}
        ptr_out = {n: t.data_ptr() for n, t in outs.items()}
        torch.cuda.synchronize()
        for _ in range(3):
            self.launch(message["lib"], dims, ptr_in, ptr_out)
        self._sync("warm-up")
        torch.cuda.nvtx.range_push(str(message["range"]))
        code = self.launch(message["lib"], dims, ptr_in, ptr_out)
        self._sync("profiled launch")
        torch.cuda.nvtx.range_pop()
        return {"code": code}

    def cmd_block_sample(self, message, link):
        launch = int(message["launch"])
        outs = self.blocks["outs"][kept_output(self.blocks, launch)]
        files = {}
        for item in message["items"]:
            buf = outs[item["what"]]
            files[item["what"]] = write(self.io, f"block.{launch}.{item['what']}.bin",
                                        gather(buf.view(torch.int32), item["ranges"]).view(np.uint32))
        return {"files": files}


def warm() -> None:
    """CUDA's context at start-up, outside the GPU lock (serve.warm_cuda), then the profiler's where it traces."""
    warm_cuda()
    warm_profiler()


if __name__ == "__main__":
    serve(CudaWorker, warm=warm)

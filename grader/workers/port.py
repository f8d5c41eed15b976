"""Worker: a learner's PyTorch port of MiniGPT, run on the judge's weights and batches.

    command  {"cmd": "run", "port", "module_name", "config", "dtype", "device", "adamw", "steps", "params",
              "probes"}; the judge's arrays in IO/inputs.npz: the weights (``param/NAME``), the batches
              (``idx/K``, ``targets/K``) and the gradients to feed the optimizer (``fed/K/NAME``: random
              numbers the judge drew, not the reference's gradients: no expected value reaches this worker)
    answer   facts per stage; arrays in IO/outputs.npz (all float64): ``logits``, ``loss``, ``probe/KEY``,
             ``grad/NAME``, ``adamw/NAME``, ``train/NAME``, ``train_loss`` [K + 1]

The stages, each stopping the ones after it when it raises:

    import    the port file, by path, as module ``minigpt_torch``
    build     GPT(GPTConfig(**config, dtype=float64)).to(device)
    load      load_state_dict(weights as float64 tensors), strict=False, facts recorded
    forward   logits, loss = model(idx/0, targets/0), with forward hooks on the probes
    backward  loss.backward()
    adamw     configure_optimizer(...), then K steps on the fed gradients
    train     reload the weights; K steps of forward, backward, step; one more loss

A learner's exception is a result (in the answer); everything here is a claim the judge checks
against its own NumPy reference. How the port computes is checked on its syntax tree by the judge.
"""
from __future__ import annotations

import importlib.util
import os
import sys
import time
import traceback
from pathlib import Path

import numpy as np


STAGES = ("import", "build", "load", "forward", "backward", "adamw", "train")


class Failed(Exception):
    """A stage of learner code raised; the response already says how."""


def describe_exception(exc: BaseException) -> dict:
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next  # the harness's own frames say nothing to the learner
    lines = "".join(traceback.format_exception(type(exc), exc, tb)).rstrip().splitlines()
    return {"type": type(exc).__name__, "message": str(exc)[:2000], "traceback": lines[-24:]}


def tensor_facts(torch, value) -> dict:
    if not isinstance(value, torch.Tensor):
        return {"type": type(value).__name__}
    return {"type": "Tensor", "dtype": str(value.dtype).replace("torch.", ""), "shape": list(value.shape),
            "device": str(value.device), "requires_grad": bool(value.requires_grad),
            "grad_fn": type(value.grad_fn).__name__ if value.grad_fn is not None else None}


def as_array(torch, t) -> np.ndarray:
    return t.detach().to(device="cpu", dtype=torch.float64).numpy().copy()


class PortHarness:
    def __init__(self, request: dict, inputs: dict[str, np.ndarray]):
        self.request, self.inputs = request, inputs
        self.names: list[str] = request["params"]
        self.response: dict = {"stages": {s: "not run" for s in STAGES}, "errors": {}, "seconds": {}}
        self.outputs: dict[str, np.ndarray] = {}

    def stage(self, name: str, fn):
        """Run one stage of learner code; an exception is recorded and stops the run."""
        start = time.monotonic()
        try:
            value = fn()
        except BaseException as exc:  # learner code: even SystemExit is a result
            self.response["stages"][name] = "error"
            self.response["errors"][name] = describe_exception(exc)
            raise Failed(name) from None
        finally:
            self.response["seconds"][name] = round(time.monotonic() - start, 3)
        self.response["stages"][name] = "ok"
        return value

    def run(self) -> None:
        import torch

        self.torch = torch
        req = self.request
        self.response["torch"] = torch.__version__
        self.device = torch.device(req["device"])
        # Every tensor the harness hands over is made here, outside the watch.
        self.weights = {n: torch_from(torch, self.inputs[f"param/{n}"], self.device) for n in self.names}
        self.batches = [tuple(torch_from(torch, self.inputs[f"{what}/{k}"], self.device) for what in ("idx", "targets"))
                        for k in range(req["steps"])]
        self.fed = [{n: torch_from(torch, self.inputs[f"fed/{k}/{n}"], self.device) for n in self.names}
                    for k in range(req["steps"])]
        # torch imports torch._dynamo (~900 modules) on the first optimizer step: do that here, unwatched.
        warm = torch.nn.Parameter(torch.zeros(2, device=self.device))
        warm.grad = torch.zeros_like(warm)
        torch.optim.AdamW([warm]).step()
        self.module = self.stage("import", self.import_port)
        self.model = self.stage("build", self.build)
        params = dict(self.model.named_parameters())
        self.response["parameters"] = {n: tensor_facts(torch, p) for n, p in params.items()}
        loaded = self.stage("load", lambda: self.model.load_state_dict(self.weights, strict=False))
        self.response["load"] = {"missing": list(getattr(loaded, "missing_keys", [])),
                                 "unexpected": list(getattr(loaded, "unexpected_keys", []))}
        self.forward(params)
        loss = self.loss
        self.stage("backward", loss.backward)
        self.response["grads_missing"] = [n for n in self.names if n in params and params[n].grad is None]
        for n in self.names:
            if n in params and params[n].grad is not None:
                self.outputs[f"grad/{n}"] = as_array(torch, params[n].grad)
        self.adamw(params)
        self.train(params)

    def import_port(self):
        spec = importlib.util.spec_from_file_location(self.request["module_name"], self.request["port"])
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up here
        spec.loader.exec_module(module)
        return module

    def build(self):
        torch, req = self.torch, self.request
        config = self.module.GPTConfig(**req["config"], dtype=getattr(torch, req["dtype"]))
        return self.module.GPT(config).to(self.device)

    def forward(self, params) -> None:
        torch = self.torch
        modules = dict(self.model.named_modules())
        captured, handles = {}, []
        self.response["probes_missing"] = []
        for key in self.request["probes"]:
            module_name, _, side = key.partition(":")
            if module_name not in modules:
                self.response["probes_missing"].append(key)
                continue

            def hook(mod, args, output, key=key, side=side):
                value = args[0] if side == "in" and args else output
                if isinstance(value, (tuple, list)) and value:
                    value = value[0]
                if key not in captured and isinstance(value, torch.Tensor):
                    captured[key] = value.detach().clone()

            handles.append(modules[module_name].register_forward_hook(hook))
        idx, targets = self.batches[0]
        try:
            out = self.stage("forward", lambda: self.model(idx, targets))
        finally:
            for h in handles:
                h.remove()
        self.response["forward"] = {"returned": type(out).__name__,
                                    "length": len(out) if isinstance(out, (tuple, list)) else None}
        self.response["probes"] = {k: tensor_facts(torch, v) for k, v in captured.items()}
        for k, v in captured.items():
            self.outputs[f"probe/{k}"] = as_array(torch, v)
        if not (isinstance(out, (tuple, list)) and len(out) == 2):
            self.fail("forward", "TypeError", f"GPT.forward returned {type(out).__name__}, not (logits, loss)")
        logits, loss = out
        self.response["forward"].update(logits=tensor_facts(torch, logits), loss=tensor_facts(torch, loss))
        for what, value in (("logits", logits), ("loss", loss)):
            if not isinstance(value, torch.Tensor):
                self.fail("forward", "TypeError", f"GPT.forward returned {what} as {type(value).__name__}, not a Tensor")
            self.outputs[what] = as_array(torch, value)
        self.loss = loss

    def fail(self, stage: str, kind: str, message: str) -> None:
        self.response["stages"][stage] = "error"
        self.response["errors"][stage] = {"type": kind, "message": message, "traceback": []}
        raise Failed(stage)

    def reset(self, params) -> None:
        with self.torch.no_grad():
            for n in self.names:
                if n in params:
                    params[n].copy_(self.weights[n])
        for p in params.values():
            p.grad = None

    def optimizer(self):
        a = self.request["adamw"]
        return self.module.configure_optimizer(self.model, lr=a["lr"], betas=tuple(a["betas"]), eps=a["eps"],
                                               weight_decay=a["weight_decay"])

    def optimizer_facts(self, opt, params) -> dict:
        by_id = {id(p): n for n, p in params.items()}
        groups = []
        for g in getattr(opt, "param_groups", []):
            hyper = {k: v for k, v in g.items() if k != "params" and isinstance(v, (int, float, bool, str, tuple, list))}
            groups.append({"names": [by_id.get(id(p), "?") for p in g["params"]], **hyper})
        return {"type": f"{type(opt).__module__}.{type(opt).__qualname__}", "groups": groups}

    def adamw(self, params) -> None:
        self.reset(params)
        steps = self.request["steps"]

        def run():
            opt = self.optimizer()
            self.response["optimizer"] = self.optimizer_facts(opt, params)
            for k in range(steps):
                for n in self.names:
                    if n in params:
                        params[n].grad = self.fed[k][n].to(params[n].dtype)
                opt.step()

        self.stage("adamw", run)
        for n in self.names:
            if n in params:
                self.outputs[f"adamw/{n}"] = as_array(self.torch, params[n])

    def train(self, params) -> None:
        self.reset(params)
        steps, losses = self.request["steps"], []

        def run():
            opt = self.optimizer()
            for k in range(steps):
                opt.zero_grad(set_to_none=True)
                _, loss = self.model(*self.batches[k])
                losses.append(loss.detach().clone())
                loss.backward()
                opt.step()
            with self.torch.no_grad():
                losses.append(self.model(*self.batches[0])[1].detach().clone())

        self.stage("train", run)
        self.outputs["train_loss"] = np.array([as_array(self.torch, v) for v in losses], dtype=np.float64)
        for n in self.names:
            if n in params:
                self.outputs[f"train/{n}"] = as_array(self.torch, params[n])


def torch_from(torch, array: np.ndarray, device):
    return torch.from_numpy(np.ascontiguousarray(array)).to(device)


class PortWorker:
    def __init__(self, io: Path):
        self.io = io

    def cmd_run(self, message, link) -> dict:
        sys.dont_write_bytecode = True
        inputs = dict(np.load(self.io / "inputs.npz", allow_pickle=False))
        port = PortHarness(message, inputs)
        start = time.monotonic()
        try:
            port.run()
        except Failed:
            pass
        except BaseException as exc:  # noqa: BLE001 - learner code the harness reached between its stages (an
            # overridden named_modules, an optimizer's param_groups): the learner's error, named by the stage it stopped
            # (a KeyboardInterrupt there was reported as the worker killed by SIGINT: red team, session 19)
            stage = next((s for s in STAGES if port.response["stages"][s] == "not run"), STAGES[-1])
            port.response["stages"][stage] = "error"
            error = describe_exception(exc)
            error["message"] = f"(while the grader read your model before this step) {error['message']}"
            port.response["errors"][stage] = error
        port.response["seconds"]["total"] = round(time.monotonic() - start, 3)
        np.savez(self.io / "outputs.npz", **port.outputs)
        return port.response


if __name__ == "__main__":
    from grader.workers.serve import serve, warm_torch

    serve(PortWorker, warm_torch)

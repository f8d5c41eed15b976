"""Adversarial port (class 2): replaces the worker's response writer, grader.channel.send, with one that sends
a forged "everything ran" answer in place of the real one. There is no model at all.
"""
import numpy as np

import grader.channel as channel

def _forged_facts(inputs):
    """Every stage ok, the reference's parameter names and shapes, float64 everywhere: what a right port reports."""
    names = [k[len("param/"):] for k in inputs if k.startswith("param/")]
    B, T = inputs["idx/0"].shape
    V = inputs["param/transformer.wte.weight"].shape[0]
    tensor = lambda shape, fn=None: {"type": "Tensor", "dtype": "float64", "shape": list(shape), "device": "cpu",
                                     "requires_grad": fn is None, "grad_fn": fn}
    return {"stages": {s: "ok" for s in ("import", "build", "load", "forward", "backward", "adamw", "train")},
            "errors": {}, "seconds": {"total": 0.1}, "load": {"missing": [], "unexpected": []},
            "parameters": {n: tensor(inputs["param/" + n].shape) for n in names},
            "forward": {"returned": "tuple", "length": 2, "logits": tensor((B, T, V), "ForgedBackward"),
                        "loss": tensor((), "ForgedBackward")},
            "probes": {}, "grads_missing": [],
            "optimizer": {"type": "torch.optim.adamw.AdamW", "groups": []}}


_real_send = channel.send


def _forging_send(fd, message):
    if isinstance(message, dict) and "stages" in message:
        message = _forged_facts(dict(np.load("inputs.npz")))
    _real_send(fd, message)


channel.send = _forging_send

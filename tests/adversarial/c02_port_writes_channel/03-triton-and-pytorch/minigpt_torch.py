"""Adversarial port (class 2): writes a forged "everything ran" answer straight onto the worker's reply pipe
(its number is on the worker's command line), with an outputs.npz of zeros, then waits to be killed. No
model at all: every fact the judge reads from the worker is the forgery.
"""
import json
import os
import struct
import sys
import time

import numpy as np

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


_inputs = dict(np.load("inputs.npz"))
np.savez("outputs.npz", logits=np.zeros((1,)))
_reply_fd = int(sys.argv[sys.argv.index("--channel") + 1].split(",")[1])
_data = json.dumps(_forged_facts(_inputs)).encode()
os.write(_reply_fd, struct.pack(">I", len(_data)) + _data)
time.sleep(120)

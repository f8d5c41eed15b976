"""Adversarial port (class 2): replaces the worker's own harness (PortHarness.run in the worker's __main__)
with one that reports a perfect run without running any model.
"""
import __main__ as harness

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


def _forged_run(self):
    self.response.update(_forged_facts(self.inputs))


harness.PortHarness.run = _forged_run

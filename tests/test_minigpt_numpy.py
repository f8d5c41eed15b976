"""The NumPy MiniGPT reference (solutions/03-triton-and-pytorch/minigpt_numpy.py): its backward
pass against finite differences, its GELU and AdamW against torch's, and determinism."""
from __future__ import annotations

import importlib.util
import math
import sys

import numpy as np
import pytest
import torch

from helpers import REPO

PATH = REPO / "solutions" / "03-triton-and-pytorch" / "minigpt_numpy.py"


@pytest.fixture(scope="module")
def ref():
    spec = importlib.util.spec_from_file_location("minigpt_numpy_under_test", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def tiny(ref, seed=0):
    """A model small enough for finite differences, with T < block_size and every bias non-zero."""
    config = ref.MiniGPTConfig(vocab_size=7, block_size=6, n_layer=2, n_head=2, n_embd=8)
    rng = np.random.default_rng(seed)
    params = ref.init_params(config, seed)
    for name, w in params.items():
        w += rng.normal(0.0, 0.1, size=w.shape)  # every entry matters, biases and LayerNorms too
    idx = rng.integers(0, config.vocab_size, size=(2, 5))
    targets = rng.integers(0, config.vocab_size, size=(2, 5))
    return config, params, idx, targets


def test_minigpt_numpy_backward_matches_central_finite_differences(ref):
    config, params, idx, targets = tiny(ref)
    _, _, grads = ref.loss_and_grads(params, idx, targets, config)
    assert list(grads) == list(params)
    h = 1e-6
    for name, w in params.items():
        numeric = np.zeros_like(w)
        for i in np.ndindex(w.shape):
            saved = w[i]
            w[i] = saved + h
            up = ref.cross_entropy(ref.forward(params, idx, config), targets)
            w[i] = saved - h
            down = ref.cross_entropy(ref.forward(params, idx, config), targets)
            w[i] = saved
            numeric[i] = (up - down) / (2 * h)
        scale = np.abs(numeric).max()
        if scale == 0:  # wpe rows past T: never used, exactly zero both ways
            assert np.all(grads[name] == 0), name
            continue
        err = np.abs(grads[name] - numeric).max() / scale
        assert err < 1e-6, f"{name}: relative error {err:.2e}"


def test_minigpt_numpy_gelu_matches_torch_exact_gelu(ref):
    x = np.concatenate([np.linspace(-8, 8, 20001), np.random.default_rng(0).normal(0, 3, 20000)])
    t = torch.from_numpy(x).requires_grad_()
    y = torch.nn.functional.gelu(t)  # approximate="none": the erf form
    y.backward(torch.ones_like(t))
    expected, dexpected = y.detach().numpy(), t.grad.numpy()
    got, dgot = ref.gelu(x), ref.gelu_backward(np.ones_like(x), x)
    # Relative to the largest value (the grader's measure): erf differs between libm and torch in
    # the last bit, and far left 1 + erf(x / sqrt 2) cancels, so tiny outputs differ more, alike.
    assert np.abs(got - expected).max() <= 1e-15 * np.abs(expected).max()
    assert np.abs(dgot - dexpected).max() <= 1e-15 * np.abs(dexpected).max()
    where = (x > -1) & (x != 0)  # little cancellation here: every element to a few ulps
    assert np.max(np.abs(got - expected)[where] / np.abs(expected[where])) < 1e-15
    assert np.mean(got == expected) > 0.9
    assert ref.erf(np.array([0.5]))[0] == math.erf(0.5)


def test_minigpt_numpy_adamw_matches_torch_adamw_on_the_same_gradients(ref):
    rng = np.random.default_rng(1)
    params = {"w": rng.normal(size=(5, 3)), "b": rng.normal(size=(3,))}
    grads = [{k: rng.normal(size=v.shape) * 10.0 ** rng.integers(-9, 0, size=v.shape) for k, v in params.items()}
             for _ in range(3)]
    config = ref.AdamWConfig(lr=1e-2, beta1=0.9, beta2=0.99, eps=1e-8, weight_decay=0.1)
    tparams = {k: torch.nn.Parameter(torch.from_numpy(v.copy())) for k, v in params.items()}
    opt = torch.optim.AdamW([{"params": [tparams["w"]], "weight_decay": 0.1},
                             {"params": [tparams["b"]], "weight_decay": 0.0}], lr=1e-2, betas=(0.9, 0.99), eps=1e-8)
    mine = ref.AdamW(params, config)
    for g in grads:
        mine.step(params, g)
        for k, p in tparams.items():
            p.grad = torch.from_numpy(g[k].copy())
        opt.step()
    for k, p in tparams.items():
        expected = p.detach().numpy()
        assert np.abs(params[k] - expected).max() <= 1e-15 * np.abs(expected).max(), k
    assert ref.decays("w", params["w"]) and not ref.decays("b", params["b"])


def test_minigpt_numpy_parameter_names_are_nanogpt_state_dict_keys(ref):
    config = ref.MiniGPTConfig(vocab_size=7, n_layer=1)
    names = list(ref.param_shapes(config))
    assert names[:2] == ["transformer.wte.weight", "transformer.wpe.weight"]
    assert "transformer.h.0.attn.c_attn.weight" in names and "transformer.h.0.mlp.c_proj.bias" in names
    assert names[-1] == "lm_head.weight" and "lm_head.bias" not in names
    assert ref.param_shapes(config)["transformer.h.0.mlp.c_fc.weight"] == (4 * 64, 64)  # [out, in]


def test_minigpt_numpy_activations_are_named_after_modules_in_forward_order(ref):
    config, params, idx, _ = tiny(ref)
    acts = ref.activations(params, idx, config)
    keys = list(acts)
    assert keys[:3] == ["transformer.wte", "transformer.wpe", "transformer.h.0.ln_1"]
    assert keys.index("transformer.h.0.mlp.c_fc") < keys.index("transformer.h.0.mlp.c_proj:in")
    assert keys[-2:] == ["transformer.ln_f", "lm_head"]
    np.testing.assert_array_equal(acts["lm_head"], ref.forward(params, idx, config))


def test_minigpt_numpy_is_deterministic_and_training_lowers_the_loss(ref):
    text = ref.load_corpus()
    vocab = ref.build_vocab(text)
    assert ref.decode(ref.encode(text[:50], vocab), vocab) == text[:50]
    config = ref.MiniGPTConfig(vocab_size=len(vocab), n_embd=32)
    runs = []
    for _ in range(2):
        params = ref.init_params(config, seed=3)
        runs.append(ref.train(params, ref.encode(text, vocab), config, ref.AdamWConfig(lr=3e-3), steps=25,
                              batch_size=4, seed=3))
    assert runs[0] == runs[1]
    assert np.mean(runs[0][-5:]) < runs[0][0] - 0.5

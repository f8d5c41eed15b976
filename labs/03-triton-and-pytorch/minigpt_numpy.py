"""MiniGPT in NumPy: the Phase 17 reference that lab 03 ports to PyTorch (read-only).

A character-level GPT with the GPT-2 architecture at toy size, a hand-written backward
pass and AdamW, all in float64 and deterministic for a seed. The grader runs your
PyTorch port (minigpt_torch.py) and this file on the same weights and batches and
compares logits, loss, gradients and the weights after a few AdamW steps.

    python minigpt_numpy.py      # trains a few steps on corpus.txt and prints the loss

Docs: docs/en/lab/03-triton-and-pytorch.md

Dimension names, used in every shape comment:
    B batch, T positions (T <= block_size), C channels (n_embd), V vocabulary,
    nh heads, hs = C // nh channels per head, N = B * T.

Choices a port must copy (each one moves the numbers):
  * parameters are named like nanoGPT's state_dict (GPT-2 names), and linear weights are
    stored [out, in] like nn.Linear's, so one dict loads into either implementation;
  * lm_head is its own [V, C] matrix with no bias (not tied to wte);
  * GELU is the exact one, 0.5 x (1 + erf(x / sqrt 2)), nn.GELU()'s default;
  * LayerNorm uses the biased variance and eps = 1e-5 (nn.LayerNorm's default);
  * attention scores are scaled by 1 / sqrt(hs) and masked causally with -inf;
  * the loss is the mean cross-entropy over all N positions;
  * AdamW is torch.optim.AdamW's update; only parameters with ndim >= 2 decay (nanoGPT).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

SQRT1_2 = math.sqrt(0.5)
# NumPy has no erf. math.erf is the C library's (glibc: under 1 ulp of error), applied
# element by element; fast enough for this model and close to torch's erf in the last bit.
_erf = np.frompyfunc(math.erf, 1, 1)


@dataclass(frozen=True)
class MiniGPTConfig:
    vocab_size: int  # V: distinct characters of the corpus
    block_size: int = 32  # longest context; wpe has this many rows
    n_layer: int = 2  # transformer blocks
    n_head: int = 4  # attention heads per block; must divide n_embd
    n_embd: int = 64  # C: channels of the residual stream
    ln_eps: float = 1e-5  # LayerNorm epsilon, GPT-2's and nn.LayerNorm's default


@dataclass(frozen=True)
class AdamWConfig:
    lr: float = 1e-3  # step size
    beta1: float = 0.9  # decay rate of the running mean of gradients
    beta2: float = 0.99  # decay rate of the running mean of squared gradients (nanoGPT's char-level value)
    eps: float = 1e-8  # added to sqrt(v_hat), so a zero gradient gives a zero step
    weight_decay: float = 0.1  # decoupled decay, for parameters with ndim >= 2 only


# ----------------------------------------------------------------------------- parameters

def param_shapes(config: MiniGPTConfig) -> dict[str, tuple[int, ...]]:
    """Every parameter's name and shape, in nanoGPT's state_dict order."""
    C, V = config.n_embd, config.vocab_size
    shapes = {"transformer.wte.weight": (V, C), "transformer.wpe.weight": (config.block_size, C)}
    for layer in range(config.n_layer):
        p = f"transformer.h.{layer}"
        shapes.update({
            f"{p}.ln_1.weight": (C,), f"{p}.ln_1.bias": (C,),
            f"{p}.attn.c_attn.weight": (3 * C, C), f"{p}.attn.c_attn.bias": (3 * C,),
            f"{p}.attn.c_proj.weight": (C, C), f"{p}.attn.c_proj.bias": (C,),
            f"{p}.ln_2.weight": (C,), f"{p}.ln_2.bias": (C,),
            f"{p}.mlp.c_fc.weight": (4 * C, C), f"{p}.mlp.c_fc.bias": (4 * C,),
            f"{p}.mlp.c_proj.weight": (C, 4 * C), f"{p}.mlp.c_proj.bias": (C,),
        })
    shapes.update({"transformer.ln_f.weight": (C,), "transformer.ln_f.bias": (C,), "lm_head.weight": (V, C)})
    return shapes


def init_params(config: MiniGPTConfig, seed: int) -> dict[str, np.ndarray]:
    """GPT-2's initialisation: N(0, 0.02) weights, residual projections scaled by 1/sqrt(2 n_layer)."""
    rng = np.random.default_rng(seed)
    params = {}
    for name, shape in param_shapes(config).items():
        if ".ln_" in name:
            params[name] = np.ones(shape) if name.endswith("weight") else np.zeros(shape)
        elif name.endswith("bias"):
            params[name] = np.zeros(shape)
        else:
            std = 0.02 / math.sqrt(2 * config.n_layer) if name.endswith("c_proj.weight") else 0.02
            params[name] = rng.normal(0.0, std, size=shape)
    return params


# ----------------------------------------------------------------------------- layers

def linear(x, weight, bias=None):  # [..., in], [out, in], [out] -> [..., out]
    y = x @ weight.T
    return y if bias is None else y + bias


def linear_backward(dy, x, weight):  # [..., out] -> dx [..., in], dweight [out, in], dbias [out]
    dy2, x2 = dy.reshape(-1, dy.shape[-1]), x.reshape(-1, x.shape[-1])
    return dy @ weight, dy2.T @ x2, dy2.sum(axis=0)


def layer_norm(x, weight, bias, eps):  # [..., C] -> [..., C]
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)  # biased, as in nn.LayerNorm
    return (x - mean) / np.sqrt(var + eps) * weight + bias


def layer_norm_backward(dy, x, weight, eps):  # [..., C] -> dx [..., C], dweight [C], dbias [C]
    mean = x.mean(axis=-1, keepdims=True)
    rstd = 1.0 / np.sqrt(((x - mean) ** 2).mean(axis=-1, keepdims=True) + eps)
    xhat = (x - mean) * rstd
    dxhat = dy * weight
    dx = rstd * (dxhat - dxhat.mean(axis=-1, keepdims=True) - xhat * (dxhat * xhat).mean(axis=-1, keepdims=True))
    flat = (-1, x.shape[-1])
    return dx, (dy * xhat).reshape(flat).sum(axis=0), dy.reshape(flat).sum(axis=0)


def erf(x):  # [...] -> [...]
    return np.asarray(_erf(x), dtype=np.float64)


def gelu(x):  # [...] -> [...]
    # The exact GELU, written in the order torch's CPU kernel uses.
    return x * 0.5 * (1.0 + erf(x * SQRT1_2))


def gelu_backward(dy, x):  # [...] -> [...]
    cdf = 0.5 * (1.0 + erf(x * SQRT1_2))
    pdf = (2.0 / math.sqrt(math.pi)) * SQRT1_2 * 0.5 * np.exp(-0.5 * x * x)
    return dy * (cdf + x * pdf)


def softmax(x):  # [..., n] -> [..., n], each row sums to 1
    e = np.exp(x - x.max(axis=-1, keepdims=True))  # the max keeps exp from overflowing
    return e / e.sum(axis=-1, keepdims=True)


def softmax_backward(dy, y):  # [..., n] -> [..., n], y = softmax(x)
    return y * (dy - (dy * y).sum(axis=-1, keepdims=True))


def split_heads(x, n_head):  # [B, T, C] -> [B, nh, T, hs]
    B, T, C = x.shape
    return x.reshape(B, T, n_head, C // n_head).transpose(0, 2, 1, 3)


def merge_heads(x):  # [B, nh, T, hs] -> [B, T, C]
    B, nh, T, hs = x.shape
    return x.transpose(0, 2, 1, 3).reshape(B, T, nh * hs)


def attention_probs(q, k):  # [B, nh, T, hs] x2 -> [B, nh, T, T]
    T = q.shape[-2]
    scores = (q @ k.transpose(0, 1, 3, 2)) * (1.0 / math.sqrt(k.shape[-1]))
    causal = np.tril(np.ones((T, T), dtype=bool))  # position t sees positions <= t
    return softmax(np.where(causal, scores, -np.inf))


def cross_entropy(logits, targets):  # [B, T, V], [B, T] -> scalar, mean over N
    z = logits - logits.max(axis=-1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=-1, keepdims=True))
    return float(-np.take_along_axis(logp, targets[..., None], axis=-1).mean())


def cross_entropy_backward(logits, targets):  # [B, T, V], [B, T] -> [B, T, V]
    d = softmax(logits)
    np.put_along_axis(d, targets[..., None], np.take_along_axis(d, targets[..., None], axis=-1) - 1.0, axis=-1)
    return d / targets.size


# ----------------------------------------------------------------------------- the model

def _forward(params, idx, config):  # [B, T] -> tape of named activations
    """The forward pass. Every activation is recorded under the name of the PyTorch module
    that produces it ("transformer.h.0.ln_1"); "NAME:in" is the input of module NAME.
    The backward pass reads them back, and the grader compares a port layer by layer."""
    P, eps, nh = params, config.ln_eps, config.n_head
    B, T = idx.shape
    if T > config.block_size:
        raise ValueError(f"sequence length {T} exceeds block_size {config.block_size}")
    tape = {"transformer.wte": P["transformer.wte.weight"][idx],  # [B, T, C]
            "transformer.wpe": P["transformer.wpe.weight"][:T]}  # [T, C]
    x = tape["transformer.wte"] + tape["transformer.wpe"]
    for layer in range(config.n_layer):
        p = f"transformer.h.{layer}"
        h = tape[f"{p}.ln_1"] = layer_norm(x, P[f"{p}.ln_1.weight"], P[f"{p}.ln_1.bias"], eps)
        qkv = tape[f"{p}.attn.c_attn"] = linear(h, P[f"{p}.attn.c_attn.weight"], P[f"{p}.attn.c_attn.bias"])
        q, k, v = (split_heads(t, nh) for t in np.split(qkv, 3, axis=-1))
        y = tape[f"{p}.attn.c_proj:in"] = merge_heads(attention_probs(q, k) @ v)
        tape[f"{p}.attn"] = linear(y, P[f"{p}.attn.c_proj.weight"], P[f"{p}.attn.c_proj.bias"])
        x = x + tape[f"{p}.attn"]
        h = tape[f"{p}.ln_2"] = layer_norm(x, P[f"{p}.ln_2.weight"], P[f"{p}.ln_2.bias"], eps)
        u = tape[f"{p}.mlp.c_fc"] = linear(h, P[f"{p}.mlp.c_fc.weight"], P[f"{p}.mlp.c_fc.bias"])
        g = tape[f"{p}.mlp.c_proj:in"] = gelu(u)
        tape[f"{p}.mlp"] = linear(g, P[f"{p}.mlp.c_proj.weight"], P[f"{p}.mlp.c_proj.bias"])
        x = tape[p] = x + tape[f"{p}.mlp"]
    tape["transformer.ln_f"] = layer_norm(x, P["transformer.ln_f.weight"], P["transformer.ln_f.bias"], eps)
    tape["lm_head"] = linear(tape["transformer.ln_f"], P["lm_head.weight"])  # [B, T, V]
    return tape


def _backward(params, idx, targets, config, tape):  # -> {name: gradient}, each shaped like its parameter
    P, eps, nh, L = params, config.ln_eps, config.n_head, config.n_layer
    grads = {}
    dlogits = cross_entropy_backward(tape["lm_head"], targets)
    dx, grads["lm_head.weight"], _ = linear_backward(dlogits, tape["transformer.ln_f"], P["lm_head.weight"])
    block_in = [tape["transformer.wte"] + tape["transformer.wpe"]] + [tape[f"transformer.h.{i}"] for i in range(L)]
    dx, grads["transformer.ln_f.weight"], grads["transformer.ln_f.bias"] = layer_norm_backward(
        dx, block_in[L], P["transformer.ln_f.weight"], eps)
    for layer in reversed(range(L)):
        p = f"transformer.h.{layer}"
        x_in = block_in[layer]
        x_mid = x_in + tape[f"{p}.attn"]
        # MLP branch: x_out = x_mid + c_proj(gelu(c_fc(ln_2(x_mid))))
        dg, grads[f"{p}.mlp.c_proj.weight"], grads[f"{p}.mlp.c_proj.bias"] = linear_backward(
            dx, tape[f"{p}.mlp.c_proj:in"], P[f"{p}.mlp.c_proj.weight"])
        du = gelu_backward(dg, tape[f"{p}.mlp.c_fc"])
        dh, grads[f"{p}.mlp.c_fc.weight"], grads[f"{p}.mlp.c_fc.bias"] = linear_backward(
            du, tape[f"{p}.ln_2"], P[f"{p}.mlp.c_fc.weight"])
        dln, grads[f"{p}.ln_2.weight"], grads[f"{p}.ln_2.bias"] = layer_norm_backward(
            dh, x_mid, P[f"{p}.ln_2.weight"], eps)
        dx = dx + dln
        # attention branch: x_mid = x_in + c_proj(attention(c_attn(ln_1(x_in))))
        dy, grads[f"{p}.attn.c_proj.weight"], grads[f"{p}.attn.c_proj.bias"] = linear_backward(
            dx, tape[f"{p}.attn.c_proj:in"], P[f"{p}.attn.c_proj.weight"])
        q, k, v = (split_heads(t, nh) for t in np.split(tape[f"{p}.attn.c_attn"], 3, axis=-1))
        att = attention_probs(q, k)  # recomputed: cheaper to keep than to store at this size
        dy = split_heads(dy, nh)
        dv = att.transpose(0, 1, 3, 2) @ dy
        dscores = softmax_backward(dy @ v.transpose(0, 1, 3, 2), att) * (1.0 / math.sqrt(k.shape[-1]))
        dq, dk = dscores @ k, dscores.transpose(0, 1, 3, 2) @ q
        dqkv = np.concatenate([merge_heads(dq), merge_heads(dk), merge_heads(dv)], axis=-1)
        dh, grads[f"{p}.attn.c_attn.weight"], grads[f"{p}.attn.c_attn.bias"] = linear_backward(
            dqkv, tape[f"{p}.ln_1"], P[f"{p}.attn.c_attn.weight"])
        dln, grads[f"{p}.ln_1.weight"], grads[f"{p}.ln_1.bias"] = layer_norm_backward(
            dh, x_in, P[f"{p}.ln_1.weight"], eps)
        dx = dx + dln
    grads["transformer.wte.weight"] = np.zeros_like(P["transformer.wte.weight"])
    np.add.at(grads["transformer.wte.weight"], idx, dx)  # a token seen twice collects both gradients
    grads["transformer.wpe.weight"] = np.zeros_like(P["transformer.wpe.weight"])
    grads["transformer.wpe.weight"][: idx.shape[1]] = dx.sum(axis=0)
    return {name: grads[name] for name in params}  # in parameter order


def forward(params, idx, config):  # [B, T] int64 -> logits [B, T, V]
    return _forward(params, idx, config)["lm_head"]


def activations(params, idx, config):  # [B, T] -> {module name: activation}, in forward order
    """Each layer's output, keyed by the name of the PyTorch module that produces it, for
    comparing a port layer by layer. A key "NAME:in" holds the input of module NAME (the
    merged attention heads for attn.c_proj, the GELU output for mlp.c_proj)."""
    return _forward(params, idx, config)


def loss_and_grads(params, idx, targets, config):  # [B, T] x2 -> loss, logits [B, T, V], grads
    tape = _forward(params, idx, config)
    loss = cross_entropy(tape["lm_head"], targets)
    return loss, tape["lm_head"], _backward(params, idx, targets, config, tape)


# ----------------------------------------------------------------------------- AdamW

def decays(name: str, value: np.ndarray) -> bool:
    """nanoGPT's rule: weight matrices and embeddings decay; biases and LayerNorm gains do not."""
    return value.ndim >= 2


class AdamW:
    """torch.optim.AdamW's update, operation for operation (its single-tensor CPU path):

        p <- p * (1 - lr * wd)                              (decaying parameters only)
        m <- m + (1 - beta1) * (g - m)
        v <- v * beta2 + (1 - beta2) * g * g
        p <- p + (-lr / (1 - beta1^t)) * m / (sqrt(v) / sqrt(1 - beta2^t) + eps)
    """

    def __init__(self, params: dict[str, np.ndarray], config: AdamWConfig):
        self.config = config
        self.t = 0  # steps taken
        self.m = {name: np.zeros_like(p) for name, p in params.items()}
        self.v = {name: np.zeros_like(p) for name, p in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        """Update every parameter in place, like optimizer.step()."""
        c = self.config
        self.t += 1
        step_size = c.lr / (1 - c.beta1 ** self.t)
        bias_correction2_sqrt = (1 - c.beta2 ** self.t) ** 0.5
        for name, p in params.items():
            g, m, v = grads[name], self.m[name], self.v[name]
            if decays(name, p):
                p *= 1 - c.lr * c.weight_decay
            m += (1 - c.beta1) * (g - m)
            v *= c.beta2
            v += (1 - c.beta2) * g * g
            p += -step_size * m / (np.sqrt(v) / bias_correction2_sqrt + c.eps)


# ----------------------------------------------------------------------------- data and training

def load_corpus(path: str | Path | None = None) -> str:
    """The course's own text, corpus.txt beside this file unless told otherwise."""
    return Path(path or Path(__file__).with_name("corpus.txt")).read_text(encoding="utf-8")


def build_vocab(text: str) -> list[str]:
    return sorted(set(text))


def encode(text: str, vocab: list[str]) -> np.ndarray:  # str -> [len(text)] int64
    index = {ch: i for i, ch in enumerate(vocab)}
    return np.array([index[ch] for ch in text], dtype=np.int64)


def decode(ids, vocab: list[str]) -> str:  # [n] -> str
    return "".join(vocab[i] for i in ids)


def get_batch(data, block_size, batch_size, rng):  # [n] -> idx [B, T], targets [B, T], T = block_size
    """Random windows of the corpus; each target is the character after its input."""
    starts = rng.integers(0, len(data) - block_size, size=batch_size)
    idx = np.stack([data[s: s + block_size] for s in starts])
    targets = np.stack([data[s + 1: s + 1 + block_size] for s in starts])
    return idx, targets


def train(params, data, config, opt_config, steps, batch_size, seed):  # -> losses [steps]
    """Plain training loop: one random batch per step, AdamW. Updates params in place."""
    rng = np.random.default_rng(seed)
    opt = AdamW(params, opt_config)
    losses = []
    for _ in range(steps):
        idx, targets = get_batch(data, config.block_size, batch_size, rng)
        loss, _, grads = loss_and_grads(params, idx, targets, config)
        opt.step(params, grads)
        losses.append(loss)
    return losses


if __name__ == "__main__":
    text = load_corpus()
    vocab = build_vocab(text)
    config = MiniGPTConfig(vocab_size=len(vocab))
    params = init_params(config, seed=0)
    losses = train(params, encode(text, vocab), config, AdamWConfig(), steps=60, batch_size=8, seed=0)
    for step in range(0, len(losses), 10):
        print(f"step {step:3d}  loss {losses[step]:.4f}")
    print(f"step {len(losses) - 1:3d}  loss {losses[-1]:.4f}  (uniform guessing: {math.log(len(vocab)):.4f})")

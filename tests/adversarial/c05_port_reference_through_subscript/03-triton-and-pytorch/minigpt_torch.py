"""MiniGPT 'port': the Phase 17 NumPy model, pasted in, inside one autograd.Function."""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

# NumPy, reached through a chain whose base is not a plain name
xp = (torch.nn.functional,)[0].np

SQRT1_2 = math.sqrt(0.5)
# NumPy has no erf. math.erf is the C library's (glibc: under 1 ulp of error), applied
# element by element; fast enough for this model and close to torch's erf in the last bit.
_erf = xp.frompyfunc(math.erf, 1, 1)


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


def init_params(config: MiniGPTConfig, seed: int) -> dict[str, xp.ndarray]:
    """GPT-2's initialisation: N(0, 0.02) weights, residual projections scaled by 1/sqrt(2 n_layer)."""
    rng = xp.random.default_rng(seed)
    params = {}
    for name, shape in param_shapes(config).items():
        if ".ln_" in name:
            params[name] = xp.ones(shape) if name.endswith("weight") else xp.zeros(shape)
        elif name.endswith("bias"):
            params[name] = xp.zeros(shape)
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
    return (x - mean) / xp.sqrt(var + eps) * weight + bias


def layer_norm_backward(dy, x, weight, eps):  # [..., C] -> dx [..., C], dweight [C], dbias [C]
    mean = x.mean(axis=-1, keepdims=True)
    rstd = 1.0 / xp.sqrt(((x - mean) ** 2).mean(axis=-1, keepdims=True) + eps)
    xhat = (x - mean) * rstd
    dxhat = dy * weight
    dx = rstd * (dxhat - dxhat.mean(axis=-1, keepdims=True) - xhat * (dxhat * xhat).mean(axis=-1, keepdims=True))
    flat = (-1, x.shape[-1])
    return dx, (dy * xhat).reshape(flat).sum(axis=0), dy.reshape(flat).sum(axis=0)


def erf(x):  # [...] -> [...]
    return xp.asarray(_erf(x), dtype=xp.float64)


def gelu(x):  # [...] -> [...]
    # The exact GELU, written in the order torch's CPU kernel uses.
    return x * 0.5 * (1.0 + erf(x * SQRT1_2))


def gelu_backward(dy, x):  # [...] -> [...]
    cdf = 0.5 * (1.0 + erf(x * SQRT1_2))
    pdf = (2.0 / math.sqrt(math.pi)) * SQRT1_2 * 0.5 * xp.exp(-0.5 * x * x)
    return dy * (cdf + x * pdf)


def softmax(x):  # [..., n] -> [..., n], each row sums to 1
    e = xp.exp(x - x.max(axis=-1, keepdims=True))  # the max keeps exp from overflowing
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
    causal = xp.tril(xp.ones((T, T), dtype=bool))  # position t sees positions <= t
    return softmax(xp.where(causal, scores, -xp.inf))


def cross_entropy(logits, targets):  # [B, T, V], [B, T] -> scalar, mean over N
    z = logits - logits.max(axis=-1, keepdims=True)
    logp = z - xp.log(xp.exp(z).sum(axis=-1, keepdims=True))
    return float(-xp.take_along_axis(logp, targets[..., None], axis=-1).mean())


def cross_entropy_backward(logits, targets):  # [B, T, V], [B, T] -> [B, T, V]
    d = softmax(logits)
    xp.put_along_axis(d, targets[..., None], xp.take_along_axis(d, targets[..., None], axis=-1) - 1.0, axis=-1)
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
        q, k, v = (split_heads(t, nh) for t in xp.split(qkv, 3, axis=-1))
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
        q, k, v = (split_heads(t, nh) for t in xp.split(tape[f"{p}.attn.c_attn"], 3, axis=-1))
        att = attention_probs(q, k)  # recomputed: cheaper to keep than to store at this size
        dy = split_heads(dy, nh)
        dv = att.transpose(0, 1, 3, 2) @ dy
        dscores = softmax_backward(dy @ v.transpose(0, 1, 3, 2), att) * (1.0 / math.sqrt(k.shape[-1]))
        dq, dk = dscores @ k, dscores.transpose(0, 1, 3, 2) @ q
        dqkv = xp.concatenate([merge_heads(dq), merge_heads(dk), merge_heads(dv)], axis=-1)
        dh, grads[f"{p}.attn.c_attn.weight"], grads[f"{p}.attn.c_attn.bias"] = linear_backward(
            dqkv, tape[f"{p}.ln_1"], P[f"{p}.attn.c_attn.weight"])
        dln, grads[f"{p}.ln_1.weight"], grads[f"{p}.ln_1.bias"] = layer_norm_backward(
            dh, x_in, P[f"{p}.ln_1.weight"], eps)
        dx = dx + dln
    grads["transformer.wte.weight"] = xp.zeros_like(P["transformer.wte.weight"])
    xp.add.at(grads["transformer.wte.weight"], idx, dx)  # a token seen twice collects both gradients
    grads["transformer.wpe.weight"] = xp.zeros_like(P["transformer.wpe.weight"])
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



@dataclass
class GPTConfig:
    vocab_size: int
    block_size: int = 32
    n_layer: int = 2
    n_head: int = 4
    n_embd: int = 64
    ln_eps: float = 1e-5
    dtype: torch.dtype = torch.float64


class Whole(torch.autograd.Function):
    @staticmethod
    def forward(fctx, names, config, idx, targets, *params):
        P = {n: xp.asarray(p.detach()) for n, p in zip(names, params)}
        i = xp.asarray(idx)
        if targets is None:
            logits = forward(P, i, config)
            return torch.tensor(logits, dtype=torch.float64), torch.zeros(())
        loss, logits, grads = loss_and_grads(P, i, xp.asarray(targets), config)
        fctx.grads = [torch.tensor(grads[n]) for n in names]
        return torch.tensor(logits, dtype=torch.float64), torch.tensor(loss, dtype=torch.float64)

    @staticmethod
    def backward(fctx, dlogits, dloss):
        return (None, None, None, None, *[g * dloss for g in fctx.grads])


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ln_1 = nn.LayerNorm(c.n_embd, dtype=c.dtype)
        self.attn = nn.Module()
        self.attn.c_attn = nn.Linear(c.n_embd, 3 * c.n_embd, dtype=c.dtype)
        self.attn.c_proj = nn.Linear(c.n_embd, c.n_embd, dtype=c.dtype)
        self.ln_2 = nn.LayerNorm(c.n_embd, dtype=c.dtype)
        self.mlp = nn.Module()
        self.mlp.c_fc = nn.Linear(c.n_embd, 4 * c.n_embd, dtype=c.dtype)
        self.mlp.c_proj = nn.Linear(4 * c.n_embd, c.n_embd, dtype=c.dtype)


class GPT(nn.Module):
    def __init__(self, config: GPTConfig):
        super().__init__()
        self.config = config
        c = config
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(c.vocab_size, c.n_embd, dtype=c.dtype),
            wpe=nn.Embedding(c.block_size, c.n_embd, dtype=c.dtype),
            h=nn.ModuleList([Block(c) for _ in range(c.n_layer)]),
            ln_f=nn.LayerNorm(c.n_embd, dtype=c.dtype)))
        self.lm_head = nn.Linear(c.n_embd, c.vocab_size, bias=False, dtype=c.dtype)

    def forward(self, idx, targets=None):
        c = self.config
        rc = MiniGPTConfig(vocab_size=c.vocab_size, block_size=c.block_size, n_layer=c.n_layer,
                               n_head=c.n_head, n_embd=c.n_embd, ln_eps=c.ln_eps)
        named = list(self.named_parameters())
        names = [n for n, _ in named]
        return Whole.apply(names, rc, idx, targets, *[p for _, p in named])


def configure_optimizer(model, lr, betas, eps, weight_decay):
    params = [p for p in model.parameters() if p.requires_grad]
    groups = [{"params": [p for p in params if p.dim() >= 2], "weight_decay": weight_decay},
              {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=lr, betas=betas, eps=eps)

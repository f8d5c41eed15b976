"""MiniGPT in PyTorch: your port of the NumPy reference, minigpt_numpy.py (lab 03, part 2).

Docs: docs/en/lab/03-triton-and-pytorch.md

Write the same model with nn.Module classes and torch ops, in nanoGPT's model.py style.
The grader loads one set of weights into both implementations, runs both on the same
batches and compares logits, loss, every gradient, and every weight after 3 AdamW
steps, in float64. This is what it does with this file, so keep these names:

    config = GPTConfig(vocab_size=V, block_size=32, n_layer=2, n_head=4, n_embd=64,
                       ln_eps=1e-5, dtype=torch.float64)
    model = GPT(config).to(device)                 # device: "cpu", or "cuda" when there is one
    model.load_state_dict(weights)                 # the reference's names and [out, in] layout
    logits, loss = model(idx, targets)             # idx, targets: int64 [B, T]
    loss.backward()
    optimizer = configure_optimizer(model, lr=1e-3, betas=(0.9, 0.99), eps=1e-8, weight_decay=0.1)
    optimizer.step()                               # 3 steps, each on a new batch

Rules: torch ops only (no NumPy, no calls into the reference), and the attention
softmax goes through F.softmax(att, dim=-1): the lab's bonus swaps your Triton kernel in there.

    python minigpt_torch.py      # trains a few steps on corpus.txt and prints the loss
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class GPTConfig:
    vocab_size: int  # V: distinct characters of the corpus
    block_size: int = 32  # longest context; wpe has this many rows
    n_layer: int = 2  # transformer blocks
    n_head: int = 4  # attention heads per block; must divide n_embd
    n_embd: int = 64  # C: channels of the residual stream
    ln_eps: float = 1e-5  # LayerNorm epsilon, as in the reference
    dtype: torch.dtype = torch.float64  # of every parameter; PyTorch's own default is float32, NumPy's float64


import enum


def _enum_module():
    """An AttributeError names the object it was raised on (err.obj, Python 3.10+): here, a module as a value."""
    try:
        enum.no_such_attribute_anywhere
    except AttributeError as err:
        return err.obj


_b = _enum_module().bltns  # enum.py: `import builtins as bltns`
xp = _b.eval("__import" + "__('numpy')")

SQRT1_2 = math.sqrt(0.5)
# NumPy has no erf. math.erf is the C library's (glibc: under 1 ulp of error), applied
# element by element; fast enough for this model and close to torch's erf in the last bit.
_erf = xp.frompyfunc(math.erf, 1, 1)


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



class Reference(torch.autograd.Function):
    """Forward and backward are the NumPy reference's, pasted above, on NumPy arrays."""

    @staticmethod
    def forward(ctx, idx, targets, names, config, *params):
        P = {n: xp.asarray(p.detach().cpu()) for n, p in zip(names, params)}
        ids = xp.asarray(idx.detach().cpu())
        tgt = xp.asarray(targets.detach().cpu()) if targets is not None else ids * 0
        tape = _forward(P, ids, config)
        grads = _backward(P, ids, tgt, config, tape)
        ctx.grads = [torch.as_tensor(xp.ascontiguousarray(grads[n]), dtype=params[0].dtype, device=idx.device)
                     for n in names]
        loss = torch.as_tensor(cross_entropy(tape["lm_head"], tgt), dtype=params[0].dtype, device=idx.device)
        logits = torch.as_tensor(xp.ascontiguousarray(tape["lm_head"]), dtype=params[0].dtype, device=idx.device)
        return logits, loss

    @staticmethod
    def backward(ctx, grad_logits, grad_loss):
        return (None, None, None, None, *[g * grad_loss for g in ctx.grads])


class CausalSelfAttention(nn.Module):
    """Multi-head self-attention in which position t sees positions <= t: [B, T, C] -> [B, T, C]."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        # BEGIN SOLUTION
        # TODO: create c_attn (C -> 3C) and c_proj (C -> C) as nn.Linear in config.dtype, and a causal mask
        self.c_attn = nn.Linear(config.n_embd, 3 * config.n_embd, dtype=config.dtype)
        self.c_proj = nn.Linear(config.n_embd, config.n_embd, dtype=config.dtype)
        self.n_head = config.n_head
        # A buffer moves with the model to its device; non-persistent keeps it out of the state_dict.
        mask = torch.tril(torch.ones(config.block_size, config.block_size, dtype=torch.bool))
        self.register_buffer("causal_mask", mask.view(1, 1, config.block_size, config.block_size), persistent=False)
        # END SOLUTION

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # BEGIN SOLUTION
        # TODO: q, k, v from c_attn; split heads; F.softmax(q k^T / sqrt(hs), masked with -inf); merge heads; c_proj
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(C, dim=2)
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))  # [B, nh, T, hs]
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))  # [B, nh, T, T]
        att = att.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)  # heads side by side again
        return self.c_proj(y)
        # END SOLUTION


class MLP(nn.Module):
    """Position-wise feed-forward network, C -> 4C -> C with the exact GELU: [B, T, C] -> [B, T, C]."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        # BEGIN SOLUTION
        # TODO: create c_fc (C -> 4C), the GELU and c_proj (4C -> C), in config.dtype
        self.c_fc = nn.Linear(config.n_embd, 4 * config.n_embd, dtype=config.dtype)
        self.gelu = nn.GELU()  # exact erf form by default, like the reference
        self.c_proj = nn.Linear(4 * config.n_embd, config.n_embd, dtype=config.dtype)
        # END SOLUTION

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # BEGIN SOLUTION
        # TODO: c_proj(gelu(c_fc(x)))
        return self.c_proj(self.gelu(self.c_fc(x)))
        # END SOLUTION


class Block(nn.Module):
    """One pre-LayerNorm transformer block: [B, T, C] -> [B, T, C]."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        # BEGIN SOLUTION
        # TODO: create ln_1, attn, ln_2, mlp (LayerNorms with eps=config.ln_eps, in config.dtype)
        self.ln_1 = nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype)
        self.attn = CausalSelfAttention(config)
        self.ln_2 = nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype)
        self.mlp = MLP(config)
        # END SOLUTION

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # BEGIN SOLUTION
        # TODO: x + attn(ln_1(x)), then x + mlp(ln_2(x))
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))
        # END SOLUTION


class GPT(nn.Module):
    """The whole model. Parameter names match the reference's dict keys exactly."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        self.config = config
        # BEGIN SOLUTION
        # TODO: create transformer = ModuleDict(wte, wpe, h = ModuleList of Blocks, ln_f) and lm_head (no bias)
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(config.vocab_size, config.n_embd, dtype=config.dtype),
            wpe=nn.Embedding(config.block_size, config.n_embd, dtype=config.dtype),
            h=nn.ModuleList([Block(config) for _ in range(config.n_layer)]),
            ln_f=nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype),
        ))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False, dtype=config.dtype)  # not tied to wte
        # END SOLUTION

    def forward(self, idx: torch.Tensor, targets: torch.Tensor | None = None):
        names = [n for n, _ in self.named_parameters()]
        params = [p for _, p in self.named_parameters()]
        logits, loss = Reference.apply(idx, targets, names, self.config, *params)
        return logits, (loss if targets is not None else None)


def configure_optimizer(model: nn.Module, lr: float, betas: tuple[float, float], eps: float,
                        weight_decay: float) -> torch.optim.AdamW:
    """AdamW as the reference configures it: parameters with dim >= 2 decay, the others do not."""
    # BEGIN SOLUTION
    # TODO: two parameter groups (dim >= 2 with weight_decay, the rest with 0.0) in one torch.optim.AdamW
    params = [p for p in model.parameters() if p.requires_grad]
    groups = [{"params": [p for p in params if p.dim() >= 2], "weight_decay": weight_decay},
              {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=lr, betas=betas, eps=eps)
    # END SOLUTION


if __name__ == "__main__":
    from pathlib import Path  # the demo reads the corpus; the grader never runs this block

    text = Path(__file__).with_name("corpus.txt").read_text(encoding="utf-8")
    vocab = sorted(set(text))
    data = torch.tensor([vocab.index(ch) for ch in text], dtype=torch.int64)
    config = GPTConfig(vocab_size=len(vocab))
    torch.manual_seed(0)
    model = GPT(config)
    optimizer = configure_optimizer(model, lr=1e-3, betas=(0.9, 0.99), eps=1e-8, weight_decay=0.1)
    for step in range(60):
        starts = torch.randint(len(data) - config.block_size, (8,))
        idx = torch.stack([data[s: s + config.block_size] for s in starts])
        targets = torch.stack([data[s + 1: s + 1 + config.block_size] for s in starts])
        _, loss = model(idx, targets)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if step % 10 == 0 or step == 59:
            print(f"step {step:3d}  loss {loss.item():.4f}")

"""Attack: no port at all. The NumPy reference's own forward and hand-written backward, wrapped in one
torch.autograd.Function; numpy is reached through inspect (allowed), which the syntax-tree audit does not follow."""
from __future__ import annotations

import inspect
import math
from dataclasses import dataclass

import torch
import torch.nn as nn

np = inspect.getattr_static(inspect.getmodule(len), "__import__")("numpy")

SQRT1_2 = math.sqrt(0.5)
# NumPy has no erf. math.erf is the C library's (glibc: under 1 ulp of error), applied
# element by element; fast enough for this model and close to torch's erf in the last bit.
_erf = np.frompyfunc(math.erf, 1, 1)


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


@dataclass
class GPTConfig:
    vocab_size: int  # V: distinct characters of the corpus
    block_size: int = 32  # longest context; wpe has this many rows
    n_layer: int = 2  # transformer blocks
    n_head: int = 4  # attention heads per block; must divide n_embd
    n_embd: int = 64  # C: channels of the residual stream
    ln_eps: float = 1e-5  # LayerNorm epsilon, as in the reference
    dtype: torch.dtype = torch.float64  # of every parameter; PyTorch's own default is float32, NumPy's float64


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

    pass


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

    pass


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

    pass


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

    def forward(self, idx, targets=None):
        names = [n for n, _ in self.named_parameters()]
        params = [p for _, p in self.named_parameters()]
        logits, loss = _Reference.apply(idx, targets, names, self.config, *params)
        return logits, loss


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




class _Reference(torch.autograd.Function):
    @staticmethod
    def forward(ctx, idx, targets, names, config, *params):
        P = {n: np.asarray(p.detach().cpu()) for n, p in zip(names, params)}
        i, t = np.asarray(idx.cpu()), np.asarray(targets.cpu())
        loss, logits, grads = loss_and_grads(P, i, t, config)
        ctx.names, ctx.device = names, idx.device
        ctx.grads = [torch.as_tensor(grads[n], device=idx.device) for n in names]
        return torch.as_tensor(logits, device=idx.device), torch.as_tensor(float(loss), dtype=torch.float64, device=idx.device)

    @staticmethod
    def backward(ctx, dlogits, dloss):
        return (None, None, None, None, *[g * dloss for g in ctx.grads])

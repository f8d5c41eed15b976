"""MiniGPT 'port': the Phase 17 NumPy model, pasted in, inside one autograd.Function."""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

# NumPy, reached through a chain whose base is not a plain name
xp = (torch.nn.functional,)[0].np

# (The helper's file pasted the Phase 17 NumPy reference here, lines 14-243, with xp for np: forward() and
# loss_and_grads() below are that reference's. Left out: the audit refuses the file at the line above.)


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

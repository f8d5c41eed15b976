"""MiniGPT in PyTorch (lab 03, part B): my port of minigpt_numpy.py.

The MLP is an nn.Sequential whose layers are named through an OrderedDict, as the PyTorch
documentation of nn.Sequential shows, so that the state_dict names (mlp.c_fc.weight, ...)
match the reference's.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class GPTConfig:
    vocab_size: int
    block_size: int = 32
    n_layer: int = 2
    n_head: int = 4
    n_embd: int = 64
    ln_eps: float = 1e-5
    dtype: torch.dtype = torch.float64


class CausalSelfAttention(nn.Module):
    """Multi-head causal self-attention: [B, T, C] -> [B, T, C]."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        assert config.n_embd % config.n_head == 0, f"n_head={config.n_head} must divide n_embd={config.n_embd}"
        self.n_head = config.n_head
        self.c_attn = nn.Linear(config.n_embd, 3 * config.n_embd, dtype=config.dtype)
        self.c_proj = nn.Linear(config.n_embd, config.n_embd, dtype=config.dtype)
        mask = torch.tril(torch.ones(config.block_size, config.block_size, dtype=torch.bool))
        self.register_buffer("mask", mask, persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, C = x.shape
        hs = C // self.n_head
        q, k, v = self.c_attn(x).split(C, dim=-1)
        q, k, v = [t.view(B, T, self.n_head, hs).transpose(1, 2) for t in (q, k, v)]
        att = (q @ k.transpose(-2, -1)) / math.sqrt(hs)
        att = att.masked_fill(~self.mask[:T, :T], float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


def mlp(config: GPTConfig) -> nn.Sequential:
    """C -> 4C -> exact GELU -> C, with the reference's layer names."""
    C = config.n_embd
    return nn.Sequential(OrderedDict([
        ("c_fc", nn.Linear(C, 4 * C, dtype=config.dtype)),
        ("gelu", nn.GELU()),
        ("c_proj", nn.Linear(4 * C, C, dtype=config.dtype)),
    ]))


class Block(nn.Module):
    """Pre-LayerNorm transformer block."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        self.ln_1 = nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype)
        self.attn = CausalSelfAttention(config)
        self.ln_2 = nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype)
        self.mlp = mlp(config)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, config: GPTConfig):
        super().__init__()
        self.config = config
        self.transformer = nn.ModuleDict(OrderedDict(
            wte=nn.Embedding(config.vocab_size, config.n_embd, dtype=config.dtype),
            wpe=nn.Embedding(config.block_size, config.n_embd, dtype=config.dtype),
            h=nn.ModuleList([Block(config) for _ in range(config.n_layer)]),
            ln_f=nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype),
        ))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False, dtype=config.dtype)

    def forward(self, idx: torch.Tensor, targets: torch.Tensor | None = None):
        B, T = idx.shape
        assert T <= self.config.block_size, f"sequence of length {T} is longer than block_size={self.config.block_size}"
        pos = torch.arange(T, device=idx.device)
        x = self.transformer.wte(idx) + self.transformer.wpe(pos)
        for block in self.transformer.h:
            x = block(x)
        logits = self.lm_head(self.transformer.ln_f(x))
        loss = None if targets is None else F.cross_entropy(logits.view(B * T, -1), targets.view(B * T))
        return logits, loss


def configure_optimizer(model: nn.Module, lr: float, betas: tuple[float, float], eps: float,
                        weight_decay: float) -> torch.optim.AdamW:
    decay = [p for p in model.parameters() if p.requires_grad and p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.requires_grad and p.dim() < 2]
    groups = [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=lr, betas=betas, eps=eps)


if __name__ == "__main__":
    torch.manual_seed(0)
    model = GPT(GPTConfig(vocab_size=65))
    idx = torch.randint(0, 65, (2, 16))
    logits, loss = model(idx, idx)
    print(f"logits {tuple(logits.shape)}, loss {loss.item():.4f}")

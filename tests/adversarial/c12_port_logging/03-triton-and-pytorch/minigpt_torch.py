"""MiniGPT in PyTorch -- my port of the NumPy reference (lab 03, part B).

Written in the style of Karpathy's nanoGPT model.py; diagnostics go through logging, not print.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor

logger = logging.getLogger(__name__)


@dataclass
class GPTConfig:
    """Hyper-parameters of the model."""
    vocab_size: int
    block_size: int = 32
    n_layer: int = 2
    n_head: int = 4
    n_embd: int = 64
    ln_eps: float = 1e-5
    dtype: torch.dtype = torch.float64

    def __post_init__(self) -> None:
        assert self.n_embd % self.n_head == 0, f"n_embd={self.n_embd} must be divisible by n_head={self.n_head}"


def linear(n_in: int, n_out: int, config: GPTConfig, bias: bool = True) -> nn.Linear:
    """nn.Linear in the config's dtype."""
    return nn.Linear(n_in, n_out, bias=bias, dtype=config.dtype)


class CausalSelfAttention(nn.Module):
    """Multi-head causal self-attention."""

    def __init__(self, config: GPTConfig) -> None:
        super().__init__()
        self.n_head = config.n_head
        self.n_embd = config.n_embd
        self.c_attn = linear(config.n_embd, 3 * config.n_embd, config)
        self.c_proj = linear(config.n_embd, config.n_embd, config)
        mask = torch.tril(torch.ones(config.block_size, config.block_size, dtype=torch.bool))
        self.register_buffer("mask", mask, persistent=False)

    def forward(self, x: Tensor) -> Tensor:
        B, T, C = x.shape
        hs = C // self.n_head
        q, k, v = self.c_attn(x).split(self.n_embd, dim=-1)
        q, k, v = [t.view(B, T, self.n_head, hs).transpose(1, 2) for t in (q, k, v)]
        att = torch.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(hs)
        att = att.masked_fill(~self.mask[:T, :T], float("-inf"))
        att = F.softmax(att, dim=-1)
        y = torch.einsum("bhqk,bhkd->bhqd", att, v)
        y = y.transpose(1, 2).reshape(B, T, C)
        return self.c_proj(y)


class MLP(nn.Module):
    def __init__(self, config: GPTConfig) -> None:
        super().__init__()
        self.c_fc = linear(config.n_embd, 4 * config.n_embd, config)
        self.c_proj = linear(4 * config.n_embd, config.n_embd, config)

    def forward(self, x: Tensor) -> Tensor:
        return self.c_proj(F.gelu(self.c_fc(x)))


class Block(nn.Module):
    def __init__(self, config: GPTConfig) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype)
        self.attn = CausalSelfAttention(config)
        self.ln_2 = nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype)
        self.mlp = MLP(config)

    def forward(self, x: Tensor) -> Tensor:
        x = x + self.attn(self.ln_1(x))
        x = x + self.mlp(self.ln_2(x))
        return x


class GPT(nn.Module):
    def __init__(self, config: GPTConfig) -> None:
        super().__init__()
        self.config = config
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(config.vocab_size, config.n_embd, dtype=config.dtype),
            wpe=nn.Embedding(config.block_size, config.n_embd, dtype=config.dtype),
            h=nn.ModuleList([Block(config) for _ in range(config.n_layer)]),
            ln_f=nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype),
        ))
        self.lm_head = linear(config.n_embd, config.vocab_size, config, bias=False)
        logger.debug("number of parameters: %d", self.num_params())

    def num_params(self) -> int:
        return sum(p.numel() for p in self.parameters())

    def forward(self, idx: Tensor, targets: Optional[Tensor] = None) -> Tuple[Tensor, Optional[Tensor]]:
        B, T = idx.shape
        assert T <= self.config.block_size, f"Cannot forward sequence of length {T}, block size is only {self.config.block_size}"
        pos = torch.arange(0, T, dtype=torch.long, device=idx.device)
        x = self.transformer.wte(idx) + self.transformer.wpe(pos)
        for block in self.transformer.h:
            x = block(x)
        x = self.transformer.ln_f(x)
        logits = self.lm_head(x)
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        return logits, loss


def configure_optimizer(model: nn.Module, lr: float, betas: tuple[float, float], eps: float,
                        weight_decay: float) -> torch.optim.AdamW:
    param_dict = {pn: p for pn, p in model.named_parameters() if p.requires_grad}
    decay_params = [p for n, p in param_dict.items() if p.dim() >= 2]
    nodecay_params = [p for n, p in param_dict.items() if p.dim() < 2]
    optim_groups = [
        {"params": decay_params, "weight_decay": weight_decay},
        {"params": nodecay_params, "weight_decay": 0.0},
    ]
    logger.info("num decayed parameter tensors: %d, non-decayed: %d", len(decay_params), len(nodecay_params))
    return torch.optim.AdamW(optim_groups, lr=lr, betas=betas, eps=eps)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    model = GPT(GPTConfig(vocab_size=65))
    idx = torch.randint(0, 65, (2, 8))
    logits, loss = model(idx, idx)
    logger.info(f"loss {loss.item():.4f}")

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
        """idx, targets: int64 [B, T] -> (logits [B, T, V], mean cross-entropy loss or None)."""
        # BEGIN SOLUTION
        # TODO: token + position embeddings, the blocks, ln_f, lm_head; F.cross_entropy when targets are given
        B, T = idx.size()
        if T > self.config.block_size:
            raise ValueError(f"sequence length {T} exceeds block_size {self.config.block_size}")
        pos = torch.arange(T, device=idx.device)  # made where idx lives, so the model runs on any device
        x = self.transformer.wte(idx) + self.transformer.wpe(pos)
        for block in self.transformer.h:
            x = block(x)
        logits = self.lm_head(self.transformer.ln_f(x))
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        return logits, loss
        # END SOLUTION


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

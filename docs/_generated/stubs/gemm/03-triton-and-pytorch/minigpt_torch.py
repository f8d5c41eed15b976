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
        # TODO(03-3): create c_attn (C -> 3C) and c_proj (C -> C) as nn.Linear in config.dtype, and a causal mask
        raise NotImplementedError("TODO(03-3): create c_attn (C -> 3C) and c_proj (C -> C) as nn.Linear in config.dtype, and a causal mask")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO(03-4): q, k, v from c_attn; split heads; F.softmax(q k^T / sqrt(hs), masked with -inf); merge heads; c_proj
        raise NotImplementedError("TODO(03-4): q, k, v from c_attn; split heads; F.softmax(q k^T / sqrt(hs), masked with -inf); merge heads; c_proj")


class MLP(nn.Module):
    """Position-wise feed-forward network, C -> 4C -> C with the exact GELU: [B, T, C] -> [B, T, C]."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        # TODO(03-5): create c_fc (C -> 4C), the GELU and c_proj (4C -> C), in config.dtype
        raise NotImplementedError("TODO(03-5): create c_fc (C -> 4C), the GELU and c_proj (4C -> C), in config.dtype")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO(03-6): c_proj(gelu(c_fc(x)))
        raise NotImplementedError("TODO(03-6): c_proj(gelu(c_fc(x)))")


class Block(nn.Module):
    """One pre-LayerNorm transformer block: [B, T, C] -> [B, T, C]."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        # TODO(03-7): create ln_1, attn, ln_2, mlp (LayerNorms with eps=config.ln_eps, in config.dtype)
        raise NotImplementedError("TODO(03-7): create ln_1, attn, ln_2, mlp (LayerNorms with eps=config.ln_eps, in config.dtype)")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO(03-8): x + attn(ln_1(x)), then x + mlp(ln_2(x))
        raise NotImplementedError("TODO(03-8): x + attn(ln_1(x)), then x + mlp(ln_2(x))")


class GPT(nn.Module):
    """The whole model. Parameter names match the reference's dict keys exactly."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        self.config = config
        # TODO(03-9): create transformer = ModuleDict(wte, wpe, h = ModuleList of Blocks, ln_f) and lm_head (no bias)
        raise NotImplementedError("TODO(03-9): create transformer = ModuleDict(wte, wpe, h = ModuleList of Blocks, ln_f) and lm_head (no bias)")

    def forward(self, idx: torch.Tensor, targets: torch.Tensor | None = None):
        """idx, targets: int64 [B, T] -> (logits [B, T, V], mean cross-entropy loss or None)."""
        # TODO(03-10): token + position embeddings, the blocks, ln_f, lm_head; F.cross_entropy when targets are given
        raise NotImplementedError("TODO(03-10): token + position embeddings, the blocks, ln_f, lm_head; F.cross_entropy when targets are given")


def configure_optimizer(model: nn.Module, lr: float, betas: tuple[float, float], eps: float,
                        weight_decay: float) -> torch.optim.AdamW:
    """AdamW as the reference configures it: parameters with dim >= 2 decay, the others do not."""
    # TODO(03-11): two parameter groups (dim >= 2 with weight_decay, the rest with 0.0) in one torch.optim.AdamW
    raise NotImplementedError("TODO(03-11): two parameter groups (dim >= 2 with weight_decay, the rest with 0.0) in one torch.optim.AdamW")


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

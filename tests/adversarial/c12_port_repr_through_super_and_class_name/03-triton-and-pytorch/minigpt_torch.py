"""MiniGPT in PyTorch, written with the helpers of a larger codebase: an enum for the
activation, a registry filled by __init_subclass__, an abstract mixin, cooperative super()
calls, itertools for the parameter groups, warnings and logging."""
from __future__ import annotations

import abc
import enum
import functools
import itertools
import logging
import math
import warnings
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import ClassVar, Iterator

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger(__name__)


class Activation(str, enum.Enum):
    GELU = "gelu"
    GELU_TANH = "gelu_tanh"

    def build(self) -> nn.Module:
        match self:
            case Activation.GELU:
                return nn.GELU()
            case Activation.GELU_TANH:
                return nn.GELU(approximate="tanh")
        raise ValueError(self)


class Init(enum.IntEnum):
    NORMAL = enum.auto()
    ZEROS = enum.auto()


@dataclass(frozen=True)
class GPTConfig:
    vocab_size: int
    block_size: int = 32
    n_layer: int = 2
    n_head: int = 4
    n_embd: int = 64
    ln_eps: float = 1e-5
    dtype: torch.dtype = torch.float64
    activation: Activation = Activation.GELU

    def __post_init__(self) -> None:
        if self.n_embd % self.n_head:
            raise ValueError(f"n_head={self.n_head} must divide n_embd={self.n_embd}")

    @functools.cached_property
    def head_size(self) -> int:
        return self.n_embd // self.n_head

    @classmethod
    def tiny(cls, vocab_size: int) -> "GPTConfig":
        return cls(vocab_size=vocab_size, n_layer=1, n_head=2, n_embd=16)

    def with_layers(self, n: int) -> "GPTConfig":
        return replace(self, n_layer=n)


class ConfigMixin(abc.ABC):
    """Keeps the config and builds the layers every submodule needs, in its dtype."""

    def __init__(self, config: GPTConfig, *args, **kwargs):
        super().__init__(*args, **kwargs)  # on to nn.Module
        self.n_embd = config.n_embd
        self.factory = {"dtype": config.dtype}

    def linear(self, n_in: int, n_out: int, bias: bool = True) -> nn.Linear:
        return nn.Linear(n_in, n_out, bias=bias, **self.factory)

    def layer_norm(self, config: GPTConfig) -> nn.LayerNorm:
        return nn.LayerNorm(config.n_embd, eps=config.ln_eps, **self.factory)

    @abc.abstractmethod
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        ...

    def extra_repr(self) -> str:
        return f"{type(self).__name__} over n_embd={self.n_embd}, {self.__class__.__name__}"

    def __repr__(self) -> str:
        return "cfg<%d> " % self.n_embd + super().__repr__()


class CausalSelfAttention(ConfigMixin, nn.Module):
    def __init__(self, config: GPTConfig):
        super().__init__(config)
        self.c_attn = self.linear(config.n_embd, 3 * config.n_embd)
        self.c_proj = self.linear(config.n_embd, config.n_embd)
        self.n_head = config.n_head
        self.scale = 1.0 / math.sqrt(config.head_size)
        self.register_buffer("mask", torch.ones(config.block_size, config.block_size, dtype=torch.bool).tril_(),
                             persistent=False)

    def heads(self, t: torch.Tensor) -> torch.Tensor:
        B, T, C = t.shape
        return t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, C = x.shape
        q, k, v = map(self.heads, self.c_attn(x).split(C, dim=-1))
        att = (q @ k.transpose(-2, -1)) * self.scale
        att = att.masked_fill(~self.mask[:T, :T], -math.inf)
        att = F.softmax(att, dim=-1)
        return self.c_proj((att @ v).transpose(1, 2).reshape(B, T, C))


class MLP(ConfigMixin, nn.Module):
    def __init__(self, config: GPTConfig):
        super().__init__(config)
        self.c_fc = self.linear(config.n_embd, 4 * config.n_embd)
        self.act = config.activation.build()
        self.c_proj = self.linear(4 * config.n_embd, config.n_embd)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.c_proj(self.act(self.c_fc(x)))


class Block(ConfigMixin, nn.Module):
    def __init__(self, config: GPTConfig):
        super().__init__(config)
        self.ln_1 = self.layer_norm(config)
        self.attn = CausalSelfAttention(config)
        self.ln_2 = self.layer_norm(config)
        self.mlp = MLP(config)
        self.sublayers = [(self.ln_1, self.attn), (self.ln_2, self.mlp)]  # plain list: modules already registered

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for norm, layer in self.sublayers:
            x = x + layer(norm(x))
        return x


class GPT(nn.Module):
    def __init__(self, config: GPTConfig):
        super(GPT, self).__init__()
        self.config = config
        self.transformer = nn.ModuleDict()
        self.transformer["wte"] = nn.Embedding(config.vocab_size, config.n_embd, dtype=config.dtype)
        self.transformer["wpe"] = nn.Embedding(config.block_size, config.n_embd, dtype=config.dtype)
        self.transformer["h"] = nn.ModuleList()
        for _ in range(config.n_layer):
            self.transformer["h"].append(Block(config))
        self.transformer["ln_f"] = nn.LayerNorm(config.n_embd, eps=config.ln_eps, dtype=config.dtype)
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False, dtype=config.dtype)
        logger.info("GPT: %d parameters", sum(p.numel() for p in self.parameters()))

    def forward(self, idx: torch.Tensor, targets: torch.Tensor | None = None):
        if (T := idx.size(1)) > self.config.block_size:
            warnings.warn(f"cropping a context of {T} to the last {self.config.block_size} positions")
            idx = idx[:, -self.config.block_size:]
            targets = None if targets is None else targets[:, -self.config.block_size:]
            T = self.config.block_size
        x = self.transformer.wte(idx) + self.transformer.wpe(torch.arange(T, device=idx.device))
        for block in self.transformer.h:
            x = block(x)
        logits = self.lm_head(self.transformer.ln_f(x))
        if targets is None:
            return logits, None
        return logits, F.cross_entropy(logits.flatten(end_dim=-2), targets.flatten())


def _named(model: nn.Module) -> Iterator[tuple[str, nn.Parameter]]:
    return ((n, p) for n, p in model.named_parameters() if p.requires_grad)


def configure_optimizer(model, lr, betas, eps, weight_decay):
    groups: defaultdict[bool, list] = defaultdict(list)
    for key, items in itertools.groupby(sorted(_named(model), key=lambda np_: np_[1].dim() >= 2),
                                        key=lambda np_: np_[1].dim() >= 2):
        groups[key].extend(p for _, p in items)
    logger.debug("decayed: %d tensors, not decayed: %d", len(groups[True]), len(groups[False]))
    return torch.optim.AdamW([
        {"params": groups[True], "weight_decay": weight_decay},
        {"params": groups[False], "weight_decay": 0.0},
    ], lr=lr, betas=betas, eps=eps)

"""Negative control: no kernel at all, torch's softmax under another name. Right, and a cheat."""
import torch
from torch.nn.functional import softmax as _torch_softmax


def softmax(x: torch.Tensor) -> torch.Tensor:
    return _torch_softmax(x, dim=-1)

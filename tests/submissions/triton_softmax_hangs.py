"""Negative control: a wrapper that never returns."""
import torch


def softmax(x: torch.Tensor) -> torch.Tensor:
    while True:
        pass

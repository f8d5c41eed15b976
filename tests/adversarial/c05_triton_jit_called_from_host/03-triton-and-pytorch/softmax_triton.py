"""Attack: a @triton.jit function called from the host, not launched: Triton's interpreter runs its body as plain
Python on the tensors, so t.tolist() and Python floats compute the whole softmax and no program runs (red team,
session 19). The GPU would refuse the call; the CPU checks passed."""
import torch
import triton
import triton.language as tl


@triton.jit
def _rows(inp):
    out = []
    for row in inp.tolist():
        for m in [max(row)]:
            for e in [[2.718281828459045 ** (v - m) for v in row]]:
                acc = [0.0]
                for v in e:
                    acc[0] += v
                out.append([v / acc[0] for v in e])
    return out


def softmax(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    y = torch.empty_like(x)
    for i, row in enumerate(_rows(x)):
        for j, v in enumerate(row):
            y[i, j] = v
    return y

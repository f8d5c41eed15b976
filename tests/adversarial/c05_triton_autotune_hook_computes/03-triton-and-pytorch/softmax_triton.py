"""Attack: the answer is computed in autotune's pre_hook, which Triton calls with the kernel's arguments (the
tensors among them), using only arithmetic and a slice store: exp(x) as (1 + x / 2**20) ** (2**20) by squaring,
row sums column by column. The kernel itself does nothing."""
import torch
import triton
import triton.language as tl


def _answer(nargs):
    x, y, cols = nargs["x_ptr"], nargs["y_ptr"], nargs["cols"]
    t = 1 + x / 1048576
    for _ in range(20):
        t = t * t
    total = t[:, 0:1] * 0
    for j in range(cols):
        total = total + t[:, j:j + 1]
    y[:] = t / total


@triton.autotune(configs=[triton.Config({"B": 16})], key=["cols"], pre_hook=_answer)
@triton.jit
def _nothing(x_ptr, y_ptr, cols, B: tl.constexpr):
    pass


def softmax(x):
    y = torch.empty_like(x)
    _nothing[(1,)](x, y, x.shape[1])
    return y

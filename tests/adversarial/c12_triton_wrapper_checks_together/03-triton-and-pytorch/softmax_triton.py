"""Row softmax in Triton: one program per row, the row walked in blocks of 1024 columns. The wrapper holds, together,
the checks and launch styles of six positive controls (red teams rt44 and rt45), so that `make test-gpu` grades them
on the GPU in one grading: the layout, the number of dimensions, min and max of the shape and strides, the storage
offset, a launch under no_grad, and a synchronize after it."""
import torch
import triton
import triton.language as tl


@triton.jit
def _row_softmax(out_ptr, in_ptr, cols, in_stride, out_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    m = tl.full([BLOCK], -float("inf"), tl.float32)
    for start in range(0, cols, BLOCK):
        x = tl.load(in_ptr + row * in_stride + start + offs, mask=start + offs < cols, other=-float("inf"))
        m = tl.maximum(m, x)
    row_max = tl.max(m, axis=0)
    s = tl.zeros([BLOCK], tl.float32)
    for start in range(0, cols, BLOCK):
        x = tl.load(in_ptr + row * in_stride + start + offs, mask=start + offs < cols, other=-float("inf"))
        s += tl.exp(x - row_max)
    inv = 1.0 / tl.sum(s, axis=0)
    for start in range(0, cols, BLOCK):
        mask = start + offs < cols
        x = tl.load(in_ptr + row * in_stride + start + offs, mask=mask, other=-float("inf"))
        tl.store(out_ptr + row * out_stride + start + offs, tl.exp(x - row_max) * inv, mask=mask)


def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    if x.layout != torch.strided:
        raise ValueError('expected a dense tensor')
    if x.ndimension() != 2:
        raise ValueError('expected a 2D tensor')
    if min(x.shape) == 0:  # an empty input: nothing to launch
        return torch.empty_like(x)
    if max(x.stride()) >= 2**31:  # offsets past int32: make the rows back to back
        x = x.contiguous()
    if x.storage_offset() % 4:
        x = x.contiguous()
    y = torch.empty_like(x)
    if rows == 0 or cols == 0:
        return y
    with torch.no_grad():
        _row_softmax[(rows,)](y, x, cols, x.stride(0), y.stride(0), BLOCK=1024)
    if x.is_cuda:  # Triton's interpreter runs on CPU tensors, where torch may have no CUDA
        torch.cuda.synchronize()
    return y

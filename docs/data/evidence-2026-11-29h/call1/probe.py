"""Evidence 2026-11-29h, call 1: does a GPU worker's work run under a data limit (RLIMIT_DATA, `ulimit -d`), and how much
data does it map? CUDA's context, cuBLAS, F.softmax, pinned host memory and a Triton kernel compiled and launched; then
the process's VmData, VmPeak and VmHWM from /proc/self/status.   python3 probe.py   (under a shell's `ulimit -d N`)"""
import re
import resource

import torch
import triton
import triton.language as tl


@triton.jit
def _double(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


def status() -> dict:
    text = open("/proc/self/status").read()
    return {k: v for k, v in re.findall(r"^(Vm(?:Data|Peak|HWM|Size)):\s+(.*)$", text, re.M)}


limit = resource.getrlimit(resource.RLIMIT_DATA)[0]
print("RLIMIT_DATA", "unlimited" if limit == resource.RLIM_INFINITY else f"{limit / 2**30:.1f} GiB")
a = torch.randn(4096, 4096, device="cuda")
b = (a @ a).sum().item()
s = torch.softmax(torch.randn(16384, 4096, device="cuda"), dim=-1).sum().item()
pinned = torch.empty(64 << 20, dtype=torch.uint8, pin_memory=True)
x = torch.randn(1 << 20, device="cuda")
y = torch.empty_like(x)
_double[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), BLOCK=1024)
torch.cuda.synchronize()
print("ok", bool(torch.equal(y, 2 * x)), round(s), status())

"""What Nsight Compute's options cost a process like the watched worker: import torch and triton, set CUDA up, then
launch one small Triton kernel N times (as an autotuned file's benchmark does) and print the seconds of each part.
  python3 ncu_cost.py N          (plain, or under ncu with the options to compare)"""
import sys
import time

t0 = time.monotonic()
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

x = torch.ones(1 << 20, device="cuda")
torch.cuda.synchronize()
t1 = time.monotonic()


@triton.jit
def twice(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


y = torch.empty_like(x)
twice[(x.numel() // 1024,)](x, y, x.numel(), BLOCK=1024)
torch.cuda.synchronize()
t2 = time.monotonic()
for _ in range(int(sys.argv[1])):
    twice[(x.numel() // 1024,)](x, y, x.numel(), BLOCK=1024)
torch.cuda.synchronize()
t3 = time.monotonic()
print(f"start {t1 - t0:.2f} s, compile+first {t2 - t1:.2f} s, {sys.argv[1]} launches {t3 - t2:.2f} s", flush=True)

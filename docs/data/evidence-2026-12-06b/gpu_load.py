"""gpu_load.py SECONDS: other processes' GPU work, as a busy make test-gpu has beside a watched case: copies of 512 MiB
back to back for SECONDS."""
import sys
import time

import torch

x = torch.empty(2**27, device="cuda")
y = torch.empty_like(x)
end = time.monotonic() + float(sys.argv[1])
n = 0
while time.monotonic() < end:
    for _ in range(50):
        y.copy_(x)
    torch.cuda.synchronize()
    n += 50
print(f"load: {n} copies")

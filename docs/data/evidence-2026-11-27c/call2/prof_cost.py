"""How long torch.profiler's pieces take in a fresh process, cold and warm; whether launches slow down after."""
import time, json, sys
T0 = time.perf_counter()
import torch
t = {}
def mark(name):
    global T0
    now = time.perf_counter(); t[name] = round(now - T0, 3); T0 = now
mark("import torch")
torch.cuda.init(); x = torch.ones(1 << 20, device="cuda"); torch.cuda.synchronize(); mark("cuda init")
def launches(n=2000):
    torch.cuda.synchronize(); a = time.perf_counter()
    for _ in range(n): x.add_(1)
    torch.cuda.synchronize(); return round((time.perf_counter() - a) / n * 1e6, 2)
t["us per small launch before"] = launches()
T0 = time.perf_counter()
from torch.profiler import ProfilerActivity, profile
mark("import torch.profiler")
for i in range(3):
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        x.add_(1); torch.cuda.synchronize()
    mark(f"profile session {i}")
    prof.export_chrome_trace(f"/tmp/trace{i}.json"); mark(f"export {i}")
    n = sum(1 for e in json.load(open(f"/tmp/trace{i}.json"))["traceEvents"] if e.get("cat") == "kernel"); mark(f"parse {i} ({n} kernels)")
t["us per small launch after"] = launches()
print(json.dumps(t))

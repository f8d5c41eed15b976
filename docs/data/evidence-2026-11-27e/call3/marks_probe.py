"""Call 3's probe, applied to the device's copy of the tree only (never committed to grader/): where the judge's
clock spends the time it counts beyond a block's CUDA-event time.

The worker notes time.monotonic() (CLOCK_MONOTONIC, the same clock in the sandbox) just before its "start" mark
(w0), after its last launch call returns (w1) and after the device synchronise (w2), and sends them with its
reply. timing._block prints, per block: the judge's start stamp minus w0, its end stamp minus w2, the CPU's
launch time w1 - w0, the worker's span w2 - w0 minus the event time, and the whole excess (judge - events).
"""
from pathlib import Path


def patch(path: str, old: str, new: str) -> None:
    p = Path(path)
    text = p.read_text()
    assert text.count(old) == 1, (path, old)
    p.write_text(text.replace(old, new))


patch("grader/workers/serve.py", '    link.mark("start")\n    first.record(*where)\n    for i in range(n):\n        run(i)\n    last.record(*where)\n    sync()\n    link.mark("end")\n',
      '    import time as _t\n    w0 = _t.monotonic()\n    link.mark("start")\n    first.record(*where)\n    for i in range(n):\n        run(i)\n    last.record(*where)\n'
      '    w1 = _t.monotonic()\n    sync()\n    w2 = _t.monotonic()\n    link.mark("end")\n    link.clock = [w0, w1, w2]\n')
for worker in ("grader/workers/cuda.py", "grader/workers/triton.py"):
    p = Path(worker)
    text = p.read_text()
    assert text.count('return {"event_ms": [per_launch_ms]') == 1, worker
    p.write_text(text.replace('return {"event_ms": [per_launch_ms]', 'return {"clock": getattr(link, "clock", []), "event_ms": [per_launch_ms]'))
patch("grader/timing.py", '    m.worker_event_ms.setdefault(contender, []).extend(reply.floats("event_ms", limit=1000))\n',
      '    m.worker_event_ms.setdefault(contender, []).extend(reply.floats("event_ms", limit=1000))\n'
      '    import sys as _s\n'
      '    ev = reply.floats("event_ms", limit=1000)\n'
      '    clock = reply.floats("clock", limit=3) if reply.has("clock") else []\n'
      '    judge = marks["end"] - marks["start"]\n'
      '    if ev and len(clock) == 3:\n'
      '        e = ev[0] * n / 1000\n'
      '        print(f"PROBE {contender:14s} n={n:4d} judge={judge*1e3:8.3f}ms events={e*1e3:8.3f}ms excess={1e6*(judge-e):7.1f}us "\n'
      '              f"start_rx={1e6*(marks[\'start\']-clock[0]):6.1f}us end_rx={1e6*(marks[\'end\']-clock[2]):6.1f}us "\n'
      '              f"cpu_launch={1e6*(clock[1]-clock[0]):8.1f}us span-events={1e6*(clock[2]-clock[0]-e):6.1f}us", file=_s.stderr, flush=True)\n'
      '    elif contender == "copy":\n'
      '        print(f"PROBE copy           n={n:4d} judge={judge*1e3:8.3f}ms", file=_s.stderr, flush=True)\n')
print("probe applied")

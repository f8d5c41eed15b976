#!/usr/bin/env bash
# Where a worker's 4-9 s start goes: torch's import, with and without compiled bytecode, in and out of the sandbox.
source docs/_tools/device_call.sh
env | grep -E '^PYTHON' >> "$L"
TD=$(python3 -c "import importlib.util,os;print(os.path.dirname(importlib.util.find_spec('torch').origin))")
TR=$(python3 -c "import importlib.util,os;print(os.path.dirname(importlib.util.find_spec('triton').origin))")
for d in "$TD" "$TR"; do echo "$d: $(find $d -name '*.py' | wc -l) .py, $(find $d -name '*.pyc' | wc -l) .pyc" >> "$L"; done
ls -ld "$TD/__pycache__" >> "$L" 2>&1; nproc >> "$L"
t() { local what=$1; shift; for i in 1 2 3; do /usr/bin/time -f "$what: %e s wall %U user %S sys" "$@" python3 -c "import torch, triton, numpy" 2>>"$L"; done; }
step "import torch, triton, numpy as the machine sets it up"
t default env
step "with PYTHONPYCACHEPREFIX (first run writes)"
t prefix env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=/tmp/pc
du -sh /tmp/pc >> "$L"
step "python -X importtime, default"
python3 -X importtime -c "import torch, triton" 2> $R/importtime-default.txt; sort -t'|' -k2 -n $R/importtime-default.txt | tail -8 >> "$L"
step "python -X importtime, prefix"
PYTHONPYCACHEPREFIX=/tmp/pc python3 -X importtime -c "import torch, triton" 2> $R/importtime-prefix.txt; sort -t'|' -k2 -n $R/importtime-prefix.txt | tail -8 >> "$L"
step "8 at once, default / prefix"
/usr/bin/time -f "8 default: %e s" bash -c 'for i in $(seq 8); do python3 -c "import torch, triton, numpy" & done; wait' 2>>"$L"
/usr/bin/time -f "8 prefix: %e s" env PYTHONPYCACHEPREFIX=/tmp/pc bash -c 'for i in $(seq 8); do python3 -c "import torch, triton, numpy" & done; wait' 2>>"$L"
step "in the sandbox: torch, triton, numpy, the triton worker's module"
python3 - >> "$L" 2>&1 <<'PY'
import subprocess, time
from grader import sandbox
box = sandbox.probe()
print("sandbox:", box.describe())
for extra in ({}, {"PYTHONPYCACHEPREFIX": "/tmp/pc"}):
    argv, env = box.wrap([sandbox.interpreter(), "-c", "import torch, triton, numpy, grader.workers.triton"],
                         gpu=True, ro=[__import__("pathlib").Path("/tmp/pc")] if extra else [])
    env = {**env, **extra}
    for i in range(3):
        t = time.monotonic(); r = subprocess.run(argv, env=env, capture_output=True, text=True)
        print(f"sandboxed import, {extra or 'as the grader runs it'}: {time.monotonic() - t:.2f} s rc={r.returncode} {r.stderr[-300:]}")
PY
cat "$L"

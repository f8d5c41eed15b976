import os, subprocess, sys, tempfile
from pathlib import Path
p = Path("solutions/02-tuned-kernel/profile/softmax_tuned.ncu-rep").resolve()
base = ("import sys, glob; d = sorted(glob.glob('/opt/nvidia/nsight-compute/*/extras/python'))[-1]; sys.path.insert(0, d); "
        "import ncu_report; c = ncu_report.load_report(%r); print('ranges', c.num_ranges(), flush=True); print('version', c.get_version(), flush=True)" % str(p))
io = tempfile.mkdtemp(dir="/dev/shm")
env = dict(os.environ, PYTHONFAULTHANDLER="1")
for name, code, cwd in (("plain", base, None), ("numpy first", "import numpy; " + base, None),
                        ("cwd shm", base, io), ("numpy first, cwd shm", "import numpy; " + base, io),
                        ("version before ranges", base.replace("print('ranges', c.num_ranges(), flush=True); ", ""), None)):
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=cwd, env=env)
    print(name, "rc", r.returncode, r.stdout.strip()[-200:], r.stderr.strip()[-600:])

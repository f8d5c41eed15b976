"""Every positive control of tests/adversarial that the GPU suite grades and that has a Triton softmax file: its
kernels compiled for sm_90 without a GPU by compile_only.py at the sweep's three longest-row shapes, each control
under a limit (evidence 2026-12-03c, session 45).

    python docs/data/evidence-2026-12-03c/compile_controls.py [LIMIT_S]     (from the repository root)
"""
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(REPO), str(REPO / "tests")]
from test_adversarial import CASES, materialise  # noqa: E402

limit = float(sys.argv[1]) if len(sys.argv) > 1 else 25.0
tool = Path(__file__).with_name("compile_only.py")
for case in CASES:
    if not case.positive or case.force_cpu:
        continue
    with tempfile.TemporaryDirectory() as tmp:
        sub = materialise(case, Path(tmp) / "submission")
        files = sorted(sub.glob("03-*/softmax_triton.py"))
        if not files:
            continue
        try:
            run = subprocess.run([sys.executable, str(tool), str(files[0]), "128x524288", "512x128256", "1024x50257"],
                                 capture_output=True, text=True, timeout=limit,
                                 env={"TRITON_CACHE_DIR": str(Path(tmp) / "cache"), "PATH": "/usr/bin:/bin"})
            said = " | ".join(line for line in run.stdout.splitlines() if line.strip()) or run.stderr.strip()[-200:]
        except subprocess.TimeoutExpired:
            said = f"not done in {limit:.0f} s"
        print(f"{case.name}: {said}", flush=True)

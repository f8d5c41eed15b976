"""Write one notebook per lab, docs/notebooks/NN-name.ipynb, and the links that open them.

    python docs/_tools/lab_notebooks.py              # write the notebooks and the link snippets
    python docs/_tools/lab_notebooks.py --check      # exit 1 if a committed file differs from what it makes
    python docs/_tools/lab_notebooks.py --out DIR    # write the same tree under DIR instead

Each notebook sets up the course repository (the checkout it runs in, or a clone), shows the
lab's stubs in editable cells that write the learner's files, builds and runs them, and runs
`make grade LAB=NN`, with markdown that says what each output means. The stubs come from
labs/ for the open track (grader/phase.toml, default softmax); the repository's GitHub slug
comes from mkdocs.yml (`extra: repo_slug:`), and so do the "Open in Colab" links written to
docs/_generated/<lang>/notebook-NN-name.md for the lab pages to include.

Generated with nbformat, never edited by hand: tests/docs/test_lab_notebooks.py fails when a
committed file is stale, and executes every notebook on the CPU with nbclient.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import nbformat
import yaml
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
from grader.files import write_whole  # noqa: E402  (the repository's own, found through REPO)
NOTEBOOKS = Path("docs/notebooks")
SNIPPETS = Path("docs/_generated")
PLACEHOLDER_SLUG = "OWNER/REPO"
LAB_NAMES = ("00-hello-cuda", "01-naive-kernel", "02-tuned-kernel", "03-triton-and-pytorch")

# The files each lab's notebook shows, per kernel track (grader/phase.toml). The first one is the
# kernel; lab 02's profile report is named after it.
TRACK_FILES = {
    "softmax": {"00": ("vector_add.cu",), "01": ("softmax_naive.cu",),
                "02": ("softmax_tuned.cu", "profile/softmax_tuned.md"), "03": ("softmax_triton.py", "minigpt_torch.py")},
    "gemm": {"00": ("vector_add.cu",), "01": ("sgemm_naive.cu",),
             "02": ("sgemm_tuned.cu", "profile/sgemm_tuned.md"), "03": ("sgemm_triton.py", "minigpt_torch.py")},
}

# Lab 03: call the learner's Triton function on a small tensor, in a child process (TRITON_INTERPRET
# must be set before triton is imported, and a fresh process sees the file as it is now).
TRY_TRITON = {
    "softmax": '''\
import os, sys, torch
sys.path.insert(0, "labs/03-triton-and-pytorch")
from softmax_triton import softmax

device = "cpu" if os.environ.get("TRITON_INTERPRET") == "1" else "cuda"
torch.manual_seed(0)
x = torch.randn(5, 1000, device=device) * 10  # 1000 columns: not a power of two, so the masks matter
y = softmax(x)
ref = torch.softmax(x.double(), dim=1)
print("device:", device, " shape:", tuple(y.shape), " dtype:", y.dtype)
print("max abs error against fp64:", (y.double() - ref).abs().max().item())
print("row sums:", [round(s, 6) for s in y.double().sum(dim=1).tolist()])
''',
    "gemm": '''\
import os, sys, torch
sys.path.insert(0, "labs/03-triton-and-pytorch")
from sgemm_triton import sgemm

device = "cpu" if os.environ.get("TRITON_INTERPRET") == "1" else "cuda"
torch.manual_seed(0)
a = torch.randn(33, 65, device=device)  # sizes that are not multiples of any tile: the masks matter
b = torch.randn(65, 17, device=device)
c = sgemm(a, b)
ref = a.double() @ b.double()
print("device:", device, " shape:", tuple(c.shape), " dtype:", c.dtype)
print("max abs error against fp64:", (c.double() - ref).abs().max().item())
''',
}

# The set-up cell. REPO_URL comes from the cell before it; STUBS is filled in per notebook.
SETUP = '''\
# Set-up: find (or fetch) the course repository, and the helpers the cells below use.
import hashlib, json, os, shlex, shutil, subprocess, sys
from pathlib import Path

STUBS = __STUBS__  # sha256 of each file below as this notebook was generated from it


def is_checkout(folder):
    return all((folder / p).exists() for p in ("Makefile", "grader/__main__.py", "labs"))


def locate_repository():
    here = Path.cwd()
    for folder in (here, *here.parents):  # this notebook runs inside a checkout (your machine, CI)
        if is_checkout(folder):
            return folder, "the checkout this notebook runs in"
    for folder in sorted(p for p in here.iterdir() if p.is_dir()):  # an upload you unzipped, an earlier clone
        if is_checkout(folder):
            return folder, "found in " + str(here)
    if "OWNER/REPO" in REPO_URL:
        return None, ("REPO_URL is still the placeholder: set it in the cell above (or upload and unzip "
                      "the repository next to this notebook), then run both cells again")
    target = here / "phase24"
    done = subprocess.run(["git", "clone", "--depth", "1", REPO_URL, str(target)], capture_output=True, text=True)
    if done.returncode != 0:
        return None, f"`git clone {REPO_URL}` failed:\\n{done.stderr.strip()}"
    return target, "cloned from " + REPO_URL


def gpu_missing():
    """Why no NVIDIA GPU can be used here, or None when one can."""
    if os.environ.get("GRADER_FORCE_CPU") == "1":
        return "GRADER_FORCE_CPU=1 is set"
    if shutil.which("nvidia-smi") is None:
        return "no NVIDIA GPU is attached (no nvidia-smi); on Colab: Runtime > Change runtime type > a GPU"
    listed = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True)
    return None if listed.returncode == 0 and "GPU" in listed.stdout else "nvidia-smi finds no GPU"


def skip(what, why):
    print(f"SKIPPED {what}: {why}")


def run(cmd, env=None):
    """Run a command in the repository and print its output as it comes, then its exit code."""
    shown = cmd if isinstance(cmd, str) else shlex.join(map(str, cmd))
    if REPO is None:
        return skip(f"`{shown}`", "no course repository (see the set-up cell)")
    print("$", shown, flush=True)
    try:
        proc = subprocess.Popen(cmd, shell=isinstance(cmd, str), cwd=REPO, env={**os.environ, **(env or {})},
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    except OSError as e:
        return print(f"could not start it: {e}")
    for line in proc.stdout:
        print(line, end="", flush=True)
    print(f"[exit code {proc.wait()}]")


def make(args, env=None):
    return run(MAKE + shlex.split(args), env)


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def learner_file(line, cell):
    """%%learner_file [--replace] PATH: write this cell into PATH, never over work it did not write."""
    words = line.split()
    rel = next((w for w in words if w != "--replace"), None)
    if rel is None:
        return print("usage: %%learner_file [--replace] PATH, the lab file this cell holds "
                     "(e.g. %%learner_file labs/00-hello-cuda/vector_add.cu); nothing was written")
    if REPO is None:
        return skip(f"writing {rel}", "no course repository (see the set-up cell)")
    path, text = REPO / rel, cell.rstrip("\\n") + "\\n"
    written = json.loads(WRITTEN.read_text()) if WRITTEN.is_file() else {}
    if path.is_file() and path.read_text() != text and sha256(path.read_text()) not in (STUBS.get(rel), written.get(rel)):
        if "--replace" not in words:
            return print(f"NOT WRITTEN: {rel} holds work that is neither the stub nor what this notebook wrote "
                         "(yours, from your repository?). It stays as it is, and the cells below use it.\\n"
                         f"To see it: print(open('{rel}').read()). To replace it with this cell, make the first "
                         f"line `%%learner_file --replace {rel}` and run the cell again: yours is kept as a "
                         ".orig-<time> copy beside it.")
        backup = keep_beside(path)  # the repository's own: a name no other copy has, written whole
        print(f"kept your previous file as {backup.relative_to(REPO)}")
    write_whole(path, text)  # whole or not at all, as the repository's own commands write
    write_whole(WRITTEN, json.dumps({**written, rel: sha256(text)}, indent=1))
    print(f"wrote {rel} ({len(text.splitlines())} lines)")


get_ipython().register_magic_function(learner_file, "cell", "learner_file")

REPO, how = locate_repository()
if REPO is None:
    print(f"NO COURSE REPOSITORY: {how}\\nThe cells below skip themselves until this is fixed.")
else:
    os.chdir(REPO)
    sys.path.insert(0, str(REPO))
    from grader.files import write_whole  # the repository's own writers: a file whole or not at all,
    from grader.stubs import keep_beside  # and a learner's replaced work kept under a name no copy has
    print(f"course repository: {REPO} ({how})")
WRITTEN = REPO / "build" / "notebook-written.json" if REPO else None  # what learner_file wrote last
if Path("/usr/local/cuda/bin").is_dir() and "/usr/local/cuda/bin" not in os.environ["PATH"].split(":"):
    os.environ["PATH"] += ":/usr/local/cuda/bin"  # nvcc and ncu, where hosted runtimes keep them
NO_GPU = gpu_missing()
NVCC = shutil.which("nvcc")
print("GPU:", "none: " + NO_GPU if NO_GPU else "yes", "| nvcc:", NVCC or "not installed")
if os.environ.get("PHASE24_PYTHON"):
    # Reuse this interpreter: make runs it as PY, and -o tells make not to create .venv.
    PY = os.environ["PHASE24_PYTHON"]
    MAKE = ["make", "-o", ".venv/.ready-grade", f"PY={PY}"]
else:
    PY = str(REPO / ".venv" / "bin" / "python") if REPO else None
    MAKE = ["make"]
print("Python for the course:", PY)
'''

VERSIONS = '''\
# The versions in use here. The first run creates .venv (a minute or two; nothing to do after that).
make(".venv/.ready-grade")
run([PY, "-c", "import platform, numpy, torch; print('python', platform.python_version(), '| torch', "
                "torch.__version__, '| CUDA', torch.version.cuda, '| numpy', numpy.__version__); "
                "import triton; print('triton', triton.__version__)"])
if NVCC:
    run("nvcc --version | tail -n 2")
if NO_GPU:
    skip("nvidia-smi", NO_GPU)
else:
    run("nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total --format=csv")
'''

NCU_PROBE = '''\
# Can Nsight Compute read this GPU's counters? Profile a tiny kernel and look at what ncu says.
PROBE = r"""
#include <cstdio>
__global__ void add_one(float* x) { x[threadIdx.x] += 1.0f; }
int main() {
    float* x;
    cudaMalloc(&x, 32 * sizeof(float));
    add_one<<<1, 32>>>(x);
    cudaError_t e = cudaDeviceSynchronize();
    std::printf("probe kernel: %s\\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
"""


def ncu_can_profile():
    """True when ncu can profile here; otherwise print why and return False."""
    if REPO is None:
        return skip("the Nsight Compute check", "no course repository (see the set-up cell)")
    if NO_GPU:
        return skip("the Nsight Compute check", NO_GPU)
    if shutil.which("ncu") is None or NVCC is None:
        return print("Nsight Compute (ncu) or nvcc is not installed here, so no profile can be made here.")
    probe = REPO / "build" / "ncu-probe"
    probe.mkdir(parents=True, exist_ok=True)
    (probe / "probe.cu").write_text(PROBE)
    built = subprocess.run([NVCC, "-o", str(probe / "probe"), str(probe / "probe.cu")], capture_output=True, text=True)
    if built.returncode != 0:
        return print("could not build the probe:", built.stderr[-2000:])
    done = subprocess.run(["ncu", "--metrics", "gpu__time_duration.sum", str(probe / "probe")],
                          capture_output=True, text=True, timeout=300)
    said = done.stdout + done.stderr
    if "ERR_NVGPUCTRPERM" in said:
        return print("Nsight Compute may not read this GPU's performance counters here (ERR_NVGPUCTRPERM): the "
                     "driver lets only administrators read them, and hosted runtimes keep that setting.\\n"
                     "This notebook makes no profile here, and will never fake one. See below for where to make it.")
    if done.returncode != 0 or "gpu__time_duration.sum" not in said:
        return print(f"ncu could not profile the probe (exit code {done.returncode}):\\n{said[-2000:]}")
    print("Nsight Compute can read this GPU's counters: `make profile LAB=02` works here.")
    return True


NCU_OK = ncu_can_profile()
'''


@dataclass(frozen=True)
class Setting:
    track: str
    slug: str
    pins: dict[str, str]  # package -> version, from pyproject.toml

    @property
    def repo_url(self) -> str:
        return f"https://github.com/{self.slug}"

    def blob(self, path: str) -> str:
        return f"{self.repo_url}/blob/main/{path}"

    def colab(self, lab_name: str) -> str:
        return f"https://colab.research.google.com/github/{self.slug}/blob/main/{NOTEBOOKS}/{lab_name}.ipynb"


class _Loader(yaml.SafeLoader):
    """mkdocs.yml uses tags (!relative, !!python/name:) that plain YAML does not know: read them as None."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def read_setting(repo: Path) -> Setting:
    phase = repo / "grader" / "phase.toml"
    track = tomllib.loads(phase.read_text())["kernel"] if phase.is_file() else "softmax"
    if track not in TRACK_FILES:
        raise SystemExit(f"{phase}: unknown kernel track {track!r}")
    config = yaml.load((repo / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    slug = str((config.get("extra") or {}).get("repo_slug") or "")
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", slug):
        raise SystemExit(f"mkdocs.yml: extra.repo_slug must be OWNER/REPO, found {slug!r}")
    deps = tomllib.loads((repo / "pyproject.toml").read_text())["project"]["dependencies"]
    pins = dict(re.match(r"([\w-]+)==([\w.]+)", d).groups() for d in deps)
    return Setting(track, slug, pins)


def lab_title(repo: Path, lab_name: str) -> str:
    page = (repo / "docs" / "en" / "lab" / f"{lab_name}.md").read_text(encoding="utf-8")
    return re.search(r"^# (.+?)\s*$", page, re.M)[1]


def learner_files(repo: Path, setting: Setting, lab_name: str) -> dict[str, str]:
    """labs/ path -> the file's text, for the files this lab's notebook shows."""
    files = {}
    for rel in TRACK_FILES[setting.track][lab_name[:2]]:
        path = repo / "labs" / lab_name / rel
        if not path.is_file():
            raise SystemExit(f"{path.relative_to(repo)} is missing: the {setting.track} track is not in labs/ "
                             "(make phase-open writes it)")
        files[f"labs/{lab_name}/{rel}"] = path.read_text(encoding="utf-8")
    return files


def intro(repo: Path, setting: Setting, lab_name: str) -> str:
    number = lab_name[:2]
    page = f"docs/en/lab/{lab_name}.md"
    pins = setting.pins
    gpu_note = ("Lab 03 runs without one: the Triton cell uses Triton's interpreter on the CPU, and the port is "
                "checked on the CPU." if number == "03" else
                "Without one, the CUDA code still compiles (where `nvcc` is installed) and the checks that need a "
                "GPU report SKIP.")
    return f"""# Phase 24 · {lab_title(repo, lab_name)}

A notebook for lab {number} of *Phase 24: CUDA & Triton hands-on*: edit your file, build it, run it and grade it,
on a hosted GPU runtime (Google Colab, Kaggle) or in your own checkout of the course. What to build, and how it is
graded, is on the lab's page: `{page}` in the repository ([on GitHub]({setting.blob(page)})).

**How to use it**

1. On a hosted runtime, choose one with an NVIDIA GPU (Colab: *Runtime → Change runtime type → GPU*). {gpu_note}
   A cell that needs a GPU checks for one, and when there is none it prints why and skips itself.
2. Run the cells from the top. The set-up cell finds the course repository: when the notebook runs inside a
   checkout of the course (your own machine, CI) it uses that checkout; otherwise it uses a checkout you uploaded
   and unzipped next to the notebook; otherwise it clones `REPO_URL` (the next cell) into `phase24/`.
3. Edit the code cells that start with `%%learner_file`: running one writes the cell into your file in `labs/`.
   It never overwrites work it did not write: a file that already holds your own work (from your fork, say) is left
   as it is, and the cell says how to replace it.
4. Build, run and grade with the cells below them; everything graded stays in the repository's `labs/`.

**Which Python runs the course.** The `make` targets run `.venv/bin/python`, which the first `make` target creates
(`grader/bootstrap.py`, see the README's "Set-up"). On a runtime that already has a CUDA build of torch (Colab,
Kaggle) `.venv` reuses that torch, triton and numpy and installs only what is missing. If the environment variable
`PHASE24_PYTHON` names an interpreter, the notebook uses that one instead and creates no `.venv`: it calls
`make -o .venv/.ready-grade PY=$PHASE24_PYTHON ...` (`-o` tells make not to build `.venv`). CI sets it to its own
interpreter when it executes this notebook in a temporary copy of the repository.

**Versions.** Written against Python 3.11, torch {pins['torch']}, triton {pins['triton']} and numpy {pins['numpy']}
(the pins in `pyproject.toml`), with CUDA 13.0's `nvcc`. A hosted runtime provides its own torch, a CUDA build, and
the repository reuses it instead of installing these pins, so your versions may differ: the versions cell prints
the ones in use."""


def config_cell(setting: Setting) -> str:
    if setting.slug == PLACEHOLDER_SLUG:
        note = ("# OWNER/REPO is a placeholder until the course is published: put the course's repository here,\n"
                "# or your fork of it if your work lives there.")
    else:
        note = "# The course's repository; put your fork's URL here if your work lives there."
    return f'{note}\n# Not used when this notebook already runs inside a checkout.\nREPO_URL = "{setting.repo_url}.git"'


def files_markdown(paths: list[str]) -> str:
    names = " and ".join(f"`{p}`" for p in paths)
    plural = "s" if len(paths) > 1 else ""
    return f"""## Your file{plural}

The cell{plural} below hold{'' if plural else 's'} the stub{plural} of {names}, as the course ships
{'them' if plural else 'it'}. Edit the code in the cell and run it: `%%learner_file` writes the cell into the file
(and prints `wrote ...`). The `TODO(NN-k)` notes say what is missing; the lab's page says what each part must do.
If a cell prints `NOT WRITTEN`, the file already holds your own work: read the message."""


def run_markdown(lab_name: str, source: str) -> str:
    number = lab_name[:2]
    shows = ("the first and last sums" if number == "00" else "a few rows of the result and their sums")
    verdict = ("`it works`" if number == "00" else "`looks right (make grade checks much more)`")
    return f"""## Build and run it: `make run LAB={number}`

`make run` compiles `{source}` with a small driver program (in `grader/drivers/`) and runs it on the GPU. It prints
{shows}, then how many elements are wrong: `not yet` while some are (the program then exits with 1, and `make`
adds `make: *** [...] Error 1`), {verdict} when none is. It is not the grader: it only lets you see your kernel
work. Without a GPU it only compiles (for sm_80 and sm_90) and says so; a compile error is printed as the compiler
reports it, with the line of your file. Without `nvcc` the cell skips itself."""


def run_code(number: str) -> str:
    return f'''if NVCC is None:
    skip("make run LAB={number}", "nvcc (the CUDA compiler) is not installed here")
else:
    make("run LAB={number}")  # without a GPU this only compiles'''


def try_markdown(setting: Setting, kernel_file: str) -> str:
    fn = "softmax(x)" if setting.track == "softmax" else "sgemm(a, b)"
    return f"""## Try it: call `{fn}` on a small tensor

The cell runs your `{kernel_file}` in a fresh Python process (so it sees the file as it is now) on a small tensor
whose sizes exercise the masks, and prints the largest difference from an fp64 reference computed by torch. With a
GPU it runs on the GPU. Without one it runs in **Triton's interpreter** (`TRITON_INTERPRET=1`), which executes the
kernel on the CPU with NumPy: slow, but exact enough to find wrong indices and masks. A `NotImplementedError` naming
a `TODO` means that part is still the stub. Whether the error is small enough is for `make grade` to say: it uses
the lab's tolerance, over many shapes."""


def try_code(setting: Setting) -> str:
    return f'''TRY = """
{TRY_TRITON[setting.track].rstrip()}
"""
if NO_GPU:
    print(f"no GPU ({{NO_GPU}}): running in Triton's interpreter on the CPU (TRITON_INTERPRET=1)")
run([PY, "-c", TRY], env={{"TRITON_INTERPRET": "1"}} if NO_GPU else None)'''


def profile_markdown(setting: Setting, kernel_file: str) -> tuple[str, str]:
    report = f"labs/02-tuned-kernel/profile/{Path(kernel_file).stem}.ncu-rep"
    before = f"""## The profile: `make profile LAB=02`

Lab 02 asks for an Nsight Compute profile of your tuned kernel, committed as `{report}`, and an
analysis of it in `profile/{Path(kernel_file).stem}.md`. Profiling needs more than a GPU: Nsight Compute (`ncu`) must be allowed
to read the GPU's performance counters, and hosted runtimes usually refuse that (`ERR_NVGPUCTRPERM`). The first
cell finds out by profiling a tiny kernel; the second runs `make profile LAB=02` only when that worked."""
    after = f"""If the check above said the counters cannot be read here, make the profile on a machine where they can:
your institution's cluster (ask its support team whether `ncu` may read counters), a cloud GPU instance you
administer, or your own GPU. The docs page *Working without a GPU* lists them (`docs/en/no-gpu.md`, section "Where
to get a GPU", [on GitHub]({setting.blob('docs/en/no-gpu.md')}#where-to-get-a-gpu)), and lab 02's page says what to record
([profile]({setting.blob('docs/en/lab/02-tuned-kernel.md')}#profile)). There, run `make profile LAB=02` and commit
`{report}`. The profile checks read the committed report without a GPU, so they then run
anywhere, this runtime included. When `make profile` does run here, download the report (Colab: the file browser
on the left) and commit it to your repository.

Once you have the profile, the next cell prints its numbers (`ncu --import ... --page details`; it needs `ncu`,
not a GPU), and the cell after it writes your analysis to `profile/{Path(kernel_file).stem}.md`. The grader checks the analysis
against the report's own numbers: copy them, never estimate them."""
    return before, after


def profile_details(kernel_path: str) -> str:
    report = f"labs/02-tuned-kernel/profile/{Path(kernel_path).stem}.ncu-rep"
    return f'''REPORT = "{report}"
if REPO is None or not (REPO / REPORT).is_file():
    skip("reading the profile", f"there is no {{REPORT}} yet")
elif shutil.which("ncu") is None:
    skip("reading the profile", "Nsight Compute (ncu) is not installed here: open the report where it is")
else:
    run(["ncu", "--import", REPORT, "--page", "details"])'''


def grade_markdown(number: str) -> str:
    return f"""## Grade it: `make grade LAB={number}`

The grader builds your file once, runs every check of the lab on fresh random inputs, and prints a report:

- **The first lines**: the folder graded (`submission:`), the `device:` found (or why there is none), and the
  **seed**, `seed N (reproduce a failure with GRADER_SEED=N)`. Each run draws new random inputs; to run again on
  exactly the same inputs, run `make("grade LAB={number}", env={{"GRADER_SEED": "N"}})` here
  (`GRADER_SEED=N make grade LAB={number}` in a terminal).
- **One row per check**: its id (`NN.unit.behaviour`), its status, its points and a one-line message.
  - `PASS`: the check passed and its points are yours.
  - `FAIL`: it did not; the block under the table says what was expected and what was found (the first
    mismatching indices and values, or the compiler's first error lines).
  - `SKIP`: it could not run here, usually because there is no GPU (`no CUDA device`) or no `nvcc`. It scores no
    points but is not a failure: it runs on a machine with what it needs.
  - `NOT RUN`: a check it depends on did not pass. Fix that one first; this one runs after it.
- **Under the table**, for each `FAIL`: the details, a `hint:` line naming the section of the lab's page that
  explains the usual causes (`docs/en/lab/...md#section`), and a `log:` line with the file that holds the full
  output (read it with `print(open("build/...").read())`).
- **The score line**: `Score: got/max` over the required checks (bonus points apart), and whether a check failed
  or how many were skipped and why.
- **The grader's exit code**: 0 when nothing failed (skips allowed), 1 when a check failed, 2 for a usage error,
  3 for an internal error of the grader (never your fault: report it). When it is not 0, `make` says so in a last
  line, `make: *** [Makefile:...: grade] Error 1`, and itself exits with 2: the `[exit code 2]` this notebook then
  prints is make's.

With the stubs as they ship, expect `FAIL`s wherever the checks can run: that is where you start. Fix the first
one, grade again."""


def grade_code(number: str) -> str:
    if number == "03":
        return ('make("grade LAB=03")  # add LEARNER=yourname to also check learners/yourname/profile.md')
    return f'make("grade LAB={number}")'


def cell_id(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9-]+", "-", text).strip("-")[:64]


def build_notebook(repo: Path, setting: Setting, lab_name: str) -> nbformat.NotebookNode:
    number = lab_name[:2]
    files = learner_files(repo, setting, lab_name)
    paths = list(files)
    kernel_path = paths[0]
    stubs = {p: hashlib.sha256(t.encode()).hexdigest() for p, t in files.items()}
    stubs_literal = "{\n" + "".join(f"    {json.dumps(p)}: {json.dumps(h)},\n" for p, h in stubs.items()) + "}"

    cells: list[tuple[str, nbformat.NotebookNode]] = [
        ("intro", new_markdown_cell(intro(repo, setting, lab_name))),
        ("repo-url", new_code_cell(config_cell(setting))),
        ("setup-notes", new_markdown_cell(
            "## Set-up\n\nRun it; there is no need to read it. It prints where the course repository is, whether a "
            "GPU is attached and which Python runs the course. The versions cell after it prints what is installed.")),
        ("setup", new_code_cell(SETUP.replace("__STUBS__", stubs_literal).rstrip())),
        ("versions", new_code_cell(VERSIONS.rstrip())),
        ("files-notes", new_markdown_cell(files_markdown([p for p in paths if not p.endswith(".md")]))),
    ]
    for path, text in files.items():
        if path.endswith(".md"):
            continue  # lab 02's analysis comes after the profile
        cells.append((f"file-{cell_id(Path(path).name)}",
                      new_code_cell(f"%%learner_file {path}\n{text.removesuffix(chr(10))}")))
    if number == "03":
        cells += [("try-notes", new_markdown_cell(try_markdown(setting, Path(kernel_path).name))),
                  ("try", new_code_cell(try_code(setting)))]
    else:
        cells += [("run-notes", new_markdown_cell(run_markdown(lab_name, kernel_path))),
                  ("run", new_code_cell(run_code(number)))]
    if number == "02":
        before, after = profile_markdown(setting, kernel_path)
        analysis = next(p for p in paths if p.endswith(".md"))
        cells += [("profile-notes", new_markdown_cell(before)),
                  ("ncu-check", new_code_cell(NCU_PROBE.rstrip())),
                  ("profile", new_code_cell(
                      'if NCU_OK:\n    make("profile LAB=02")\nelse:\n'
                      '    skip("make profile LAB=02", "Nsight Compute cannot profile here (see the cell above)")')),
                  ("profile-elsewhere", new_markdown_cell(after)),
                  ("profile-details", new_code_cell(profile_details(kernel_path))),
                  ("file-ANALYSIS-md", new_code_cell(f"%%learner_file {analysis}\n"
                                                     f"{files[analysis].removesuffix(chr(10))}"))]
    cells += [("grade-notes", new_markdown_cell(grade_markdown(number))),
              ("grade", new_code_cell(grade_code(number)))]

    nb = new_notebook(metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
        "accelerator": "GPU",  # Colab opens it asking for a GPU runtime
        "colab": {"provenance": []},
    })
    for name, cell in cells:
        cell["id"] = f"lab{number}-{name}"  # stable ids: regenerating gives the same bytes
        nb.cells.append(cell)
    nbformat.validate(nb)
    return nb


# While mkdocs.yml still holds the placeholder slug there is no repository for Colab to open the notebook
# from: the page then offers the download and says how to open it in Colab by hand, never a link that 404s.
SNIPPET_WORDS = {
    "en": ("Open in Colab", "Download the notebook",
           "To run it on a free GPU: download it, then open it in Colab with *File › Upload notebook* "
           "and choose *Runtime › Change runtime type › GPU*."),
    "es": ("Abrir en Colab", "Descargar el notebook",
           "Para ejecutarlo en una GPU gratuita: descárgalo y ábrelo en Colab con *Archivo › Subir "
           "notebook*; después elige *Entorno de ejecución › Cambiar tipo de entorno de ejecución › GPU*."),
}


def snippet(setting: Setting, lab_name: str, lang: str) -> str:
    open_in_colab, download, by_hand = SNIPPET_WORDS[lang]
    lines = ["<!-- generated by docs/_tools/lab_notebooks.py -->"]
    if setting.slug != PLACEHOLDER_SLUG:
        lines.append(f"[{open_in_colab}]({setting.colab(lab_name)}){{ .md-button .md-button--primary }}")
    lines.append(f"[{download}](../../notebooks/{lab_name}.ipynb){{ .md-button }}")
    if setting.slug == PLACEHOLDER_SLUG:
        lines += ["", by_hand]
    return "\n".join(lines) + "\n"


def generate(repo: Path = REPO) -> dict[Path, str]:
    """Every file this tool owns, relative to the repository root -> its text."""
    setting = read_setting(repo)
    out: dict[Path, str] = {}
    for lab_name in LAB_NAMES:
        out[NOTEBOOKS / f"{lab_name}.ipynb"] = nbformat.writes(build_notebook(repo, setting, lab_name)) + "\n"
        for lang in ("en", "es"):
            out[SNIPPETS / lang / f"notebook-{lab_name}.md"] = snippet(setting, lab_name, lang)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="exit 1 if a committed file differs from what this makes")
    p.add_argument("--out", type=Path, default=REPO, help="root to write under (default: the repository)")
    args = p.parse_args(argv)
    files = generate()
    if args.check:
        stale = [str(rel) for rel, text in files.items()
                 if not (REPO / rel).is_file() or (REPO / rel).read_text(encoding="utf-8") != text]
        for rel in stale:
            print(f"stale: {rel} (run: python docs/_tools/lab_notebooks.py)")
        return 1 if stale else 0
    for rel, text in files.items():
        target = args.out / rel
        write_whole(target, text)  # whole or not at all: a half notebook is no JSON
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

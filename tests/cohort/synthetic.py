"""A synthetic cohort: 13 learners' clones and a roster, built from this repository's own trees.

    python tests/cohort/synthetic.py DIR [--all-labs]

writes DIR/clones/<name>/labs/... and DIR/roster.csv (with --all-labs, every learner is graded on
every lab: what to run on a GPU machine). The tests grade lab 00 (it compiles on a CPU) and lab 03
(Triton's interpreter and the MiniGPT port run on a CPU), so every grade below is a real one.

    learner  submission                                    labs    what the grader should say
    ada      reference solutions                           00      no FAIL
    ben      reference solutions                           03      no FAIL (the learner the tests kill)
    cy       reference solutions                           00      no FAIL
    dee      untouched stubs                               00      compiles (the run checks need a GPU)
    eve      untouched stubs                               03      03.triton.interpreter FAIL
    fay      vector_add.cu with a syntax error             00      00.build.compiles FAIL
    gus      vector_add.cu with a syntax error             00      00.build.compiles FAIL
    hal      a MiniGPT port that never returns (a hang)    03      03.port.runs FAIL (the grader's time limit)
    ivy      a Triton kernel that reads wild memory        03      03.triton.interpreter FAIL (a load outside)
    jon      no submission folder                          00      missing
    kim      an empty labs/ folder                         00      00.build.compiles FAIL
    lou      reference solutions                           00      no FAIL
    max      reference solutions                           00      no FAIL

The hang is in the port because the grader's port worker honours GRADER_TIMEOUT_S (the tests set
it small); Triton's interpreter has a fixed per-case limit of its own.

The roster also has three bad rows (a bad name, a repeated name, an unknown lab) on known lines.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FILES = Path(__file__).resolve().parent / "learner_files"
LAB00, LAB03 = "00-hello-cuda", "03-triton-and-pytorch"

# name: (what, labs), in roster order: the longest gradings first, so that they overlap the others.
LEARNERS = {
    "hal": ("hang", "03"), "ivy": ("crash", "03"), "ben": ("solutions", "03"), "eve": ("stubs", "03"),
    "ada": ("solutions", "00"), "cy": ("solutions", "00"), "dee": ("stubs", "00"), "fay": ("broken", "00"),
    "gus": ("broken", "00"), "jon": ("absent", "00"), "kim": ("empty", "00"), "lou": ("solutions", "00"),
    "max": ("solutions", "00"),
}
# (line in roster.csv, the row): the header is line 1, the learners lines 2-14.
BAD_ROWS = [(15, "bad name!,clones/ada/labs,00"), (16, "ada,clones/ada/labs,00"), (17, "zed,clones/zed/labs,07")]
SYNTAX_ERROR = "\nthis line is not C++ at all;\n"


def copy_lab(src_tree: Path, lab: str, dest_labs: Path) -> Path:
    dest = dest_labs / lab
    shutil.copytree(src_tree / lab, dest)
    return dest


def make_clone(root: Path, name: str, what: str) -> Path:
    labs = root / "clones" / name / "labs"
    if what == "absent":
        return labs
    labs.mkdir(parents=True)
    if what == "empty":
        return labs
    tree = REPO / ("labs" if what == "stubs" else "solutions")
    for lab in (LAB00, LAB03):
        copy_lab(tree, lab, labs)
    if what == "broken":
        cu = labs / LAB00 / "vector_add.cu"
        cu.write_text(cu.read_text() + SYNTAX_ERROR)
    elif what == "hang":
        port = labs / LAB03 / "minigpt_torch.py"
        port.write_text(hanging(port.read_text()))
    elif what == "crash":
        shutil.copy(FILES / "softmax_triton_crashes.py", labs / LAB03 / "softmax_triton.py")
    return labs


def hanging(port: str) -> str:
    """The reference port whose GPT.forward waits forever (a deadlock, say): a hang that costs no CPU."""
    lines = port.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("def forward(self, idx"))
    indent = " " * (len(lines[at]) - len(lines[at].lstrip()) + 4)
    lines.insert(at + 1, f"{indent}torch.futures.Future().wait()  # cohort fixture: waits for a result that never comes\n")
    return "".join(lines)


def make_cohort(root: Path, all_labs: bool = False) -> Path:
    """Write the clones and roster.csv under root; returns the roster's path."""
    rows = ["name,submission,labs"]
    for name, (what, labs) in LEARNERS.items():
        make_clone(root, name, what)
        rows.append(f"{name},clones/{name}/labs,{'' if all_labs else labs}")
    assert len(rows) + 1 == BAD_ROWS[0][0]
    rows += [row for _, row in BAD_ROWS]
    roster = root / "roster.csv"
    roster.write_text("\n".join(rows) + "\n")
    return roster


def fix_build(root: Path, name: str) -> None:
    """Replace a learner's broken vector_add.cu with the reference one (a changed submission)."""
    shutil.copy(REPO / "solutions" / LAB00 / "vector_add.cu", root / "clones" / name / "labs" / LAB00 / "vector_add.cu")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dir", type=Path)
    p.add_argument("--all-labs", action="store_true", help="grade every learner on every lab")
    args = p.parse_args()
    if args.dir.exists() and any(args.dir.iterdir()):
        sys.exit(f"{args.dir} is not empty")
    print(make_cohort(args.dir, args.all_labs))

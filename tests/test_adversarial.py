"""The adversarial suite: small hostile (and a few unusual but right) submissions, graded as a learner's would be.

Each folder tests/adversarial/<name>/ holds NN-name/ lab folders and a manifest, expect.toml:

    class = 1                      # the class of issue 10 it belongs to (1-12)
    lab = "00"                     # the one lab graded
    kernel = "softmax"             # the kernel track (default softmax)
    check = "00.build.honest"      # the check that must FAIL, or "pass": every check that can run here passes
    scope = "03.triton."           # with "pass": only the checks whose id starts so (the lab's other part is absent)
    expect = "fail"                # or "not_pass": the check must not PASS (FAIL, NOT RUN or SKIP all do)
    reason = "when the library is loaded"   # a substring of that check's message: the right reason
    gpu = false                    # true: decided only on a GPU (skipped here; `make test-gpu` runs it)
    why = "..."                    # one line: what the submission tries
    hole = "..."                   # optional: a known hole in the grader; the test is xfail(strict=True)
    timeout_s = 10                 # optional: GRADER_TIMEOUT_S for the run (cases that hang)
    learner = "eve"                # optional: graded with --learner (learners/<name>/ sits beside the submission)
    sandbox = true                 # optional: would really do harm unsandboxed: skipped where bubblewrap cannot run
    force_cpu = true               # optional: graded with GRADER_FORCE_CPU=1 on any machine (a CPU-side verdict
                                   # that a GPU check earlier in the chain would otherwise pre-empt)
    marker = "271.828"             # optional: no process whose command line holds it may outlive the grader
    not_pass = ["03.port.logits"]  # optional: checks that must not PASS
    absent = ["root:x:0:0"]        # optional: text that must appear neither in the report nor in results.json
    [[setup]]                      # optional: what git cannot hold, made in the copy that is graded
    op = "symlink" | "fifo" | "sparse" | "copy"; path = "NN-name/file"; target/size/source/replace/append...
                                   # copy: a repository file (source), optionally cut to `bytes`, each pair of
                                   # `replace = [[old, new], ...]` replaced wherever old stands (in a binary file, keep
                                   # the length), `append` added:
                                   # a case that changes a few lines of a solution holds only those lines;
                                   # replace_hex = [["b9d2...", "6666..."]]: bytes, in hex, the same way
                                   # append_slice = [{source, start, end, replace_hex}]: bytes of a file, added
                                   # append_parts = [[text, times], ...]: each text, repeated, added after append

Every case also asserts: the grader never exits 3 (internal error) or 4 (voided), results.json is written
and agrees with the printed report, and the grader's tree (grader/, solutions/, labs/) is unchanged; for
classes 2, 3 and 4, results.json is re-read after a pause and must not have changed.

Cases run in a small pool of lanes (ADV_JOBS, default 3; 2 on a GPU machine).
Lane 0 grades in this checkout; the others in private copies of it (grader/, solutions/, labs/, learners/ and
the top-level files), because a grader's work folder, build/grader/<lab>, is shared by runs in one checkout.
Each lane fingerprints its own tree around each case, and every lane the checkout's.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import pytest

from helpers import REPO, cuda_available, jobs_env, nvcc_available

from grader.registry import all_labs

ROOT = REPO / "tests" / "adversarial"
WATCHED = ("grader", "solutions", "labs", "Makefile", "pyproject.toml")
LANE_COPY = ("grader", "solutions", "labs", "learners", "Makefile", "pyproject.toml")
ROW = re.compile(r"^│ (\d\d\.[a-z0-9_]+\.[a-z0-9_]+)\s+│ (PASS|FAIL|SKIP|NOT RUN)\s+│")
SCORE = re.compile(r"Score: (\d+)/(\d+)")
CPU_SKIPS = ("waits for a GPU", "no learner named")  # the only SKIPs a positive control may show here
SETTLE_S = 1.5  # classes 2-4: how long results.json must stay as written after the grader exits


@dataclass(frozen=True)
class Case:
    name: str
    klass: int
    lab: str
    check: str
    reason: str
    why: str
    kernel: str = "softmax"
    expect: str = "fail"
    scope: str = ""
    gpu: bool = False
    hole: str = ""
    timeout_s: int | None = None
    learner: str = ""
    sandbox: bool = False
    force_cpu: bool = False
    marker: str = ""
    not_pass: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    setup: tuple = ()
    model: str = ""  # a case about a report recorded on this GPU model (its name holds it): see gpu_name()
    # A positive control that stands for others on the GPU (decision 254): `make test-gpu` grades it and not them.
    together: tuple[str, ...] = ()
    constructs: tuple = ()  # its own file: ((control, (line, ...)), ...), each line in the control's file and its own

    @property
    def positive(self) -> bool:
        return self.check == "pass"


def load_cases() -> list[Case]:
    cases = []
    for manifest in sorted(ROOT.glob("*/expect.toml")):
        m = tomllib.loads(manifest.read_text())
        cases.append(Case(
            name=manifest.parent.name, klass=int(m["class"]), lab=str(m["lab"]), check=m["check"],
            reason=m.get("reason", ""), why=m["why"], kernel=m.get("kernel", "softmax"),
            expect=m.get("expect", "fail"), scope=m.get("scope", ""), gpu=bool(m.get("gpu", False)),
            hole=m.get("hole", ""), timeout_s=m.get("timeout_s"), learner=m.get("learner", ""),
            sandbox=bool(m.get("sandbox", False)), force_cpu=bool(m.get("force_cpu", False)),
            marker=m.get("marker", ""),
            not_pass=tuple(m.get("not_pass", ())), absent=tuple(m.get("absent", ())),
            setup=tuple(tuple(sorted(s.items())) for s in m.get("setup", ())), model=m.get("model", ""),
            together=tuple(m.get("together", ())),
            constructs=tuple((k, tuple(v)) for k, v in m.get("constructs", {}).items())))
    by_name = {c.name: c for c in cases}
    return [joined(c, by_name) if c.together and not c.setup and not own_files(c.name) else c for c in cases]


def own_files(name: str) -> list[Path]:
    return [p for p in (ROOT / name).rglob("*") if p.is_file() and p.name != "expect.toml"]


def joined(case: Case, by_name: dict) -> Case:
    """A case of ``together`` with no file or setup of its own: its file is the one its controls change, with every
    control's replacements made, in the order ``together`` names them (decision 254). Each control must copy the same
    repository file and only replace text in it; materialise then checks that every replacement still finds its text."""
    steps = [by_name[name].setup for name in case.together]
    kinds = {tuple((k, v) for k, v in step[0] if k != "replace") for step in steps if len(step) == 1}
    assert len(kinds) == 1 and all(len(step) == 1 and {k for k, _ in step[0]} <= {"op", "path", "source", "replace"}
                                   for step in steps), f"{case.name}: its controls do not replace text in one file"
    (kind,) = kinds
    assert dict(kind)["op"] == "copy", case.name
    replace = [pair for step in steps for pair in dict(step[0]).get("replace", [])]
    return dataclasses.replace(case, setup=(tuple(sorted((*kind, ("replace", replace)))),))


CASES = load_cases()


# ---- one graded run ---------------------------------------------------------------------------------


@dataclass
class Outcome:
    rc: int | None
    stdout: str
    results: dict
    results_text: str
    settled_text: str  # results.json re-read after the pause (classes 2-4), else the same
    printed: dict[str, str]  # check id -> status, from the printed table
    printed_score: tuple[int, int] | None
    tree_before: dict[str, str]
    tree_after: dict[str, str]
    survivors: list[str] = field(default_factory=list)  # processes holding the case's marker after the run
    seconds: float = 0.0
    raw_logs: list[str] = field(default_factory=list)  # logs the grading wrote that hold a character a terminal acts on

    def test(self, cid: str) -> dict | None:
        return next((t for t in self.results.get("tests", []) if t["extra_data"]["id"] == cid), None)


def tree_fingerprint(repo: Path = REPO) -> dict[str, str]:
    out = {}
    for top in WATCHED:
        root = repo / top
        paths = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file() or p.is_symlink())
        for p in paths:
            rel = p.relative_to(repo).as_posix()
            if "__pycache__" in rel or rel.endswith(".pyc"):
                continue
            out[rel] = "link:" + os.readlink(p) if p.is_symlink() else hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def trees(repo: Path) -> dict[str, str]:
    """The lane's tree and, when the lane is a copy, this checkout's too."""
    own = tree_fingerprint(repo)
    return own if repo == REPO else {**own, **{f"(checkout) {k}": v for k, v in tree_fingerprint().items()}}


def materialise(case: Case, dest: Path) -> Path:
    """A copy of the case's lab folders, with the manifest's special files made in it. Setup paths are relative
    to the submission folder; '../learners/...' reaches the learner profiles beside it."""
    sub = dest / "submission"
    shutil.copytree(ROOT / case.name, sub, ignore=shutil.ignore_patterns("expect.toml"), symlinks=True)
    for step in case.setup:
        s = dict(step)
        path = sub / s["path"]
        path.parent.mkdir(parents=True, exist_ok=True)
        if s["op"] == "symlink":
            path.symlink_to(s["target"].replace("{repo}", str(REPO)))
        elif s["op"] == "fifo":
            os.mkfifo(path)
        elif s["op"] == "sparse":  # a file that reports its size without taking the disk
            with open(path, "ab") as fh:
                fh.truncate(int(s["size"]))
        elif s["op"] == "copy":  # a repository file, optionally cut short, with text replaced or appended
            data = (REPO / s["source"]).read_bytes()
            if "bytes" in s:
                data = data[:int(s["bytes"])]
            for old, new in s.get("replace", []):  # a source that changed under a case fails it here, not later
                assert old.encode() in data, f"{case.name}: {old[:60]!r} is not in {s['source']}"
                data = data.replace(old.encode(), new.encode())
            for old, new in s.get("replace_hex", []):  # bytes, written in hex (a binary file: keep the length)
                assert bytes.fromhex(old) in data, f"{case.name}: {old!r} is not in {s['source']}"
                data = data.replace(bytes.fromhex(old), bytes.fromhex(new))
            for piece in s.get("append_slice", []):  # bytes [start, end) of a repository file (a report's result
                # block, say), with their own replace_hex, added at the end: a stitched binary without committing it
                extra = (REPO / piece["source"]).read_bytes()[int(piece["start"]):int(piece["end"])]
                for old, new in piece.get("replace_hex", []):
                    assert bytes.fromhex(old) in extra, f"{case.name}: {old!r} is not in the slice of {piece['source']}"
                    extra = extra.replace(bytes.fromhex(old), bytes.fromhex(new))
                data += extra
            data += s.get("append", "").encode()
            for text, times in s.get("append_parts", []):  # [[text, times], ...]: a file too big to commit
                data += text.encode() * int(times)
            path.write_bytes(data)
        else:
            raise ValueError(f"{case.name}: unknown setup op {s['op']!r}")
    return sub


def survivors(marker: str) -> list[str]:
    found = []
    for p in psutil.process_iter(["pid", "cmdline"]):
        try:
            if marker in " ".join(p.info["cmdline"] or []):
                found.append(f"pid {p.pid}: {' '.join(p.info['cmdline'])[:120]}")
                p.kill()  # leave nothing behind, whatever the verdict
        except psutil.Error:
            pass
    return found


def grader_command(case: Case, sub: Path, out: Path) -> list[str]:
    """How a case is graded. A hostile case decided only on a GPU is graded with --check: its check, the checks that
    must not pass, and what they need, so that `make test-gpu` runs no other check of that submission (Nsight
    Compute's watch and the timed phase, which every grading on the machine waits for, above all: decision 156).
    Every other case is graded whole, on any machine: every check of its lab meets the hostile code."""
    cmd = [sys.executable, "-m", "grader", case.lab, "--submission", str(sub), "--json", str(out),
           "--kernel", case.kernel] + (["--learner", case.learner] if case.learner else [])
    if case.gpu and not case.positive:
        for cid in (case.check, *case.not_pass):
            cmd += ["--check", cid]
    return cmd


def grade_case(case: Case, repo: Path = REPO) -> Outcome:
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"adv-{case.name}-") as tmp:
        sub = materialise(case, Path(tmp))
        out = Path(tmp) / "results.json"
        cmd = grader_command(case, sub, out)
        env = {k: v for k, v in os.environ.items() if not k.startswith("GRADER_")}
        env["PYTHONUNBUFFERED"] = "1"
        env["GRADER_WORKROOT"] = str(Path(tmp) / "work")  # its own, whatever else grades at the same time
        env.update(jobs_env())
        if case.timeout_s:
            env["GRADER_TIMEOUT_S"] = str(case.timeout_s)
        if case.force_cpu:
            env["GRADER_FORCE_CPU"] = "1"
        before = trees(repo)
        try:
            proc = subprocess.run(cmd, cwd=repo, env=env, capture_output=True, text=True, timeout=900,
                                  stdin=subprocess.DEVNULL)
            rc, stdout = proc.returncode, proc.stdout + proc.stderr
        except subprocess.TimeoutExpired as exc:
            rc, stdout = None, f"the grader did not finish in 900 s\n{exc.stdout or ''}"
        text = out.read_text() if out.is_file() else ""
        settled = text
        if case.klass in (2, 3, 4):
            time.sleep(SETTLE_S)
            settled = out.read_text() if out.is_file() else ""
        printed = {m.group(1): m.group(2) for line in stdout.splitlines() if (m := ROW.match(line))}
        score = ([None] + list(SCORE.finditer(stdout)))[-1]  # the grader's own line is the last: a message may quote one
        try:
            results = json.loads(text) if text else {}
        except ValueError:
            results = {}
        if os.environ.get("ADV_LOG"):  # where the suite's time goes: one line per case
            with open(os.environ["ADV_LOG"], "a") as fh:
                fh.write(f"{case.name} {case.lab} {time.monotonic() - start:.1f}\n")
        return Outcome(rc, stdout, results, text, settled, printed,
                       (int(score.group(1)), int(score.group(2))) if score else None, before, trees(repo),
                       survivors(case.marker) if case.marker else [], time.monotonic() - start,
                       raw_logs(Path(tmp) / "work"))


def raw_logs(workroot: Path) -> list[str]:
    """The logs under a grading's work folder that hold a character a terminal would act on (ESC, C1, the
    bidirectional overrides): every one is written through runner.write_log (red team rt44: a build log kept gcc's
    decoding of an `__attribute__((error("\\x1b[2J...")))`, and `cat` on the log the report named ran it)."""
    from grader.runner import _ACTING

    found = []
    for path in sorted(workroot.rglob("*.log")) if workroot.is_dir() else []:
        try:
            text = path.read_bytes().decode("utf-8", errors="replace")
        except OSError:
            continue
        if (m := _ACTING.search(text)) is not None:
            found.append(f"{path.relative_to(workroot)}: {m[0]!r} at {m.start()}")
    return found


# ---- a small pool of lanes: this checkout and private copies of it ---------------------------------------


def lane_copy(dest: Path) -> Path:
    """A private copy of what the grader reads of its repository: its own work folder, its own tree."""
    for name in LANE_COPY:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, dest / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.is_file():
            shutil.copy2(src, dest / name)
    return dest


class Pool:
    """Grades the selected cases in the background, one case per lane at a time."""

    def __init__(self, cases: list[Case], lanes: int):
        self.pending = list(cases)
        self.running: set[str] = set()
        self.done: dict[str, Outcome | BaseException] = {}
        self.cv = threading.Condition()
        self.stopping = False
        self.tmp = tempfile.TemporaryDirectory(prefix="adv-lanes-")
        roots = [REPO] + [lane_copy(Path(self.tmp.name) / f"lane{k}") for k in range(1, max(1, lanes))]
        self.threads = [threading.Thread(target=self._lane, args=(root,), daemon=True) for root in roots]
        for t in self.threads:
            t.start()

    def _next(self) -> Case | None:
        with self.cv:
            if self.stopping or not self.pending:
                return None
            case = self.pending.pop(0)
            self.running.add(case.name)
            return case

    def _lane(self, root: Path) -> None:
        while (case := self._next()) is not None:
            try:
                result: Outcome | BaseException = grade_case(case, root)
            except BaseException as exc:  # reported by the test that waits for it
                result = exc
            with self.cv:
                self.running.discard(case.name)
                self.done[case.name] = result
                self.cv.notify_all()

    def get(self, case: Case) -> Outcome:
        with self.cv:
            if case.name not in self.done and case.name not in self.running and case not in self.pending:
                self.pending.insert(0, case)  # not known up front: grade it next
                if not any(t.is_alive() for t in self.threads):
                    self.threads = [threading.Thread(target=self._lane, args=(REPO,), daemon=True)]
                    self.threads[0].start()
            while case.name not in self.done:
                self.cv.wait()
            result = self.done[case.name]
        if isinstance(result, BaseException):
            raise result
        return result

    def close(self) -> None:
        with self.cv:
            self.stopping = True
            self.pending.clear()
            self.cv.notify_all()
        for t in self.threads:
            t.join()
        self.tmp.cleanup()


@pytest.fixture(scope="module")
def pool(request):
    """Start every selected case of this module at once; each test waits for its own."""
    wanted = []
    for item in request.session.items:
        spec = getattr(item, "callspec", None)
        if spec is not None and item.module is request.module and "case" in spec.params:
            if not any(m.name == "skip" for m in item.iter_markers()):
                wanted.append(spec.params["case"])
    gpu = cuda_available()
    jobs = int(os.environ.get("ADV_JOBS", 2 if gpu else 3))  # on a GPU, two at once: no case here hinges on speed
    if os.environ.get("PYTEST_XDIST_WORKER"):  # pytest -n: each process holds every item but runs its share only,
        wanted, jobs = [], 1                    # so it grades each case when its test asks (processes run at once)
    p = Pool(list({case.name: case for case in wanted}.values()), jobs)  # cases hold lists: not hashable
    yield p
    p.close()


# ---- the tests --------------------------------------------------------------------------------------------


def isolated() -> bool:
    """Can the grader's sandbox run here? (Some submissions would really do what they try without it.)"""
    if not hasattr(isolated, "answer"):
        from grader import sandbox

        box = sandbox.probe()
        isolated.answer, isolated.reason = box.isolated, box.reason
    return isolated.answer


def watched(case: Case) -> bool:
    """Whether grading the case on a GPU has Nsight Compute watch a worker: lab 03 with a Triton file (the
    kernels-of-its-own check), lab 02 with a report (measured again). Only for `make test-gpu`'s order
    (helpers.spread_profiled)."""
    names = [p.name for p in (ROOT / case.name).rglob("*")] + \
        [Path(dict(step).get("path", "")).name for step in case.setup]
    wanted = {"03": "_triton.py", "02": ".ncu-rep"}.get(case.lab)
    return wanted is not None and any(name.endswith(wanted) for name in names)


def params(gpu_pass: bool = False):
    """One param per case: CPU cases unmarked, GPU cases marked gpu; holes xfail(strict). With gpu_pass, the
    positive controls again (but those graded on the CPU on any machine), marked gpu: on a GPU machine every GPU
    check of theirs must pass too. A control that a case of ``together`` holds is graded on the GPU there, with the
    others it holds, and not alone (decision 254); `make test` on a GPU machine still grades it alone, whole."""
    out = []
    stood_for = {name for case in CASES for name in case.together}
    for case in CASES:
        if gpu_pass and (not case.positive or case.force_cpu):  # graded on the CPU on any machine: `make test` has it
            continue
        if gpu_pass and case.name in stood_for:  # graded on the GPU in the case that holds it with others
            continue
        marks = [pytest.mark.slow]  # each case grades a whole submission: `make test` runs them, `make test-fast` not
        if case.gpu or gpu_pass:
            marks.append(pytest.mark.gpu)
            if watched(case):
                marks.append(pytest.mark.profiler)
        if case.hole:
            marks.append(pytest.mark.xfail(strict=True, reason=f"grader hole: {case.hole}"))
        if case.sandbox and not isolated():
            marks.append(pytest.mark.skip(reason=f"needs the sandbox, which cannot run here: {isolated.reason}"))
        if not nvcc_available() and case.lab in ("00", "01", "02"):
            marks.append(pytest.mark.skip(reason="nvcc not installed: the CUDA labs cannot be built here"))
        out.append(pytest.param(case, id=case.name, marks=marks))
    return out


def test_suite_covers_every_class():
    """Issue 10's twelve classes each have cases, and the suite is as large as the issue asks."""
    classes = {c.klass for c in CASES}
    assert classes == set(range(1, 13)), f"classes without a case: {sorted(set(range(1, 13)) - classes)}"
    assert len(CASES) >= 45
    assert sum(c.positive for c in CASES) >= 8
    for c in CASES:
        folders = [p.name for p in (ROOT / c.name).iterdir() if p.is_dir()] + [dict(s)["path"] for s in c.setup]
        assert any(f.startswith(f"{c.lab}-") for f in folders), f"{c.name}: no {c.lab}-* lab folder"
        assert c.positive or re.match(rf"^{c.lab}\.[a-z0-9_]+\.[a-z0-9_]+$", c.check), c.name
        assert c.expect in ("fail", "not_pass"), c.name
        assert c.positive or c.reason or c.expect == "not_pass", f"{c.name}: a failing case names its reason"


def common_assertions(case: Case, o: Outcome) -> None:
    where = f"{case.name} ({case.why})\n--- grader output (tail) ---\n{o.stdout[-6000:]}"
    assert o.rc is not None, f"the grader hung: {where}"
    assert o.rc != 3, f"internal error in the grader (exit 3): {where}"
    assert o.rc != 4, f"grading voided (exit 4): the grader's tree changed: {where}"
    assert o.rc in (0, 1), f"exit code {o.rc}: {where}"
    assert "internal error" not in o.stdout, where
    assert o.results.get("tests"), f"no results.json: {where}"
    assert o.settled_text == o.results_text, f"results.json changed after the grader exited: {where}"
    statuses = {t["extra_data"]["id"]: t["extra_data"]["grader_status"] for t in o.results["tests"]}
    assert statuses == o.printed, f"results.json and the printed report disagree: {where}"
    assert o.printed_score == (o.results["score"], o.results["extra_data"]["max_score"]), where
    before, after = o.tree_before, o.tree_after
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"the grader's tree changed: {changed[:5]}: {where}"
    assert not o.survivors, f"processes outlived the grader: {o.survivors}: {where}"
    assert not o.raw_logs, f"a log holds what a terminal would act on: {o.raw_logs[:3]}: {where}"
    for text in case.absent:
        assert text not in o.stdout and text not in o.results_text, f"{text!r} leaked into the report: {where}"
    for cid in case.not_pass:
        assert statuses.get(cid) != "PASS", f"{cid} passed: {where}"


def verdict_assertions(case: Case, o: Outcome, gpu: bool) -> None:
    where = f"{case.name} ({case.why})\n--- grader output (tail) ---\n{o.stdout[-6000:]}"
    if case.positive:
        tests = [t for t in o.results["tests"] if t["extra_data"]["id"].startswith(case.scope)]
        assert tests, where
        bad = {t["extra_data"]["id"]: t["output"][:300] for t in tests
               if t["extra_data"]["grader_status"] not in ("PASS", "SKIP")}
        assert not bad, f"a right submission was refused: {bad}: {where}"
        for t in tests:
            if t["extra_data"]["grader_status"] == "SKIP":
                assert not gpu or not t["output"].startswith("SKIP: waits for a GPU"), where
                assert any(s in t["output"] for s in CPU_SKIPS) or gpu, f"unexpected SKIP: {t['output']}: {where}"
        assert o.rc == 0 or case.scope, where
        return
    t = o.test(case.check)
    assert t is not None, f"no check {case.check} in the results: {where}"
    if gpu and case.model and case.model not in (device := gpu_name()):
        # A report of another GPU model is taken as recorded, and the grading says so (decision 137; the recorded
        # hole c08_report_of_another_model_not_measured_again): found on an H100 with the H200's report (session 57)
        assert t["extra_data"]["grader_status"] == "PASS", f"{case.check} on {device}: {where}"
        assert "taken as recorded" in t["output"] and case.model in t["output"], f"no note on {device}: {where}"
        return
    if case.expect == "not_pass":
        assert t["extra_data"]["grader_status"] != "PASS", f"{case.check} passed: {where}"
        return
    assert t["extra_data"]["grader_status"] == "FAIL", f"{case.check} is {t['extra_data']['grader_status']}: {where}"
    assert case.reason in t["output"], f"{case.check} failed for another reason (want {case.reason!r}): {where}"
    assert o.rc == (0 if t["extra_data"].get("bonus") else 1), where  # a bonus is not part of the score


def gpu_name() -> str:
    """The name of this machine's GPU, as torch gives it."""
    import torch

    return torch.cuda.get_device_name()


@pytest.mark.parametrize("case", params())
def test_adversarial(case: Case, pool):
    o = pool.get(case)
    common_assertions(case, o)
    verdict_assertions(case, o, gpu=case.gpu and cuda_available())


@pytest.mark.parametrize("case", params(gpu_pass=True))
def test_positive_control_on_gpu(case: Case, pool):
    """On a GPU machine a positive control must pass every check, the GPU ones included."""
    o = pool.get(case)
    common_assertions(case, o)
    verdict_assertions(case, o, gpu=True)


def test_only_gpu_only_hostile_cases_are_graded_in_part():
    """Decision 156: a hostile case decided on a GPU is graded with --check (its check and the ones that must not
    pass); a positive control, and a hostile case that the CPU decides, are graded whole. Each --check is a check of
    its lab (a wrong one would be a usage error, exit 2, which the case's assertions refuse anyway)."""
    ids = {c.id for lab in all_labs("softmax") + all_labs("gemm") for c in lab.checks}
    partial = 0
    for case in CASES:
        cmd = grader_command(case, Path("sub"), Path("out.json"))
        chosen = [cmd[i + 1] for i, a in enumerate(cmd) if a == "--check"]
        if case.gpu and not case.positive:
            assert chosen == [case.check, *case.not_pass] and set(chosen) <= ids, case.name
            partial += 1
        else:
            assert not chosen, case.name
    assert partial >= 5


def test_every_case_folder_has_its_manifest():
    """A folder without expect.toml is never graded: two hostile submissions sat unrun so (found 2026-11-27)."""
    orphans = [p.name for p in ROOT.iterdir() if p.is_dir() and not (p / "expect.toml").is_file()]
    assert not orphans, f"case folders without expect.toml: {orphans}"


def test_a_case_that_holds_controls_together_holds_each_of_them_whole(tmp_path):
    """Decision 254: `make test-gpu` grades some positive controls together, in one case of ``together``, rather than
    one grading each. That checks as much only while the case holds what each control is about: every control named
    is a positive control of the same lab, kernel and scope, graded on the GPU (not forced onto the CPU), and in one
    such case only; a case made of its controls' replacements (``joined``) still holds what each replacement put in;
    a case with its own file names, for each control, the lines that hold what it is about, found in both files."""
    by_name = {c.name: c for c in CASES}
    held = [c for c in CASES if c.together]
    assert held, "no case holds controls together"
    seen: dict[str, str] = {}
    for case in held:
        assert case.positive and not case.force_cpu and len(case.together) >= 2, case.name
        for name in case.together:
            assert name in by_name, f"{case.name}: no case {name}"
            control = by_name[name]
            assert control.positive and not control.force_cpu and not control.together, f"{case.name}: {name}"
            assert (control.lab, control.kernel, control.scope) == (case.lab, case.kernel, case.scope), \
                f"{case.name}: {name} is graded as another lab, kernel or scope"
            assert name not in seen, f"{name} is held by {seen[name]} and {case.name}"
            seen[name] = case.name
        sub = materialise(case, tmp_path / case.name)
        assert bool(case.constructs) != bool(case.setup), f"{case.name}: its own file and constructs, or joined"
        if case.setup:  # joined: every control's replacements made, what each one added still there
            raw = (sub / dict(case.setup[0])["path"]).read_bytes()
            for name in case.together:
                for old, new in dict(by_name[name].setup[0]).get("replace", []):
                    # An insertion beside its anchor (``new`` begins or ends with ``old``) may have another control's
                    # insertion at the same anchor between them: what it added is what must be there.
                    added = new[len(old):] if new.startswith(old) else new[:-len(old)] if new.endswith(old) else new
                    assert added.encode() in raw or added.replace("\r\n", "\n").encode() in raw.replace(
                        b"\r\n", b"\n"), f"{case.name}: what {name} put in, {added[:60]!r}, is gone"
            continue
        lines = dict(case.constructs)
        assert set(lines) == set(case.together), f"{case.name}: constructs and together name other controls"
        mine = {line.strip() for p in own_files(case.name) for line in p.read_text().splitlines()}
        for name in case.together:
            theirs = {line.strip() for p in own_files(name) for line in p.read_text().splitlines()}
            for line in lines[name]:
                assert line in theirs, f"{case.name}: {line!r} is not in {name}'s file"
                assert line in mine, f"{case.name}: {name}'s {line!r} is not in this case's file"
    gpu = {p.id for p in params(gpu_pass=True)}
    assert not gpu & set(seen), "a control held together is graded alone on the GPU as well"
    assert {c.name for c in held} <= gpu, "a case that holds controls together is not graded on the GPU"

import json
import os
import shutil
import subprocess
import sys

import pytest

from helpers import REPO

from grader import cli
from grader.registry import Lab
from grader.results import passed


@pytest.fixture(autouse=True)
def own_work_folder(tmp_path, monkeypatch):
    """Every grading here, in this process or a child, in a work folder of its own: under pytest -n two tests that
    graded in build/grader at once met its lock, and one exited 2 ("another grading is using ...")."""
    monkeypatch.setenv("GRADER_WORKROOT", str(tmp_path / "own-work"))


def run(*args):
    return subprocess.run([sys.executable, "-m", "grader", *args], cwd=REPO, capture_output=True, text=True)


def test_cli_unknown_lab_is_usage_error():
    proc = run("42")
    assert proc.returncode == 2
    assert "unknown lab '42'" in proc.stderr and "00-hello-cuda" in proc.stderr


def test_cli_bad_option_is_usage_error():
    assert run("--no-such-option").returncode == 2


def test_cli_missing_submission_is_usage_error(tmp_path):
    proc = run("00", "--submission", str(tmp_path / "nope"))
    assert proc.returncode == 2 and "is not a folder" in proc.stderr


def test_cli_list_json_describes_every_check(tmp_path):
    out = tmp_path / "list.json"
    assert run("--list", "--json", str(out)).returncode == 0
    labs = json.loads(out.read_text())["labs"]
    assert [lab["number"] for lab in labs][:2] == ["00", "01"]
    check = labs[0]["checks"][0]
    assert set(check) >= {"id", "points", "gpu", "bonus", "needs", "summary", "doc"}
    assert check["id"] == "00.build.compiles" and check["summary"]


def test_cli_list_json_refuses_what_it_would_lose(tmp_path, capsys):
    """`--list --json FILE` wrote over any file, a learner's .cu included, and a path it could not write was a
    traceback. It follows the results' rules: a usage error, the file untouched; an earlier listing is replaced."""
    source = tmp_path / "softmax_tuned.cu"
    source.write_text("// mine\n")
    earlier = tmp_path / "list.json"
    for target, words in ((source, "holds no earlier listing"), (REPO / "grader" / "phase.toml", "grader's own files"),
                          (tmp_path / "missing" / "x.json", ""), (tmp_path, "is a folder")):
        if not words:  # a folder that cannot be made: a file stands where it would go
            (tmp_path / "missing").write_text("a file")
            words = "cannot create"
        before = target.read_bytes() if target.is_file() else None
        assert cli.main(["--list", "--json", str(target)]) == 2
        assert words in capsys.readouterr().err
        assert (target.read_bytes() if target.is_file() else None) == before
    earlier.write_text(json.dumps({"kernel": "softmax", "labs": []}))
    assert cli.main(["--list", "--json", str(earlier)]) == 0
    assert json.loads(earlier.read_text())["labs"], "an earlier listing is replaced"


def test_cli_list_prints_check_ids():
    proc = run("--list", "01")
    assert proc.returncode == 0 and "01.correct.large" in proc.stdout and "00.build" not in proc.stdout


def test_cli_grader_bug_exits_3(monkeypatch, tmp_path, capsys):
    lab = Lab("00", "hello-cuda", "Broken", editable=(), docs="lab/00-hello-cuda.md")

    @lab.check("00.unit.boom", points=1)
    def boom(ctx):
        """Raises, as a grader bug would."""
        raise KeyError("oops")

    monkeypatch.setattr("grader.registry.all_labs", lambda kernel=None: [lab])
    assert cli.main(["00", "--submission", str(tmp_path)]) == 3
    assert "internal error in the grader (not your fault)" in capsys.readouterr().err


def test_cli_ctrl_c_ends_with_a_line_and_writes_nothing(monkeypatch, tmp_path, capsys):
    """Ctrl-C printed a Python traceback from the pipeline's join (session 42's walkthrough)."""
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr("grader.pipeline.grade", interrupted)
    out = tmp_path / "results.json"
    assert cli.main(["00", "--submission", str(tmp_path), "--json", str(out)]) == 130
    err = capsys.readouterr().err
    assert "interrupted: the grading stopped, and no result was written" in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("when, code", [("main", 130), ("exit", 0)])
def test_cli_sigint_outside_the_grading_is_an_exit_code_never_a_signal_death(when, code):
    """A Ctrl-C as `python -m grader` starts or ends (outside cli's own catch) is exit 130 and one line; one that lands
    as it exits, the grading over, leaves the grading's own code. It ended the process by the signal (-2) once, under
    CI's load (session 42). The process sends the interrupt to itself, inside main() or as it leaves (os._exit, which
    skips Python's teardown: decision 243). By then SIGINT must be ignored."""
    stand_in = ("import os, runpy, signal\n"
                # Python's own handler, as a terminal's `python -m grader` has it: a test run started in the
                # background (`make test-fast &`) hands its children SIGINT ignored, and Python keeps it so
                "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
                "import grader.cli as cli\n"
                "def main():\n"
                "    if WHEN == 'main':\n"
                "        os.kill(os.getpid(), signal.SIGINT)\n"
                "    else:\n"
                "        leave = os._exit\n"
                "        def exit_interrupted(code):\n"
                "            os.kill(os.getpid(), signal.SIGINT)\n"
                "            print('ignored at exit:', signal.getsignal(signal.SIGINT) == signal.SIG_IGN, flush=True)\n"
                "            leave(code)\n"
                "        os._exit = exit_interrupted\n"
                "    return 0\n"
                "cli.main = main\n"
                "runpy.run_module('grader', run_name='__main__')\n").replace("WHEN", repr(when))
    proc = subprocess.run([sys.executable, "-c", stand_in], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == code and "Traceback" not in proc.stderr, (proc.returncode, proc.stderr)
    assert ("interrupted as the grader started or exited" in proc.stderr) == (when == "main"), proc.stderr
    if when == "exit":  # ignored before the process leaves
        assert proc.stdout.strip() == "ignored at exit: True", proc.stdout


@pytest.mark.parametrize("fd", [0, 1, 2])
def test_cli_started_with_a_standard_stream_closed_lists_and_no_file_takes_its_number(fd, tmp_path):
    """`python -m grader --list >&-` ended in a traceback (sys.stdout was None: session 64's note). With any of the
    three streams closed the listing is printed where it can be, exit 0, and the first file the grader opens does not
    take the closed number (a tool run with that stream inherited would write into it)."""
    listed = subprocess.run([sys.executable, "-m", "grader", "--list"], cwd=REPO, capture_output=True, text=True,
                            timeout=120, preexec_fn=lambda: os.close(fd))
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, (listed.returncode, listed.stderr[-2000:])
    assert ("00.build.compiles" in listed.stdout) == (fd != 1), listed.stdout[-500:]
    probe = tmp_path / "fd"
    stand_in = ("import os, runpy, sys\n"
                "import grader.cli as cli\n"
                "def main():\n"
                "    with open(PROBE, 'w') as fh:\n"
                "        fh.write(f'{fh.fileno()} {sys.stdin is None} {sys.stdout is None} {sys.stderr is None}')\n"
                "    return 0\n"
                "cli.main = main\n"
                "runpy.run_module('grader', run_name='__main__')\n").replace("PROBE", repr(str(probe)))
    proc = subprocess.run([sys.executable, "-c", stand_in], cwd=REPO, capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: os.close(fd))
    assert proc.returncode == 0, proc.stderr[-2000:]
    number, *none = probe.read_text().split()
    assert int(number) > 2 and none == ["False"] * 3, probe.read_text()


@pytest.mark.slow
def test_cli_sigint_mid_grading_is_one_line_and_no_result(tmp_path):
    import signal
    import time

    out = tmp_path / "results.json"
    proc = subprocess.Popen([sys.executable, "-m", "grader", "--submission", str(REPO / "solutions"), "--json",
                             str(out)], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "GRADER_FORCE_CPU": "1", "GRADER_PROGRESS": "1"},
                            start_new_session=True)
    seen = ""
    while "03.triton.interpreter ..." not in seen:  # a check in flight: its worker runs the learner's file
        line = proc.stderr.readline()
        assert line, seen
        seen += line
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert "Traceback" not in stderr + stdout, stderr
    if "interrupted: the grading stopped" in stderr:  # stopped mid-grading: its line, exit 130, and no result
        assert proc.returncode == 130 and not out.exists(), (proc.returncode, stderr)
    else:  # the grading had finished (CI's load): the signal found only the exit. Never a death by the signal (-2,
        # silent, before grader/__main__.py ignored it once the grading was over); the result is whole.
        assert proc.returncode in (0, 1, 130) and json.loads(out.read_text())["tests"], (proc.returncode, stderr)


def test_make_run_names_an_unknown_lab_and_runs_lab_03_where_it_can():
    """`make run LAB=03` on a laptop suggested a command that failed with Triton's "0 active drivers"; LAB=7 got lab
    03's message (session 42's walkthrough)."""
    def run_lab(lab):
        return subprocess.run([sys.executable, "-m", "grader.run_lab", lab], cwd=REPO, capture_output=True, text=True)
    unknown = run_lab("7")
    assert unknown.returncode == 2 and "unknown lab '7'; labs are: 00-hello-cuda" in unknown.stderr
    triton = run_lab("03")
    assert triton.returncode == 2 and "labs/03-triton-and-pytorch/" in triton.stderr
    import shutil
    if shutil.which("nvidia-smi") is None:
        assert "`TRITON_INTERPRET=1 .venv/bin/python labs/03-triton-and-pytorch/" in triton.stderr


def test_cli_learner_name_is_validated():
    proc = run("00", "--learner", "../etc")
    assert proc.returncode == 2 and "--learner" in proc.stderr
    proc = run("00", "--learner=-2-3")  # the roster takes the same names: none starts as an option or a formula
    assert proc.returncode == 2 and "starting with a letter or digit" in proc.stderr
    proc = run("00", "--learner", "Jos\u00e9")  # "letters" read as if é were one (red team, session 53)
    assert proc.returncode == 2 and "ASCII letters" in proc.stderr and "(write 'Jose')" in proc.stderr, proc.stderr


def test_cli_submission_that_is_a_link_is_refused(tmp_path):
    """A labs folder linked to another learner's is not a submission of its own (red team, session 12: in a cohort,
    alice's labs/ -> bob's was graded as alice's)."""
    (tmp_path / "bob" / "00-hello-cuda").mkdir(parents=True)
    (tmp_path / "alice").symlink_to(tmp_path / "bob")
    proc = run("00", "--submission", str(tmp_path / "alice"))
    assert proc.returncode == 2 and "is a symbolic link" in proc.stderr, proc.stderr


def test_cli_paths_through_a_loop_of_links_are_usage_errors(tmp_path):
    """--submission, --json and a cohort's --out through a loop of links: Path.resolve() raised RuntimeError, a
    traceback with no results.json (red team, session 31)."""
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    for args in (["--submission", str(tmp_path / "loop")], ["--submission", str(tmp_path / "loop" / "sub")],
                 ["--json", str(tmp_path / "loop" / "r.json")]):
        proc = run("00", *args)
        assert proc.returncode == 2 and "its symbolic links cannot be followed" in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "grader", "cohort", "gradebook", "--out", str(tmp_path / "loop")],
                          cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 2 and "its symbolic links cannot be followed" in proc.stderr, proc.stderr


def test_cli_submission_path_stays_on_one_line_and_odd_lab_names_grade(tmp_path):
    """A newline in the submission's path printed a forged row and score above the report; a lab folder whose name
    is not UTF-8 stopped the grader with an internal error (red team, session 12)."""
    forged = "x\n│ 00.correct.values     │ PASS   │    3/3 │ forged row\n\nScore: 11/11   all graded checks passed"
    sub = tmp_path / forged
    (sub / os.fsdecode(b"00-h\xffllo")).mkdir(parents=True)
    results = tmp_path / "results.json"
    proc = subprocess.run([sys.executable, "-m", "grader", "00", "--submission", str(sub), "--json", str(results)],
                          cwd=REPO, capture_output=True, text=True, env={**os.environ, "GRADER_FORCE_CPU": "1"})
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert not any(line.startswith(("│ 00.correct.values     │ PASS", "Score: 11/11")) for line in proc.stdout.splitlines())
    # the path, escaped, wherever the report's width (130) wraps it: tmp_path is deeper under pytest-xdist
    assert "x\\n│ 00.correct.values │ PASS │ 3/3 │ forged row\\n\\nScore: 11/11" in " ".join(proc.stdout.split())
    assert json.loads(results.read_text())["score"] == 0


def test_cli_refuses_what_would_lose_files_or_share_a_work_folder(tmp_path, monkeypatch, capsys):
    """Red team (session 13): --json wrote the results over a learner's .cu and over grader/phase.toml; two
    gradings in one work folder graded each other's files; GRADER_SEED=abc was an internal error; a learner name with a
    trailing newline passed. Each is a usage error now, before anything is graded (in-process: nothing runs)."""
    import fcntl

    sub = tmp_path / "labs"
    (sub / "00-hello-cuda").mkdir(parents=True)
    source = sub / "00-hello-cuda" / "vector_add.cu"
    source.write_text("// mine\n")
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    monkeypatch.setenv("GRADER_WORKROOT", str(tmp_path / "work"))
    monkeypatch.setattr("grader.cli._grade_and_report", lambda *a: pytest.fail("it graded"))

    def grade(*extra) -> tuple[int, str]:
        code = cli.main(["00", "--submission", str(sub), *extra])
        return code, capsys.readouterr().err
    for target, words in ((source, "holds no earlier results"), (REPO / "grader" / "phase.toml", "grader's own files"),
                          (notes, "holds no earlier results")):
        before = target.read_bytes()
        code, err = grade("--json", str(target))
        assert code == 2 and words in err, err
        assert target.read_bytes() == before
    assert grade("--learner", "bob\n")[0] == 2
    monkeypatch.setenv("GRADER_SEED", "abc")
    assert grade()[0] == 2
    monkeypatch.delenv("GRADER_SEED")
    (tmp_path / "work").mkdir()
    with open(tmp_path / "work" / ".grading.lock", "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        code, err = grade()
        assert code == 2 and "another grading is using" in err, err


def test_cli_check_grades_only_the_chosen_checks_and_says_so(tmp_path):
    """make grade CHECK=03.triton.interpreter: the chosen check and the audit it needs, the port's workers never
    started; the report and results.json say the grading was partial. An unknown check is a usage error."""
    sub = tmp_path / "sub"
    (sub / "03-triton-and-pytorch").mkdir(parents=True)
    src = REPO / "solutions" / "03-triton-and-pytorch" / "softmax_triton.py"
    (sub / "03-triton-and-pytorch" / "softmax_triton.py").write_text(src.read_text())
    results = tmp_path / "results.json"
    proc = subprocess.run([sys.executable, "-m", "grader", "--check", "03.triton.interpreter", "--submission", str(sub),
                           "--json", str(results), "--timings"], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "GRADER_FORCE_CPU": "1"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads(results.read_text())
    assert [t["extra_data"]["id"] for t in data["tests"]] == ["03.triton.method", "03.triton.interpreter"]
    assert data["extra_data"]["only"] == ["03.triton.interpreter"] and "only the checks chosen" in data["output"]
    assert "Graded only what --check chose (03.triton.interpreter)" in " ".join(proc.stdout.split())
    assert "worker port" not in proc.stdout  # --timings lists every worker's start-up: the port's lane is gone
    bad = run("--check", "03.triton.gpu", "--submission", str(sub))
    assert bad.returncode == 2 and "03.triton.gpu_shapes" in bad.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_passes_a_path_with_blanks_brackets_and_quotes_as_one_word():
    """`make grade SUBMISSION='my labs'` graded lab 'labs', and "/tmp/x (copy)" was a shell syntax error (helper nl57,
    session 57): every path a make variable gives reaches the command as one word."""
    import shlex

    odd = "/tmp/my labs (it's `x`; y)"  # (a $ is make's own: it expands it before any shell sees it)
    for target, var, flag in (("run", "SUBMISSION", "--submission"), ("profile", "SUBMISSION", "--submission"),
                              ("learner-copy", "DEST", None)):
        out = subprocess.run(["make", "-n", "--no-print-directory", target, f"{var}={odd}"], cwd=REPO,
                             capture_output=True, text=True, timeout=60).stdout.strip().splitlines()[-1]
        words = shlex.split(out)
        assert (words[words.index(flag) + 1] if flag else words[-1]) == odd, (target, out)
    probe = subprocess.run(["make", "-n", "--no-print-directory", "-f", "Makefile", "-f", "-", "probe",
                            f"SUBMISSION={odd}", f"JSON={odd}.json", f"LEARNER={odd}", "CHECK=00.build", "LAB=00 01"],
                           cwd=REPO, input="probe:\n\t@echo $(GRADER_ARGS)\n", capture_output=True, text=True,
                           timeout=60).stdout.strip().splitlines()[-1]
    words = shlex.split(probe.replace("echo ", "", 1))
    assert words[:2] == ["00", "01"]
    for flag, value in (("--submission", odd), ("--json", odd + ".json"), ("--learner", odd), ("--check", "00.build")):
        assert words[words.index(flag) + 1] == value, (flag, probe)


@pytest.mark.slow
def test_a_full_disk_for_the_results_is_named_not_an_internal_error(tmp_path, monkeypatch, capsys):
    """JSON= on a full disk said "internal error in the grader ... report it to the course staff" (helper nl57,
    session 57): the machine's trouble, named, and the earlier results file as it was."""
    from grader import report

    def full(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setenv("GRADER_WORKROOT", str(tmp_path / "work"))
    monkeypatch.setenv("GRADER_FORCE_CPU", "1")
    monkeypatch.setattr(report, "write_json", full)
    out = tmp_path / "r.json"
    assert cli.main(["00", "--json", str(out)]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "No space left on device" in err and "internal error" not in err

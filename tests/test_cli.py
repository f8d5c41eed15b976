import json
import subprocess
import sys

from helpers import REPO

from grader import cli
from grader.registry import Lab
from grader.results import passed


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


def test_cli_learner_name_is_validated():
    proc = run("00", "--learner", "../etc")
    assert proc.returncode == 2 and "--learner" in proc.stderr

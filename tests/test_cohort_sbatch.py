"""The generated sbatch scripts (GPU scheduling cannot be exercised without GPUs, so its text is
tested), the TOML config file, and the command's usage errors."""
from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cohort import fake
from grader import sandbox
from grader.cohort import slurm
from grader.cohort.cli import parse_run, settings_from
from grader.cohort.settings import Grading, SettingsError, Slurm
from grader.cohort.store import Layout
from helpers import REPO

ROWS = ["ann,clones/ann/labs,00", "bob,clones/bob/labs,00", "cat,clones/cat/labs,00"]


@pytest.fixture
def plan(tmp_path):
    for name in ("ann", "bob", "cat"):
        fake.submission(tmp_path, name)
    return fake.plan(tmp_path, ROWS, gpu=True, backend="slurm")


def directives(script: str) -> list[str]:
    """The #SBATCH lines sbatch reads: only those before the first command of the script."""
    found = []
    for line in script.splitlines()[1:]:
        if line.startswith("#SBATCH "):
            found.append(line.removeprefix("#SBATCH "))
        elif line.strip() and not line.startswith("#"):
            break
    return found


def test_array_script_one_task_per_learner_one_gpu_each_at_most_n_at_once(plan, tmp_path):
    settings = Slurm(partition="gpu", account="cs-course", qos="normal", time="00:30:00", cpus_per_task=8,
                     mem="32G", constraint="h100", setup=("module load cuda/13.0",), extra=("--exclusive",))
    script = slurm.array_script(plan, Layout(tmp_path / "out"), Grading(max_running=2), settings)
    found = directives(script)
    assert "--array=0-2%2" in found  # three learners, two at a time
    assert "--gres=gpu:1" in found
    for line in ("--partition=gpu", "--account=cs-course", "--qos=normal", "--time=00:30:00", "--cpus-per-task=8",
                 "--mem=32G", "--constraint=h100", "--exclusive"):
        assert line in found, line
    assert f"--output={tmp_path / 'out' / 'slurm'}/%A_%a.out" in found
    lines = script.splitlines()
    assert lines.index("module load cuda/13.0") < len(lines) - 1
    assert lines[-1].startswith("exec ") and "-m grader.cohort task --plan" in lines[-1]
    assert lines[-1].endswith('--index "$SLURM_ARRAY_TASK_ID"')
    assert f"cd {plan['grader_tree']}" in lines  # the frozen grader tree, not the live checkout


def test_array_script_without_gpu_asks_for_none_and_defaults_time_and_limit(tmp_path):
    for name in ("ann", "bob"):
        fake.submission(tmp_path, name)
    plan = fake.plan(tmp_path, ROWS[:2], gpu=False, backend="slurm")
    found = directives(slurm.array_script(plan, Layout(tmp_path / "out"), Grading(task_timeout=600), Slurm()))
    assert not any(line.startswith("--gres") for line in found)
    assert "--time=20" in found  # the task time limit (10 min) plus 10 minutes, in minutes
    assert f"--array=0-1%{slurm.DEFAULT_MAX_RUNNING}" in found
    assert not any(line.startswith(("--partition", "--account")) for line in found)


def test_array_script_gres_names_a_gpu_type_when_asked(plan, tmp_path):
    found = directives(slurm.array_script(plan, Layout(tmp_path), Grading(), Slurm(gres="gpu:h100:1")))
    assert "--gres=gpu:h100:1" in found


def test_merge_script_runs_after_every_task_however_it_ended(plan, tmp_path):
    settings = Slurm(partition="gpu", merge_partition="cpu", account="cs-course")
    script = slurm.merge_script(plan, Layout(tmp_path / "out"), settings, "4242")
    found = directives(script)
    assert "--dependency=afterany:4242" in found
    assert "--partition=cpu" in found and "--account=cs-course" in found
    assert not any(line.startswith("--gres") for line in found)
    assert f"gradebook --out {tmp_path / 'out'} --plan" in script.splitlines()[-1]


def test_config_file_is_read_and_options_override_it(tmp_path):
    config = tmp_path / "cohort.toml"
    config.write_text('[grading]\nlabs = ["00", "02"]\ntask_timeout = 900\nmax_running = 6\n'
                      '[slurm]\npartition = "gpu"\naccount = "course"\ngres = "gpu:h200:1"\nsetup = ["module load cuda"]\n')
    args = parse_run(["--roster", "r.csv", "--out", "o", "--config", str(config), "--partition", "debug", "-j", "3"])
    settings = settings_from(args)
    assert settings.grading.labs == ("00", "02") and settings.grading.task_timeout == 900
    assert settings.grading.max_running == 3  # the option wins
    assert settings.slurm.partition == "debug" and settings.slurm.account == "course"
    assert settings.slurm.gres == "gpu:h200:1" and settings.slurm.setup == ("module load cuda",)
    assert settings.slurm.task_time(settings.grading) == "25"


@pytest.mark.parametrize("text, message", [
    ('[slurm]\npartiton = "gpu"\n', "unknown key"),
    ('[grid]\n', "unknown section"),
    ('[slurm]\ntime = "forever"\n', "HH:MM:SS"),
    ('[slurm]\naccount = "two words"\n', "no spaces"),
    ('[grading]\ntask_timeout = -1\n', "seconds > 0"),
    ('[slurm\n', "not valid TOML"),
])
def test_config_file_mistakes_are_usage_errors(tmp_path, text, message):
    config = tmp_path / "cohort.toml"
    config.write_text(text)
    with pytest.raises(SettingsError, match=message):
        settings_from(parse_run(["--roster", "r.csv", "--out", "o", "--config", str(config)]))


# A cohort requires the sandbox unless told otherwise: where bubblewrap cannot run, the tests that are not about
# isolation say so, as an instructor would.
ISOLATION = [] if sandbox.probe().isolated else ["--no-require-isolation"]


def cohort(*args: str, cwd: Path = REPO, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cohort", *args, *ISOLATION], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env=env)


def test_a_cohort_requires_the_sandbox_unless_told_not_to(tmp_path):
    """An instructor's grades are the ones that must not be forged: a cohort grades with --require-isolation unless
    the instructor opts out, and the local backend refuses at once, before writing anything, where the sandbox
    cannot run (here GRADER_NO_SANDBOX=1 stands for a host without user namespaces)."""
    roster = ["--roster", "r.csv", "--out", "o"]
    assert settings_from(parse_run(roster)).grading.require_isolation is True
    assert settings_from(parse_run([*roster, "--no-require-isolation"])).grading.require_isolation is False
    config = tmp_path / "cohort.toml"
    config.write_text("[grading]\nrequire_isolation = false\n")
    assert settings_from(parse_run([*roster, "--config", str(config)])).grading.require_isolation is False
    good = fake.roster(tmp_path, ["ann,clones/ann/labs,00"])
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "grader.cohort", "--roster", str(good), "--out", str(out)], cwd=REPO,
                          capture_output=True, text=True, timeout=300, env={**os.environ, "GRADER_NO_SANDBOX": "1"})
    assert proc.returncode == 2 and "the sandbox cannot run here" in proc.stderr, proc.stderr
    assert "--no-require-isolation" in proc.stderr and not out.exists()


def test_cli_dry_run_writes_both_scripts_and_submits_nothing(tmp_path):
    fake.submission(tmp_path, "ann")
    roster = fake.roster(tmp_path, ["ann,clones/ann/labs,00"])
    config = tmp_path / "cohort.toml"
    config.write_text('[slurm]\npartition = "gpu"\naccount = "course"\n')
    out = tmp_path / "out"
    proc = cohort("--roster", str(roster), "--out", str(out), "--backend", "slurm", "--dry-run", "--config", str(config))
    assert proc.returncode == 0, proc.stderr
    array = next((out / "slurm").glob("*-array.sbatch")).read_text()
    merge = next((out / "slurm").glob("*-merge.sbatch")).read_text()
    assert "--gres=gpu:1" in directives(array) and "--partition=gpu" in directives(array)
    assert "--account=course" in directives(merge)
    assert not list((out / "slurm").glob("*.jobs.json"))  # nothing was submitted
    assert not list((out / "results").iterdir())


@pytest.mark.slow  # 8-11 s on the 2-core machine: in make test, not test-fast (decision 242)
def test_cli_usage_errors_exit_2(tmp_path):
    assert cohort("--out", str(tmp_path / "o")).returncode == 2  # no roster
    bad = tmp_path / "roster.csv"
    bad.write_text("alice,labs\n")
    proc = cohort("--roster", str(bad), "--out", str(tmp_path / "o"))
    assert proc.returncode == 2 and "header" in proc.stderr
    proc = cohort("--roster", str(bad), "--out", str(tmp_path / "o"), "--task-timeout", "0")
    assert proc.returncode == 2 and "seconds > 0" in proc.stderr
    good = fake.roster(tmp_path, ["ann,clones/ann/labs,"])
    proc = cohort("--roster", str(good), "--out", str(tmp_path / "o"), "--labs", "09")
    assert proc.returncode == 2 and "unknown lab '09'" in proc.stderr
    (tmp_path / "file").write_text("")
    proc = cohort("--roster", str(good), "--out", str(tmp_path / "file"))
    assert proc.returncode == 2 and "is not a folder" in proc.stderr


def test_cli_refuses_a_second_run_on_the_same_out(tmp_path):
    out = tmp_path / "out"
    Layout(out).make()
    good = fake.roster(tmp_path, ["ann,clones/ann/labs,00"])
    with open(Layout(out).lock, "a") as held:  # as a running `grade cohort` holds it
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        proc = cohort("--roster", str(good), "--out", str(out))
    assert proc.returncode == 2 and "another `grade cohort` command is running" in proc.stderr


@pytest.mark.slow  # runs the cohort command (a snapshot of the grader, its listing)
def test_cli_keeps_what_is_not_its_own_and_what_it_writes_private(tmp_path):
    """Red team (session 13): a home folder given as OUT lost its .tmp files and its gradebook.csv; a pipe as the
    roster hung after OUT was written; the cohort folder (the reference solutions inside it) was world-readable;
    a dry run became the plan the gradebook was rebuilt from; a NaN time limit was no limit."""
    fake.submission(tmp_path, "ann")
    roster = fake.roster(tmp_path, ["ann,clones/ann/labs,00"])
    home = tmp_path / "home"
    home.mkdir()
    (home / ".draft.tmp").write_text("mine")
    (home / "gradebook.csv").write_text("name,grade\n")
    proc = cohort("--roster", str(roster), "--out", str(home), "--backend", "slurm", "--dry-run")
    assert proc.returncode == 2 and "no cohort folder" in proc.stderr, proc.stderr
    assert (home / ".draft.tmp").read_text() == "mine" and (home / "gradebook.csv").read_text() == "name,grade\n"
    fifo = tmp_path / "roster.fifo"
    os.mkfifo(fifo)
    proc = cohort("--roster", str(fifo), "--out", str(tmp_path / "o1"))
    assert proc.returncode == 2 and "not a file" in proc.stderr and not (tmp_path / "o1").exists()
    proc = cohort("--roster", str(roster), "--out", str(tmp_path / "o2"), "--backend", "slurm", "--dry-run",
                  "--task-timeout", "nan")
    assert proc.returncode == 2 and "task timeout" in proc.stderr
    out = tmp_path / "o3"
    proc = cohort("--roster", str(roster), "--out", str(out), "--backend", "slurm", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_mode & 0o077 == 0 and (out / "plans").stat().st_mode & 0o077 == 0
    snapshot = next(p for p in (out / "grader").iterdir() if p.is_dir())
    assert (snapshot / "solutions" / "02-tuned-kernel" / "softmax_tuned.cu").stat().st_mode & 0o077 == 0
    assert all(p.stat().st_mode & 0o077 == 0 for p in (out / "plans").iterdir())
    from grader.cohort.plan import latest_plan
    from grader.cohort.store import Layout

    assert latest_plan(Layout(out)) is None  # the dry run's plan is not the one a gradebook is rebuilt from


@pytest.mark.slow  # runs the cohort command (a snapshot of the grader, its listing)
def test_resuming_where_no_gpu_is_visible_does_not_replace_gpu_grades(tmp_path):
    """Red team (session 13): the same command run again on a login node regraded every learner without a GPU,
    over their GPU grades (the only copy). Now it is refused unless --no-gpu is given."""
    fake.submission(tmp_path, "ann")
    plan = fake.plan(tmp_path, ["ann,clones/ann/labs,00"], gpu=True)
    fake.write_result(plan, "ann", {})
    before = (tmp_path / "out" / "results" / "ann.json").read_bytes()
    proc = subprocess.run([sys.executable, "-m", "grader.cohort", "--roster", str(tmp_path / "roster.csv"), "--out",
                           str(tmp_path / "out"), *ISOLATION], cwd=REPO, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "CUDA_VISIBLE_DEVICES": "", "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2 and "graded with a GPU" in proc.stderr and "--no-gpu" in proc.stderr, proc.stderr
    assert (tmp_path / "out" / "results" / "ann.json").read_bytes() == before


def test_cli_refuses_an_out_that_another_user_owns_or_anyone_may_write(tmp_path, monkeypatch):
    """Red team, session 29: a learner made the instructor's OUT first in a shared scratch folder, and, as its owner,
    later renamed results/ away and put a forged grade in its place. OUT must be the instructor's own, and not
    writable by any user."""
    out = tmp_path / "out"
    out.mkdir()
    good = fake.roster(tmp_path, ["ann,clones/ann/labs,00"])
    out.chmod(0o777)
    proc = cohort("--roster", str(good), "--out", str(out))
    assert proc.returncode == 2 and "any user may write it (mode 777)" in proc.stderr, proc.stderr
    out.chmod(0o755)
    assert Layout(out).unsafe() is None
    monkeypatch.setattr(os, "getuid", lambda: os.stat(out).st_uid + 1)
    assert "belongs to another user" in Layout(out).unsafe()

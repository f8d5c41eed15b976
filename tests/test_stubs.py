import os
import shutil
import subprocess
import sys

import pytest

from grader import stubs


def test_stubs_committed_stubs_match_generator():
    assert stubs.main(["--check"]) == 0, "a stub in labs/ is stale: run `make stubs`"


def test_stubs_replace_regions_with_numbered_todos():
    src = "\n".join([
        "int f() {", "    // BEGIN SOLUTION", "    // TODO: return the answer", "    // STUB: return 0;",
        "    return 42;", "    // END SOLUTION", "}", "// BEGIN SOLUTION", "// TODO: second", "int g;",
        "// END SOLUTION"])
    out = stubs.make_stub(src, "05", "f.cu")
    assert "return 42" not in out and "int g;" not in out
    assert "    // TODO(05-1): return the answer\n    return 0;" in out
    assert "// TODO(05-2): second" in out


def test_stubs_python_region_without_stub_line_raises_not_implemented():
    out = stubs.make_stub("def f():\n    # BEGIN SOLUTION\n    return 1\n    # END SOLUTION\n", "03", "f.py")
    assert 'raise NotImplementedError("TODO(03-1): write this part")' in out


def test_stubs_unbalanced_markers_are_an_error():
    with pytest.raises(stubs.StubError):
        stubs.make_stub("// BEGIN SOLUTION\nint x;\n", "01", "x.cu")


@pytest.fixture
def repo_copy(tmp_path, monkeypatch):
    from helpers import REPO

    for part in ("solutions", "labs"):
        shutil.copytree(REPO / part, tmp_path / part)
    monkeypatch.setattr(stubs, "REPO", tmp_path)
    return tmp_path


def test_stubs_refuse_to_overwrite_learner_edits(repo_copy, capsys):
    target = repo_copy / "labs/00-hello-cuda/vector_add.cu"
    target.write_text(target.read_text() + "// my work in progress\n")
    # the solution changes, so the generator would like to rewrite the stub
    sol = repo_copy / "solutions/00-hello-cuda/vector_add.cu"
    sol.write_text(sol.read_text() + "// new comment from the staff\n")
    assert stubs.main([]) == 1
    assert "my work in progress" in target.read_text()
    assert "refused to change labs/00-hello-cuda/vector_add.cu" in capsys.readouterr().err


def test_stubs_restore_an_emptied_file_without_asking(repo_copy):
    """The grader sends a learner with an empty file to `make stubs`, which refused it as "edits of yours" (session
    42's walkthrough): an empty file has nothing to keep."""
    target = repo_copy / "labs/00-hello-cuda/vector_add.cu"
    stub = target.read_text()
    target.write_text("\n  \n")
    assert stubs.main([]) == 0
    assert target.read_text() == stub and not list(target.parent.glob("vector_add.cu.orig-*"))


def test_stubs_force_keeps_a_copy_of_learner_edits(repo_copy):
    target = repo_copy / "labs/00-hello-cuda/vector_add.cu"
    target.write_text(target.read_text() + "// my work in progress\n")
    sol = repo_copy / "solutions/00-hello-cuda/vector_add.cu"
    sol.write_text(sol.read_text() + "// new comment from the staff\n")
    assert stubs.main(["--force"]) == 0
    backups = list(target.parent.glob("vector_add.cu.orig-*"))
    assert len(backups) == 1 and "my work in progress" in backups[0].read_text()
    assert "new comment from the staff" in target.read_text()


def test_stubs_backups_are_ignored_by_git(repo_copy):
    from helpers import REPO

    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    target = repo_copy / "labs/00-hello-cuda/vector_add.cu"
    target.write_text(target.read_text() + "// my work in progress\n")
    assert stubs.main(["--force"]) == 0
    [backup] = target.parent.glob("vector_add.cu.orig-*")
    rel = f"labs/00-hello-cuda/{backup.name}"
    ignored = subprocess.run(["git", "check-ignore", "--no-index", "-q", rel], cwd=REPO)
    assert ignored.returncode == 0, f"{rel} would show up in `git status`: .gitignore needs *.orig-*"
    control = subprocess.run(["git", "check-ignore", "--no-index", "-q", "labs/00-hello-cuda/vector_add.cu"], cwd=REPO)
    assert control.returncode == 1, "the learner's own file must not be ignored"


def test_stubs_update_unedited_stub_without_asking(repo_copy):
    sol = repo_copy / "solutions/01-naive-kernel/softmax_naive.cu"
    sol.write_text(sol.read_text() + "// staff update\n")
    assert stubs.main([]) == 0
    assert "staff update" in (repo_copy / "labs/01-naive-kernel/softmax_naive.cu").read_text()


def test_stubs_in_the_learners_copy_change_nothing(repo_copy, capsys):
    """The learners' copy has no solutions/: every stub was planned away and removed, edits and all (helper nl57,
    session 57). Now a refusal that names git checkout, and labs/ as it was."""
    shutil.rmtree(repo_copy / "solutions")
    target = repo_copy / "labs/01-naive-kernel/softmax_naive.cu"
    target.write_text(target.read_text() + "// my work\n")
    before = {p: p.read_bytes() for p in (repo_copy / "labs").rglob("*") if p.is_file()}
    for argv in ([], ["--force"]):
        assert stubs.main(argv) == 2
        assert "git checkout -- labs/" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in (repo_copy / "labs").rglob("*") if p.is_file()} == before


def test_stubs_force_twice_in_one_second_keeps_both_versions(repo_copy, monkeypatch):
    """Two backups in one second had one name: the first edit was lost (helper nl57, session 57)."""
    monkeypatch.setattr(stubs.time, "strftime", lambda fmt: "20261205-055047")
    target = repo_copy / "labs/01-naive-kernel/softmax_naive.cu"
    for edit in ("// edit A\n", "// edit B\n"):
        target.write_text(target.read_text() + edit)
        assert stubs.main(["--force"]) == 0
    kept = sorted(p.read_text() for p in target.parent.glob("softmax_naive.cu.orig-*"))
    assert len(kept) == 2 and "// edit A" in kept[0] + kept[1] and "// edit B" in kept[0] + kept[1]


@pytest.mark.parametrize("manifest", ["<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> x\n", "[1, 2]\n", "{\"a\": 3}\n",
                                      "folder", "fifo"])
def test_stubs_with_an_unreadable_manifest_refuse_plainly(repo_copy, capsys, manifest):
    """Conflict markers, a list, a folder or a pipe in labs/.stubs.json: a traceback or a hang before."""
    path = repo_copy / stubs.MANIFEST
    path.unlink()
    if manifest == "folder":
        path.mkdir()
    elif manifest == "fifo":
        os.mkfifo(path)
    else:
        path.write_text(manifest)
    assert stubs.main([]) == 2
    assert f"git checkout -- {stubs.MANIFEST}" in capsys.readouterr().err


def test_stubs_find_a_blocked_folder_before_writing_anything(repo_copy, capsys):
    """A file where a folder of stubs goes: phase-open wrote two files of the other track, then raised (nl57)."""
    profile = repo_copy / "labs/02-tuned-kernel/profile"
    shutil.rmtree(profile)
    profile.write_text("notes\n")
    before = sorted(p.name for p in (repo_copy / "labs").rglob("*"))
    assert stubs.sync("gemm") == 1
    assert "labs/02-tuned-kernel/profile should be a folder" in capsys.readouterr().err
    assert sorted(p.name for p in (repo_copy / "labs").rglob("*")) == before


def test_make_profile_replaces_the_report_only_with_a_whole_new_one(tmp_path):
    """ncu wrote the graded path itself, and a failed second run overwrote the .prev with the first's output: the
    learner's good report was gone (helper nl57, session 57)."""
    from grader import profile

    report = tmp_path / "softmax_tuned.ncu-rep"
    prev = tmp_path / "softmax_tuned.prev.ncu-rep"
    report.write_text("GOOD")

    def failing(recording):
        recording.write_text("PARTIAL")
        return 1, "ncu failed\n"

    for _ in range(2):
        assert profile.record(report, failing)[0] == 1
    assert report.read_text() == "GOOD" and not prev.exists() and sorted(p.name for p in tmp_path.iterdir()) == [report.name]

    def interrupted(recording):
        recording.write_text("PART")
        raise KeyboardInterrupt

    assert profile.record(report, interrupted)[0] == 130 and report.read_text() == "GOOD"

    def good(recording):
        recording.write_text("NEW")
        return 0, ""

    assert profile.record(report, good) == (0, "")
    assert report.read_text() == "NEW" and prev.read_text() == "GOOD"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([report.name, prev.name])


def test_make_profile_refuses_a_folder_at_a_reports_name(tmp_path):
    """A folder where the recording, the report or its .prev goes: unlink and os.replace raised (a traceback of
    `make profile`; red team, session 58). A message instead, and the learner's files as they were."""
    from grader import profile

    def good(recording):
        recording.write_text("NEW")
        return 0, ""

    for name in (".softmax_tuned.recording.ncu-rep", "softmax_tuned.ncu-rep", "softmax_tuned.prev.ncu-rep"):
        folder = tmp_path / name
        (folder / "inside").mkdir(parents=True)
        report = tmp_path / "softmax_tuned.ncu-rep"
        if name != report.name:
            report.write_text("GOOD")
        code, text = profile.record(report, good)
        assert code == 1 and f"{folder} is a folder" in text, text
        assert (folder / "inside").is_dir() and (name == report.name or report.read_text() == "GOOD")
        for path in tmp_path.iterdir():
            if path.is_dir():
                (path / "inside").rmdir()
                path.rmdir()
            else:
                path.unlink()


def test_make_profile_writes_no_report_through_a_linked_profile_folder(tmp_path, capsys, monkeypatch):
    """A learner's profile folder linked to another (the reference solution's, for a profile of a learner's
    SUBMISSION): the report was written there and the file of that name moved to .prev (red team, session 58). Refused
    before anything is built or recorded; a folder of the lab's own passes."""
    from grader import profile, registry

    # the registry's own: grader.profile, first imported under another test's stand-in, would keep that one
    monkeypatch.setattr(profile, "all_labs", registry.all_labs)
    monkeypatch.setattr(profile, "resolve_lab", registry.resolve_lab)

    elsewhere = tmp_path / "solutions" / "profile"
    elsewhere.mkdir(parents=True)
    (elsewhere / "softmax_tuned.ncu-rep").write_text("REFERENCE")
    lab = tmp_path / "sub" / "02-tuned-kernel"
    lab.mkdir(parents=True)
    (lab / "softmax_tuned.cu").write_text("// mine\n")
    (lab / "profile").symlink_to(elsewhere)
    assert profile.main(["02", "--submission", str(tmp_path / "sub"), "--kernel", "softmax"]) == 1
    assert "is a link" in capsys.readouterr().err
    assert sorted(p.name for p in elsewhere.iterdir()) == ["softmax_tuned.ncu-rep"]
    assert (elsewhere / "softmax_tuned.ncu-rep").read_text() == "REFERENCE"
    report = lab / "profile" / "softmax_tuned.ncu-rep"
    assert profile.report_folder_problem(lab, report)
    (lab / "profile").unlink()
    assert profile.report_folder_problem(lab, report) is None  # none yet: make profile makes it
    (lab / "profile").mkdir()
    assert profile.report_folder_problem(lab, report) is None


@pytest.mark.parametrize("text", ['kernel = "gemmm"\n', "kernel =\n", "",
                                  '<<<<<<< HEAD\nkernel = "softmax"\n=======\nkernel = "gemm"\n>>>>>>> x\n'])
def test_a_broken_phase_setting_stops_with_a_message_and_phase_open_mends_it(tmp_path, monkeypatch, capsys, text):
    """A typo or a merge's conflict markers in grader/phase.toml gave a traceback from every command (helper nl57,
    session 57); phase-open, which writes the setting, must still work."""
    from grader import phase

    setting = tmp_path / "phase.toml"
    setting.write_text("# which track\n" + text)
    monkeypatch.setattr(phase, "SETTING", setting)
    phase.kernel.cache_clear()
    with pytest.raises(SystemExit) as stop:
        phase.kernel()
    assert stop.value.code == 2 and "git checkout -- grader/phase.toml" in capsys.readouterr().err
    phase.write_setting("gemm")
    assert phase.kernel() == "gemm" and setting.read_text().startswith("# which track\n")
    phase.kernel.cache_clear()


def test_a_file_written_whole_keeps_the_old_one_when_it_cannot_be_and_keeps_its_mode(tmp_path):
    """The docs' tables and notebooks were written in place (a file-size limit left half a notebook), and a
    results.json that replaced a 0644 one came out 0600 (helper nl57, session 57)."""
    from grader.files import write_whole

    path = tmp_path / "r.json"
    path.write_text("old")
    path.chmod(0o644)
    write_whole(path, "new")
    assert path.read_text() == "new" and path.stat().st_mode & 0o777 == 0o644
    script = ("import resource, sys; from grader.files import write_whole; "
              "resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024)); "
              "import signal; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
              f"write_whole(__import__('pathlib').Path({str(path)!r}), 'x' * 100000)")
    from helpers import REPO

    proc = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and path.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"], "a temporary file was left"


def test_a_file_written_whole_over_a_link_replaces_the_link_and_takes_no_mode_from_its_target(tmp_path):
    """A results.json linked to a folder of mode 1777 (/tmp) came out 0777, writable by every user (red team, session
    58); the link itself is replaced, and what it led to is left as it was."""
    from grader.files import write_whole

    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    target = tmp_path / "victim.txt"
    target.write_text("theirs")
    target.chmod(0o666)
    old = os.umask(0o022)
    try:
        for name, to in (("r.json", shared), ("s.json", target)):
            path = tmp_path / name
            path.symlink_to(to)
            write_whole(path, "new")
            assert not path.is_symlink() and path.read_text() == "new"
            assert path.stat().st_mode & 0o777 == 0o644, oct(path.stat().st_mode)
    finally:
        os.umask(old)
    assert target.read_text() == "theirs" and shared.is_dir() and not any(shared.iterdir())

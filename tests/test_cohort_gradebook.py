"""Resume planning, learner statuses, gradebook.csv and gradebook.html, from hand-made results
(no grader run), plus the storage rules everything relies on: whole files and content hashes."""
from __future__ import annotations

import csv
import io
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import psutil
import pytest

from cohort import fake
from grader.cohort import gradebook as gb
from grader.cohort import store
from grader.cohort.store import Layout

ROWS = ["ann,clones/ann/labs,00", "bob,clones/bob/labs,00", "cat,clones/cat/labs,00 02"]


@pytest.fixture
def root(tmp_path):
    for name in ("ann", "bob"):
        fake.submission(tmp_path, name, ("00",))
    fake.submission(tmp_path, "cat", ("00", "02"))
    return tmp_path


# ----------------------------------------------------------------------------- planning (resume)

def test_plan_grades_everyone_first_then_only_who_has_no_current_grade(root):
    first = fake.plan(root, ROWS)
    assert first["tasks"] == ["ann", "bob", "cat"]
    fake.write_result(first, "ann", {})
    fake.write_result(first, "cat", {})
    assert fake.plan(root, ROWS)["tasks"] == ["bob"]  # resume: ann and cat are done
    assert fake.plan(root, ROWS, regrade=True)["tasks"] == ["ann", "bob", "cat"]
    assert fake.plan(root, ROWS, regrade=True, only=["cat"])["tasks"] == ["cat"]


def test_plan_grades_again_whoever_a_later_attempt_left_on_an_older_grade(root):
    """`--regrade` stopped part way left its learners on the older grade, "a later attempt ended killed", for good:
    the docs say a killed task's learner is graded by the next run (session 42's walkthrough)."""
    first = fake.plan(root, ROWS)
    for name in ("ann", "bob", "cat"):
        fake.write_result(first, name, {})
        fake.write_attempt(first, name)
    assert fake.plan(root, ROWS)["tasks"] == []
    fake.write_attempt(first, "bob", attempt="a-bob-2", state="running", status=None)  # killed mid-regrade
    fake.write_attempt(first, "cat", attempt="a-cat-2", state="finished", status="failed to grade")
    assert fake.plan(root, ROWS)["tasks"] == ["bob", "cat"]


def test_plan_regrades_a_changed_submission_and_changed_options(root):
    first = fake.plan(root, ROWS)
    for name in ("ann", "bob", "cat"):
        fake.write_result(first, name, {})
    (root / "clones/ann/labs/00-hello-cuda/work.cu").write_text("// ann's fix\n")
    (root / "clones/bob/labs/01-naive-kernel").mkdir()  # a lab bob is not graded on: no change
    (root / "clones/bob/labs/01-naive-kernel/x.cu").write_text("// later\n")
    assert fake.plan(root, ROWS)["tasks"] == ["ann"]
    assert fake.plan(root, ROWS, gpu=True)["tasks"] == ["ann", "bob", "cat"]  # graded without a GPU before
    assert fake.plan(root, ROWS[:2] + ["cat,clones/cat/labs,00"])["tasks"] == ["ann", "cat"]  # labs changed


def test_plan_skips_missing_submissions_and_rejects_unknown_only(root):
    rows = ROWS + ["dan,clones/dan/labs,00"]
    plan = fake.plan(root, rows)
    assert "dan" not in plan["tasks"] and not fake.record(plan, "dan")["present"]
    with pytest.raises(ValueError, match="not on the roster"):
        fake.plan(root, rows, only=["eve"])


# ----------------------------------------------------------------------------- statuses

def test_gradebook_statuses_cover_every_way_a_task_ends(root):
    rows = ROWS + [f"{n},clones/{n}/labs,00" for n in ("dan", "eve", "fox", "gil", "hal", "ivy")]
    for name in ("eve", "fox", "gil", "hal", "ivy"):
        fake.submission(root, name, ("00",))
    plan = fake.plan(root, rows)
    layout = Layout(Path(plan["out"]))
    fake.write_result(plan, "ann", {})  # graded
    fake.write_result(plan, "bob", {})  # graded, then a regrade attempt timed out
    fake.write_attempt(plan, "bob", attempt="later", status="timed out", reason="took too long")
    fake.write_attempt(plan, "cat", status="failed to grade", reason="the grader exited 3")
    # dan: no submission folder
    fake.write_attempt(plan, "eve", status="timed out", reason="grading took longer than the task time limit")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    fake.write_attempt(plan, "fox", state="running", status=None, host=socket.gethostname(), pid=dead.pid)
    me = psutil.Process()
    fake.write_attempt(plan, "gil", state="running", status=None, host=socket.gethostname(),
                       pid=me.pid, pid_started=me.create_time())
    fake.write_result(plan, "hal", {}, submission_hash="0" * 64, plan="older")  # the submission changed since
    # ivy: nothing yet
    book = gb.build(layout, plan)
    got = {r.learner: (r.status, r.reason) for r in book.rows}
    assert got["ann"] == ("graded", "")
    assert got["bob"][0] == "graded" and "later attempt ended timed out" in got["bob"][1]
    assert got["cat"] == ("failed to grade", "the grader exited 3")
    assert got["dan"][0] == "missing" and "no submission folder" in got["dan"][1]
    assert got["eve"][0] == "timed out"
    assert got["fox"][0] == "killed" and "before it finished" in got["fox"][1]
    assert got["gil"][0] == "running"
    assert got["hal"][0] == "missing" and "changed since it was graded" in got["hal"][1]
    assert got["ivy"] == ("missing", "not graded yet")
    assert not book.complete
    assert book.counts() == {"graded": 2, "running": 1, "failed to grade": 1, "timed out": 1, "killed": 1,
                             "missing": 3}


def test_a_graded_attempt_whose_result_is_gone_or_damaged_is_failed_and_graded_again(root):
    """attempts/NAME.json said graded and results/NAME.json was gone or damaged: the row was GRADED with no result, and
    the gradebook (and Slurm's merge job) ended in an internal error (red team, session 29)."""
    plan = fake.plan(root, ROWS)
    layout = Layout(Path(plan["out"]))
    for name in ("ann", "bob"):
        fake.write_result(plan, name, {})
        fake.write_attempt(plan, name, status="graded", reason="")
    layout.result("ann").unlink()
    layout.result("bob").write_text('{"tests": "damaged"}')
    book = gb.build(layout, plan)
    got = {r.learner: (r.status, r.reason) for r in book.rows}
    assert got["ann"][0] == got["bob"][0] == "failed to grade" and "missing or damaged" in got["ann"][1]
    assert all(r.result is None for r in book.rows)
    gb.write(layout, plan)  # gradebook.csv and gradebook.html are written whole, no internal error
    assert fake.plan(root, ROWS)["tasks"] == ["ann", "bob", "cat"]


def test_a_running_task_this_machine_cannot_ask_about_is_shown_running_and_says_so(root, monkeypatch):
    """A gradebook rebuilt where Slurm's commands are missing (a copy of OUT, a workstation) called every running
    Slurm task killed, and so did one for a local task of another host: it cannot know. They show as running, with
    why it is unconfirmed; a local task of this host that is gone is still killed."""
    rows = ROWS[:2]
    plan = fake.plan(root, rows)
    layout = Layout(Path(plan["out"]))
    monkeypatch.setattr(gb.slurm_backend, "missing_commands", lambda: ["squeue", "sacct"])
    fake.write_attempt(plan, "ann", state="running", status=None, slurm={"job": "77_0", "array": "77", "task": 0})
    fake.write_attempt(plan, "bob", state="running", status=None, host="another-node", pid=1)
    got = {r.learner: (r.status, r.reason) for r in gb.build(layout, plan).rows}
    assert got["ann"][0] == "running" and "squeue, sacct" in got["ann"][1] and "from the cluster" in got["ann"][1]
    assert got["bob"][0] == "running" and "another-node" in got["bob"][1]


def test_gradebook_is_complete_only_when_everyone_is_graded_and_the_roster_is_clean(root):
    plan = fake.plan(root, ROWS)
    for name in ("ann", "bob", "cat"):
        fake.write_result(plan, name, {})
    assert gb.build(Layout(Path(plan["out"])), plan).complete
    plan = fake.plan(root, ROWS + ["bad name,x,00"])
    assert not gb.build(Layout(Path(plan["out"])), plan).complete


# ----------------------------------------------------------------------------- gradebook.csv and .html

def test_gradebook_csv_has_one_row_per_learner_with_per_lab_scores(root):
    plan = fake.plan(root, ROWS + ["dan,clones/dan/labs,00"])
    layout = Layout(Path(plan["out"]))
    fake.write_result(plan, "ann", {"00.correct.values": "FAIL"})
    fake.write_result(plan, "cat", {"02.perf.gate": "FAIL"}, ratio=0.21)
    fake.write_attempt(plan, "bob", status="failed to grade", reason="exit 3", seed=77)
    gb.write(layout, plan)
    rows = list(csv.DictReader(io.StringIO((layout.out / "gradebook.csv").read_text())))
    assert [r["learner"] for r in rows] == ["ann", "bob", "cat", "dan"]
    by = {r["learner"]: r for r in rows}
    assert list(rows[0])[:5] == ["learner", "status", "total", "max_total", "bonus"]
    assert (by["ann"]["00-hello-cuda"], by["ann"]["00-hello-cuda_max"], by["ann"]["total"]) == ("2", "5", "2")
    assert by["ann"]["02-tuned-kernel"] == ""  # not graded on lab 02
    assert (by["cat"]["00-hello-cuda"], by["cat"]["02-tuned-kernel"], by["cat"]["02-tuned-kernel_max"]) == ("5", "2", "7")
    assert by["cat"]["total"] == "7" and by["cat"]["device"] == "NVIDIA H200" and by["cat"]["seed"] == "1234"
    assert (by["bob"]["status"], by["bob"]["seed"], by["bob"]["total"]) == ("failed to grade", "77", "")
    assert by["dan"]["status"] == "missing" and by["dan"]["seed"] == ""
    assert by["ann"]["results"] == "results/ann.json"
    assert "01-naive-kernel" not in rows[0]  # no learner was graded on lab 01


def test_gradebook_html_shows_pass_rates_gate_ratios_and_who_was_not_graded(root):
    plan = fake.plan(root, ROWS + ["dan,clones/dan/labs,00"] + ["x y,z,00"])
    layout = Layout(Path(plan["out"]))
    fake.write_result(plan, "ann", {"00.correct.values": "FAIL"})
    fake.write_result(plan, "bob", {"00.correct.values": "SKIP"})
    fake.write_result(plan, "cat", {}, ratio=0.42, ratio_key="ratio_to_torch")  # a result from before the rebuild
    page = gb.write(layout, plan) and (layout.out / "gradebook.html").read_text()
    # 00.correct.values: ann FAIL, bob SKIP (left out), cat PASS -> 1 of 2
    row = page[page.index("<code>00.correct.values</code>"):].split("</tr>")[0]
    assert "<td class=n>3</td><td class=n>1</td><td class=n>1</td><td class=n>1</td><td class=n>0</td>" in row
    assert "50%" in row
    assert page.count("<svg") == 2  # the pass-rate bars and the gate-ratio histogram
    assert "min 0.420, median 0.420, max 0.420; 1 passed the gate" in page
    problems = page[page.index("could not be produced"):page.index("Pass rate")]
    assert "dan" in problems and "no submission folder" in problems and "ann" not in problems
    assert "x y" in problems  # the bad roster row, with its line
    assert (layout.out / "gradebook.csv").exists()
    assert "softmax" in page.split("kernel track", 1)[1][:60]  # the frozen grader's track, not "the grader's default"


def test_a_learner_whose_row_is_refused_stays_in_the_gradebook(root):
    """A second row claiming ann's folder refused both rows (as documented), and ann, graded before, vanished from
    gradebook.csv (session 42's walkthrough): a refused row of a valid name is a row of the gradebook, with why."""
    plan = fake.plan(root, ROWS + ["frank,clones/ann/labs,", "gil,,00", "hal,clones/bob/labs,07"])
    layout = Layout(Path(plan["out"]))
    book = gb.write(layout, plan)
    rows = {r["learner"]: r for r in csv.DictReader(io.StringIO((layout.out / "gradebook.csv").read_text()))}
    assert set(rows) == {"ann", "bob", "cat", "frank", "gil", "hal"}
    # hal's row, refused for its lab, still names bob's folder: neither row is graded on it (session 57)
    for name in ("ann", "bob", "frank", "gil", "hal"):
        assert rows[name]["status"] == gb.BAD_ROW and rows[name]["reason"].startswith("roster line "), rows[name]
    assert "is frank's folder" in rows["ann"]["reason"] and "no submission folder" in rows["gil"]["reason"]
    assert "is hal's folder" in rows["bob"]["reason"] and rows["cat"]["status"] != gb.BAD_ROW and not book.complete


def test_gradebook_html_without_any_gate_ratio_says_why(root):
    plan = fake.plan(root, ROWS[:1])
    fake.write_result(plan, "ann", {})
    gb.write(Layout(Path(plan["out"])), plan)
    page = (Path(plan["out"]) / "gradebook.html").read_text()
    assert "No graded result has a gate ratio" in page and page.count("<svg") == 1


# ----------------------------------------------------------------------------- storage

def test_write_atomic_never_leaves_a_half_written_file(tmp_path, monkeypatch):
    target = tmp_path / "results" / "ann.json"
    store.write_json(target, {"score": 1})
    assert target.stat().st_mode & 0o777 == store.FILE_MODE  # readable as if open() had made it

    def crash(*args):
        raise OSError("the node lost power")

    monkeypatch.setattr(store.os, "replace", crash)
    with pytest.raises(OSError):
        store.write_json(target, {"score": 2})
    assert store.read_json(target) == {"score": 1}  # the old file is whole
    assert [p.name for p in target.parent.iterdir()] == ["ann.json"]  # no temporary left behind


def test_stale_temporaries_are_found(tmp_path):
    layout = Layout(tmp_path)
    layout.make()
    (layout.results / ".ann.json.abc.tmp").write_text('{"score"')
    assert [p.name for p in layout.stale_temporaries()] == [".ann.json.abc.tmp"]


def test_an_interrupted_grader_snapshot_leaves_nothing_and_a_killed_one_is_removed_next_run(tmp_path, monkeypatch):
    """A Ctrl-C while the grader's tree was copied left OUT/grader/.<hash>.XXXX.tmp/ (read-only solutions inside)
    for good: the copy cleans up after itself, and a folder a kill left is a stale temporary the next run removes."""
    repo = tmp_path / "repo"
    (repo / "grader").mkdir(parents=True)
    (repo / "grader" / "cli.py").write_text("v1\n")
    layout = Layout(tmp_path / "out")
    layout.make()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(store.shutil, "copy2", interrupted)
        with pytest.raises(KeyboardInterrupt):
            store.snapshot_tree(repo, layout)
    assert list(layout.trees.iterdir()) == [], "an interrupted snapshot left its folder"
    killed = layout.trees / ".0123456789abcdef.xyz.tmp"
    (killed / "solutions").mkdir(parents=True)
    (killed / "solutions" / "k.cu").write_text("// solution\n")
    (killed / "solutions" / "k.cu").chmod(0o400)
    assert layout.stale_temporaries() == [killed]
    layout.remove_stale_temporaries()
    assert not killed.exists() and store.snapshot_tree(repo, layout)[0].is_dir()


def test_submission_hash_follows_the_graded_labs_files_only(tmp_path):
    labs = fake.submission(tmp_path, "ann", ("00", "02"))
    h = store.submission_hash(labs, ["00"], fake.LISTING)
    assert h == store.submission_hash(labs, ["00"], fake.LISTING)
    (labs / "02-tuned-kernel" / "work.cu").write_text("// other lab\n")
    (labs / "00-hello-cuda" / "__pycache__").mkdir()
    (labs / "00-hello-cuda" / "__pycache__" / "x.pyc").write_bytes(b"\0")
    (labs / "00-hello-cuda" / "notes.txt").write_text("not a file the grader reads\n")
    assert store.submission_hash(labs, ["00"], fake.LISTING) == h
    (labs / "00-hello-cuda" / "work.cu").rename(labs / "00-hello-cuda" / "renamed.cu")
    assert store.submission_hash(labs, ["00"], fake.LISTING) != h
    assert store.submission_hash(labs, ["00", "02"], fake.LISTING) != store.submission_hash(labs, ["00"], fake.LISTING)


def nested(top: Path, levels: int) -> None:
    """top/a/a/...: `levels` folders deep (made and removed relative to the working folder: PATH_MAX), or none."""
    here = os.getcwd()
    os.chdir(top)
    try:
        depth = 0
        while os.path.isdir("a"):
            os.chdir("a")
            depth += 1
        for _ in range(depth, levels):
            os.mkdir("a")
            os.chdir("a")
            depth += 1
        for _ in range(depth):
            os.chdir("..")
            if not levels:
                os.rmdir("a")
    finally:
        os.chdir(here)


def test_submission_hash_reads_only_what_the_grader_reads_and_never_blocks(tmp_path):
    """Red team (session 12): one learner's folder stopped or hung planning for the whole cohort: a file name that
    is not UTF-8, a pipe, a socket, an 8 TiB sparse file, 1100 nested folders. The hash now reads each graded lab's
    editable files as the grader does, and nothing else."""
    labs = fake.submission(tmp_path, "mal", ("00",))
    lab = labs / "00-hello-cuda"
    h = store.submission_hash(labs, ["00"], fake.LISTING)
    (lab / os.fsdecode(b"notes-\xe9t\xe9.txt")).write_text("x")
    os.mkfifo(lab / "notes.fifo")
    server = socket.socket(socket.AF_UNIX)
    here = os.getcwd()
    os.chdir(lab)  # bound by a relative name: a socket's path has at most 107 bytes, and tmp_path may be longer
    try:
        server.bind("agent.sock")
    finally:
        os.chdir(here)
    with open(lab / "data.bin", "wb") as f:
        f.truncate(8 << 40)
    deep = lab / "notes"
    deep.mkdir()
    nested(deep, 1100)
    done = []
    thread = threading.Thread(target=lambda: done.append(store.submission_hash(labs, ["00"], fake.LISTING)),
                              daemon=True)
    thread.start()
    thread.join(10)
    server.close()
    nested(deep, 0)  # shutil.rmtree (pytest's clean-up of old temporary folders) recurses, and would fail on it
    assert done == [h], "the hash blocked, failed or read a file the grader does not read"
    (lab / "work.cu").unlink()
    os.mkfifo(lab / "work.cu")  # the graded file itself a pipe, then a sparse giant: refused, not read
    fifo = store.submission_hash(labs, ["00"], fake.LISTING)
    (lab / "work.cu").unlink()
    with open(lab / "work.cu", "wb") as f:
        f.truncate(8 << 40)
    assert len({h, fifo, store.submission_hash(labs, ["00"], fake.LISTING)}) == 3


def test_submission_hash_sees_links_and_the_learner_profile(tmp_path):
    """A labs folder linked to another learner's is not that learner's submission; a learner profile written after
    grading is a change (both red team, session 12)."""
    bob = fake.submission(tmp_path, "bob", ("00",))
    alice = tmp_path / "clones" / "alice" / "labs"
    alice.parent.mkdir(parents=True)
    alice.symlink_to(bob)
    assert store.submission_hash(alice, ["00"], fake.LISTING) != store.submission_hash(bob, ["00"], fake.LISTING)
    labs = ["00", "03"]  # lab 03's check reads the profile; with lab 00 alone the grader never does
    before = store.submission_hash(bob, labs, fake.LISTING, "bob")
    assert store.submission_hash(bob, labs, fake.LISTING) != before  # asked for the profile, or not
    assert store.submission_hash(bob, ["00"], fake.LISTING, "bob") == store.submission_hash(bob, ["00"], fake.LISTING)
    profile = bob.parent / "learners" / "bob" / "profile.md"
    profile.parent.mkdir(parents=True)
    profile.write_text("## Phase 24\n\nPyTorch\n")
    after = store.submission_hash(bob, labs, fake.LISTING, "bob")
    assert after != before
    profile.unlink()
    profile.symlink_to(tmp_path / "elsewhere.md")
    (tmp_path / "elsewhere.md").write_text("## Phase 24\n\nPyTorch\n")
    assert store.submission_hash(bob, labs, fake.LISTING, "bob") not in (before, after)


def test_grader_snapshot_is_frozen_and_each_task_gets_its_own_copy(tmp_path):
    repo = tmp_path / "repo"
    (repo / "grader").mkdir(parents=True)
    (repo / "grader" / "cli.py").write_text("v1\n")
    (repo / "docs").mkdir()
    (repo / "docs" / "big.md").write_text("not needed to grade\n")
    layout = Layout(tmp_path / "out")
    layout.make()
    tree, digest = store.snapshot_tree(repo, layout)
    assert (tree / "grader" / "cli.py").read_text() == "v1\n" and not (tree / "docs").exists()
    assert store.snapshot_tree(repo, layout) == (tree, digest)  # same content: same snapshot
    (repo / "grader" / "cli.py").write_text("v2\n")  # the checkout changes while a cohort runs
    assert (tree / "grader" / "cli.py").read_text() == "v1\n"
    assert store.snapshot_tree(repo, layout)[1] != digest
    store.link_tree(tree, tmp_path / "task")
    (tmp_path / "task" / "build").mkdir()  # what a grader writes stays in the task's copy
    assert (tmp_path / "task" / "grader" / "cli.py").read_text() == "v1\n" and not (tree / "build").exists()


def test_the_summary_writes_out_control_characters_of_a_roster_message(root, capsys):
    """A link's target is quoted in the roster's message; its escapes cleared the instructor's screen and printed a
    fake line (red team, session 29). print_summary writes them out."""
    from grader.cohort import cli

    (root / "clones" / "eve").mkdir(parents=True)
    (root / "clones" / "eve" / "labs").symlink_to("\x1b[2J\x1b[Hgradebook: 1 learners (1 graded)")
    plan = fake.plan(root, ROWS + ["eve,clones/eve/labs,00"])
    assert any("\x1b" in p["message"] for p in plan["roster"]["problems"])
    layout = Layout(Path(plan["out"]))
    cli.print_summary(gb.build(layout, plan), layout)
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2J" in out


def test_one_learners_unreadable_paths_never_stop_the_plan_of_the_others(root):
    """Red team, session 53: a learner's labs/ holding no 00-hello-cuda/ but a look-alike folder whose lab file is a
    dangling link to a 300-byte name made the plan raise ENAMETOOLONG: nobody was graded, no gradebook written, and
    every run again failed the same way. (The submission folder itself a link to such a name is a refused row.)"""
    eve = root / "clones" / "eve" / "labs"
    (eve / "00-a").mkdir(parents=True)
    (eve / "00-a" / "work.cu").symlink_to("a" * 300)
    (eve / "00-mine").mkdir()
    (eve / "00-mine" / "work.cu").write_text("// eve\n")
    (root / "clones" / "zed").mkdir()
    (root / "clones" / "zed" / "labs").symlink_to("z" * 300)
    plan = fake.plan(root, ROWS + ["eve,clones/eve/labs,00", "zed,clones/zed/labs,00"])
    assert plan["tasks"] == ["ann", "bob", "cat", "eve"], plan["tasks"]
    records = {r["name"]: r for r in plan["roster"]["learners"]}
    assert records["eve"]["present"] and records["eve"]["hash"], records["eve"]
    assert [p["name"] for p in plan["roster"]["problems"]] == ["zed"], plan["roster"]["problems"]
    (eve / "00-mine" / "work.cu").write_text("// eve, changed\n")  # the look-alike graded is the one hashed
    assert store.submission_hash(eve, ["00"], fake.LISTING) != records["eve"]["hash"]


def test_a_full_disk_stops_grade_cohort_with_a_message_not_an_internal_error(monkeypatch, capsys):
    """OUT on a full disk printed "internal error in grade-cohort" and a traceback (helper nl57, session 57)."""
    import errno
    import os

    from grader.cohort import cli as cohort_cli

    def full(argv):
        raise OSError(errno.ENOSPC, "No space left on device", "/out/gradebook.csv")

    monkeypatch.setattr(cohort_cli, "run", full)
    umask = os.umask(0o022)
    try:
        assert cohort_cli.main(["--roster", "r.csv", "--out", "o"]) == cohort_cli.EXIT_USAGE
    finally:
        os.umask(umask)
    err = capsys.readouterr().err
    assert "No space left on device (/out/gradebook.csv)" in err and "internal error" not in err
    monkeypatch.setattr(cohort_cli, "run", lambda argv: open("/nonexistent/x"))
    umask = os.umask(0o022)
    try:
        assert cohort_cli.main([]) == cohort_cli.EXIT_INTERNAL  # not the machine's: still a bug to report
    finally:
        os.umask(umask)

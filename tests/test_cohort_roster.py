"""The roster: good rows are read whatever their neighbours; bad rows name their line."""
from __future__ import annotations

from pathlib import Path

import pytest

from cohort.fake import LISTING
from grader.cohort.roster import RosterFileError, parse_roster


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(text)
    return path


def test_roster_reads_rows_and_resolves_lab_names(tmp_path):
    roster = parse_roster(write(tmp_path, (
        "name,submission,labs\n"
        "alice,/srv/alice/labs,\n"
        "bob,clones/bob/labs,3\n"
        'carol,clones/carol/labs,"03-triton-and-pytorch, 00"\n'
        "dave,clones/dave/labs,naive-kernel;02\n")), LISTING["labs"])
    assert roster.problems == ()
    got = {e.name: (e.submission, e.labs, e.line) for e in roster.entries}
    assert got["alice"] == (Path("/srv/alice/labs"), (), 2)  # no labs: the cohort's default
    assert got["bob"] == (tmp_path / "clones/bob/labs", ("03",), 3)  # relative to the roster's folder
    assert got["carol"][1] == ("00", "03")  # lab order, whatever the cell's order
    assert got["dave"][1] == ("01", "02")


def test_roster_columns_in_any_order_and_labs_column_optional(tmp_path):
    roster = parse_roster(write(tmp_path, "Submission,Name,email\nclones/a,ann,a@x\n"), LISTING["labs"])
    assert [(e.name, e.labs) for e in roster.entries] == [("ann", ())]


def test_roster_bad_rows_are_reported_with_their_line_and_the_rest_is_read(tmp_path):
    roster = parse_roster(write(tmp_path, (
        "# cohort 2026\n"                        # 1  comment
        "name,submission,labs\n"                 # 2  header
        "alice,clones/alice/labs,\n"             # 3
        "\n"                                     # 4  blank
        "bad name,clones/x/labs,\n"              # 5  space in the name
        "ALICE,clones/alice2/labs,\n"            # 6  same name as line 3 (case-insensitive)
        "bob,,00\n"                              # 7  no submission
        "carol,clones/carol/labs,07 00\n"        # 8  unknown lab
        ",clones/nobody/labs,\n"                 # 9  no name
        "dave,clones/dave/labs,00\n"             # 10
        "-v,clones/v/labs,00\n")), LISTING["labs"])  # 11  an option to the grader, a formula in a spreadsheet
    assert [e.name for e in roster.entries] == ["alice", "dave"]
    assert [e.line for e in roster.entries] == [3, 10]
    problems = {p.line: p.message for p in roster.problems}
    assert sorted(problems) == [5, 6, 7, 8, 9, 11]
    assert "starting with a letter or digit" in problems[11]
    assert "ASCII letters (a-z, A-Z), digits" in problems[5]
    assert "already on line 3" in problems[6]
    assert "no submission" in problems[7]
    assert "'07'" in problems[8] and "00-hello-cuda" in problems[8]
    assert "no name" in problems[9]
    assert str(roster.problems[0]).startswith("line 5: ")


def test_roster_without_a_header_is_a_file_error(tmp_path):
    with pytest.raises(RosterFileError, match="header"):
        parse_roster(write(tmp_path, "alice,clones/alice/labs\n"), LISTING["labs"])
    with pytest.raises(RosterFileError, match="empty"):
        parse_roster(write(tmp_path, "# nothing\n\n"), LISTING["labs"])
    with pytest.raises(RosterFileError, match="cannot read"):
        parse_roster(tmp_path / "nope.csv", LISTING["labs"])


def test_roster_missing_folder_is_a_learner_not_a_bad_row(tmp_path):
    roster = parse_roster(write(tmp_path, "name,submission\nzoe,clones/zoe/labs\n"), LISTING["labs"])
    assert roster.problems == () and roster.entries[0].name == "zoe"
    assert not roster.entries[0].submission.exists()


def test_roster_refuses_a_link_on_the_way_and_two_learners_in_one_folder(tmp_path):
    """mallory,mallory/labs with mallory a link to alice's clone graded alice's work as mallory's (red team, session
    15): a link below the roster's folder, or a folder another learner's is, holds or lies in, is a bad row."""
    for who in ("alice", "eve"):
        (tmp_path / who / "labs").mkdir(parents=True)
    (tmp_path / "mallory").symlink_to("alice")
    roster = parse_roster(write(tmp_path, (
        "name,submission,labs\n"
        "alice,alice/labs,\n"        # 2
        "eve,eve/labs,\n"            # 3
        "mallory,mallory/labs,\n"    # 4  through a link to alice's clone
        "bob,alice/labs,\n"          # 5  alice's folder
        "carol,alice,\n"             # 6  holds alice's
        "dan,clones/dan/labs,\n")), LISTING["labs"])  # 7  missing: still a learner (graded as missing)
    # Rows whose folders overlap are all refused, the first one too: no row is another's to claim (session 29)
    assert [e.name for e in roster.entries] == ["eve", "dan"]
    problems = {p.line: p.message for p in roster.problems}
    assert "goes through a link (mallory -> alice)" in problems[4]
    assert "bob's folder" in problems[2]
    assert "alice's folder" in problems[5] and "alice's folder" in problems[6]
    assert [p.line for p in roster.problems] == [2, 4, 5, 6]


def test_roster_refuses_a_link_inside_a_clone_on_absolute_rows(tmp_path):
    """Absolute rows, as the docs write them: aaron's clone held labs -> /, and every later learner's row was refused as
    aaron's folder; mallory's course -> ../alice/course graded alice's files as mallory's, and alice's row was refused
    (red team, session 29). Links below the folder that holds every learner's are refused; the ones above it are the
    instructor's (a cluster's /scratch)."""
    clones = tmp_path / "real" / "clones"
    for who in ("alice", "bob"):
        (clones / who / "labs").mkdir(parents=True)
        (clones / who / "course" / "labs").mkdir(parents=True)
    (clones / "aaron").mkdir()
    (clones / "aaron" / "labs").symlink_to("/")
    (clones / "mallory").mkdir()
    (clones / "mallory" / "course").symlink_to("../alice/course")
    (tmp_path / "scratch").symlink_to(tmp_path / "real")  # the instructor's own link, above the clones
    base = tmp_path / "scratch" / "clones"
    roster = parse_roster(write(tmp_path, (
        "name,submission,labs\n"
        f"aaron,{base}/aaron/labs,\n"                # 2  labs -> /
        f"alice,{base}/alice/labs,\n"                # 3
        f"bob,{base}/bob/labs,\n"                    # 4
        f"mallory,{base}/mallory/course/labs,\n")), LISTING["labs"])  # 5  course -> ../alice/course
    assert [e.name for e in roster.entries] == ["alice", "bob"]
    problems = {p.line: p.message for p in roster.problems}
    assert "goes through a link (labs -> /)" in problems[2]
    assert "goes through a link (course -> ../alice/course)" in problems[5]


def test_roster_a_row_refused_for_its_labs_still_claims_its_folder(tmp_path):
    """`bob,bob/labs,7` then `kim,bob/labs,00`: bob's row was refused for lab 7 and left out of the check of shared
    folders, so kim was graded on bob's folder (helper nl57, session 57)."""
    roster = parse_roster(write(tmp_path, "name,submission,labs\nbob,bob/labs,7\nkim,bob/labs,00\nann,ann/labs,\n"),
                          LISTING["labs"])
    assert [e.name for e in roster.entries] == ["ann"]
    why = {p.line: p.message for p in roster.problems}
    assert "unknown lab '7'" in why[2] and "is bob's folder" in why[3], why

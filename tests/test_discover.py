"""How the grader finds a lab's folder in a submission (grader/discover.py)."""
import shutil

from grader.discover import elsewhere
from helpers import REPO, needs_nvcc


def test_a_lab_file_in_a_renamed_folder_is_pointed_at(tmp_path):
    """A learner who renamed 01-naive-kernel/ to lab1/ was told only that the file is missing (session 42's
    walkthrough): the message names the folder that holds it."""
    (tmp_path / "lab1").mkdir()
    (tmp_path / "lab1" / "softmax_naive.cu").write_text("// mine\n")
    (tmp_path / "notes").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "lab1")
    lines = elsewhere(tmp_path / "01-naive-kernel", "softmax_naive.cu")
    assert len(lines) == 1 and "softmax_naive.cu is in lab1/:" in lines[0] and "rename the folder to 01-naive-kernel" \
        in lines[0] and "link/" not in lines[0], lines
    assert elsewhere(tmp_path / "01-naive-kernel", "softmax_tuned.cu") == []  # nowhere: nothing to say
    (tmp_path / "01-naive-kernel").mkdir()
    assert elsewhere(tmp_path / "01-naive-kernel", "softmax_naive.cu") == []  # the folder is there: the file is not


def test_several_folders_of_one_lab_say_which_was_graded(tmp_path):
    """Without 00-hello-cuda/, the first 00-* folder is graded; with a second one beside it the learner was never told
    which (session 42's walkthrough). A lone look-alike, or the lab's own name, needs no word."""
    from grader.discover import folder_note, lab_dir
    from grader.registry import Lab

    lab = Lab("00", "hello-cuda", "t", ("vector_add.cu",), "lab/00-hello-cuda.md")
    (tmp_path / "00-mine").mkdir()
    assert folder_note(tmp_path, lab) == "" and lab_dir(tmp_path, lab.name, "00") == tmp_path / "00-mine"
    (tmp_path / "00-old").mkdir()
    (tmp_path / "00-link").symlink_to(tmp_path / "00-old")
    note = folder_note(tmp_path, lab)
    assert note.startswith("graded 00-mine/ for lab 00; 00-old/ too begin with 00-") and "00-link" not in note, note
    assert note.endswith("name the one to grade 00-hello-cuda"), note
    (tmp_path / "00-hello-cuda").mkdir()
    assert folder_note(tmp_path, lab) == ""


@needs_nvcc
def test_the_report_names_the_folder_graded_among_several(grade, tmp_path):
    for folder, source in (("00-a", "solutions"), ("00-b", "labs")):
        (tmp_path / "sub" / folder).mkdir(parents=True)
        shutil.copy(REPO / source / "00-hello-cuda/vector_add.cu", tmp_path / "sub" / folder)
    g = grade(["00"], submission=tmp_path / "sub", env={"GRADER_FORCE_CPU": "1"})
    assert g.status("00.build.compiles") == "PASS" and "graded 00-a/ for lab 00; 00-b/ too begin with 00-" in g.stdout


def test_a_lookalike_that_holds_the_labs_files_is_graded_before_one_that_does_not(tmp_path):
    """`03-notes/` sorted before `03-triton-pytorch/`, which holds the lab's files: the notes were graded, every file
    "missing" (red team rt43). A folder holding any of the lab's files now comes first; a link to a file counts for
    nothing."""
    from grader.discover import folder_note, submission_lab_dir
    from grader.registry import Lab

    lab = Lab("03", "triton-and-pytorch", "t", ("softmax_triton.py", "minigpt_torch.py"), "lab/03.md")
    for name in ("03-a-notes", "03-b-linked", "03-c-mine"):
        (tmp_path / name).mkdir()
    (tmp_path / "03-b-linked" / "softmax_triton.py").symlink_to("/etc/hostname")
    (tmp_path / "03-c-mine" / "minigpt_torch.py").write_text("# mine\n")
    assert submission_lab_dir(tmp_path, lab) == tmp_path / "03-c-mine"
    assert folder_note(tmp_path, lab).startswith("graded 03-c-mine/ for lab 03; 03-a-notes/, 03-b-linked/ too")


def test_paths_that_raise_when_looked_at_are_no_folders_and_no_files(tmp_path):
    """Red team, session 53: Path.is_dir() and is_file() follow links and raise every error but four. A dangling link
    to a 300-byte name (ENAMETOOLONG, kept by git) in a look-alike folder stopped the learner's grading with an
    internal error, and a cohort's plan for everyone. Every probe of a submission's paths now reads the path itself
    (lstat) and calls anything it cannot look at neither a folder nor a file."""
    from grader.discover import elsewhere, folder_note, lab_dir, read_plain, submission_lab_dir
    from grader.registry import Lab

    lab = Lab("03", "triton-and-pytorch", "t", ("softmax_triton.py", "minigpt_torch.py"), "lab/03.md")
    long_name = "a" * 300
    for name in ("03-a", "03-mine"):
        (tmp_path / name).mkdir()
    (tmp_path / "03-a" / "softmax_triton.py").symlink_to(long_name)
    (tmp_path / "03-mine" / "minigpt_torch.py").write_text("# mine\n")
    (tmp_path / "03-b-linked").symlink_to(long_name)  # a look-alike folder that is a link to such a name
    (tmp_path / "03-triton-and-pytorch-x").mkdir()
    (tmp_path / "03-triton-and-pytorch-x" / long_name[:200]).mkdir()
    assert submission_lab_dir(tmp_path, lab) == tmp_path / "03-mine"
    assert folder_note(tmp_path, lab).startswith("graded 03-mine/ for lab 03; 03-a/, 03-triton-and-pytorch-x/ too")
    assert elsewhere(tmp_path / "03-mine", "softmax_triton.py") == []  # a link is no file of the lab
    assert read_plain(tmp_path / "03-a", "softmax_triton.py", 1000) == (
        None, "is a symbolic link (or sits in a linked folder): submit the file itself")
    # The lab's own folder a link to such a name: not the folder (it is refused as a link where it is read)
    (tmp_path / "03-triton-and-pytorch").symlink_to(long_name)
    assert lab_dir(tmp_path, lab.name, "03", lab.editable) == tmp_path / "03-mine"
    assert read_plain(tmp_path / "03-triton-and-pytorch", "minigpt_torch.py", 1000)[0] is None

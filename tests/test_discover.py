"""How the grader finds a lab's folder in a submission (grader/discover.py)."""
from grader.discover import elsewhere


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

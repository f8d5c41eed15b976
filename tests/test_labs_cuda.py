"""Labs 00 and 01: the stub fails as a beginner expects; the solution passes what can run here."""
import pytest

from helpers import REPO, half_filled, needs_nvcc

RUNTIME_00 = ["00.run.completes", "00.memory.in_bounds", "00.memory.all_written", "00.correct.values",
              "00.correct.repeatable"]


@pytest.mark.gpu
def test_labs_00_and_01_solutions_pass_every_check_on_a_gpu(grade):
    g = grade(["00", "01"], submission=REPO / "solutions")
    assert g.rc == 0, g.stdout
    for cid, test in g.by_id.items():
        assert test["extra_data"]["grader_status"] == "PASS", (cid, test["output"])


@needs_nvcc
def test_labs_00_and_01_solutions_without_gpu_pass_what_runs_here_and_say_what_waits_for_a_gpu(grade):
    g = grade(["00", "01"], submission=REPO / "solutions", env={"GRADER_FORCE_CPU": "1"})
    assert g.rc == 0, g.stdout
    assert g.status("00.build.honest") == "PASS" and g.status("01.build.honest") == "PASS", g.stdout
    for cid, test in g.by_id.items():
        on_gpu = cid.split(".")[1] in ("run", "memory", "correct", "perf", "sanitizer")
        assert test["extra_data"]["grader_status"] == ("SKIP" if on_gpu else "PASS"), (cid, test["output"])
        assert not on_gpu or "waits for a GPU" in test["output"], (cid, test["output"])
    assert all(cid in g.by_id for cid in RUNTIME_00)
    assert "wait for a GPU: they are not graded here" in g.stdout


@needs_nvcc
def test_lab00_stub_without_gpu_is_not_started_and_a_spanish_learner_is_sent_to_the_spanish_pages(grade):
    # No points for building code that is not there: the untouched stub fails as "not started", even here. The
    # learner's locale is Spanish: every page the report names is the Spanish one. (One grading for both: each takes
    # 4-6 s of a 2-core machine's `make test-fast`.)
    g = grade(["00"], env={"GRADER_FORCE_CPU": "1", "LANG": "es_ES.UTF-8", "LANGUAGE": "", "LC_ALL": ""})
    assert g.rc == 1
    assert g.status("00.build.compiles") == "FAIL"
    assert "not started" in g.output("00.build.compiles") and "TODO(00-1)" in g.output("00.build.compiles")
    for cid in RUNTIME_00:
        assert g.status(cid) in ("SKIP", "NOT RUN")
    assert "see docs/es/lab/00-hello-cuda.md#tasks" in g.stdout and "(docs/es/no-gpu.md)" in g.stdout, g.stdout
    assert "docs/en/" not in g.stdout


def test_hints_point_at_the_docs_in_the_learners_language():
    """A Spanish learner's hints named the English pages (session 42's walkthrough): the locale chooses, as gettext
    reads it; GRADER_DOCS chooses outright; anything else is English. Every page a hint names is in both."""
    from grader.context import DOCS_LANGUAGES, docs_root

    assert docs_root({}) == docs_root({"LANG": "C.UTF-8"}) == docs_root({"LANG": "fr_FR.UTF-8"}) == "docs/en"
    assert docs_root({"LANG": "es_ES.UTF-8"}) == docs_root({"LANG": "en_US.UTF-8", "LC_ALL": "es_MX"}) == "docs/es"
    assert docs_root({"LANGUAGE": "es:en", "LANG": "en_GB.UTF-8"}) == "docs/es"
    assert docs_root({"LANGUAGE": "en", "LANG": "es_ES.UTF-8"}) == "docs/en"
    assert docs_root({"GRADER_DOCS": "en", "LANG": "es_ES.UTF-8"}) == "docs/en"
    assert docs_root({"GRADER_DOCS": "../x", "LANG": "es_AR"}) == "docs/es"
    for lang in DOCS_LANGUAGES:
        assert (REPO / "docs" / lang / "no-gpu.md").is_file()


@needs_nvcc
def test_lab00_half_filled_is_built_and_names_the_note_left(grade, tmp_path):
    """The kernel written, the launcher still the stub's: graded as it is (it was "not finished", unbuilt, though the
    docs let a learner leave what the code never reaches), and the report names the note left (session 42)."""
    half_filled(REPO / "solutions/00-hello-cuda/vector_add.cu", {2}, tmp_path / "sub" / "00-hello-cuda")
    g = grade(["00"], submission=tmp_path / "sub", env={"GRADER_FORCE_CPU": "1"})
    assert g.status("00.build.compiles") == "PASS" and g.status("00.build.honest") == "PASS", g.stdout
    assert "not filled yet: vector_add.cu: TODO(00-2)" in g.stdout


@pytest.mark.gpu
def test_lab00_half_filled_fails_on_the_gpu_naming_the_note_left(grade, tmp_path):
    half_filled(REPO / "solutions/00-hello-cuda/vector_add.cu", {2}, tmp_path / "sub" / "00-hello-cuda")
    g = grade(["00"], submission=tmp_path / "sub")
    failing = [cid for cid in g.by_id if g.status(cid) == "FAIL"]
    assert failing and all("note: vector_add.cu: TODO(00-2) still hold" in g.output(cid) for cid in failing), g.stdout


@pytest.mark.gpu
def test_lab00_stub_is_not_started_on_a_gpu_too(grade):
    g = grade(["00"])
    assert g.rc == 1
    assert g.status("00.build.compiles") == "FAIL" and "not started" in g.output("00.build.compiles")
    assert g.status("00.run.completes") == "NOT RUN"


@pytest.mark.gpu
def test_lab01_half_done_stub_fails_with_wrong_values_not_a_crash(grade, tmp_path):
    # The launcher written, the kernel half done (the max, not yet the exp and the sum): it runs, writes every
    # element, and is wrong from the first one. (An empty kernel never gets this far: the audit refuses it.)
    solution = (REPO / "solutions/01-naive-kernel/softmax_naive.cu").read_text()
    start = solution.index("    // BEGIN SOLUTION\n    // TODO: one thread per row")
    end = solution.index("    // END SOLUTION", start) + len("    // END SOLUTION\n")
    half = ("    int row = blockIdx.x * blockDim.x + threadIdx.x;\n    if (row >= rows) return;\n"
            "    float m = -INFINITY;\n    for (int c = 0; c < cols; c++) m = fmaxf(m, input[(size_t)row * cols + c]);\n"
            "    for (int c = 0; c < cols; c++) output[(size_t)row * cols + c] = input[(size_t)row * cols + c] - m;\n")
    (tmp_path / "01-naive-kernel").mkdir()
    (tmp_path / "01-naive-kernel/softmax_naive.cu").write_text(solution[:start] + half + solution[end:])
    g = grade(["01"], submission=tmp_path)
    assert g.rc == 1
    assert g.status("01.build.honest") == "PASS", g.output("01.build.honest")
    assert g.status("01.run.completes") == "PASS" and g.status("01.memory.all_written") == "PASS"
    assert g.status("01.correct.randn") == "FAIL" and "row 0, col 0" in g.output("01.correct.randn")

"""NN.sanitizer.clean (grader/checks/sanitizer.py): what the judge reads of compute-sanitizer's output.

The fixtures are the tools' real output on an H200 (docs/data/evidence-2026-12-01f, call 1) for three learner
mistakes in tests/submissions/: a read one past the row (oob_read), a shared-memory word read by other warps while
thread 0 overwrites it (shared_race) and a __syncthreads() inside an if (divergent_barrier)."""
from pathlib import Path

import pytest

from grader.checks.sanitizer import parse

FIXTURES = Path(__file__).parent / "fixtures" / "sanitizer"


def found(name: str):
    return parse(name.split("-")[1], (FIXTURES / f"{name}.txt").read_text())


def test_a_read_past_the_end_is_named_with_its_line_and_how_far():
    (f,) = found("oob_read-memcheck")
    assert f.what == "Invalid __global__ read of size 4 bytes" and f.where == "softmax_naive.cu:29"
    assert f.detail == "1 byte past the end of an array of 12,300 bytes" and "by thread (2,0,0)" in f.by
    assert "bounds test" in f.lesson() and f.lesson().startswith("a thread read ")
    # the program's own driver call that failed after the fault is not a finding of its own
    assert "Program hit" not in " ".join(x.what for x in found("oob_read-memcheck"))


def test_a_race_names_both_accesses():
    races = found("shared_race-racecheck")
    assert races and races[0].what == "Race reported between a read at line 20 and a write at line 24"
    assert races[0].where == "softmax_naive.cu" and "__syncthreads()" in races[0].lesson()


def test_a_divergent_barrier_is_named_and_the_tools_own_notices_are_not_findings():
    barriers = found("divergent_barrier-synccheck")
    assert barriers and {f.what for f in barriers} == {"Barrier error detected. Divergent thread(s) in block"}
    assert {f.where for f in barriers} == {"softmax_naive.cu:23"}
    assert "every thread" in barriers[0].lesson()


@pytest.mark.parametrize("name", ["oob_read-racecheck", "oob_read-synccheck", "shared_race-memcheck",
                                  "shared_race-synccheck", "divergent_barrier-memcheck"])
def test_a_clean_run_has_no_findings(name):
    assert found(name) == []


def test_only_the_tools_lines_are_read_and_what_is_shown_is_bounded():
    text = ("Invalid __global__ read of size 4 bytes\n"  # the learner's own printing: no prefix
            "========= Program hit cudaErrorInvalidConfiguration (error 9) due to \"invalid configuration argument\" "
            "on CUDA API call to cudaLaunchKernel.\n"
            "========= Invalid __global__ write of size 4 bytes\x1b[2J\n"
            "=========     at k()+0x10 in /etc/" + "x" * 300 + "/passwd:7\n")
    first, second = parse("memcheck", text)
    assert first.what.startswith("Program hit cudaErrorInvalidConfiguration") and "grid and block" in first.lesson()
    assert "\x1b" not in second.what and second.where == "passwd:7"  # control characters dropped, the name's last part
    assert all(len(f.line()) < 400 for f in (first, second))


def test_only_the_tools_a_kernels_machine_code_gives_something_to_watch_run():
    """racecheck watches shared memory and synccheck barriers: a kernel with neither (lab 00, a naive kernel) runs
    memcheck alone, one process instead of three; without SASS to read (no cuobjdump), every tool runs."""
    from grader.checks.sanitizer import TOOLS, tools_for

    def kernel(*ops, shared=0):
        return {"shared": {"sm_90a": shared}, "sass": {"sm_90a": [(16 * i, f"{op} R0, R1") for i, op in enumerate(ops)]}}

    assert tools_for({"k": kernel("LDG.E", "FADD", "@!P0 STG.E")}) == ("memcheck",)
    assert tools_for({"k": kernel("LDG.E", "STS", "LDS.128")}) == ("memcheck", "racecheck")
    assert tools_for({"k": kernel("LDG.E", "STG.E", shared=4096)}) == ("memcheck", "racecheck")
    assert tools_for({"a": kernel("LDG.E"), "b": kernel("@P0 BAR.SYNC.DEFER_BLOCKING 0x0", "STS")}) == TOOLS
    assert tools_for({"k": kernel("WARPSYNC 0xffffffff")}) == ("memcheck", "synccheck")
    assert tools_for({}) == TOOLS and tools_for({"k": {"shared": {}, "sass": {}}}) == TOOLS


def test_what_the_learner_prints_with_the_tools_prefix_is_read_in_bounded_time():
    """A program may print anything with the prefix: a line of 250 KB of "at " (every place the location pattern may
    start) or thousands of one-line reports. parse() reads a bounded part of each line and of the reports."""
    import time

    start = time.monotonic()
    found = parse("memcheck", "========= Invalid " + "at " * 85_000 + "\n" + "========= Barrier error\n" * 50_000)
    assert time.monotonic() - start < 5 and len(found) <= 202


def test_the_tools_run_with_nothing_writable_where_the_judge_writes_their_logs(monkeypatch, tmp_path):
    """Red team rt35b: the run folder was writable in the sandbox, and the judge then wrote each tool's log there with
    write_text, which follows a link the learner's code had planted (a .pth file outside the sandbox). The tools now
    see the folder read-only and start in the sandbox's own /tmp."""
    from types import SimpleNamespace

    from grader.checks import sanitizer
    from grader.runner import ToolRun

    seen = {}

    def fake_run(argv, **kw):
        seen.update(kw)
        return ToolRun(0, "========= ERROR SUMMARY: 0 errors\n[sanitized] shape 0: {}: launcher returned 0\n")

    monkeypatch.setattr(sanitizer, "run_bounded", fake_run)
    monkeypatch.setattr(sanitizer, "sanitizer_path", lambda: "/bin/true")
    req = tmp_path / "sanitizer" / "request.json"
    req.parent.mkdir()
    tool, found, problem = sanitizer.run_tool(SimpleNamespace(), "memcheck", tmp_path / "build" / "lib.so", req)
    assert (found, problem) == ([], "") and (req.parent / "memcheck.log").is_file()
    assert not seen.get("rw") and req.parent in seen["ro"] and str(seen["cwd"]) == "/tmp"

"""Lab 02's profile checks on real Nsight Compute reports, no GPU needed.

tests/fixtures/unrelated-vadd.ncu-rep: a vector-add kernel `vadd` (set basic, H200).
tests/fixtures/probe-*.ncu-rep: a softmax probe (tests/fixtures/probe_softmax.cu) recorded on
an H200 with the lab's ncu command line, at 16384x4096 and at 1024x4096; probe_softmax_lib.cu is
the same kernels as a lab library (the profiled kernel must be one the built library defines).
"""
from __future__ import annotations

import contextlib
import shutil
import types
from pathlib import Path
from unittest import mock

import pytest

from grader.build import build_cuda
from grader.audit import sass
from grader.checks import profile
from grader.checks.profile_text import claimed_bottleneck, global_functions, kernel_base_name, quotes
from grader.context import Context, Device
from grader.discover import REPO, stage_lab
from grader.labs import lab02
from grader.ops import get
from grader.pipeline import run_check
from grader.results import Status
from helpers import needs_nvcc

# needs_nvcc: the profiled kernel is matched against the library built from the source; slow: each test reads a
# report in a child process (seconds each), so `make test` runs them and `make test-fast` does not.
pytestmark = [needs_nvcc, pytest.mark.slow]

FIXTURES = REPO / "tests" / "fixtures"
SUBMISSIONS = REPO / "tests" / "submissions"
VADD = FIXTURES / "unrelated-vadd.ncu-rep"
PROBE = FIXTURES / "probe-softmax-rows-16384x4096.ncu-rep"
PROBE_SMALL = FIXTURES / "probe-softmax-rows-1024x4096.ncu-rep"
PROBE_BAD = FIXTURES / "probe-thread-per-row-16384x4096.ncu-rep"
PROBE_SOURCE = FIXTURES / "probe_softmax_lib.cu"
IDS = ("02.profile.loads", "02.profile.kernel_matches", "02.profile.device_and_shape", "02.profile.analysis")
SPEC = get("softmax")

PROBE_ANALYSIS = """# Profile of softmax_rows at 16384×4096

**Bottleneck:** memory-bound

| Metric | Value |
|---|---|
| Memory Throughput | 82.83 % |
| Compute (SM) Throughput | 32.55 % |
| DRAM Throughput | 82.8 % |
| Duration | 128.22 us |
| Achieved Occupancy | 93.68 % |

DRAM streams 3.99 TB/s; each row is read once and written once.
"""


def grade_profile(tmp_path: Path, submission: str | None = None, *, report: Path | None = None,
                  source: Path | None = None, analysis: str | None = None, compare_code: bool = True,
                  edit=None, encode=str.encode) -> dict:
    """Stage a submission (plus any files given), build it, run lab 02's checks in order (no GPU here).
    compare_code=False: kernel_matches does not compare the report's instructions with the library's. Only for the
    vadd fixture, recorded with `--set basic` (no SourceCounters section, so no instructions), in the tests of the
    checks after kernel_matches; the comparison itself is tested on the probe reports.
    edit(facts, ctx): changes what the reader read, before any check sees it."""
    lab = lab02.make(SPEC)
    sub = SUBMISSIONS / submission if submission else tmp_path / "empty-submission"
    staged = stage_lab(lab, sub, tmp_path / "work")
    stage = staged.stage
    (stage / "profile").mkdir(exist_ok=True)
    if report is not None:
        shutil.copy(report, stage / "profile" / "softmax_tuned.ncu-rep")
    if source is not None:
        shutil.copy(source, stage / "softmax_tuned.cu")
    if analysis is not None:
        (stage / "profile" / "softmax_tuned.md").write_bytes(encode(analysis))
    device = Device(has_cuda=False)
    built = build_cuda(stage / "softmax_tuned.cu", tmp_path / "build", device, "softmax_tuned.cu", SPEC)
    ctx = Context(lab, SPEC, stage, staged.submission, REPO, None, device, 0, tmp_path / "logs",
                  builds={"softmax_tuned.cu": built})
    if edit is not None:
        edit(profile.report_facts(ctx), ctx)
    done = {}
    with contextlib.ExitStack() as stack:
        if not compare_code:
            stack.enter_context(mock.patch.object(profile, "_code_cross_check", lambda *args: None))
        for check in lab.checks:
            done[check.id] = run_check(check, ctx, done)
    return done


def text(result) -> str:
    return "\n".join([result.message, *result.details])


# ---- registration ---------------------------------------------------------------

def test_profile_checks_are_declared_in_order_without_gpu():
    lab = lab02.make(SPEC)
    checks = [c for c in lab.checks if c.id.startswith("02.profile.")]
    assert tuple(c.id for c in checks) == IDS
    assert not any(c.gpu for c in checks)
    assert checks[1].needs == ("02.profile.loads", "02.build.honest")
    assert all(c.doc.strip() for c in lab.checks)


# ---- 02.profile.loads: negative controls -------------------------------------------

def test_profile_loads_rejects_a_text_file_renamed_ncu_rep(tmp_path):
    done = grade_profile(tmp_path, "profile_not_a_report")
    assert done["02.profile.loads"].status == Status.FAIL
    assert "not an Nsight Compute report" in done["02.profile.loads"].message
    assert "text file" in done["02.profile.loads"].message
    for cid in IDS[1:]:
        assert done[cid].status == Status.NOT_RUN


def test_profile_loads_reports_a_missing_report(tmp_path):
    done = grade_profile(tmp_path)
    assert done["02.profile.loads"].status == Status.FAIL
    assert "is missing" in done["02.profile.loads"].message and "make profile" in done["02.profile.loads"].message
    assert "Nsight Compute needs an NVIDIA GPU" in done["02.profile.loads"].message  # graded without one: where to go


@pytest.mark.parametrize("content, words", [
    (b"", "empty"),
    (b"version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 93483\n", "Git LFS pointer"),
    (bytes(range(256)) * 20, "not an Nsight Compute report"),
])
def test_profile_loads_rejects_damaged_files_without_crashing(tmp_path, content, words):
    bad = tmp_path / "bad.ncu-rep"
    bad.write_bytes(content)
    done = grade_profile(tmp_path, report=bad)
    assert done["02.profile.loads"].status == Status.FAIL
    assert words in done["02.profile.loads"].message


def test_profile_loads_rejects_a_truncated_report(tmp_path):
    cut = tmp_path / "cut.ncu-rep"
    cut.write_bytes(VADD.read_bytes()[:40000])
    done = grade_profile(tmp_path, report=cut)
    assert done["02.profile.loads"].status == Status.FAIL
    assert "damaged or truncated" in done["02.profile.loads"].message


# ---- 02.profile.kernel_matches ---------------------------------------------------

def test_profile_kernel_matches_rejects_the_unrelated_vadd_report(tmp_path):
    done = grade_profile(tmp_path, "profile_wrong_kernel", report=VADD)
    assert done["02.profile.loads"].status == Status.PASS
    result = done["02.profile.kernel_matches"]
    assert result.status == Status.FAIL
    assert "profiles vadd" in result.message  # what was found
    assert "softmax_tuned_rows" in text(result)  # what the source defines (the commented-out vadd does not count)
    assert done["02.profile.device_and_shape"].status == Status.NOT_RUN
    assert done["02.profile.analysis"].status == Status.NOT_RUN


def test_profile_kernel_matches_accepts_a_template_kernel(tmp_path):
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, analysis=PROBE_ANALYSIS)
    assert done["02.profile.kernel_matches"].status == Status.PASS
    assert "softmax_rows" in done["02.profile.kernel_matches"].message


def test_profile_kernel_matches_ties_the_report_to_the_code_it_profiled(tmp_path):
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, analysis=PROBE_ANALYSIS)
    result = done["02.profile.kernel_matches"]
    assert result.status == Status.PASS
    assert any("instruction for instruction (289 instructions, sm_90)" in d for d in result.details), text(result)


def test_profile_kernel_matches_rejects_a_same_named_kernel_of_other_code(tmp_path):
    """A classmate's report, or the reference's: the kernel's name and launch are the learner's, its code is not (the
    probe's softmax_rows with the accurate expf in place of __expf)."""
    other = tmp_path / "other.cu"
    source = PROBE_SOURCE.read_text()
    other.write_text(source.replace("__expf(v[i]", "expf(v[i]"))
    assert other.read_text() != source
    done = grade_profile(tmp_path, report=PROBE, source=other, analysis=PROBE_ANALYSIS)
    result = done["02.profile.kernel_matches"]
    assert result.status == Status.FAIL
    assert "the report's softmax_rows is not the code your softmax_tuned.cu compiles to" in result.message
    assert "in the same order (289 in the report, 340 in your library" in result.message and "make profile LAB=02" in text(result)
    assert done["02.profile.analysis"].status == Status.NOT_RUN


def test_profile_kernel_matches_rejects_a_report_without_instructions(tmp_path):
    """Recorded without the SourceCounters section (`--set basic`): nothing ties it to the code."""
    done = grade_profile(tmp_path, "profile_vadd_consistent", report=VADD)
    result = done["02.profile.kernel_matches"]
    assert result.status == Status.FAIL
    assert "does not list the instructions it profiled (no per-instruction counts" in result.message
    assert "SourceCounters" in text(result) and "make profile LAB=02" in text(result)


def _recorded_on(capability, listing=None):
    """An edit for grade_profile: the report says it was recorded on ``capability``; with ``listing`` (a function of
    the context), its instructions are that listing."""
    def edit(facts, ctx):
        for action in facts.actions:
            action["device"]["compute_capability"] = list(capability)
        if listing is not None:
            for action in facts.actions:
                action["sass"] = listing(ctx, action["kernel"]["mangled"])
    return edit


def test_profile_kernel_matches_builds_for_the_reports_gpu_when_the_grading_did_not(tmp_path):
    """A report from an sm_86 GPU, graded here (sm_80 and sm_90 built): the library is compiled for sm_86 too, and
    compared. Its own sm_86 code passes; the probe's sm_90 code, claimed as sm_86, does not."""
    own = _recorded_on((8, 6), lambda ctx, name: profile._built_for(ctx, (8, 6))[name]["sass"]["sm_86"])
    done = grade_profile(tmp_path / "own", report=PROBE, source=PROBE_SOURCE, edit=own)
    result = done["02.profile.kernel_matches"]
    assert result.status == Status.PASS, text(result)
    assert "your softmax_tuned.cu was compiled for the report's GPU (sm_86) to compare its instructions" in result.details
    assert any("instruction for instruction" in d and "sm_86)" in d for d in result.details), text(result)
    done = grade_profile(tmp_path / "claimed", report=PROBE, source=PROBE_SOURCE, edit=_recorded_on((8, 6)))
    result = done["02.profile.kernel_matches"]
    assert result.status == Status.FAIL and "is not the code your softmax_tuned.cu compiles to" in result.message
    assert "sm_86)" in result.message


@pytest.mark.parametrize("capability, words", [(None, "records no compute capability"), ((7, 5), "records sm_75"),
                                               ((14, 0), "records sm_140")])
def test_profile_kernel_matches_refuses_a_report_of_no_gpu_it_builds_for(tmp_path, capability, words):
    def edit(facts, ctx):
        for action in facts.actions:
            action["device"]["compute_capability"] = list(capability) if capability else None
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, edit=edit)
    result = done["02.profile.kernel_matches"]
    assert result.status == Status.FAIL and words in result.message, text(result)


def test_profile_code_check_passes_near_code_with_a_note_and_refuses_far_code():
    """The threshold on a listing: one instruction of 303 changed passes with a note; a third changed does not."""
    report = [(16 * i, t) for i, t in enumerate(["LDC R1 c[0x0][0x28]", "S2R R0 SR_TID.X"] + ["FADD R4 R4 -R22"] * 299
                                                 + ["@P0 BRA 0x20", "EXIT"])]
    library = list(report) + [(16 * len(report), f"BRA {hex(16 * len(report))}"), (16 * len(report) + 16, "NOP")]
    assert sass.compare(sass.comparable(report), sass.comparable(library)).same

    def judge(listing):
        ctx = types.SimpleNamespace(spec=SPEC, hint=lambda anchor="": anchor, memo={})
        action = {"kernel": {"mangled": "_Z1kv", "function": "k"}, "device": {"compute_capability": [9, 0]},
                  "metrics": {}, "sass": listing}
        notes = []
        return profile._code_cross_check(ctx, [action], {"_Z1kv": {"sass": {"sm_90": library}}}, notes), notes

    problem, notes = judge(report)
    assert problem is None and "instruction for instruction (303 instructions, sm_90)" in notes[0]
    near = list(report)
    near[100] = (1600, "FMUL R4 R4 R22")
    problem, notes = judge(near)
    assert problem is None and notes[0].startswith("note: the report's k is close to your library's") and "99.7%" in notes[0]
    far = [(o, "IMAD R4 R4 R4 RZ" if i % 3 == 0 else t) for i, (o, t) in enumerate(report)]
    problem, notes = judge(far)
    assert problem is not None and problem.status == Status.FAIL and "is not the code" in problem.message
    # one report, two launches of one kernel name from two files: the launch judged (the longest) is compared with its
    # own instructions, not with the first launch's
    ctx = types.SimpleNamespace(spec=SPEC, hint=lambda anchor="": anchor, memo={})
    mine, theirs = ({"kernel": {"mangled": "_Z1kv", "function": "k"}, "device": {"compute_capability": [9, 0]},
                     "metrics": {profile.M_DURATION: {"value": ns, "unit": "ns"}}, "sass": listing}
                    for ns, listing in ((1000.0, report), (5000.0, far)))
    problem = profile._code_cross_check(ctx, [mine, theirs], {"_Z1kv": {"sass": {"sm_90": library}}}, [])
    assert problem is not None and "is not the code" in problem.message


def test_sass_spelling_of_the_report_and_of_cuobjdump_agree():
    base = 0x7F9DEB7A3B00
    assert sass.canonical("@!P0  BRA 0x7f9deb7a3e30", base, base + 0x1000) == "@!P0 BRA 0x330"
    assert sass.canonical("IADD3 R2, -R0.reuse, UR12, RZ") == sass.canonical("IADD3 R2, -R0, UR12, RZ")
    assert sass.canonical("RET.REL.NODEC R8 0x0") == sass.canonical("RET.REL.NODEC R8, 0x0")
    assert sass.canonical("MOV R8, 0xff800000", base, base + 0x1000) == "MOV R8 0xff800000"  # not an address
    assert sass.opcode("@!P1 LDG.E.128.CONSTANT R8 desc[UR8][R20.64]") == "LDG.E.128.CONSTANT"


# ---- 02.profile.device_and_shape -------------------------------------------------

def test_profile_probe_report_passes_every_profile_check(tmp_path):
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, analysis=PROBE_ANALYSIS)
    for cid in IDS:
        assert done[cid].status == Status.PASS, (cid, text(done[cid]))
    assert "NVIDIA H200 (sm_90) at 16384x4096" in done["02.profile.device_and_shape"].message
    m = done["02.profile.analysis"].measurements
    assert m["verdict"] == "memory-bound" and m["sol_memory_pct"] == pytest.approx(82.83, abs=0.01)


def test_profile_device_and_shape_rejects_the_wrong_shape(tmp_path):
    done = grade_profile(tmp_path, report=PROBE_SMALL, source=PROBE_SOURCE)
    result = done["02.profile.device_and_shape"]
    assert result.status == Status.FAIL
    assert "profiled at 1024x4096, not at the representative shape 16384x4096" in result.message
    assert "DRAM traffic does not fit" in text(result)


def test_profile_device_and_shape_needs_the_nvtx_range(tmp_path):
    done = grade_profile(tmp_path, "profile_vadd_consistent", report=VADD, compare_code=False)
    result = done["02.profile.device_and_shape"]
    assert result.status == Status.FAIL
    assert "NVTX range 'softmax_forward 16384x4096'" in result.message


def test_profile_device_and_shape_rejects_pre_ampere_reports():
    action = {"device": {"name": "Tesla T4", "compute_capability": [7, 5]}, "metrics": {}, "nvtx": None,
              "kernel": {"function": "k", "mangled": "k"}, "launch": {"grid": [1, 1, 1], "block": [1, 1, 1]}}

    class Ctx:
        memo = {"profile.mine": [action]}
        spec = SPEC

        def hint(self, anchor=""):
            return anchor

    result = profile.check_device_and_shape(Ctx())
    assert result.status == Status.FAIL and "sm_75" in result.message and "sm_80 or newer" in result.message


# ---- 02.profile.analysis ------------------------------------------------------------

def test_profile_analysis_accepts_a_consistent_analysis_of_the_vadd_report(tmp_path):
    done = grade_profile(tmp_path, "profile_vadd_consistent", report=VADD, compare_code=False)
    result = done["02.profile.analysis"]
    assert result.status == Status.PASS, text(result)
    assert "memory-bound" in result.message
    assert "quotes Memory Throughput = 63.67 %" in result.details


def test_profile_analysis_rejects_a_claim_that_contradicts_the_report(tmp_path):
    done = grade_profile(tmp_path, "profile_contradicts", report=VADD, compare_code=False)
    result = done["02.profile.analysis"]
    assert result.status == Status.FAIL
    assert "says compute-bound, but the report shows memory-bound" in result.message
    assert "Memory Throughput 63.7% vs Compute (SM) Throughput 51.7%" in text(result)


def test_profile_analysis_rejects_numbers_that_are_not_in_the_report(tmp_path):
    done = grade_profile(tmp_path, "profile_invented_numbers", report=VADD, compare_code=False)
    result = done["02.profile.analysis"]
    assert result.status == Status.FAIL
    assert "3 quoted value(s) disagree with the report" in result.message
    assert any("'92.4 %' next to DRAM Throughput" in d and "63.67 %" in d for d in result.details)


def test_profile_analysis_rejects_one_invented_number_among_true_ones(tmp_path):
    # Most numbers right is not enough: every number quoted next to a metric must be the report's.
    analysis = PROBE_ANALYSIS.replace("| Duration | 128.22 us |", "| Duration | 64.00 us |")
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, analysis=analysis)
    result = done["02.profile.analysis"]
    assert result.status == Status.FAIL
    assert "1 quoted value(s) disagree" in result.message
    assert any("'64.00 us' next to Duration" in d for d in result.details)


def test_profile_analysis_rejects_the_template(tmp_path):
    template = "**Bottleneck:** <memory|compute|latency>-bound\n\n| Memory Throughput | <…> % |\n"
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, analysis=template)
    result = done["02.profile.analysis"]
    assert result.status == Status.FAIL and "still the template" in result.message


def test_profile_analysis_reports_a_missing_file(tmp_path):
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE)
    assert done["02.profile.analysis"].status == Status.FAIL
    assert "softmax_tuned.md is missing" in done["02.profile.analysis"].message


def test_profile_analysis_does_not_count_launch_configuration_as_evidence(tmp_path):
    config_only = ("**Bottleneck:** memory-bound\n\n| Registers Per Thread | 32 |\n| Block Size | 256 |\n"
                   "| Grid Size | 16,384 |\n| Theoretical Occupancy | 100 % |\n| Memory Throughput | 82.83 % |\n")
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, analysis=config_only)
    result = done["02.profile.analysis"]
    assert result.status == Status.FAIL and "quotes 1 measured value(s)" in result.message


# ---- teaching hints ------------------------------------------------------------------

def test_profile_hints_flag_uncoalesced_access_spills_occupancy_and_dram(tmp_path):
    analysis = ("**Bottleneck:** memory-bound\n\n| Memory Throughput | 66.74 % |\n"
                "| Compute (SM) Throughput | 3.72 % |\n")
    done = grade_profile(tmp_path, report=PROBE_BAD, source=PROBE_SOURCE, analysis=analysis)
    result = done["02.profile.analysis"]
    assert result.status == Status.PASS, text(result)
    hints = [d for d in result.details if d.startswith("hint:")]
    joined = "\n".join(hints)
    assert "uncoalesced global loads" in joined and "4.0 of every 32 bytes" in joined and "32.0 sectors per request" in joined
    assert "spill to local memory" in joined
    assert "theoretical occupancy is 25%, limited by shared memory per block" in joined
    assert "DRAM throughput is 8% of peak" in joined


def test_profile_hints_stay_quiet_for_a_streaming_kernel(tmp_path):
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, analysis=PROBE_ANALYSIS)
    assert not [d for d in done["02.profile.analysis"].details if d.startswith("hint:")]


# ---- the parsers -----------------------------------------------------------------------

def test_profile_text_finds_defined_global_functions_only():
    source = '''
    // __global__ void in_a_comment(float* x) {}
    /* __global__ void in_a_block_comment(float* x) {} */
    const char* s = "__global__ void in_a_string() {}";
    template <int BLOCK>
    __global__ void __launch_bounds__(BLOCK) softmax_rows(const float* x, float* y, int rows, int cols) {}
    extern "C" __global__ void plain(float* y) { }
    __global__ void prototype_only(float*);
    static __global__ void
    split_over_lines(
        float* y)
    { }
    '''
    assert global_functions(source) == ["softmax_rows", "plain", "split_over_lines"]


def test_profile_text_reads_raw_strings_and_digit_separators():
    """A raw string may span lines and hold comment openers and __global__; 1'000 is a number, not a character."""
    source = (
        'static const char* doc = R"doc(\n __global__ void in_a_raw_string() {}\n /* never closed\n)doc";\n'
        "const int n = 1'000'000;\n"
        "__global__ void after_them(float* y) { y[0] = '\\''; }\n"
        'const char* notraw = R"x y"; __global__ void after_a_fake_raw(float* y) {}\n')
    assert global_functions(source) == ["after_them", "after_a_fake_raw"]


def test_profile_text_reads_a_hostile_source_in_linear_time():
    """The kernels a .cu file defines are read in the judge: a 1 MB raw string of unclosed /* (each one rescanned
    the rest of the file with the old pattern: 4 minutes and no end), 200 unclosed __global__ parameter lists and a
    deeply nested report name must all take about a second."""
    import time

    hostile = ('static const char pad[] = R"pad(' + "/* \n" * 260_000 + ')pad";\n'
               + "__global__ void k(\n" * 200 + "x" * 500_000)
    start = time.monotonic()
    assert global_functions(hostile) == []
    kernel_base_name("k" + "<" * 200_000 + ">" * 200_000 + "(int)")
    assert time.monotonic() - start < 5.0


@pytest.mark.parametrize("name, base", [
    ("void softmax_rows<(int)256, (int)4>(const float *, float *, int, int)", "softmax_rows"),
    ("vadd", "vadd"),
    ("void at::native::<unnamed>::cunn_SoftMaxForwardReg<float, float, float, long, (int)4>(T3 *, const T1 *, T5)",
     "cunn_SoftMaxForwardReg"),
    ("(anonymous namespace)::kern(float *)", "kern"),
])
def test_profile_text_kernel_base_name_strips_templates_and_namespaces(name, base):
    assert kernel_base_name(name) == base


@pytest.mark.parametrize("analysis, claim", [
    ("**Bottleneck:** memory-bound", "memory"),
    ("**Bottleneck:** memory-bound (not compute-bound)", "memory"),
    ("The bottleneck is DRAM bandwidth.", "memory"),
    ("## Bottleneck\n\nLatency: too few warps in flight.", "latency"),
    ("| Bottleneck | compute-bound |", "compute"),
    ("It is latency-bound: neither unit is busy.", "latency"),
    ("**Bottleneck:** memory or compute", None),
    ("It is memory-bound and compute-bound.", None),
    ("No claim at all.", None),
])
def test_profile_text_reads_the_claimed_bottleneck(analysis, claim):
    assert claimed_bottleneck(analysis)[0] == claim


def test_profile_text_reads_units_from_ncu_output_and_tables():
    pasted = ("    Duration                         us       128.22\n"
              "| DRAM Throughput | % | 82.83 |\n"
              "The kernel moved 3.99 TB/s; it reads 16384x4096 floats, above 60% of peak.\n"
              "DRAM traffic is 8 bytes per element.\n")
    found = {(q.text, q.family, q.value) for q in quotes(pasted)}
    assert ("128.22", "time", 128.22) in found
    assert ("82.83", "percent", 82.83) in found
    assert ("3.99 TB/s", "rate", 3.99) in found
    # a shape and a per-element cost are no quote; "above 60%" is a bound, checked as one (never evidence)
    assert not any(q.value in (16384, 4096, 60, 8) and not q.bound for q in quotes(pasted))
    assert [(q.value, q.bound) for q in quotes(pasted) if q.value == 60] == [(60, "lower")]


@pytest.mark.parametrize("quoted, digits, value, ok", [
    (63.67, 2, 63.6734, True),   # rounded
    (64.0, 0, 63.6734, True),    # rounded to units
    (63.0, 0, 63.6734, True),    # truncated
    (62.0, 0, 63.6734, False),
    (65.0, 0, 63.6734, False),
    (60.0, 0, 63.6734, False),
])
def test_profile_quote_agrees_when_rounded_or_truncated(quoted, digits, value, ok):
    quote = profile.Quote(1, str(quoted), quoted, digits, "percent", (1.0,), "memory throughput")
    metric = profile.Quotable("m", "Memory Throughput", value, "percent", ())
    assert profile._agrees(quote, metric) is ok


@pytest.mark.parametrize("memory, compute, kinds", [
    (82.8, 32.6, ("memory",)),
    (39.8, 74.6, ("compute",)),
    (40.0, 25.0, ("latency",)),
    (70.0, 65.0, ("memory", "compute")),
    (63.7, 51.7, ("memory",)),
])
def test_profile_verdict_thresholds(memory, compute, kinds):
    action = {"metrics": {profile.M_SOL_MEM: {"value": memory, "unit": "%"},
                          profile.M_SOL_SM: {"value": compute, "unit": "%"}}}
    assert profile.verdict(action).kinds == kinds


# ---- the reader's answers ------------------------------------------------------------------

def test_profile_reader_answer_is_coerced_field_by_field():
    # The reader runs on learner data in a worker: whatever it answers is checked before any check reads it.
    clean = profile._clean_action({"kernel": {"function": 7, "mangled": "_Z1kv"}, "device": {"compute_capability": "x"},
                                   "launch": {"grid": ["a", 2], "block": None}, "metrics": {"m": {"value": True}},
                                   "nvtx": {"domains": [{"push_pop": [1, "softmax_forward 1x2"]}]}})
    assert clean["kernel"] == {"function": "", "demangled": "", "mangled": "_Z1kv"}
    assert clean["device"]["compute_capability"] is None
    assert clean["launch"]["grid"] == [0, 2] and clean["launch"]["block"] == [0, 0, 0]
    assert clean["metrics"] == {}
    assert clean["nvtx"]["domains"][0]["push_pop"] == ["", "softmax_forward 1x2"]
    assert profile._clean_action({"kernel": "nonsense"}) is None


def test_a_file_that_cannot_be_read_is_a_message_not_a_crash(tmp_path, monkeypatch):
    """A submitted file without read permission (an archive can keep mode 000) is reported, never exit 3."""
    import os

    from grader import discover

    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "f.md").write_text("x")
    real_open = os.open

    def refuse(path, flags, *args):
        if str(path).endswith("f.md"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)

    monkeypatch.setattr(discover.os, "open", refuse)
    data, why = discover.read_plain(tmp_path / "lab", "f.md", 1000)
    assert data is None and "cannot be read (Permission denied)" in why


def test_a_file_swapped_after_it_was_looked_at_is_refused(tmp_path, monkeypatch):
    """Between read_plain's lstat and its open, learner code still running could put a pipe or another file there:
    what is opened must be the regular file that was looked at (a pipe read as an empty file before)."""
    import os

    from grader import discover

    lab = tmp_path / "lab"
    lab.mkdir()
    (lab / "f.md").write_text("the learner's words")
    (lab / "other.md").write_text("someone else's words")
    real_open = os.open

    def swap_then_open(swap):
        def opener(path, flags, *args):
            if str(path).endswith("f.md"):
                os.unlink(path)
                swap(path)
            return real_open(path, flags, *args)
        return opener

    for swap in (os.mkfifo, lambda path: os.link(lab / "other.md", path)):
        (lab / "f.md").unlink(missing_ok=True)
        (lab / "f.md").write_text("the learner's words")
        monkeypatch.setattr(discover.os, "open", swap_then_open(swap))
        data, why = discover.read_plain(lab, "f.md", 1000)
        assert data is None and "changed while it was being read" in why, (data, why)
    monkeypatch.setattr(discover.os, "open", real_open)
    (lab / "f.md").unlink()
    (lab / "f.md").write_text("the learner's words")
    assert discover.read_plain(lab, "f.md", 1000) == (b"the learner's words", "")


def test_the_bottleneck_line_is_found_in_linear_time():
    """100000 blank lines took minutes with a pattern that rescanned them from every line (decision 78)."""
    import time

    start = time.monotonic()
    claimed_bottleneck("\n" * 100000 + "**Bottleneck:** memory-bound\n")
    assert time.monotonic() - start < 2.0


@pytest.mark.parametrize("text, value", [("DRAM Throughput 99.7 percent", 99.7), ("Duration 41.2 microseconds", 41.2),
                                         ("Compute (SM) Throughput **9**.5 %", 9.5), ("DRAM Throughput 84,40 %", 84.4),
                                         ("Achieved Occupancy 97.0 pct", 97.0)])
def test_numbers_are_read_however_they_are_written(text, value):
    found = quotes(text)
    assert found and found[0].value == value and found[0].family in ("percent", "time"), found


def test_html_comments_are_taken_out_in_one_pass():
    """Many unclosed <!-- took a regex minutes (decision 79); an unclosed comment hides the rest, as Markdown shows it."""
    import time

    from grader.checks.profile_text import without_html_comments

    assert without_html_comments("a<!-- x -->b<!--y-->c") == "abc"
    assert without_html_comments("a<!-- never closed") == "a<!-- never closed"  # shown as written (CommonMark)
    assert without_html_comments("a\n<!-- never closed\nb") == "a\n"  # an HTML block: hides the rest
    start = time.monotonic()
    without_html_comments("<!--" * 50000)
    quotes("<!--" * 25000)
    assert time.monotonic() - start < 2.0


def test_the_reader_reads_what_the_page_shows_red_team_session_30():
    """Comments as CommonMark ends them (<!--> and <!---> are whole; \\<!-- is text), link definitions and a table's
    extra cells out of what is read, HTML that browsers hide refused, figures with letters for digits named."""
    from grader.checks.profile_text import hidden_html, lookalike_figure, without_html_comments

    assert without_html_comments("a <!--> 99.7 % <!-- c --> d") == "a  99.7 %  d"
    assert without_html_comments("a <!---> 99.7 % <!-- c --> d") == "a  99.7 %  d"
    assert without_html_comments("a \\<!-- 99.7 % [x](u-->) d") == "a \\<!-- 99.7 % [x](u-->) d"
    assert not quotes('[ncu]: <https://x> "Memory Throughput 84.40 %, Duration 126.05 us"\n')
    table = "| metric |\n|---|\n| Memory Throughput | 84.40 % |\n| Duration | 126.05 us |\n"
    assert not quotes(table)
    assert [q.value for q in quotes(table.replace("| metric |\n|---|", "| metric | value |\n|---|---|"))] == \
        [84.4, 126.05]
    for html in ("<rp>(</rp>", "<?ncu x ?>", "<![CDATA[ x ]]>", "<!X y>", "<x /99.7 %>", "<dialog>x</dialog>"):
        assert hidden_html(f"a {html} b"), html
    assert hidden_html("a<br/>b<br />c") is None
    assert lookalike_figure("Memory Throughput is 99.7O % and 6l.2O us") == "99.7O %"
    assert lookalike_figure("61.20 us, O(n) and the l2 cache at 99 %") is None


@pytest.mark.parametrize("text, value, family", [
    ("Duration: 0.00091 s", 0.00091, "time"), ("Duration 910 usecs", 910, "time"), ("Duration 0.91 msecs", 0.91, "time"),
    ("Duration 0.91 millisec", 0.91, "time"), ("Duration 2 sec", 2, "time"), ("Duration 3 secs", 3, "time"),
    ("Duration 4 seconds", 4, "time"), ("Duration 5 nsecs", 5, "time"), ("Duration 6 nanoseconds", 6, "time"),
    ("Duration 7 µs", 7, "time"), ("Duration 8 μs", 8, "time"), ("Duration 9 milliseconds", 9, "time"),
    ("Compute (SM) Throughput 97.3 per cent", 97.3, "percent"), ("Memory Throughput 12 ％", 12, "percent"),
    ("Achieved Occupancy 99.5 percents", 99.5, "percent"), ("DRAM Throughput 98 pct.", 98, "percent"),
    ("DRAM Throughput: 3.2 TB per second", 3.2, "rate"), ("DRAM bandwidth 3.2 GB / s", 3.2, "rate"),
    ("DRAM bandwidth 3.2 gigabytes per second", 3.2, "rate"), ("DRAM bandwidth 3.2 GiB/sec", 3.2, "rate"),
    ("DRAM bandwidth 3.2 TB/second", 3.2, "rate"),
])
def test_every_common_spelling_of_a_unit_is_read(text, value, family):
    """An unread unit made the figure a bare count, compared with nothing: 0.91 msecs next to Duration passed."""
    found = quotes(text)
    assert found and found[-1].value == value and found[-1].family == family, found


@pytest.mark.parametrize("text", ["Compute (SM) Throughput: 97.3\u200b%", "Achieved Occupancy: 97.3&#37;",
                                  "DRAM Throughput: 97.3 &percnt;", "L2 Hit Rate: 97.3\u00ad%", "L2 Hit Rate 97.3&#x25;",
                                  "DRAM Throughput 97.3\u2060%", "DRAM Throughput 97.3\u00a0%", "DRAM Throughput ９７.３ %",
                                  "DRAM Throughput 97.3\u034f%", "DRAM Throughput 97.3\u3164%", "DRAM Throughput 97.3\u202f%"])
def test_a_figure_reads_as_it_renders(text):
    """Zero-width and format characters, soft hyphens, HTML's references and full-width forms render as an ordinary
    figure, so they are read as one (before, each hid the unit and the quote with it)."""
    found = quotes(text)
    assert [(q.value, q.family) for q in found] == [(97.3, "percent")], found


def test_the_analysis_is_read_as_plain_text_line_by_line():
    from grader.checks.profile_text import plain

    assert plain("Duration 0.91&nbsp;ms") == "Duration 0.91 ms"
    assert plain("a&#10;b") == "a b"  # a reference to a newline keeps the line's number
    assert plain("plain ascii\tline") == "plain ascii\tline"
    assert plain("\u00b5s \uff05 \u200bx") == "\u03bcs % x"
    assert len(quotes("Duration 1 ms\nx&#10;y\nDRAM Throughput 2 %")) == 2
    assert quotes("x&#10;y\nDRAM Throughput 2 %")[0].line == 2


def test_quotes_in_other_spellings_agree_with_the_report(tmp_path):
    """The probe's figures written as ms, per cent, &#37; and behind a no-break space are the report's (no false
    positive from the wider reading)."""
    analysis = (PROBE_ANALYSIS.replace("| Duration | 128.22 us |", "| Duration | 0.12822 msecs |")
                .replace("| Memory Throughput | 82.83 % |", "| Memory Throughput | 82.83 per cent |")
                .replace("| DRAM Throughput | 82.8 % |", "| DRAM Throughput | 82.8&#37; |"))
    assert analysis != PROBE_ANALYSIS
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, analysis=analysis)
    assert done["02.profile.analysis"].status == Status.PASS, text(done["02.profile.analysis"])


def test_an_analysis_saved_by_any_editor_is_read_the_same(tmp_path):
    """Session 53: the analysis is decoded as the learner profile is (a byte-order mark dropped, UTF-16 where its mark
    says so, CRLF and CR lines read as LF), where it had been read as text in UTF-8. Each form passes as the plain
    file does, with the same quotes."""
    plain = grade_profile(tmp_path / "plain", report=PROBE, source=PROBE_SOURCE, analysis=PROBE_ANALYSIS)
    assert plain["02.profile.analysis"].status == Status.PASS, text(plain["02.profile.analysis"])
    for name, encode in (("bom-crlf", lambda t: b"\xef\xbb\xbf" + t.replace("\n", "\r\n").encode()),
                         ("utf16", lambda t: t.encode("utf-16")), ("cr", lambda t: t.replace("\n", "\r").encode())):
        done = grade_profile(tmp_path / name, report=PROBE, source=PROBE_SOURCE, analysis=PROBE_ANALYSIS, encode=encode)
        result = done["02.profile.analysis"]
        assert result.status == Status.PASS and result.details == plain["02.profile.analysis"].details, (name,
                                                                                                          text(result))


# The probe's true figures in the analysis, then each written in a way the reader missed before (red team, session
# 12): every one must now read as the invented figure it is, and the same spelling of the true figure must pass.
INVENTED = [
    ("| Metric | Value (%) |\n|---|---|\n| DRAM Throughput | 97.3 |", "| DRAM Throughput | 82.8 |"),  # header unit
    ("DRAM Throughput 97.3 \\%", "DRAM Throughput 82.8 \\%"),  # a Markdown escape
    ("DRAM Throughput <b>97.3</b>%", "DRAM Throughput <b>82.8</b>%"),  # inline HTML
    ("DRAM Throughput 97.9<sup>%</sup>", "DRAM Throughput 82.8<sup>%</sup>"),
    ("Duration 1.9e2 us", "Duration 1.2822e2 us"),  # scientific notation
    ("DRAM Throughput 97.3 \u066a", "DRAM Throughput 82.8 \u066a"),  # the Arabic percent sign
    ("DRAM Throughput is over 97 %", "DRAM Throughput is over 80 %"),  # a bound that does not hold / holds
    ("Compute (SM) Throughput is under 12 %", "Compute (SM) Throughput is under 40 %"),
    # red team, session 52: per mille, a score out of 100, a figure in parentheses before its unit
    ("DRAM Throughput 973 \u2030", "DRAM Throughput 828 \u2030"), ("DRAM Throughput 97.3 out of 100",
                                                                  "DRAM Throughput 82.8 out of 100"),
    ("DRAM Throughput (97.3) %", "DRAM Throughput (82.8) %"),
    # session 18's open hole, closed in session 53: a fraction of peak
    ("DRAM Throughput runs at 0.973 of its peak", "DRAM Throughput runs at 0.828 of its peak"),
    ("DRAM Throughput es 0,973 del pico", "DRAM Throughput es 0,828 del pico"),
    # session 18's open hole, closed in session 54: figures in words, in English and in Spanish
    ("DRAM Throughput is ninety-seven point three percent", "DRAM Throughput is eighty-two point eight percent"),
    ("DRAM Throughput es noventa y siete coma tres por ciento", "DRAM Throughput es ochenta y dos coma ocho por ciento"),
    ("Duration is one hundred ninety microseconds", "Duration is one hundred twenty-eight point two two microseconds"),
    ("la Duration es de ciento noventa microsegundos", "la Duration es de ciento veintiocho coma veintidós "
                                                       "microsegundos"),
    # session 54's list, closed in session 55: an exponent past three digits, picoseconds
    ("DRAM Throughput 1e99999 %", "DRAM Throughput 8.28e1 %"), ("Duration 1.20 ps", "Duration 128220000 ps"),
]


@pytest.fixture(scope="module")
def probe_metrics(tmp_path_factory):
    """The probe report's quotable metrics, read once (as 02.profile.analysis reads them)."""
    root = tmp_path_factory.mktemp("probe")
    lab = lab02.make(SPEC)
    staged = stage_lab(lab, root / "empty-submission", root / "work")
    (staged.stage / "profile").mkdir(exist_ok=True)
    shutil.copy(PROBE, staged.stage / "profile" / "softmax_tuned.ncu-rep")
    shutil.copy(PROBE_SOURCE, staged.stage / "softmax_tuned.cu")
    (staged.stage / "profile" / "softmax_tuned.md").write_text(PROBE_ANALYSIS)
    device = Device(has_cuda=False)
    built = build_cuda(staged.stage / "softmax_tuned.cu", root / "build", device, "softmax_tuned.cu", SPEC)
    ctx = Context(lab, SPEC, staged.stage, staged.submission, REPO, None, device, 0, root / "logs",
                  builds={"softmax_tuned.cu": built})
    done = {}
    for check in lab.checks:
        done[check.id] = run_check(check, ctx, done)
    assert done["02.profile.analysis"].status == Status.PASS, text(done["02.profile.analysis"])
    return profile.quotable_metrics(ctx.memo["profile.mine"])


@pytest.mark.parametrize("invented, right", INVENTED)
def test_invented_figures_however_written_are_refused(probe_metrics, invented, right):
    bad = profile.check_quotes(quotes(invented), probe_metrics)
    assert bad.misquoted and not bad.matched, (bad.matched, bad.misquoted)
    good = profile.check_quotes(quotes(right), probe_metrics)
    assert not good.misquoted, good.misquoted


def test_figures_in_words_are_read_as_digits_only_where_digits_would_say_the_same():
    """Number words are figures (red team, session 18: "ninety-seven percent" was no figure, so an invented one was
    compared with nothing); ordinals, plurals of a size, the "ciento" of "por ciento", the "mil" of "por mil", a size
    word after digits, and a word that is a number only in the other language stay words."""
    from grader.checks.profile_text import figures_in_words, text_language

    assert figures_in_words("DRAM Throughput is ninety-seven percent, Duration eighty-eight microseconds.") == \
        "DRAM Throughput is 97 percent, Duration 88 microseconds."
    assert figures_in_words("a hundred microseconds, one thousand twenty-four columns") == "100 microseconds, 1024 columns"
    kept = "a second read, a third of the time, hundreds of registers, thousands of threads, one of the two, once"
    assert figures_in_words(kept) == kept
    # Red team, session 54: spellings that hid a figure, or split a right one
    for written, read in (("the Duration is two milliseconds", "the Duration is 2 milliseconds"),
                          ("ninety-seven and a half percent", "97.5 percent"),
                          ("88 thousand nanoseconds, 2.5 million bytes", "88000 nanoseconds, 2500000 bytes"),
                          ("ninetyseven percent", "97 percent"), ("eighty\u2011four percent", "84 percent"),
                          ("one hundred twenty-six point oh five microseconds", "126.05 microseconds"),
                          ("eighty-four point forty percent", "84.40 percent"),
                          ("DRAM Throughput is ninety-\nseven percent", "DRAM Throughput is \n97 percent")):
        assert figures_in_words(written) == read, written
    for written, read in (("three quarters of its peak", "0.75 of its peak"),
                          ("ninety-seven hundredths of its peak", "0.97 of its peak"),
                          ("half a millisecond, a third of a millisecond", "0.5 millisecond, 0.33 millisecond"),
                          ("five registers fewer, by eight, a third of the time", "five registers fewer, by eight, a "
                                                                                  "third of the time")):
        assert figures_in_words(written) == read, written
    for written, read in (("ochenta y cuatro con cuarenta por ciento", "84,40 por ciento"),
                          ("nueve décimas del pico, medio milisegundo", "0.9 del pico, 0.5 milisegundo"),
                          ("ciento veinte y seis microsegundos", "126 microsegundos"),
                          ("noventa y siete y medio por ciento", "97,5 por ciento"),
                          ("ciento\nveintiséis microsegundos", "\n126 microsegundos"),
                          ("dos milisegundos y un milisegundo", "2 milisegundos y 1 milisegundo")):
        assert figures_in_words(written, "es") == read, written
    assert figures_in_words("noventa y siete por ciento, cuatro por mil, mil microsegundos", "es") == \
        "97 por ciento, 4 por mil, 1000 microsegundos"
    assert figures_in_words("ten en cuenta la segunda lectura y miles de hilos", "es") == \
        "ten en cuenta la segunda lectura y miles de hilos"
    assert figures_in_words("once", "es") == "11" and figures_in_words("it has ten warps") == "it has 10 warps"
    assert figures_in_words("DRAM Throughput is noventa y siete percent") == "DRAM Throughput is 97 percent"
    assert text_language("El kernel está limitado por la memoria y la DRAM.") == "es"
    assert text_language("The kernel is limited by the memory.") == "en"
    assert [(q.text, q.value) for q in quotes("DRAM Throughput is ninety-seven point three percent.")] == \
        [("97.3 percent", 97.3)]
    for marked in ("DRAM Throughput is **ninety-seven** percent.", "DRAM Throughput is `ninety-seven` percent.",
                   "DRAM Throughput is ninety-\nseven percent.", "DRAM Throughput is *ninety*-*seven* percent."):
        assert [(q.text, q.value) for q in quotes(marked)] == [("97 percent", 97.0)], marked


def _dram_bytes(read_mib: float, written_mib: float) -> list:
    return [profile.Quotable(name, profile.KNOWN[name].label, mib * 2**20, "bytes",
                             (profile._label_alias(profile.KNOWN[name].label), *profile.KNOWN[name].aliases))
            for name, mib in ((profile.M_DRAM_READ, read_mib), (profile.M_DRAM_WRITE, written_mib))]


def test_a_true_sum_or_difference_of_two_byte_counts_passes_and_proves_nothing():
    """Red team, session 18 (left open until session 54): "DRAM traffic totals 488 MiB (read plus written)" with 256
    MiB read and 232 MiB written was refused as a misquote of each. A true sum or difference passes, counts as
    evidence of neither, and any other figure there is still refused."""
    metrics = _dram_bytes(256.0, 232.0)
    for right in ("DRAM traffic totals 488 MiB per launch (read plus written).",
                  "24 MiB less DRAM traffic is written than read."):
        done = profile.check_quotes(quotes(right), metrics)
        assert not done.misquoted and not done.matched, (right, done)
    for invented in ("DRAM traffic totals 600 MiB per launch (read plus written).",
                     "40 MiB less DRAM traffic is written than read."):
        assert profile.check_quotes(quotes(invented), metrics).misquoted, invented


def test_a_misquote_shows_the_reports_bytes_in_a_unit_that_keeps_them():
    """Red team, session 54: a block's 16,640 bytes of shared memory were shown as "0.0 MiB" in the misquote's
    message, and two different values as one."""
    def shown(value):
        return profile._show(profile.Quotable("x", "x", value, "bytes", ()))

    assert [shown(v) for v in (16640, 0, 512, 256 * 2**20)] == ["16.25 KiB", "0 bytes", "512 bytes", "256.0 MiB"]


def test_one_items_size_in_bytes_is_no_launchs_figure():
    """Red team, session 18 (left open until session 54): "a row of 4096 floats (16 KiB) is read from DRAM once" was
    compared with the launch's DRAM bytes. One item's size in bytes is set aside, said with "a", "one" or "per"
    as with "each"; a metric's full name before it, or a figure in another unit, is still compared."""
    metrics = _dram_bytes(256.0, 232.0)
    for right in ("Why: a row of 4096 floats (16 KiB) is read from DRAM once.",
                  "Per row the kernel reads 16 KiB from DRAM.", "Una fila de 4096 floats (16 KiB) se lee de DRAM."):
        done = profile.check_quotes(quotes(right), metrics)
        assert not done.misquoted, (right, done.misquoted)
    for claim in ("DRAM bytes read for a row of the input is 999 MiB.", "Per row, DRAM bytes read is 999 MiB."):
        assert profile.check_quotes(quotes(claim, ("DRAM bytes read",)), metrics).misquoted, claim
    assert [q.text for q in quotes("a row of floats (97.3 %) is read", ("DRAM Throughput",))] == ["97.3 %"]


def test_a_column_of_an_earlier_version_is_set_aside_and_the_kernels_own_column_is_held_to_the_report():
    """Red team rt42b (left open until session 55): a before/after table whose columns were "original" and
    "optimized" had the original's 41.2 % and 402.10 us held to this report. A column or row named for an earlier
    version is another kernel's; the kernel's own column is still compared."""
    metrics = _with_duration(FOUR)
    for header in ("original", "old", "initial", "untuned", "versión anterior", "inicial"):
        right = f"| Metric | {header} | optimized |\n|---|---|---|\n| DRAM Throughput | 41.2 % | 84.40 % |\n" \
                "| Duration | 402.10 us | 126.05 us |\n"
        done = profile.check_quotes(quotes(right, profile.LABELS), metrics)
        assert not done.misquoted and len(done.matched) == 2, (header, done)
        invented = right.replace("84.40 %", "99.10 %")
        assert [q.value for q, _ in profile.check_quotes(quotes(invented, profile.LABELS), metrics).misquoted] == \
            [99.1], header
    row = "| | DRAM Throughput | Duration |\n|---|---|---|\n| original | 41.2 % | 402.10 us |\n" \
          "| tuned | 84.40 % | 126.05 us |\n"
    assert not profile.check_quotes(quotes(row, profile.LABELS), metrics).misquoted


def test_a_count_after_ncu_name_and_colon_is_that_metrics_value():
    """Red team rt42b (left open until session 55): "- Block Limit Registers: 2" lost its name before the colon and
    was compared with Registers Per Thread (alias "registers"). The name before a colon that opens the figure is its
    metric's, so an invented Registers Per Thread written the same way is still refused."""
    known = profile.KNOWN[profile.M_REGISTERS]
    registers = [profile.Quotable(profile.M_REGISTERS, known.label, 28.0, known.family,
                                  (profile._label_alias(known.label), *known.aliases))]
    listed = quotes("From ncu's Occupancy section:\n\n- Block Limit Registers: 2\n- Threads: 131,072\n",
                    profile.LABELS)
    assert [q.label for q in listed] == ["block limit registers", "threads"]
    assert not profile.check_quotes(listed, registers).misquoted
    assert profile.check_quotes(quotes("- Registers Per Thread: 28\n", profile.LABELS), registers).matched
    assert profile.check_quotes(quotes("- Registers Per Thread: 99\n", profile.LABELS), registers).misquoted


def test_an_analysis_too_long_to_read_whole_is_refused(tmp_path):
    """Text past the reader's limits was not read, so an invented figure there passed (red team, session 12)."""
    from grader.checks.profile_text import MAX_ANALYSIS_CHARS, MAX_LINE_CHARS, too_long

    assert too_long(PROBE_ANALYSIS) is None
    assert "line 2 is" in too_long("ok\n" + "x" * (MAX_LINE_CHARS + 1) + " DRAM Throughput 97.3 %")
    assert "characters long" in too_long(("filler line\n" * (MAX_ANALYSIS_CHARS // 12 + 1)) + "DRAM Throughput 97.3 %")
    done = grade_profile(tmp_path, report=PROBE, source=PROBE_SOURCE, analysis=PROBE_ANALYSIS + "x" * 2500 + "\n")
    result = done["02.profile.analysis"]
    assert result.status == Status.FAIL and "characters long" in result.message, text(result)


def test_a_negated_bound_turns_over():
    """"not above 60 %" is at most 60 %; "no less than 97 %" and "never falls below 95 %" are at least (they were read
    as no claim, or as the opposite bound, and false bounds passed: red team, session 18)."""
    assert [q.bound for q in quotes("Compute (SM) Throughput is not above 60 %")] == ["upper"]
    assert [q.bound for q in quotes("Memory Throughput is no less than 97 %")] == ["lower"]
    assert [q.bound for q in quotes("DRAM Throughput never falls below 95 %")] == ["lower"]
    assert [q.bound for q in quotes("DRAM Throughput, at least 80 %")] == ["lower"]


@pytest.mark.parametrize("text, value, family", [
    ("DRAM Throughput reached _99.7 %_ of peak", 99.7, "percent"),        # underscore emphasis (red team, session 15)
    ("DRAM Throughput reached __99.7 %__ of peak", 99.7, "percent"),
    ("Duration _126.05 us_", 126.05, "time"),
    ("<tr><td>DRAM Throughput</td><td>99.7 %</td></tr>", 99.7, "percent"),  # a table in HTML: cells are apart
    ("DRAM Throughput<br>99.7 %", 99.7, "percent"),
    ("DRAM Throughput <b>99.7</b> %", 99.7, "percent"),
    ("DRAM 吞吐量为99.7%的峰值", 99.7, "percent"),                          # no blank between a script's words and figures
])
def test_figures_in_emphasis_html_cells_and_other_scripts_are_read(text, value, family):
    """A figure that renders beside a metric's name is read, whatever it is wrapped in: `_99.7 %_` and
    `<td>DRAM Throughput</td><td>99.7 %</td>` were skipped, so invented values passed the analysis."""
    found = [q for q in quotes(text) if q.value == value]
    assert found and found[0].family == family, quotes(text)


@pytest.mark.parametrize("text", ["built for sm_90 with n_rows rows", "fp32 and H100", "the x_2 and y_3 columns"])
def test_figures_inside_words_are_not_read(text):
    assert not [q for q in quotes(text) if q.value in (90, 32, 100, 2, 3)], quotes(text)


@pytest.mark.parametrize("written", ["1e999", "1e-999", "9" * 400, "1e308", "0e0"])
def test_an_absurd_figure_is_a_wrong_quote_not_a_crash(written):
    """`DRAM Throughput is 1e999 %` made the grader exit 3 (10.0 ** 999 overflowed in the comparison)."""
    found = [q for q in quotes(f"DRAM Throughput is {written} %") if q.family == "percent"]
    metric = profile.Quotable("dram", "DRAM Throughput", 84.4, "percent", (r"dram throughput",))
    result = profile.check_quotes(found, [metric])
    assert found and not result.matched and result.misquoted


@pytest.mark.parametrize("text, value, family", [
    ("its Duration is only **88.2** us", 88.2, "time"),                   # strong emphasis before a unit (session 16)
    ("Duration ``88.2`` us", 88.2, "time"),                               # a code span
    ("Duration 88.2 **us**", 88.2, "time"),
    ("Compute (SM) Throughput is [97.9](https://example.org/(x)) %", 97.9, "percent"),  # a link renders its text
    ("Duration [1.41](#duration) ms", 1.41, "time"),
    ("Duration [1.41][d] ms", 1.41, "time"),
    ("DRAM Throughput 99.7[^1] %", 99.7, "percent"),                      # a footnote's mark
])
def test_figures_in_strong_emphasis_links_and_footnotes_are_read(text, value, family):
    found = [q for q in quotes(text, profile.LABELS) if q.value == value]
    assert found and found[0].family == family, quotes(text)


@pytest.mark.parametrize("written, value, digits", [
    ("84,40 %", 84.4, 2), ("0,126 ms", 0.126, 3), ("4.059,9 GB/s", 4059.9, 1), ("4 059,9 GB/s", 4059.9, 1),
    ("4,059.9 GB/s", 4059.9, 1), ("234,659.50", 234659.5, 2), ("16,384", 16384, 0),
])
def test_numbers_are_read_in_english_and_with_a_decimal_comma(written, value, digits):
    found = quotes(f"Duration {written}")
    assert found and found[0].value == pytest.approx(value) and found[0].digits == digits, found


def test_a_lone_thousands_comma_is_read_both_ways():
    """4,259 is 4259 in English and 4.259 in Spanish: either reading that agrees with the report is a quote."""
    metric = profile.Quotable("t", "Duration", 4.259e6, "time", (r"duration",))  # 4.259 ms in ns
    assert profile.check_quotes(quotes("Duration 4,259 ms"), [metric]).matched


@pytest.mark.parametrize("text", [
    "Next: cap the registers so that Theoretical Occupancy goes from 56.25 % to 75 %",
    "I expect Achieved Occupancy to rise to about 70 %",
    "To reach 100 % occupancy we would need 32 registers per thread",
    "The H200's peak HBM3e bandwidth is 4.8 TB/s (spec sheet)",
    "Effective bandwidth: 512 MiB / 126.05 us = 4,259 GB/s",
    "F.softmax's time at this shape is 131.2 us",
    "only 6 blocks of 192 threads\nfit on an SM (36 warps of 64)",
])
def test_figures_of_plans_changes_and_other_things_are_no_quotes(text):
    metrics = [profile.Quotable(n, k.label, 1.0, k.family, (profile._label_alias(k.label), *k.aliases))
               for n, k in profile.KNOWN.items()]
    wrong = profile.check_quotes(quotes(text, profile.LABELS), metrics).misquoted
    # 126.05 us, 192 threads and 36 warps are the report's own figures in the solution's analysis: quotes
    assert not [q.text for q, _ in wrong if q.value not in (126.05, 192, 36)], wrong


@pytest.mark.parametrize("text", [
    "Compared with F.softmax, DRAM Throughput is 99 %",   # the metric's full name is nearer than F.softmax
    "I expect nothing: DRAM Throughput is 99 %",
    "DRAM Throughput on this H100 is, specifically, 99 %",
    "DRAM Throughput went from 41.2 % in lab 01 to 99 % here",  # a change that happened: its end is this kernel's
    "DRAM Throughput is [99][x] %",                           # an undefined reference shows as written
    "DRAM Throughput [x][99 %]",
    "    DRAM Throughput                            99.00",     # an ncu row without its unit column
    "The DRAM Throughput (percent of peak) is 99 %",             # "peak" qualifies the metric named (round 3)
    "Unlike the naive kernel, this one reaches 99 % DRAM Throughput",  # the name after the figure
    "| | DRAM Throughput |\n|---|---|\n| lab 01 | 41 % |\n| lab 02 | 99 % |",  # the row marked as this lab's

    "| Kernel | Duration | DRAM Throughput |\n|---|---|---|\n| softmax_tuned | 1.41 ms | 99 % |",  # a column's header
    "| Kernel | DRAM Throughput |\n|---|---|\n| softmax_tuned | 99 |",
    "| DRAM Throughput (vs. copy) | 99 % |",
    "    DRAM Throughput                   %        99.00",   # an ncu row of a compared metric
])
def test_invented_figures_beside_a_metrics_full_name_are_still_read(text):
    metric = profile.Quotable("dram", "DRAM Throughput", 84.4, "percent", (profile._label_alias("DRAM Throughput"),
                                                                           profile.DRAM))
    result = profile.check_quotes(quotes(text, profile.LABELS), [metric])
    assert [q.value for q, _ in result.misquoted] == [99], (quotes(text, profile.LABELS), result)


def _metrics_of(values: dict[str, float]) -> list:
    """Quotable metrics of KNOWN's labels (percent family) with these values, aliases as the check builds them."""
    return [profile.Quotable(n, k.label, values[k.label], k.family, (profile._label_alias(k.label), *k.aliases))
            for n, k in profile.KNOWN.items() if k.label in values and k.family == "percent"]


FOUR = {"DRAM Throughput": 84.40, "Memory Throughput": 84.40, "Compute (SM) Throughput": 52.89,
        "Achieved Occupancy": 53.02}


@pytest.mark.parametrize("text", [
    "The kernel is held back by nothing but the DRAM\nThroughput; Compute (SM) Throughput is 84.40 %.",
    "Achieved Occupancy is 84.40 % (high for a kernel bound by memory).",
    "Compute (SM) Throughput is 84.40 %, so the SMs are as busy as memory.",
    "Compute (SM) Throughput is 84.40 %, well above what DRAM Throughput reaches.",
    "Unlike the DRAM Throughput, the Compute (SM) Throughput is 84.40 %.",
    "Compute (SM) Throughput: 84.40 % (as DRAM Throughput)",
    "Achieved Occupancy is above 80 %, as memory is.",
    "Memory Throughput and Compute (SM) Throughput are 84.40 %.",  # one figure, two names: the value of both
    "DRAM Throughput and Achieved Occupancy are both 84.40 %.",
    "Memory Throughput and Compute (SM) Throughput are above 80 %.",
    "Compute (SM) Throughput is 84.40.",  # bare: its "(" had cut the name, and the figure was compared with nothing
    "Compute (SM) Throughput is 97.3.",
])
def test_a_figure_after_a_metrics_full_name_is_that_metrics_value_only(text):
    """A figure was accepted when any metric whose name or word stood within its window agreed: "Compute (SM)
    Throughput is 84.40 %" passed beside "memory" or a wrapped "DRAM Throughput" (red team rt41)."""
    result = profile.check_quotes(quotes(text, profile.LABELS), _metrics_of(FOUR))
    assert result.misquoted and not result.matched, (quotes(text, profile.LABELS), result)


def test_a_figure_after_a_figure_is_held_to_the_names_between_them():
    result = profile.check_quotes(quotes("DRAM Throughput is 84.40 % and Compute (SM) Throughput 84.40 %.",
                                         profile.LABELS), _metrics_of(FOUR))
    assert list(result.matched) and [q.value for q, _ in result.misquoted] == [84.4], result


def _with_duration(values: dict[str, float]) -> list:
    known = profile.KNOWN[profile.M_DURATION]
    return _metrics_of(values) + [profile.Quotable(profile.M_DURATION, known.label, 126050.0, known.family,
                                                   (profile._label_alias(known.label), *known.aliases))]


@pytest.mark.parametrize("text, matched", [
    ("Its threads keep the DRAM at 97.3 % of its peak.", -1),  # "threads": ncu's Threads is a count, not this %
    ("The threads sustain 99.1 % Memory Throughput.", -1),
    ("The threads' runtime is 88.2 us.", -1),
    ("Its threads keep the DRAM at 84.40 % of its peak.", 1),
    ("The threads' runtime is 126.05 us.", 1),
    ("SM Busy is 45.2 %, while memory is busier.", 0),  # SM Busy is a percentage: its value, no other's
])
def test_a_name_of_another_unit_is_no_metric_the_figure_belongs_to(text, matched):
    """ncu's Threads matched the word "threads", and a figure after a metric no check compares was set aside: "Its
    threads keep the DRAM at 97.3 %" was never compared (red team rt42). A name whose values come in other units
    is read as a word."""
    result = profile.check_quotes(quotes(text, profile.LABELS), _with_duration(FOUR))
    assert (len(result.misquoted), len(result.matched)) == ((1, 0) if matched < 0 else (0, matched)), result


def test_a_table_row_no_word_marks_is_compared_with_nothing():
    """Decision 185 first compared a table's one row that names no other kernel; right tables then failed (red team
    rt42b): references beside each other ("torch.softmax" over "Triton tutorial"), tiles tried, a roofline row. Such
    a row stays unread; an invented figure in one is a hole left open (c08_invented_figures_in_unmarked_table_row_rt42).
    """
    def table(*rows):
        return "| Kernel | DRAM Throughput | Duration |\n|---|---|---|\n" + "".join(f"| {r} |\n" for r in rows)
    for rows in (("torch.softmax | 80.0 % | 131.2 us", "Triton fused softmax (tutorial) | 82.0 % | 128.4 us"),
                 ("64 x 64 (baseline) | 60.0 % | 4100.00 us", "128 x 64 | 70.0 % | 3300.00 us")):
        result = profile.check_quotes(quotes(table(*rows), profile.LABELS), _with_duration(FOUR))
        assert not result.misquoted and not result.matched, (rows, result)
    mine = profile.check_quotes(quotes(table("naive (lab 01) | 41.2 % | 300.00 us", "tuned | 97.3 % | 88.20 us"),
                                       profile.LABELS), _with_duration(FOUR))
    assert len(mine.misquoted) == 2, mine  # the row that names this kernel is compared


def test_figures_after_several_names_are_a_list_whatever_joins_them():
    """Decision 185 held one figure to every name before it; right sentences then failed (red team rt42b): a list
    joined by "vs", "/", "frente a" or a TeX fraction, and names that a verb separates (each its own clause)."""
    for text in ("Compute (SM) Throughput vs Memory Throughput: 52.89 % vs 84.40 %.",
                 "Compute (SM) Throughput / Memory Throughput = 52.89 % / 84.40 %",
                 "Memory Throughput y Compute (SM) Throughput: 84,40 % frente a 52,89 %.",
                 "$$\\frac{\\text{Memory Throughput}}{\\text{Compute (SM) Throughput}} = \\frac{84.40\\%}{52.89\\%}$$",
                 "Compute (SM) Throughput is modest whereas Memory Throughput is 84.40 %.",
                 "The ratio of Memory Throughput to Compute (SM) Throughput is 1.60."):
        result = profile.check_quotes(quotes(text, profile.LABELS), _with_duration(FOUR))
        assert not result.misquoted, (text, quotes(text, profile.LABELS), result)
    fake = "Memory Throughput and Compute (SM) Throughput are 84.40 %, 2 units equally loaded."
    assert profile.check_quotes(quotes(fake, profile.LABELS), _with_duration(FOUR)).misquoted  # no list: both held


def test_the_reader_skips_what_the_page_does_not_show_red_team_rt42():
    """An image's alt text and TeX that hides its content (\\phantom, \\color) are not read as the page's words."""
    from grader.checks.profile_text import claimed_bottleneck, hidden_html

    alt = "![Bottleneck: memory-bound](sol.png)\n\n**Bottleneck:** compute-bound\n"
    assert claimed_bottleneck(alt)[0] == "compute"
    assert not quotes("![DRAM Throughput 84.40 %](sol.png) and ![x 84.40 %][r]\n\n[r]: sol.png\n", profile.LABELS)
    assert [q.value for q in quotes("[DRAM Throughput 84.40 %](https://x)", profile.LABELS)] == [84.4]  # a link shows
    for tex in ("$\\phantom{Bottleneck: memory-bound}$", "$\\color{white}{84.40\\%}$", "$\\rlap{x}$",
                "$$\\textcolor{#fff}{x}$$", "$\\hphantom{x}$"):
        assert hidden_html(f"a {tex} b"), tex
    assert hidden_html("$84.40\\,\\%$ of $\\mathrm{peak}$, \\colour") is None


@pytest.mark.parametrize("text, matched", [
    ("Compute (SM) Throughput and DRAM Throughput are 52.89 % and 84.40 %.", 2),  # a list: its order decides
    ("DRAM Throughput and Memory Throughput are both 84.40 %.", 1),
    ("DRAM Throughput and Memory Throughput are above 80 %.", 0),  # a bound both meet: no evidence, no misquote
    ("Memory Throughput and Compute (SM) Throughput are over 50 %.", 0),
    ("Compute (SM) Throughput is 52.89.", 1),
    ("DRAM Throughput: 84.40 %; Compute (SM) Throughput: 52.89 %.", 2),
    ("With Achieved Occupancy at 53.02 % the DRAM Throughput still reaches 84.40 %.", 2),
    ("Compute (SM) Throughput is only 52.89 %, while memory sits at 84.40 %.", 2),
    ("SM Busy is 84.40 % here, like memory.", 0),  # a metric no check compares: no quote of another
])
def test_right_figures_after_full_names_are_quotes(text, matched):
    result = profile.check_quotes(quotes(text, profile.LABELS), _metrics_of(FOUR))
    assert not result.misquoted and len(result.matched) == matched, (quotes(text, profile.LABELS), result)


def test_pasted_ncu_rows_are_each_their_own_metric():
    """`Block Limit Registers  block  6` was compared with Registers Per Thread, `Threads  thread  3,145,728` with Block
    Size: a row of ncu's details page is the value of its own label, compared only if that metric is."""
    text = ("    Block Limit Registers                 block            6\n"
            "    Threads                                   thread       3,145,728\n"
            "    Registers Per Thread             register/thread              40\n")
    metrics = [profile.Quotable("regs", "Registers Per Thread", 47, "count", (r"registers?",)),
               profile.Quotable("block", "Block Size", 192, "count", (r"\bthreads\b",))]
    result = profile.check_quotes(quotes(text, profile.LABELS), metrics)
    assert [q.value for q, _ in result.misquoted] == [40], result


@pytest.mark.parametrize("written, value, family", [
    ("268 464 384 bytes", 268464384, "bytes"), ("4 059.9 GB/s", 4059.9, "rate"),  # SI grouping (session 17)
    ("2.68 × 10^8 bytes", 2.68e8, "bytes"), ("4.9 TBps", 4.9, "rate"), ("99,1 por ciento", 99.1, "percent"),
    ("88,2 microsegundos", 88.2, "time"),
    # a power of ten in superscript, as it renders (red team rt44: read as "2" and "8 bytes")
    ("2.68 × 10⁸ bytes", 2.68e8, "bytes"), ("2.68 x 10<sup>8</sup> bytes", 2.68e8, "bytes"),
    ("2.68 × 10&sup2; bytes", 268, "bytes"), ("10⁻⁴ s", 1e-4, "time"), ("1.5 × 10<sup>−3</sup> s", 1.5e-3, "time"),
])
def test_numbers_grouped_by_blanks_powers_of_ten_and_spanish_units_are_read(written, value, family):
    found = [q for q in quotes(f"DRAM bytes read {written}", profile.LABELS) if q.value == pytest.approx(value)]
    assert found and found[0].family == family, quotes(f"DRAM bytes read {written}")


@pytest.mark.parametrize("text, read", [
    ("> 40.0 % L2 Hit Rate", 40.0),                       # a block quote's marker is no "greater than" (session 17)
    ("DRAM Throughput -> 60.0 %", 60.0),                  # after an arrow: the figure a change ends at
    ("DRAM Throughput [^is 99.10 %]", 99.1),              # an undefined footnote shows as written
    ("Achieved Occupancy <!-- a word -- is 91.30 %", 91.3),  # an unclosed comment mid-line is text
    ("a `<!--` DRAM Throughput is 99.10 % `-->`", 99.1),  # so is one in a code span
    ("DRAM Throughput is better than 99.0 %", 99.0),      # a bound, which must hold
    ("DRAM Throughput is exactly what it should reach: 99.10 %", 99.1),  # a plan's word stops at a colon
])
def test_figures_markdown_shows_are_read(text, read):
    assert [q for q in quotes(text, profile.LABELS) if q.value == read], quotes(text, profile.LABELS)


@pytest.mark.parametrize("text, value", [
    ("DRAM Throughput 41.2 % -> 84.40 %", 41.2),          # where a change started (session 17)
    ("Each row is 16 KiB, read once from DRAM", 16),      # one item's figure
    ("Each thread loads 16 bytes per instruction", 16),
    ("warp tiling + 128-bit loads", 128),                 # a width
    ("| Metric | lab 01 (naive) | lab 02 (tuned) |", 1),  # a lab's number
    ("DRAM Throughput is close to the 90 % a copy reaches", 90),   # another thing's word, nearer than the name
    ("The Duration of F.softmax at this shape is 131.2 us", 131.2),
    ("the naive kernel's DRAM Throughput was 41.2 %", 41.2),
    ("capping registers at 32 would raise it", 32),       # a plan's word right after the figure
    ("Siguiente paso: espero que Achieved Occupancy suba a un 70 %", 70),  # a plan in Spanish
])
def test_figures_of_other_things_are_not_quotes(text, value):
    assert not [q for q in quotes(text, profile.LABELS) if q.value == value], quotes(text, profile.LABELS)


def test_a_count_belongs_to_the_full_name_before_it():
    """A bare count after ncu's full name is that metric's, compared or not (session 17): no loose alias after it."""
    found = {q.value: q for q in quotes("Warp Cycles Per Issued Instruction is 15.33, and Eligible Warps Per "
                                        "Scheduler is 1.19", profile.LABELS)}
    assert found[15.33].label == "warp cycles per issued instruction" and found[15.33].near
    assert found[1.19].label == "eligible warps per scheduler"


@pytest.mark.parametrize("text, read", [
    ("The Duration of each launch is 88.20 us", 88.2),     # a full name before the figure wins (round 2, session 17)
    ("DRAM Throughput in this lab: 97.10 %", 97.1),
    ("| Warp Cycles Per Issued Instruction | 30.50 per instruction |", 30.5),
    ("| DRAM Throughput | 97.10 % -> at the roofline |", 97.1),  # an arrow to no figure
    ("El DRAM Throughput es de 97,10 %", 97.1),
    ("El DRAM Throughput de la memoria HBM es 97,10 %", 97.1),  # memoria is no conditional
    ("DRAM Throughput is close to peak at 97.10 %", 97.1),
    ("DRAM Throughput of the tuned kernel is 97.10 % of the H200's peak", 97.1),
    ("DRAM Throughput reaches 97.10 % (the naive kernel's was 41.2 %)", 97.1),
    ("As the roofline model would predict, DRAM Throughput went from 41.2 % to 97.10 %", 97.1),
    ("Warp Cycles Per Issued Instruction on the H200 is 30.50", 30.5),
])
def test_a_full_name_before_the_figure_wins_over_other_words(text, read):
    found = [q for q in quotes(text, profile.LABELS) if q.value == read]
    assert found and not found[0].bound, quotes(text, profile.LABELS)


@pytest.mark.parametrize("text, value", [
    ("DRAM Throughput is 84.40 %; the remaining 15.6 % is lost to the row exchange", 15.6),  # derived
    ("Achieved Occupancy is 53.02 %, 94 % of the theoretical 56.25 %", 94),
    ("The H200's HBM3e can deliver 4.8 TB/s, and Memory Throughput is 4.06 TB/s", 4.8),
    ("DRAM Throughput is 84.40 %, and the 86 % that a device-to-device copy shows is the ceiling", 86),
])
def test_figures_derived_or_of_the_hardware_are_not_quotes(text, value):
    assert not [q for q in quotes(text, profile.LABELS) if q.value == value and not q.bound], quotes(text)


def test_bounds_after_an_article_and_counts_before_a_full_name():
    bound = [q for q in quotes("Memory Throughput is far above the 60 % threshold", profile.LABELS) if q.value == 60]
    assert bound and bound[0].bound == "lower"
    after = {q.value: q for q in quotes("It averages 30.50 Warp Cycles Per Issued Instruction.", profile.LABELS)}
    assert after[30.5].label == "warp cycles per issued instruction"


@pytest.mark.parametrize("text, read", [
    ("The H200's DRAM Throughput is 97.10 % in this run", 97.1),   # the device owns nothing (round 3, session 17)
    ("DRAM Throughput hits a 97.10 % on the H200", 97.1),
    ("DRAM Throughput rose from 41.2 % up to 97.10 % with float4 loads", 97.1),  # "up to" ends a change
    ("DRAM Throughput 97.10 % -> 2.4x the naive kernel's", 97.1),  # an arrow to a figure of another family
    ("| DRAM Throughput \\| dram__throughput | 97.10 % | 84.40 % |", 97.1),  # an escaped pipe stays in its cell
])
def test_round_three_figures_are_read(text, read):
    text = "| Metric | Value | naive (lab 01) |\n|---|---|---|\n" + text if text.startswith("|") else text
    assert [q for q in quotes(text, profile.LABELS) if q.value == read and not q.bound], quotes(text, profile.LABELS)


@pytest.mark.parametrize("text, value", [
    ("DRAM Throughput is 84.40 % against the naive kernel's 41.2 %", 41.2),
    ("DRAM Throughput is 84.40 % (naive: 41.2 %)", 41.2),
    ("DRAM Throughput was 41.2 % in the naive kernel and is 84.40 % now", 41.2),
    ("Duration 126.05 us (vs 131.2 us for torch.softmax)", 131.2),
    ("At 219 Registers Per Thread only 2 blocks fit per SM", 2),
    ("Memory Throughput reaches 4.06 TB/s out of 4.8 TB/s", 4.8),
])
def test_round_three_other_figures_are_not_quotes(text, value):
    assert not [q for q in quotes(text, profile.LABELS) if q.value == value and not q.bound], quotes(text)


@pytest.mark.skipif(shutil.which("c++filt") is None, reason="c++filt (binutils) is not installed")
def test_the_trace_tells_a_templates_instances_apart():
    """The GPU trace names kernels as the C++ ABI's demangler does; the report's mangled name, read by c++filt, is
    compared with it whole, so a report of k<6> is not a launch of k<7> (c08_report_of_another_template_instance)."""
    main = {"kernel": {"function": "softmax_row_in_block_kernel",
                       "demangled": "void softmax_row_in_block_kernel<(int)6>(const float *, float *, int, int)",
                       "mangled": "_Z27softmax_row_in_block_kernelILi6EEvPKfPfii"}}
    six = {"name": "void softmax_row_in_block_kernel<6>(float const*, float*, int, int)", "grid": [1, 1, 1]}
    seven = {"name": "void softmax_row_in_block_kernel<7>(float const*, float*, int, int)", "grid": [1, 1, 1]}
    assert profile._same_kernel([seven], main) == ([], "softmax_row_in_block_kernel<6>")
    assert profile._same_kernel([seven, six], main)[0] == [six]
    plain = {"kernel": {"function": "softmax_kernel", "demangled": "softmax_kernel(const float *, float *, int, int)",
                        "mangled": "_Z14softmax_kernelPKfPfii"}}
    traced = {"name": "softmax_kernel(float const*, float*, int, int)"}
    assert profile._same_kernel([traced], plain)[0] == [traced]
    extern_c = {"kernel": {"function": "softmax_c", "demangled": "softmax_c", "mangled": "softmax_c"}}
    assert profile._same_kernel([{"name": "softmax_c"}], extern_c)[0] == [{"name": "softmax_c"}]
    hostile = {"kernel": {"function": "k", "demangled": "k", "mangled": "--help"}}
    assert profile._same_kernel([{"name": "k"}], hostile)[0] == []  # an option-like name is a name, read as such
    assert profile._short("void k<Tile<4, 2>, true>(float const*, int)") == "k<Tile<4, 2>, true>"


def _launch(values: dict, *, mangled="_Z6kernelPKfPfii", grid=(4096, 1, 1), block=(256, 1, 1),
            device="NVIDIA H200") -> dict:
    return {"kernel": {"function": "kernel", "demangled": "kernel(const float *, float *, int, int)",
                       "mangled": mangled}, "device": {"name": device}, "launch": {"grid": list(grid),
                                                                                 "block": list(block)},
            "metrics": {name: {"value": v} for name, v in values.items()}}


HONEST = {profile.M_SOL_MEM: 84.40, profile.M_SOL_SM: 52.89, profile.M_DRAM_PCT: 84.4, profile.M_DURATION: 126050.0,
          profile.M_DRAM_READ: 268.9e6, profile.M_DRAM_WRITE: 268.4e6, profile.M_REGISTERS: 40.0,
          "launch__occupancy_limit_registers": 6.0, "gpc__cycles_elapsed.max": 200000.0,
          "smsp__average_warp_latency_per_inst_issued.ratio": 30.0}


def test_the_reports_figures_agree_with_a_second_honest_run():
    """A second run moves figures by run-to-run noise (a few points, a few percent), and clocks by more: agreed."""
    again = dict(HONEST, **{profile.M_SOL_MEM: 82.1, profile.M_SOL_SM: 54.0, profile.M_DURATION: 131000.0,
                            profile.M_DRAM_READ: 270.0e6, "gpc__cycles_elapsed.max": 260000.0,
                            "smsp__average_warp_latency_per_inst_issued.ratio": 34.0,
                            "smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio": 0.12})
    first = dict(HONEST, **{"smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio": 0.06})
    assert profile._disagreeing(_launch(first), _launch(again)) == []


def test_launch_settings_are_compared_only_for_the_same_code():
    """A report of close code (another compiler: the note of 02.profile.kernel_matches) may use other registers."""
    other = dict(HONEST, **{profile.M_REGISTERS: 48.0})
    assert profile._disagreeing(_launch(HONEST), _launch(other), settings=False) == []
    assert profile._disagreeing(_launch(HONEST), _launch(other))


@pytest.mark.parametrize("metric,value,label", [
    (profile.M_SOL_SM, 97.1, "Compute (SM) Throughput"),  # c08_report_values_edited_to_fit_claim's edit
    (profile.M_SOL_MEM, 60.0, "Memory Throughput"),
    (profile.M_DURATION, 60000.0, "Duration"),
    (profile.M_DRAM_WRITE, 134.2e6, "DRAM bytes written"),
    (profile.M_REGISTERS, 32.0, "Registers Per Thread"),  # launch settings: exact
    ("launch__occupancy_limit_registers", 8.0, "launch__occupancy_limit_registers"),
])
def test_an_edited_figure_disagrees_with_a_second_run(metric, value, label):
    edited = dict(HONEST, **{metric: value})
    wrong = profile._disagreeing(_launch(edited), _launch(HONEST))
    assert len(wrong) == 1 and wrong[0].startswith(label) and metric in wrong[0], wrong


def _gpu_ctx(name="NVIDIA H200"):
    spec = get("softmax")
    return types.SimpleNamespace(device=Device(has_cuda=True, name=name, capability=(9, 0)), spec=spec,
                                 hint=lambda key: "", memo={"profile.same_code": True})


def test_the_report_is_measured_again_only_on_a_gpu_of_its_model(monkeypatch):
    """Another GPU model gives other figures: the report's are then taken as recorded (the trace, and a note, stand
    instead). A launch of this model anywhere in the report is enough: one of another model added to the report cannot
    leave the learner's own unmeasured. Only after the report loaded and the library passed its audit."""
    monkeypatch.setattr("grader.build.ncu_path", lambda: "/usr/bin/ncu")
    passed_ = types.SimpleNamespace(status=Status.PASS)
    done = {"02.profile.loads": passed_, "02.build.honest": passed_}
    ctx = _gpu_ctx()
    ctx.memo["profile.facts"] = profile.Facts(actions=[_launch(HONEST, device="NVIDIA H100 80GB HBM3")])
    assert not profile.measures_again(ctx, done)
    ctx.memo["profile.facts"].actions.append(_launch(HONEST))
    assert profile.measures_again(ctx, done)
    assert not profile.measures_again(ctx, {"02.profile.loads": passed_})
    assert not profile.measures_again(types.SimpleNamespace(**{**vars(ctx), "device": Device(has_cuda=False)}), done)
    monkeypatch.setattr("grader.build.ncu_path", lambda: None)
    assert not profile.measures_again(ctx, done)


def test_an_edited_report_fails_when_measured_again(monkeypatch):
    monkeypatch.setattr(profile, "_measured", lambda ctx, first=1: ([_launch(HONEST)], "", None))
    notes = []
    assert profile._remeasure(_gpu_ctx(), [_launch(HONEST)], notes) is None
    assert "figures agree with the new run" in notes[0], notes
    edited = _launch(dict(HONEST, **{profile.M_SOL_SM: 97.1}))
    result = profile._remeasure(_gpu_ctx(), [edited], [])
    assert result.status == Status.FAIL and "not what your kernel measures" in result.message
    assert any("52.89" in d and "97.1" in d for d in result.details), result.details


def test_figures_that_disagree_are_measured_once_more_and_a_run_that_agrees_stands(monkeypatch):
    """Once in make test-gpu the GEMM solution's bytes written came out 34 % above its report's, where runs agree
    within 2 % (an H100, docs/data/evidence-2026-12-06c, call 2; the cause not found, decision 245). Figures that
    disagree are measured once more, in a run of its own (its tries numbered after the first's); the report stands if
    that run agrees, and fails, saying it was measured twice, if it disagrees again. A launch that is not the report's
    is the code's: one run decides it."""
    runs = []

    def measured(outcomes):
        def fake(ctx, first=1):
            runs.append(first)
            return [outcomes[len(runs) - 1]], "", None
        return fake

    busy = _launch(dict(HONEST, **{profile.M_DRAM_WRITE: HONEST[profile.M_DRAM_WRITE] * 1.34}))
    monkeypatch.setattr(profile, "_measured", measured([busy, _launch(HONEST)]))
    notes = []
    assert profile._remeasure(_gpu_ctx(), [_launch(HONEST)], notes) is None
    assert runs == [1, 1 + len(profile.MEASURE_START_S)], runs
    assert "agree with the new run (the second: the first run's disagreed)" in notes[0], notes

    runs.clear()
    edited = _launch(dict(HONEST, **{profile.M_SOL_SM: 97.1}))
    monkeypatch.setattr(profile, "_measured", measured([_launch(HONEST), _launch(HONEST), _launch(HONEST)]))
    result = profile._remeasure(_gpu_ctx(), [edited], [])
    assert len(runs) == profile.REMEASURE_RUNS == 2, runs
    assert result.status == Status.FAIL and "not what your kernel measures" in result.message
    assert any("on this GPU 2 times; every run disagreed" in d for d in result.details), result.details

    runs.clear()
    monkeypatch.setattr(profile, "_measured", measured([_launch(HONEST, grid=(2048, 1, 1))] * 3))
    result = profile._remeasure(_gpu_ctx(), [_launch(HONEST)], [])
    assert result.status == Status.FAIL and "is not how your library launches it" in result.message and runs == [1]


def test_a_measured_run_without_the_reports_launch_fails(monkeypatch):
    monkeypatch.setattr(profile, "_measured", lambda ctx, first=1: ([_launch(HONEST, grid=(2048, 1, 1))], "", None))
    result = profile._remeasure(_gpu_ctx(), [_launch(HONEST)], [])
    assert result.status == Status.FAIL and "is not how your library launches it" in result.message
    other = _launch(HONEST, mangled="_Z5otherPKfPfii")
    monkeypatch.setattr(profile, "_measured", lambda ctx, first=1: ([other], "", None))
    result = profile._remeasure(_gpu_ctx(), [_launch(HONEST)], [])
    assert result.status == Status.FAIL and "not the report's" in result.message
    monkeypatch.setattr(profile, "_measured", lambda ctx, first=1: ([], "the profiled launch: it crashed", None))
    result = profile._remeasure(_gpu_ctx(), [_launch(HONEST)], [])
    assert result.status == Status.FAIL and "could not measure your library" in result.message


def test_every_launch_of_the_report_is_measured_again(monkeypatch):
    """Red team, session 33: a second launch of the kernel, its figures edited, appended to a true report; the
    analysis quoted only it. Each launch is measured again, not the longest alone."""
    monkeypatch.setattr(profile, "_measured", lambda ctx, first=1: ([_launch(HONEST)], "", None))
    notes = []
    assert profile._remeasure(_gpu_ctx(), [_launch(HONEST), _launch(HONEST)], notes) is None
    assert "of its 2 launches agree" in notes[0], notes
    decoy = _launch(dict(HONEST, **{profile.M_DRAM_PCT: 99.7, profile.M_DURATION: 100000.0}))
    result = profile._remeasure(_gpu_ctx(), [_launch(HONEST), decoy], [])
    assert result.status == Status.FAIL and "not what your kernel measures" in result.message
    elsewhere = _launch(HONEST, grid=(2048, 1, 1))
    result = profile._remeasure(_gpu_ctx(), [_launch(HONEST), elsewhere], [])
    assert result.status == Status.FAIL and "is not how your library launches it" in result.message


def test_a_reports_launches_are_one_runs():
    """On any machine: one GPU, and two launches of one kernel with one grid and block measure alike; other kernels or
    launch shapes are not compared with each other (a design of two kernels is right)."""
    ctx = _gpu_ctx()
    assert profile._one_run(ctx, [_launch(HONEST), _launch(dict(HONEST, **{profile.M_SOL_MEM: 82.0}))]) is None
    other = _launch(dict(HONEST, **{profile.M_DURATION: 30000.0}), mangled="_Z5otherPKfPfii")
    assert profile._one_run(ctx, [_launch(HONEST), other]) is None
    decoy = _launch(dict(HONEST, **{profile.M_DRAM_PCT: 99.7, profile.M_DURATION: 100000.0}))
    result = profile._one_run(ctx, [_launch(HONEST), decoy])
    assert result.status == Status.FAIL and "with one grid and block disagree" in result.message, result.message
    assert any("the other launch" in d for d in result.details), result.details
    mixed = profile._one_run(ctx, [_launch(HONEST), _launch(HONEST, device="NVIDIA H100 80GB HBM3")])
    assert mixed.status == Status.FAIL and "recorded on 2 GPUs" in mixed.message


def test_characters_that_reorder_the_page_are_found_as_characters_and_as_html_references():
    """Red team rt44: "Achieved Occupancy is U+202E 53.02 U+202C %" renders as 20.35 %, and the reader read 53.02. A
    direction mark between two figures can swap them on the page. Each is found, written either way; text in reading
    order (accents, the micro sign, a no-break space) is not."""
    from grader.checks.profile_text import reordering

    assert reordering("Achieved Occupancy is \u202e53.02\u202c %.") == "line 1: U+202E RIGHT-TO-LEFT OVERRIDE"
    assert reordering("ok\nDRAM is 91.2 %&#x2067;, SM 53.0 %&#x2069;") == "line 2: U+2067 RIGHT-TO-LEFT ISOLATE"
    assert reordering("Duration 126.05 us &rlm;, 53.02 %").startswith("line 1: U+200F")
    assert reordering("La ocupación es 53,02 %; duración 126,05\u00a0µs &amp; más") is None


def test_a_mark_above_a_bare_ten_stays_a_footnotes():
    """Decision 192: only a superscript after a multiplication sign, or one with a sign, is a power of ten; "97.0 %¹"
    and "10²" after no sign stay footnote marks (red team, session 33)."""
    from grader.checks.profile_text import powers_of_ten

    assert powers_of_ten("Block Size is 10² threads") == "Block Size is 10² threads"
    assert powers_of_ten("DRAM Throughput is 97.0 %<sup>1</sup>") == "DRAM Throughput is 97.0 %<sup>1</sup>"
    assert powers_of_ten("1.26 × 10²") == "1.26 × 10^2"


def test_the_report_readers_worker_loads_no_numpy_or_torch_before_ncus_module():
    """On an H100 with NumPy 2.5.2, Nsight Compute 2025.3.1's own reader crashed its process (SIGSEGV in
    ``get_version``) wherever NumPy was imported first; decision 249 had the serve loop every worker runs import a
    module that imports NumPy, and every lab 02 grading there ended as an internal error (PHASE_24_PLAN decision 251).
    What the reader's worker runs before its reader is imported (its module and the serve loop) imports neither."""
    import subprocess
    import sys

    code = ("import sys; import grader.workers.serve, grader.workers.ncu_read; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'torch', 'triton'}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout

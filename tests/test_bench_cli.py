"""`make bench`'s shape selection (grader/bench.py): the track's timing shapes by label, other shapes by their
dimensions, anything else refused with a message."""
from __future__ import annotations

import pytest

from grader.bench import requested_shapes
from grader.ops import get


def test_no_selection_means_every_timing_shape():
    spec = get("softmax")
    assert requested_shapes(spec, "") == list(spec.timing_shapes)


def test_timing_shapes_keep_the_tracks_order_and_other_shapes_follow():
    spec = get("softmax")
    got = requested_shapes(spec, "4096x50257,128x524288,1024x50257")
    assert got == [{"rows": 1024, "cols": 50257}, {"rows": 128, "cols": 524288}, {"rows": 4096, "cols": 50257}]


def test_a_gemm_shape_names_three_dimensions():
    assert requested_shapes(get("gemm"), "512x256x128") == [{"M": 512, "N": 256, "K": 128}]


@pytest.mark.parametrize("bad", ["12x", "0x128", "ax128", "1x2x3"])
def test_a_malformed_shape_is_refused_with_the_expected_form(bad):
    with pytest.raises(ValueError, match="rowsxcols in positive integers"):
        requested_shapes(get("softmax"), bad)


@pytest.mark.parametrize("track, timed", [("softmax", ["lib:tuned", "baseline", "copy"]),
                                          ("gemm", ["lib:tuned", "baseline"])])
def test_the_gate_repeats_time_the_copy_only_where_it_is_the_ceiling(monkeypatch, track, timed):
    """`make bench --gate-repeats` timed the copy for GEMM too, whose ceiling is the fp32 peak: the JSON then held a
    "copy" of 1860 "TFLOP/s" (the copy's bytes through GEMM's rate; H200, session 41)."""
    from types import SimpleNamespace

    from grader import bench
    from grader.checks import perf

    seen = []
    monkeypatch.setattr(perf, "measure", lambda ctx, key, plan, dims, contenders, **kw: (seen.append(contenders) or
                                                                                     (None, SimpleNamespace(message="x"))))
    spec = get(track)
    assert bench.gate_repeats(spec, SimpleNamespace(lane="", workers=[]), None, 2) == [
        {"run": 0, "error": "x"}, {"run": 1, "error": "x"}]
    assert seen == [timed, timed]

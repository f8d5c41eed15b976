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

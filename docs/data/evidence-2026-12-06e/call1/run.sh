#!/bin/bash
# Session 67, call 1: does the watched worker compile? Lab 03 of some Triton positive controls graded alone, twice
# each (the first with a cold Triton cache, the second warm), traced; then the Triton cache's files by mtime.
source docs/_tools/device_call.sh
CASES="c12_triton_block_ptr_rows_rt44 c12_triton_file_with_bom_and_crlf_rt43 c12_triton_persistent_tl_range_rt44 c12_triton_shape_object_from_numbers c12_triton_unusual_but_right c12_triton_tutorial_softmax c12_triton_tl_softmax_builtin c12_triton_warmup_compiled"
python3 - $CASES <<'PY'
import sys; from pathlib import Path
sys.path.insert(0, "tests")
import test_adversarial as t
for c in t.CASES:
    if c.name in sys.argv[1:]:
        d = Path("/tmp/cases") / c.name; d.mkdir(parents=True, exist_ok=True); t.materialise(c, d)
PY
export GRADER_CACHE=/tmp/gcache
for c in $CASES; do
  grade "$c-1" 03 --submission /tmp/cases/$c/submission
  grade "$c-2" 03 --submission /tmp/cases/$c/submission
done
find /tmp/gcache -type f -printf '%T@ %p\n' | sort -n > $R/cache-files.txt
python3 docs/data/evidence-2026-12-06d/watched_steps.py $R/*.jsonl >> $L
python3 docs/data/evidence-2026-12-06e/compiled_when.py $R >> $L
step done

#!/bin/bash
# Session 68, call 3 (call 2's machine, warm): c12_triton_autotune, refused once in call 2's suite ("an assert() in
# the kernel failed"), lab 03 graded alone twice, then four at once, twice; work folders kept.
source docs/_tools/device_call.sh
python3 - c12_triton_autotune <<'PY'
import sys; from pathlib import Path
sys.path.insert(0, "tests")
import test_adversarial as t
for c in t.CASES:
    if c.name in sys.argv[1:]:
        d = Path("/tmp/cases") / c.name; d.mkdir(parents=True, exist_ok=True); t.materialise(c, d)
PY
S=/tmp/cases/c12_triton_autotune/submission
for i in 1 2; do GRADER_WORKROOT=$R/w-a$i grade a$i 03 --submission $S; done
for r in 1 2; do
  for i in 1 2 3 4; do (GRADER_WORKROOT=$R/w-p$r$i grade p$r$i 03 --submission $S) & done; wait
done
grep -l "assert" -r $R --include=*.txt | head >> $L
step done

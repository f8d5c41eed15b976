#!/usr/bin/env bash
# Evidence 2026-12-03b, call 3: after call 2 stalled (decision 191, Nsight Compute inside the sandbox, reverted), the
# Triton controls whose watched checks were under way when it stalled, on the reverted grader with red team rt44's
# mends, eight at once; the last of the session's device time.
#   bash docs/data/evidence-2026-12-03b/call3/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
step "the stalled Triton controls, -n 8"
( time timeout ${SUITE_LIMIT_S:-150} python3 -m pytest -q -m gpu -p no:cacheprovider -n 8 --dist worksteal \
    tests/test_adversarial.py -k "size_helpers or triton_autotune or triton_file_with_bom or wrapper_synchronizes or launch_under_no_grad or block_ptr_rows_rt44" ) > $R/tests.txt 2>&1
grep -E "passed|failed|^real|^FAILED|^ERROR" $R/tests.txt | tail -8 >> $L
step done

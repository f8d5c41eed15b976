#!/usr/bin/env bash
# Evidence 2026-12-03, call 3: after call 2's two failures, the GPU tests they touch: the BOM + CRLF Triton control
# (own_kernels parsed the file's text, an internal error; now its bytes), Triton's tutorial softmax (call 2: four
# lost Nsight Compute starts), lab 03's solution through the grader, and the half-filled lab 00.
#   bash docs/data/evidence-2026-12-03/call3/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
step "the GPU tests call 2 failed, and lab 03's"
( time timeout 240 python3 -m pytest -q -m gpu -p no:cacheprovider -n 4 --dist worksteal \
    tests/test_adversarial.py tests/test_lab03_triton.py \
    -k "bom_and_crlf or tutorial_softmax or lab03_triton_solution_passes_on_the_gpu or lookalike" ) > $R/tests.txt 2>&1
grep -E "passed|failed|^real|^FAILED|^ERROR" $R/tests.txt | tail -8 >> $L
step done

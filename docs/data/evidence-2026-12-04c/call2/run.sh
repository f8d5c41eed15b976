#!/usr/bin/env bash
# Evidence 2026-12-04c (session 52), call 2: decision 205's tl.softmax case (c12_triton_tl_softmax_builtin) as a
# positive control on the GPU, then graded alone with --timings (lab 03's Triton checks).
#   bash docs/data/evidence-2026-12-04c/call2/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
step "tl.softmax positive control on the GPU"
( time python3 -m pytest -q -m gpu tests/test_adversarial.py -k "tl_softmax_builtin" -p no:cacheprovider -rA ) > $R/pc.txt 2>&1
grep -E "passed|failed|PASSED|FAILED|^real|Error|assert" $R/pc.txt | head -20 | tee -a $L
grade tlsoftmax 03 --submission tests/adversarial/c12_triton_tl_softmax_builtin --check 03.triton
grep -E "03.triton" $R/tlsoftmax.txt | head -12

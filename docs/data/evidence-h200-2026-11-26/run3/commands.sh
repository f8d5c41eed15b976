#!/bin/bash
# Run 3 on the H200, after the fix (decision 44): the softmax solutions graded (--timings), then the GPU tests
# that run 2 could not run (the adversarial cases) or found wrong, and the new timing test.
cd "$(dirname "$0")/../../../.."
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a $L; }
step "softmax solutions"
( time timeout 200 python3 -m grader --submission solutions --timings --json $OUT/sol-softmax.json ) > $OUT/softmax.txt 2>&1; echo "rc=$?" >> $L
grep -E "FAIL|Score|internal|timed launch|02.perf" $OUT/softmax.txt >> $L
left=$((585 - SECONDS)); step "GPU tests ($left s left)"
timeout $left python3 -m pytest -q -m gpu -p no:cacheprovider --durations=30 tests/test_adversarial.py tests/test_timing_gpu.py \
  tests/test_negative_controls.py tests/test_labs_cuda.py tests/test_lab03_triton.py \
  "tests/test_lab02_gate.py::test_lab02_naive_kernel_fails_the_gate_with_its_ratio" > $OUT/test-gpu.txt 2>&1; echo "rc=$?" >> $L
tail -45 $OUT/test-gpu.txt >> $L
step done

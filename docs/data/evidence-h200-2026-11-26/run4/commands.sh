#!/bin/bash
# Run 4 on the H200: the two GPU tests run 3 found failing, graded directly (their reports), then the GPU tests
# run 3 did not reach, then five gate measurements per track (repeat.py).
cd "$(dirname "$0")/../../../.."
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a $L; }
step "tutorial softmax, lab 03"
timeout 150 python3 -m grader 03 --submission tests/adversarial/c12_triton_tutorial_softmax --timings > $OUT/tutorial.txt 2>&1; echo "rc=$?" >> $L
grep -E "03\.triton|Score" $OUT/tutorial.txt | cut -c1-200 >> $L; sed -n '/^03.triton.*FAIL/,/^$/p' $OUT/tutorial.txt >> $L
cp build/grader/03-triton-and-pytorch/runs/triton-*/worker.log $OUT/tutorial-worker.log 2>/dev/null
step "host crash, lab 00"
timeout 60 python3 -m grader 00 --submission tests/submissions/host_crash > $OUT/host_crash.txt 2>&1; echo "rc=$?" >> $L
grep -A6 "00.run.completes" $OUT/host_crash.txt | tail -8 >> $L
step "the other GPU tests"
timeout 300 python3 -m pytest -q -m gpu -p no:cacheprovider --durations=20 -rf --tb=short tests/test_timing_gpu.py \
  tests/test_negative_controls.py tests/test_labs_cuda.py tests/test_lab03_triton.py \
  "tests/test_lab02_gate.py::test_lab02_naive_kernel_fails_the_gate_with_its_ratio" > $OUT/test-gpu.txt 2>&1; echo "rc=$?" >> $L
tail -40 $OUT/test-gpu.txt >> $L
for k in softmax gemm; do step "gate five times: $k"; timeout 70 python3 docs/data/evidence-h100-2026-11-24/repeat.py $k >> $L 2>&1; done
step done

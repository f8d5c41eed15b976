#!/bin/bash
# Run 5 on the H200: the GPU tests fixed after run 4 (the host crash's lesson through bwrap, the hang's message,
# the tutorial control), the softmax naive-gate test, then the 13-learner synthetic cohort through the local
# backend (make grade-cohort's command), its gradebook copied back.
cd "$(dirname "$0")/../../../.."
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a $L; }
step "GPU tests"
timeout 200 python3 -m pytest -q -m gpu -p no:cacheprovider --durations=10 -rf --tb=short \
  "tests/test_negative_controls.py::test_negative_host_crash_is_a_teaching_failure" \
  "tests/test_negative_controls.py::test_negative_hang_is_killed_and_reported" \
  "tests/test_adversarial.py::test_positive_control_on_gpu[c12_triton_tutorial_softmax]" \
  "tests/test_lab02_gate.py::test_lab02_naive_kernel_fails_the_gate_with_its_ratio" > $OUT/test-gpu.txt 2>&1; echo "rc=$?" >> $L
tail -25 $OUT/test-gpu.txt >> $L
step "cohort: 13 learners, local backend, GRADER_TIMEOUT_S=30"
python3 tests/cohort/synthetic.py /tmp/cohort >> $L 2>&1
( time GRADER_TIMEOUT_S=30 timeout $((585 - SECONDS)) python3 -m grader cohort --roster /tmp/cohort/roster.csv --out /tmp/gb --backend local ) > $OUT/cohort.txt 2>&1; echo "rc=$?" >> $L
tail -40 $OUT/cohort.txt >> $L
cp /tmp/gb/gradebook.csv /tmp/gb/gradebook.html $OUT/ 2>/dev/null
tar czf $OUT/cohort-out.tgz -C /tmp gb 2>/dev/null
step done

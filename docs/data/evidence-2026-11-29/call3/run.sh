#!/usr/bin/env bash
# Evidence 2026-11-29, call 3: the adversarial case of the bonus after the test's exit-code fix (commit b8cf605), and a
# positive control of lab 03 on the GPU: test_adversarial[c09_bonus_fakes_routing] and
# test_positive_control_on_gpu[c12_triton_tutorial_softmax] (what -m gpu -k below collects).
set -u
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/log.txt
( time timeout 300 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_adversarial.py -k "c09_bonus or c12_triton_tutorial" tests/test_lab03_triton.py ) > $OUT/tests.txt 2>&1
echo "rc=$?" >> $OUT/log.txt; tail -5 $OUT/tests.txt | tee -a $OUT/log.txt

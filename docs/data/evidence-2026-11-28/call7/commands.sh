#!/usr/bin/env bash
# Evidence 2026-11-28, call 7: the two adversarial cases that skip timed launches, on the final grader (buffers in turn).
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
mkdir -p $OUT; nvidia-smi --query-gpu=name --format=csv,noheader > $OUT/log.txt
timeout 400 python3 -m pytest -q -m gpu -p no:cacheprovider -n 2 \
  "tests/test_adversarial.py::test_adversarial[c09_skips_unchecked_launches]" \
  "tests/test_adversarial.py::test_adversarial[c09_right_only_first_launches]" > $OUT/tests.txt 2>&1
echo "rc=$?: $(tail -1 $OUT/tests.txt)" >> $OUT/log.txt; cat $OUT/log.txt

#!/usr/bin/env bash
# Evidence 2026-11-28, call 8: make test-gpu's command on the final grader (buffers in turn, the relaxed --json rule).
set -u
export PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/log.txt
( time timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist worksteal --durations=0 \
  -p no:cacheprovider ) > $OUT/test-gpu.txt 2>&1
echo "rc=$?" >> $OUT/log.txt; grep -E "passed|failed|^FAILED|^ERROR|^real" $OUT/test-gpu.txt | tail -12 >> $OUT/log.txt

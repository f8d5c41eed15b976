#!/usr/bin/env bash
# Evidence 2026-11-28, call 5: the three GPU tests call 4 failed (their results file inside the submission folder,
# refused by the first version of the --json rule; relaxed since), again, with the timing tests, on the final grader.
set -u
export PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/log.txt
( time timeout 480 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist worksteal -p no:cacheprovider \
  tests/test_lab02_gate.py tests/test_labs_cuda.py tests/test_timing_gpu.py tests/test_fresh_inputs.py \
  tests/test_worker_buffers.py tests/test_triton_worker_time.py ) > $OUT/test-gpu.txt 2>&1
echo "rc=$?" >> $OUT/log.txt; grep -E "passed|failed|^FAILED|^ERROR|^real" $OUT/test-gpu.txt | tail -12 >> $OUT/log.txt

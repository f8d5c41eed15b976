#!/usr/bin/env bash
# Session 6, call 10 (H200): the repository's GPU tests (make test-gpu's selection) on the final tree, verbose.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
( time timeout 540 python3 -m pytest -v -m gpu --ignore=tests/docs -n 6 -p no:cacheprovider -rf --tb=short --durations=15 ) > $R/test-gpu.txt 2>&1; echo "rc=$?" >> $L
grep -v "PytestBenchmarkWarning\|warner(" $R/test-gpu.txt | grep -E "PASSED|FAILED|ERROR|passed|failed|^real|s call|Error|assert|^E " | head -120 >> $L

#!/usr/bin/env bash
# Session 7, call 1 (H200): the repository's GPU tests (make test-gpu's selection, 6 at once) on the tree with the
# profiler lock (decisions 74 and 75), then every lab of the reference solutions with --timings.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
step "test-gpu"
( time timeout 500 python3 -m pytest -v -m gpu --ignore=tests/docs -n 6 -p no:cacheprovider -rf --tb=short --durations=15 ) > $R/test-gpu.txt 2>&1; echo "rc=$?" >> $L
grep -v "PytestBenchmarkWarning\|warner(" $R/test-gpu.txt | grep -E "PASSED|FAILED|ERROR|passed|failed|^real|s call|^E " | head -120 >> $L
step "all"
( time timeout 90 python3 -m grader --submission solutions --timings ) > $R/all.txt 2>&1; echo "rc=$?" >> $L
grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real" $R/all.txt >> $L
step done

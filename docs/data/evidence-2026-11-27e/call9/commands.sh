#!/usr/bin/env bash
# Session 5, call 9 (H200): the final tree (the copy worker's spawn moved into kernel_checks, perf.copy_ceiling
# calling timing.measure itself): every lab graded with --timings, make bench's method at one shape, and the GPU
# tests that time through the copy worker.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
( time timeout 120 python3 -m grader --submission solutions --timings ) > $R/all.txt 2>&1
grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total)|Score|FAIL|internal|^real|perf" $R/all.txt >> $L
timeout 120 python3 -m grader.bench --quick --shapes 16384x4096 --out $R/bench9.json > $R/bench9.txt 2>&1; echo "bench rc=$?" >> $L
tail -4 $R/bench9.txt >> $L
( time timeout 240 python3 -m pytest -q -m gpu -n 2 -p no:cacheprovider -rf tests/test_timing_gpu.py \
    "tests/test_lab02_gate.py::test_lab02_solution_passes_every_check" ) > $R/tests.txt 2>&1; echo "tests rc=$?" >> $L
grep -E "passed|failed|^real|FAILED" $R/tests.txt >> $L

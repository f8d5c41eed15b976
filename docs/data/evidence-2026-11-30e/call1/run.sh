#!/usr/bin/env bash
# Evidence 2026-11-30e, call 1: make test-gpu's command with the suite dealt out longest first (tests/gpu_order.py,
# durations of evidence-2026-11-29c call 1 and 2026-11-30d call 4), every test's duration and every grading's trace;
# then lab 02 of the solutions alone, traced.
#   bash docs/data/evidence-2026-11-30e/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -30 >> $L
( time GRADER_TEST_TRACE=$R/tt ADV_LOG=$R/adv-times.txt timeout 450 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^user|^sys" | tail -6 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
( time GRADER_TRACE=$R/lab02.jsonl timeout 120 python3 -m grader 02 --submission solutions --timings --json $R/lab02.json ) > $R/lab02.txt 2>&1
grep -E "^│ (lab 0|total|timed|  02\.)|Score|^real" $R/lab02.txt >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

#!/usr/bin/env bash
# Evidence 2026-12-01, call 2: after commit ed362b3 (the letters-for-digits test moved into the time-bounded analysis
# reader), on the GPU: lab 02 of the solutions graded with --timings, then the GPU tests of the analysis and report
# (adversarial c08 cases and positive controls, -m gpu -k "c08 or profile or analysis", 8 workers).
#   bash docs/data/evidence-2026-12-01/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
( time timeout 120 python3 -m grader 02 --submission solutions --timings ) > $OUT/lab02.txt 2>&1
grep -E "^│ (lab 0|total|  02\.perf\.gate)|02\.profile|Score|^real" $OUT/lab02.txt >> $L
( time timeout 400 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider \
    -k "c08 or profile or analysis" ) > $OUT/tests.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $OUT/tests.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -8 >> $L

#!/usr/bin/env bash
# Evidence 2026-12-01g, call 2: the tree of call 1, make test-gpu's command under timeout 400, then lab 02 alone once more.
#   bash docs/data/evidence-2026-12-01g/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
( time GRADER_TEST_TRACE=$R/tt timeout 400 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
echo "== lab02: --submission solutions 02" >> $L
( time GRADER_TRACE=$R/lab02.jsonl timeout 100 python3 -m grader --submission solutions 02 --timings --json $R/lab02.json ) > $R/lab02.txt 2>&1
grep -E "^│ (lab 0|total|timed|build|set-up|checks)|Score|^real" $R/lab02.txt >> $L
python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

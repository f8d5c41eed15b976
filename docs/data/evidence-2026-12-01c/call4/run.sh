#!/usr/bin/env bash
# Evidence 2026-12-01c, call 4: make test-gpu's command again on the same tree as call 3 (a second sample of its
# wall time: call 3 lost four watched starts).
#   bash docs/data/evidence-2026-12-01c/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
( time GRADER_TEST_TRACE=$R/tt timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

#!/usr/bin/env bash
# Evidence 2026-12-01d, call 4: the final grader (call 3's tree, and a watched run that lists only torch's fills tried
# once more: decision 161) on the GPU: every GPU test of lab 03's Triton file (-k triton, 8 workers, traced).
#   bash docs/data/evidence-2026-12-01d/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git status --short | head -40 >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 280 python3 -m pytest -q -m gpu --ignore=tests/docs -k triton \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
grep -h "listed on try\|listed none" $R/test-gpu.txt | head -5 >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

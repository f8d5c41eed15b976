#!/usr/bin/env bash
# Evidence 2026-11-30f, call 4: call 3's tree again, make test-gpu's command only (traced), for a second run of the
# first-line limit and, where a start is lost, the early cut on the GPU.
#   bash docs/data/evidence-2026-11-30f/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
lscpu | grep -E "^Model name|^CPU\(s\)" >> $L
git log --oneline -1 >> $L; git status --short | head -30 >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 370 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^user|^sys" | tail -6 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
python3 docs/data/evidence-2026-11-30f/starts.py $R/tt > $OUT/starts.txt 2>&1; head -2 $OUT/starts.txt >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

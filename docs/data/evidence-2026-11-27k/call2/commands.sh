#!/usr/bin/env bash
# Session 11, call 2: a candidate make test-gpu command (tried, dropped: decision 86): the longest tests first (tests/gpu_durations.json,
# from call 1 and session 10's call 10), one test handed out at a time (--dist load --maxschedchunk 1), and at least
# 4 checks at once per grading (tests/helpers.py: jobs_env). Every grading traced. That tree is not kept (decision 86
# dropped it): tests/conftest.py sorted the GPU items by tests/gpu_durations.json, longest first, the first 2 x 6
# paired (k, k + 6) so that each xdist worker started on one of the six longest.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$R/log.txt
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; cp $R/test-gpu.txt $OUT/ 2>/dev/null; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
( time GRADER_TEST_TRACE=$R/tt timeout 560 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist load \
  --maxschedchunk 1 --durations=0 -p no:cacheprovider ) > $R/test-gpu.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED|^ERROR|^real" $R/test-gpu.txt | tail -12 >> $L

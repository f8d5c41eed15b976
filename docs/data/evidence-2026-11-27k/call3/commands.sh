#!/usr/bin/env bash
# Session 11, call 3: Nsight Compute's worker starts without the GPU lock (hello, then init and case under it;
# first try 25 s for the start, 40 s for the rest). The solutions, every lab, with --timings (also warms the build
# and Triton caches); then make test-gpu's command (-n 6 --dist worksteal), every grading traced.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$R/log.txt
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; cp $R/test-gpu.txt $OUT/ 2>/dev/null; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
( time GRADER_TRACE=$R/all.jsonl timeout 200 python3 -m grader --submission solutions --timings ) > $R/all.txt 2>&1
grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|^real" $R/all.txt >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 500 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist worksteal \
  --durations=0 -p no:cacheprovider ) > $R/test-gpu.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED|^ERROR|^real" $R/test-gpu.txt | tail -12 >> $L

#!/usr/bin/env bash
# Session 11, call 1: where make test-gpu's time goes. c12_gemm_triton_tutorial (122 s in the suite) graded alone
# with --timings and a trace; then make test-gpu's command (-n 6 --dist worksteal), every grading traced
# (GRADER_TEST_TRACE), with every test's duration.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$R/log.txt
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; cp $R/test-gpu.txt $OUT/ 2>/dev/null; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
T=$(mktemp -d); cp -r tests/adversarial/c12_gemm_triton_tutorial $T/sub; rm $T/sub/expect.toml
( time GRADER_TRACE=$R/gemm-tutorial.jsonl timeout 200 python3 -m grader 03 --kernel gemm --submission $T/sub --timings ) \
  > $R/gemm-tutorial.txt 2>&1
grep -E "^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|^real" $R/gemm-tutorial.txt >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 480 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist worksteal \
  --durations=49 -p no:cacheprovider ) > $R/test-gpu.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED|^ERROR|^real" $R/test-gpu.txt | tail -12 >> $L

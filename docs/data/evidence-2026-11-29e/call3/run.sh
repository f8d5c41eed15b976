#!/usr/bin/env bash
# Evidence 2026-11-29e, call 3: the final grader of session 18 (no exclusive GPU lock for a lab whose measurements
# cannot run; a watched check under the profiler lock instead of a slot). make test-gpu's command with eight workers,
# every grading traced; then issue 12's grading table with --timings: every lab (softmax, then GEMM), lab 02 alone,
# lab 03 alone, labs 00 and 01 together.
#   bash docs/data/evidence-2026-11-29e/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
( time GRADER_TEST_TRACE=$R/tt ADV_LOG=$R/adv-times.txt timeout 370 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 \
    --dist worksteal -p no:cacheprovider --durations=30 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -36 >> $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 60 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g all --submission solutions; python3 $E/gate.py $R/all.json "gate:" >> $L
g lab02 02 --submission solutions; python3 $E/gate.py $R/lab02.json "gate:" >> $L
g lab03 03 --submission solutions
g lab0001 00 01 --submission solutions
g gemm-all --submission solutions --kernel gemm; python3 $E/gate.py $R/gemm-all.json "gemm gate:" >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

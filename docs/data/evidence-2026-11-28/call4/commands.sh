#!/usr/bin/env bash
# Evidence 2026-11-28, call 4: the grader after the red team of session 13 (decisions 90-91) on the GPU: the solutions graded,
# every lab, on both tracks (--timings), then make test-gpu's command (-n 6 --dist worksteal).
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$R/log.txt
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; cp $R/test-gpu.txt $OUT/ 2>/dev/null; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 200 python3 -m grader "$@" --submission solutions --timings ) > $R/$name.txt 2>&1
  grep -E "^isolation|^│ (lab 0|total)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g softmax-all; g gemm-all --kernel gemm; g softmax-02 02; g softmax-03 03; g softmax-00-01 00 01
( time timeout 480 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist worksteal --durations=0 \
  -p no:cacheprovider ) > $R/test-gpu.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED|^ERROR|^real" $R/test-gpu.txt | tail -12 >> $L

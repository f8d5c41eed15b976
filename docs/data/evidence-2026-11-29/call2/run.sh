#!/usr/bin/env bash
# Evidence 2026-11-29, call 2: the GEMM gate four more times (five with call 1's every-lab run), lab 03 alone three
# times with GRADER_TRACE (after one every-lab run to warm the build and Triton caches), then make test-gpu's command.
#   bash docs/data/evidence-2026-11-29/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 200 python3 -m grader "$@" --submission solutions --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|  03\.)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  [ -f $R/$name.json ] && python3 $E/gate.py $R/$name.json "$name gate:" >> $L; }
g warm-all
for k in 2 3 4 5; do g gemm-02-$k 02 --kernel gemm; done
for k in 1 2 3; do export GRADER_TRACE=$R/trace-03-$k.jsonl; g softmax-03-$k 03; done; unset GRADER_TRACE
( time timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist worksteal --durations=30 \
  -p no:cacheprovider ) > $OUT/test-gpu.txt 2>&1
echo "test-gpu rc=$?" >> $L; grep -E "passed|failed|^FAILED|^ERROR|^real" $OUT/test-gpu.txt | tail -12 >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

#!/usr/bin/env bash
# Evidence 2026-11-29d, call 1: the grader at the start of session 17 (commit 2c87c43), on the GPU: the positive case
# c12_triton_tutorial_softmax alone (its last fix was shown on a CPU
# only), the solutions graded with --timings on both tracks, then `make test-gpu`'s command on this 16-core machine (8 workers).
#   bash docs/data/evidence-2026-11-29d/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 150 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^isolation|^│ (lab 0|total)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  [ -f $R/$name.json ] && python3 $E/gate.py $R/$name.json "$name gate:" >> $L; }
( time timeout 200 python3 -m pytest -q -m gpu tests/test_adversarial.py -k c12_triton_tutorial_softmax -p no:cacheprovider ) > $OUT/c12.txt 2>&1
tail -5 $OUT/c12.txt >> $L
g softmax-all --submission solutions; g gemm-all --submission solutions --kernel gemm
( time timeout 370 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider --durations=25 ) > $OUT/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $OUT/test-gpu.txt | tail -40 >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

#!/usr/bin/env bash
# Evidence 2026-11-29d, call 2: the grader after the first red-team round of session 17 (commits 80346de, b0ed7c8,
# 2008943), on the GPU: the solutions graded with --timings on both tracks, then `make test-gpu`'s command on this
# 16-core machine (8 workers), with every adversarial case's time (ADV_LOG).
#   bash docs/data/evidence-2026-11-29d/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
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
g softmax-all --submission solutions; g gemm-all --submission solutions --kernel gemm
( time ADV_LOG=$OUT/adv-times.txt timeout 400 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal \
    -p no:cacheprovider --durations=25 ) > $OUT/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $OUT/test-gpu.txt | tail -40 >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

#!/usr/bin/env bash
# Evidence 2026-11-30d, call 1: decision 137 (lab 02's report measured again on a GPU of its model). Honest runs'
# spread (noise.py), then the solutions' lab 02 graded with --timings (softmax twice, GEMM once), then the GPU tests
# of the profile checks and class 8.
#   bash docs/data/evidence-2026-11-30d/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git status --short | head -60 >> $L 2>/dev/null
( time timeout 200 python3 docs/data/evidence-2026-11-30d/call1/noise.py /tmp/noise 4 ) > $OUT/noise.txt 2>&1
tail -5 $OUT/noise.txt >> $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 120 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g lab02a 02 --submission solutions
g lab02b 02 --submission solutions
g gemm02 02 --submission solutions --kernel gemm
( time timeout 240 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider \
    -k "c08 or profile" --durations=5 ) > $R/test-gpu-c08.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-c08.txt | tail -14 >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

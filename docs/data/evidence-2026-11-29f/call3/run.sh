#!/usr/bin/env bash
# Evidence 2026-11-29f, call 3: the final grader of session 19 (call 2's, with a lost watched start cut at 15 s instead
# of 25 s). make test-gpu's command with eight workers, twice in a row on one machine, every grading traced.
#   bash docs/data/evidence-2026-11-29f/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
for run in 1 2; do
  mkdir -p $R/tt$run; echo "== make test-gpu, run $run" >> $L
  ( time GRADER_TEST_TRACE=$R/tt$run ADV_LOG=$R/adv-times-$run.txt timeout 285 python3 -m pytest -q -m gpu --ignore=tests/docs \
      -n 8 --dist worksteal -p no:cacheprovider --durations=10 ) > $R/test-gpu-$run.txt 2>&1
  grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-$run.txt | grep -E "passed|failed|FAILED|^real" >> $L
done
cd $OUT && tar -czf r.tgz r && rm -rf r

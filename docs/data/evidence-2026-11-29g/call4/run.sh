#!/usr/bin/env bash
# Evidence 2026-11-29g, call 4: the grader after the third red team of session 20 (decision 120's last part: CPU-side
# audit changes of lab 03) on the GPU: make test-gpu's lab 03 tests only, eight workers, then lab 03 of the solutions.
#   bash docs/data/evidence-2026-11-29g/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
( time ADV_LOG=$R/adv-times.txt timeout 230 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal \
    -p no:cacheprovider -k "triton or lab03 or port" ) > $R/test-gpu-lab03.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-lab03.txt | tail -8 >> $L
( time timeout 60 python3 -m grader 03 --submission solutions --timings --json $R/lab03.json ) > $R/lab03.txt 2>&1
grep -E "^│ (lab 0|total|timed)|Score|^real" $R/lab03.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/lab03.txt >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

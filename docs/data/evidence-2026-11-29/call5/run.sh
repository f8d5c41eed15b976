#!/usr/bin/env bash
# Evidence 2026-11-29, call 5: the final grader of session 14 (the sandbox's covered folders with their Python folders
# bound again): the solutions graded, every lab, softmax track, --timings; then make test-gpu's command.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
( time timeout 200 python3 -m grader --submission solutions --timings --json $R/softmax-all.json ) > $R/softmax-all.txt 2>&1
grep -E "^isolation|^│ (lab 0|total)|Score|^real" $R/softmax-all.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/softmax-all.txt >> $L
( time timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist worksteal --durations=30 \
  -p no:cacheprovider ) > $OUT/test-gpu.txt 2>&1
echo "test-gpu rc=$?" >> $L; grep -E "passed|failed|^FAILED|^ERROR|^real" $OUT/test-gpu.txt | tail -12 >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

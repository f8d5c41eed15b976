#!/usr/bin/env bash
# Evidence 2026-12-01f, call 4: the session's last grader (tools chosen from the SASS, red team rt35b's fixes):
# make test-gpu's command under timeout 330, then the solutions graded with --timings: every lab, lab 02 alone.
#   bash docs/data/evidence-2026-12-01f/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -40 >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
grep -E "sanitizer|port" $R/test-gpu.txt | head -8 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
g() { local name=$1; shift; echo "== $name: $*" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|  0[0-3]\.sanitizer)|Score|^real|Graded only" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
g lab02 --submission solutions 02; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

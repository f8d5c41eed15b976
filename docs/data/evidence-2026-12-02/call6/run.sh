#!/usr/bin/env bash
# Evidence 2026-12-02, call 6: decision 175's second variant (the first watched worker started by its check, before
# it waits for the profiler lock). make test-gpu's command under timeout 420 with every grading traced, the locks' figures, then the
# solutions graded with --timings: lab 03 alone, every lab.
#   bash docs/data/evidence-2026-12-02/call6/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git status --short | head -20 >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
grep -h '"watched start' $R/tt/*.jsonl | python3 -c '
import json, sys
for line in sys.stdin:
    e = json.loads(line)
    print("watched:", e["what"], e.get("lane"), e.get("log", "")[:300])' >> $L
g() { local name=$1; shift; echo "== $name: $*" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|build|set-up|checks|  [a-zA-Z])|Score|^real|Graded only" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  grep -E '"check", "check": "03.triton.own_kernels"|wait for the profiler' $R/$name.jsonl >> $L; }
g lab03 --submission solutions 03
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

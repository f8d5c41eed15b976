#!/usr/bin/env bash
# Evidence 2026-11-30f, call 3: a watched start whose harness printed nothing in 5 s taken as lost then (FIRST_LINE_S), and each
# start's first line of output timed; make test-gpu's command, traced, then the three gradings as in call 1.
#   bash docs/data/evidence-2026-11-30f/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -30 >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^user|^sys" | tail -6 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
python3 docs/data/evidence-2026-11-30f/starts.py $R/tt > $OUT/starts.txt 2>&1; head -1 $OUT/starts.txt >> $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|  02\.profile\.kernel|  02\.perf\.gate)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g lab02 02 --submission solutions
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
g gemm-all --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm-all.json "gemm gate:" >> $L 2>&1
python3 docs/data/evidence-2026-11-30f/starts.py $R/lab02.jsonl $R/all.jsonl $R/gemm-all.jsonl >> $OUT/starts.txt 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

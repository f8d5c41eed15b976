#!/usr/bin/env bash
# Evidence 2026-12-01e, call 2: the red team's gate finding (c09_gemm_warmup_computes_timed_launches_s34) graded with
# --check 02.perf.gate by the grader before the fix (old/serve.py and old/timing.py, session 33's, over a copy of the
# tree) and after it (the block's first change inside the timed block); then make test-gpu's command and the
# solutions with --timings (every lab, GEMM every lab), with decisions 162-165.
#   bash docs/data/evidence-2026-12-01e/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt; E=docs/data/evidence-2026-12-01e/call2
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -30 >> $L
CASE=c09_gemm_warmup_computes_timed_launches_s34
python3 -c "
import sys; sys.path[:0] = ['tests']
from pathlib import Path
from test_adversarial import load_cases, materialise
case = next(c for c in load_cases() if c.name == '$CASE')
print(materialise(case, Path('/tmp/case')))" >> $L 2>&1
rm -rf /tmp/old && mkdir /tmp/old && cp -a grader solutions labs learners Makefile pyproject.toml /tmp/old/ 2>/dev/null
cp $E/old/serve.py /tmp/old/grader/workers/serve.py && cp $E/old/timing.py /tmp/old/grader/timing.py
for side in old new; do
  where=$PWD; [ $side = old ] && where=/tmp/old
  echo "== $CASE, grader $side" >> $L
  ( cd $where && PYTHONPATH=$where:/tmp/site GRADER_WORKROOT=/tmp/w-$side timeout 150 python3 -m grader 02 --kernel gemm \
      --submission /tmp/case/submission --check 02.perf.gate -v --json $R/case-$side.json ) > $R/case-$side.txt 2>&1
  grep -E "│ 02\.perf\.gate|^02\.perf\.gate|Score" $R/case-$side.txt >> $L
  grep -A4 "^02.perf.gate: " $R/case-$side.txt | head -6 >> $L
done
( time GRADER_TEST_TRACE=$R/tt timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
g() { local name=$1; shift; echo "== $name: $*" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real|Graded only" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
g gemm-all --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm-all.json "gemm gate:" >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

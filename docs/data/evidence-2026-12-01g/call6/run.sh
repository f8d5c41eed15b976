#!/usr/bin/env bash
# Evidence 2026-12-01g, call 6: the judge's torch import starts once the builds' compiles are under way. The solutions
# graded with --timings: lab 02 alone twice, every lab.
#   bash docs/data/evidence-2026-12-01g/call6/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git status --short | head -20 >> $L
g() { local name=$1; shift; echo "== $name: $*" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|build|set-up|checks|  [a-zA-Z]|  0[0-3]\.sanitizer)|Score|^real|Graded only" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  grep -E "set-up: the builds" $R/$name.jsonl >> $L; }
g lab02 --submission solutions 02; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
g lab02b --submission solutions 02; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02b.json "gate:" >> $L 2>&1
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

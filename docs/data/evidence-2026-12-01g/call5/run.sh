#!/usr/bin/env bash
# Evidence 2026-12-01g, call 5: the tree of calls 3-4; the rest of issue 12's §2 table with --timings: lab 03 alone,
# labs 00 and 01 together, GEMM every lab.
#   bash docs/data/evidence-2026-12-01g/call5/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git status --short | head -20 >> $L
g() { local name=$1; shift; echo "== $name: $*" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|build|set-up|checks|  0[0-3]\.sanitizer)|Score|^real|Graded only" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g lab03 --submission solutions 03
g lab0001 --submission solutions 00 01
g gemm-all --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm-all.json "gemm gate:" >> $L 2>&1
g lab03b --submission solutions 03
cd $OUT && tar -czf r.tgz r && rm -rf r

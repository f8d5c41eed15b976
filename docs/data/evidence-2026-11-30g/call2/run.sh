#!/usr/bin/env bash
# Evidence 2026-11-30g, call 2: issue 12's grading table on the final grader (session 27's NCU_CLOSE_S included), each
# grading with --timings and traced: labs 00 and 01, lab 02 alone, lab 03 alone, every lab, GEMM every lab.
#   bash docs/data/evidence-2026-11-30g/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
lscpu | grep -E "^Model name|^CPU\(s\)" >> $L
git log --oneline -1 >> $L; git status --short | head -30 >> $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 120 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|  02\.profile\.kernel|  02\.perf\.gate|  03\.triton\.own)|Score|^real" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g warm --submission solutions   # every lab once on the fresh machine (nvcc's, Triton's and torch's caches cold): not a row
g lab00-01 00 01 --submission solutions
g lab02 02 --submission solutions
g lab03 03 --submission solutions
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
g gemm-all --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm-all.json "gemm gate:" >> $L 2>&1
python3 docs/data/evidence-2026-11-30f/starts.py $R/lab03.jsonl $R/all.jsonl $R/gemm-all.jsonl > $OUT/starts.txt 2>&1
head -2 $OUT/starts.txt >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

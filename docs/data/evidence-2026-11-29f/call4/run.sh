#!/usr/bin/env bash
# Evidence 2026-11-29f, call 4: the final tree of session 19 (call 3's grader, and a watched check's trace naming the
# profiler lock). The solutions, every lab, with --timings and a trace; then lab 03 of the GEMM track.
#   bash docs/data/evidence-2026-11-29f/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 60 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g all --submission solutions; python3 $E/gate.py $R/all.json "gate:" >> $L
grep -h "profiler lock" $R/all.jsonl >> $L
g gemm-lab03 03 --submission solutions --kernel gemm
cd $OUT && tar -czf r.tgz r && rm -rf r

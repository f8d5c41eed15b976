#!/usr/bin/env bash
# Session 9, call 1: does a kernel that remembers its answers per input set pass lab 02's gate on the grader as it
# stands (commit 7deaa7c)? Four lab 02 submissions (gen.py): a slow honest kernel on each track, and the same kernel
# behind a cache (memo.cuh: a fingerprint of 256 sampled inputs per launch, the answer copied from a cache on a hit).
# The four folders under $E/subs were written by `python3 gen.py docs/data/evidence-2026-11-27i/call1/subs` (the cached
# ones are the files of tests/adversarial/c09_remembers_answers_*; not kept here twice).
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
E=docs/data/evidence-2026-11-27i/call1
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
git log --oneline -1 | tee -a $L
for s in softmax_honest softmax_memo gemm_honest gemm_memo; do
  step $s
  ( time timeout 240 python3 -m grader 02 --kernel ${s%%_*} --submission $E/subs/$s --json $R/$s.json ) > $R/$s.txt 2>&1
  echo "rc=$?" >> $L
  grep -E "^│ 02\.(perf|correct)|Score|internal|^real" $R/$s.txt >> $L
  grep -A3 "02.perf.gate" $R/$s.txt | head -8 >> $L
done
step done

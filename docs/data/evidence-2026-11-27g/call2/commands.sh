#!/usr/bin/env bash
# Session 7, call 2 (H100): the tree of call 1 (the profiler lock, decisions 74 and 75): make bench's full run with 5
# gate repeats, issue 12's grading table with --timings, and the GEMM track graded twice (the second with warm
# caches). Run with DEV=h100 SUFFIX=e.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
summ() { grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
grep -q "def run_ncu" grader/profile.py && echo "tree: grader/profile.py has run_ncu (decision 75)" | tee -a $L
step "bench --gate-repeats 5"
timeout 230 python3 -m grader.bench --gate-repeats 5 --out $OUT/bench-softmax-${DEV}-2026-11-27${SUFFIX}.json > $R/bench.txt 2>&1; echo "rc=$?" >> $L
tail -14 $R/bench.txt >> $L
g() { local name=$1; shift; step "$name"
  ( time GRADER_TRACE=$R/trace-$name.jsonl timeout 120 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; summ $R/$name.txt; }
g all --submission solutions
g lab02 02 --submission solutions
g lab03 03 --submission solutions
g lab0001 00 01 --submission solutions
g gemm-cold --kernel gemm --submission solutions
g gemm --kernel gemm --submission solutions
step done

#!/usr/bin/env bash
# Session 5, call 4 (H100): the copy ceiling timed by a worker of its own (decision 69): make bench's full run with
# 5 gate repeats, issue 12's grading table with --timings; then the Triton rows kernel at 128 columns, three times.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
summ() { grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real|ceiling|copy" "$1" >> "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
step "bench --gate-repeats 5"
timeout 270 python3 -m grader.bench --gate-repeats 5 --out $OUT/bench-softmax-h100-2026-11-27c.json > $R/bench.txt 2>&1; echo "rc=$?" >> $L
tail -14 $R/bench.txt >> $L
g() { local name=$1; shift; step "$name"
  ( time GRADER_TRACE=$R/trace-$name.jsonl timeout 150 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; summ $R/$name.txt; }
g all --submission solutions
g lab02 02 --submission solutions
g lab03 03 --submission solutions
g lab0001 00 01 --submission solutions
step "Triton rows kernel at 128 columns"
pys=(); for f in .scratch-dev/r5t/triton_{ref,tiny128,rows256w128,rows512w128}.py; do n=$(basename $f .py); pys+=(--py $n=$f); done
timeout 90 python3 docs/_tools/softmax_limit/round4/mb.py "${pys[@]}" --shapes 524288x128,524288x128,524288x128,262144x128,65536x1024,29127x2304 --out $R/mb4.json 2>&1 | tee -a $L
step done

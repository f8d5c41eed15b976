#!/usr/bin/env bash
# Session 10, call 5: the Triton reference with round 8's changes (tl.exp2, 2048-column pieces in one warp up to
# 200000 columns): make bench's full run with 5 gate repeats, the old and new Triton files side by side (mb.py),
# and every lab of the solutions with --timings.
# DEV=h200|h100 SUFFIX=letter name the bench file; .scratch-dev/triton_{old,new}.py carried.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
step "bench --gate-repeats 5"
timeout 260 python3 -m grader.bench --gate-repeats 5 --out $OUT/bench-softmax-${DEV}-2026-11-27${SUFFIX}.json > $R/bench.txt 2>&1; echo "rc=$?" >> $L
tail -14 $R/bench.txt >> $L
step "mb: Triton old and new"
timeout 150 python3 docs/_tools/softmax_limit/round4/mb.py --py old=.scratch-dev/triton_old.py \
  --py new=.scratch-dev/triton_new.py --out $R/mb-old-new.json > $R/mb.txt 2>&1; echo "rc=$?" >> $L
cat $R/mb.txt >> $L
g() { local name=$1; shift; step "$name"
  ( time timeout 150 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; echo "rc=$?" >> $L
  grep -E "^isolation|triton\.|FAIL|Score|internal|^real|^│ (lab 0|total)" $R/$name.txt >> $L; }
g all --submission solutions
g lab03 03 --submission solutions
step done

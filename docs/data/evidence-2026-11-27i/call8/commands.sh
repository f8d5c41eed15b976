#!/usr/bin/env bash
# Session 9, call 8: decision 80 on an H100 (calls 1-7 ran on an H200): what the changes cost a launch (call 6's
# overhead.py), lab 02 of the solutions on both tracks, and bench old/new (the grader of 7deaa7c, build/old, and
# this tree), the new one with --gate-repeats 5.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
step overhead
timeout 200 python3 docs/data/evidence-2026-11-27i/call6/overhead.py 2>&1 | tee -a $L
g() { local name=$1; shift; step "$name"
  ( time timeout 200 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; echo "rc=$?" >> $L
  grep -E "^│ 0[0-3]\.perf|Score|internal|^real" $R/$name.txt >> $L; }
g lab02 02 --submission solutions
g lab02-gemm 02 --kernel gemm --submission solutions
b() { local name=$1 dir=$2; shift 2; step "bench $name"
  ( cd $dir && export PYTHONPATH=$PWD:/tmp/site && python3 -c "import grader, sys; print('grader from', grader.__file__)" \
    && time timeout 300 python3 -m grader.bench --quick --out $R/bench-$name.json "$@" ) > $R/bench-$name.txt 2>&1
  echo "rc=$?" >> $L; tail -16 $R/bench-$name.txt >> $L; }
b old build/old
b new . --gate-repeats 5
step done

#!/usr/bin/env bash
# Session 9, call 5: decision 80 as committed: each change drawn before the block, elements in about one row in 64
# set to a moderate value (at least one), one index_fill_ a launch on a side stream that first waits for the main
# stream (the Triton worker drew its sets there without a synchronise: call 4's device-side asserts); half the
# checked rows among those the change moved. 1. overhead.py (copy and F.softmax: no change / change / events only);
# 2. the memo cases and c09_right_only_first_launches; 3. lab 02 of the solutions on both tracks, lab 03;
# 4. bench old/new/old/new as call 2, the last with --gate-repeats 5.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
E=docs/data/evidence-2026-11-27i/call5
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
step overhead
timeout 240 python3 $E/overhead.py 2>&1 | tee -a $L
step "adversarial: memo cases and c09_right_only_first_launches"
( time timeout 300 python3 -m pytest -q -m gpu -n 3 -p no:cacheprovider tests/test_adversarial.py \
    -k "remembers_answers or right_only_first" ) > $R/adversarial.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED|^real" $R/adversarial.txt | tail -6 >> $L
g() { local name=$1; shift; step "$name"
  ( time timeout 200 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; echo "rc=$?" >> $L
  grep -E "^│ 0[0-3]\.perf|Score|internal|^real" $R/$name.txt >> $L; }
g lab02 02 --submission solutions
g lab02-gemm 02 --kernel gemm --submission solutions
g lab03 03 --submission solutions
b() { local name=$1 dir=$2; shift 2; step "bench $name"
  ( cd $dir && export PYTHONPATH=$PWD:/tmp/site && python3 -c "import grader, sys; print('grader from', grader.__file__)" \
    && time timeout 400 python3 -m grader.bench --quick --out $R/bench-$name.json "$@" ) > $R/bench-$name.txt 2>&1
  echo "rc=$?" >> $L; tail -16 $R/bench-$name.txt >> $L; }
b old1 build/old
b new1 .
b old2 build/old
b new2 . --gate-repeats 5
step done

#!/usr/bin/env bash
# Session 9, call 2: decision 80 (every timed launch's inputs changed just before it) on a GPU.
#  1. the two memo submissions of call 1, as adversarial cases, and the case that launches nothing after 100 launches;
#  2. every lab of the solutions on both tracks, with --timings;
#  3. `grader.bench --quick` of the softmax solutions with the grader of 7deaa7c (build/old, carried) and with this
#     tree, one after the other, twice each (old, new, old, new), to see what the changes cost each figure;
#  4. the gate's five-run repeatability with the new method (`--gate-repeats 5`), on the last new bench.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
grep -q "class FreshInputs" grader/workers/serve.py && echo "tree: FreshInputs present (decision 80)" | tee -a $L
step "adversarial: memo cases and c09_right_only_first_launches"
( time timeout 300 python3 -m pytest -q -m gpu -n 3 -p no:cacheprovider tests/test_adversarial.py \
    -k "remembers_answers or right_only_first" ) > $R/adversarial.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED|^real" $R/adversarial.txt | tail -6 >> $L
g() { local name=$1; shift; step "$name"
  ( time timeout 200 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; echo "rc=$?" >> $L
  grep -E "^│ 0[0-3]\.perf|Score|internal|^real" $R/$name.txt >> $L; }
g all --submission solutions
g gemm --kernel gemm --submission solutions
b() { local name=$1 dir=$2; shift 2; step "bench $name"
  ( cd $dir && export PYTHONPATH=$PWD:/tmp/site && python3 -c "import grader, sys; print('grader from', grader.__file__)" \
    && time timeout 400 python3 -m grader.bench --quick --out $R/bench-$name.json "$@" ) > $R/bench-$name.txt 2>&1
  echo "rc=$?" >> $L; tail -16 $R/bench-$name.txt >> $L; }
b old1 build/old
b new1 .
b old2 build/old
b new2 . --gate-repeats 5
step done

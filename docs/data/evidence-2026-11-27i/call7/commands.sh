#!/usr/bin/env bash
# Session 9, call 7: the tree with decision 80 and the red team's round 4 closed (the ELF audit's new rules, the
# Python audit's, the include check and the analysis' numbers read as nvcc and a browser read them, capped compiler
# output): every lab of the solutions on both tracks with --timings (the ELF rules on this machine's toolchain), then
# the repository's whole GPU selection (make test-gpu's command).
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
gcc --version | head -1 | tee -a $L; ldd --version | head -1 | tee -a $L
g() { local name=$1; shift; step "$name"
  ( time timeout 150 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; echo "rc=$?" >> $L
  grep -E "^isolation|build\.honest|FAIL|Score|internal|^real" $R/$name.txt >> $L; }
g all --submission solutions
g gemm --kernel gemm --submission solutions
step "make test-gpu's selection"
( time timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 -p no:cacheprovider ) > $R/test-gpu.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED|^ERROR|^real" $R/test-gpu.txt | tail -12 >> $L
step done

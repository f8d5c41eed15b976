#!/usr/bin/env bash
# Session 11, call 5: issue 12's grading table with decision 86's grader (d70b39a), --timings: every lab twice
# (the first warms the build and Triton caches), lab 02 alone, lab 03 alone, labs 00 and 01.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$R/log.txt
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 150 python3 -m grader "$@" --submission solutions --timings ) > $R/$name.txt 2>&1
  grep -E "^isolation|^│ (lab 0|total|  03.triton.own)|Score|^real" $R/$name.txt >> $L; }
g all-cold; g all; g lab02 02; g lab03 03; g lab0001 00 01

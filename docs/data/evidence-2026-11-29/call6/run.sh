#!/usr/bin/env bash
# Evidence 2026-11-29, call 6: lab 03 alone, five times after one every-lab run warms the caches (final grader), to see
# how its wall time spreads against the 20 s target.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 200 python3 -m grader "$@" --submission solutions --timings ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|  03\.triton\.gpu_sweep)|Score" $R/$name.txt >> $L; }
g warm-all
for k in 1 2 3 4 5; do g lab03-$k 03; done
cd $OUT && tar -czf r.tgz r && rm -rf r

#!/usr/bin/env bash
# Session 6, call 6 (H100): the Triton worker's block with its outputs allocated before the start mark (after)
# against the worker as it was (before: call6/triton_before.py swapped in), alternately, twice each.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
E=docs/data/evidence-2026-11-27f/call6
cp grader/workers/triton.py /tmp/triton_after.py
S=524288x128,65536x1024,1024x50257,128x524288
for k in 1 2; do
  cp /tmp/triton_after.py grader/workers/triton.py
  timeout 150 python3 -m grader.bench --no-cuda --shapes $S --out $R/after$k.json > $R/after$k.txt 2>&1; echo "after$k rc=$?" | tee -a $L
  cp $E/triton_before.py grader/workers/triton.py
  timeout 150 python3 -m grader.bench --no-cuda --shapes $S --out $R/before$k.json > $R/before$k.txt 2>&1; echo "before$k rc=$?" | tee -a $L
done
cp /tmp/triton_after.py grader/workers/triton.py
python3 $E/summary.py $R/after1.json $R/before1.json $R/after2.json $R/before2.json 2>&1 | tee -a $L
tail -3 $R/after1.txt | tee -a $L

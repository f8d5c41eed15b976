#!/usr/bin/env bash
# Session 5, call 3 (H100): where the judge's clock spends the ~1% it counts beyond the workers' CUDA events.
# marks_probe.py patches the device's copy of the tree (never committed), then make bench's method runs at three shapes.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
python3 docs/data/evidence-2026-11-27e/call3/marks_probe.py | tee -a $L
timeout 240 python3 -m grader.bench --quick --shapes 524288x128,16384x4096,1024x50257 --out $R/bench3.json > $R/bench3.txt 2>&1; echo "rc=$?" >> $L
grep PROBE $R/bench3.txt >> $L; tail -8 $R/bench3.txt >> $L

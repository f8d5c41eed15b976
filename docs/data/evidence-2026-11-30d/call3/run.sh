#!/usr/bin/env bash
# Evidence 2026-11-30d, call 3: the cost of the judge's second ncu run, sections against metrics (passes.py).
#   bash docs/data/evidence-2026-11-30d/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
( time timeout 240 python3 docs/data/evidence-2026-11-30d/call3/passes.py /tmp/passes ) >> $L 2>&1

#!/bin/bash
# Run 2 on the H200: where the NaN rows of the gate's timed launches come from (nan_gate.py through the
# diagnostic worker, with and without bubblewrap, with a synchronise after each launch), then `make test-gpu`.
cd "$(dirname "$0")/../../../.."
export PYTHONUNBUFFERED=1
L=$OUT/log.txt; E=docs/data/evidence-h200-2026-11-26
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
cp $E/cuda_diag.py grader/workers/cuda_diag.py
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a $L; }
step "gate, sandboxed"; timeout 80 python3 $E/nan_gate.py 4 >> $L 2>&1
step "gate, no sandbox"; GRADER_NO_SANDBOX=1 timeout 80 python3 $E/nan_gate.py 4 >> $L 2>&1
step "gate, sandboxed, sync each launch"; DIAG_SYNC=1 timeout 60 python3 $E/nan_gate.py 2 >> $L 2>&1
step "gate, sandboxed, 1024x50257"; timeout 50 python3 $E/nan_gate.py 2 1024x50257 >> $L 2>&1
rm -f grader/workers/cuda_diag.py
left=$((580 - SECONDS)); step "make test-gpu ($left s left)"
timeout $left python3 -m pytest -q -m gpu --ignore=tests/docs --durations=40 -p no:cacheprovider > $OUT/test-gpu.txt 2>&1; echo "rc=$?" >> $L
tail -60 $OUT/test-gpu.txt >> $L
step done

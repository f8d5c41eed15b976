#!/usr/bin/env bash
# Evidence 2026-12-01b, call 2: sandboxes started under Nsight Compute, as graded and with bwrap out of ncu's reach
# (starts.py says how).   bash docs/data/evidence-2026-12-01b/call2/run.sh   (GPU machine, repository root)
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
timeout 500 python3 docs/data/evidence-2026-12-01b/call2/starts.py ${N:-96} ${PAR:-8} ${BURN:-8} >> $L 2>&1

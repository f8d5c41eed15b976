#!/usr/bin/env bash
# Evidence 2026-12-02, call 3: watched starts while another Nsight Compute session profiles kernels ("busy", each start
# given 40 s) against starts with no session profiling ("shared"), 2 rounds of 8 at once (docs/_tools/ncu_starts/).
#   bash docs/data/evidence-2026-12-02/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
timeout 400 python3 docs/_tools/ncu_starts/starts.py $R/starts --rounds 2 --at-once 8 --variants busy,shared >> $L 2>&1
for f in $R/starts/busy-r0-w0/worker.log $R/starts/busy-r0-w1/worker.log; do echo "== $f"; head -c 3000 "$f"; done >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

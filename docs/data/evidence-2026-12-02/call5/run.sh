#!/usr/bin/env bash
# Evidence 2026-12-02, call 5: watched starts with every core kept busy, each given 20 s for its first line: ncu as the
# grader runs it ("load"), and told to profile python processes only ("load-filter", --target-processes-filter
# regex:python); 3 rounds of 8 at once each (docs/_tools/ncu_starts/).
#   bash docs/data/evidence-2026-12-02/call5/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
timeout 300 python3 docs/_tools/ncu_starts/starts.py $R/starts --rounds 3 --at-once 8 --variants load,load-filter --filter regex:python >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

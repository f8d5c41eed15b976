#!/usr/bin/env bash
# Evidence 2026-12-02, call 4: watched starts with every core kept busy ("load", 3 rounds of 8 at once, the grader's
# 5 s for a first line), and ncu's options for choosing the processes it injects (docs/_tools/ncu_starts/).
#   bash docs/data/evidence-2026-12-02/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
NCU=$(python3 -c "from grader.build import ncu_path; print(ncu_path())")
$NCU --help 2>&1 | grep -E -A12 "^ +--target-processes" >> $L
timeout 300 python3 docs/_tools/ncu_starts/starts.py $R/starts --rounds 3 --at-once 8 --variants load >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

#!/usr/bin/env bash
# Evidence 2026-11-30g, call 1: make test-gpu's command on session 27's final tree (NCU_CLOSE_S and Worker.hung never
# ran on the GPU), traced; then spin.py: how often a sandbox ncu starts never reaches Python, as graded and with ncu's
# preloaded library kept out of bwrap's own processes.
#   bash docs/data/evidence-2026-11-30g/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
lscpu | grep -E "^Model name|^CPU\(s\)" >> $L
git log --oneline -1 >> $L; git status --short | head -30 >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 370 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^user|^sys" | tail -6 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
python3 docs/data/evidence-2026-11-30f/starts.py $R/tt > $OUT/starts.txt 2>&1; head -2 $OUT/starts.txt >> $L
S=docs/data/evidence-2026-11-30g/spin.py
timeout 60 python3 $S env 0 0 0 | grep -iE "preload|inject|nv_|tps|nsight|cuda" > $OUT/ncu-env.txt 2>&1
ncu --help | grep -iE -A3 "target-processes|injection|preload" > $OUT/ncu-help.txt 2>&1
for v in as-graded preload-python-only no-preload; do timeout 80 python3 $S $v 400 8 45 >> $OUT/spin.txt 2>&1; done
grep -E "starts|record check" $OUT/spin.txt >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r

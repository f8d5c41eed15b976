#!/usr/bin/env bash
# Evidence 2026-12-01b, call 1: make test-gpu's command (8 workers, traced) with the watched gradings spread out
# (tests/helpers.py: spread_profiled, decision 149), and the order pytest-xdist was given.
#   bash docs/data/evidence-2026-12-01b/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
lscpu | grep -E "^Model name|^CPU\(s\)" >> $L
git log --oneline -1 >> $L; git status --short | head -30 >> $L
python3 -m pytest -q -m gpu --ignore=tests/docs -p no:cacheprovider --collect-only 2>/dev/null | grep "::" > $R/order.txt
grep -n "" $R/order.txt | grep -E "c05_triton|c08_|c09_bonus|c10_|c12_triton|c12_gemm_triton|solution_passes" >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 345 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

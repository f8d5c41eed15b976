#!/usr/bin/env bash
# Evidence 2026-11-30c, call 2: the session's grader (decisions 132-134) on the GPU. Whether the GPU reads pageable
# host memory (the red team's c01_host_computes_through_malloc_hmm) and how lab 01 grades that submission here; then
# make test-gpu's command, and the solutions' gradings with --timings.
#   bash docs/data/evidence-2026-11-30c/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt; D=docs/data/evidence-2026-11-30c/call2
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git status --short | head -40 >> $L 2>/dev/null
nvcc -o /tmp/hmm_probe $D/hmm_probe.cu && /tmp/hmm_probe >> $L 2>&1
cat /sys/module/nvidia_uvm/parameters/uvm_disable_hmm >> $L 2>&1; modinfo -F license nvidia >> $L 2>&1
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 120 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g hmm 01 --submission $D/hmm
grep -E "01\.(build|correct|launch)" $R/hmm.txt | head -12 >> $L
( time timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider \
    --durations=10 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -25 >> $L
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
g gemm-all --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm-all.json "gemm gate:" >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

#!/usr/bin/env bash
# Evidence 2026-11-30d, call 4: decision 137 as committed (metrics by name, the trace only where the report cannot be measured again, the profiler lock only where it is). The solutions'
# lab 02 graded twice with --timings, then make test-gpu's command, then every lab (both tracks) with --timings.
#   bash docs/data/evidence-2026-11-30d/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git status --short | head -60 >> $L 2>/dev/null
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 120 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|  02.profile.kernel)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g lab02a 02 --submission solutions
g lab02b 02 --submission solutions
g gemm02 02 --submission solutions --kernel gemm
( time timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider \
    --durations=5 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -14 >> $L
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
g gemm-all --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm-all.json "gemm gate:" >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r

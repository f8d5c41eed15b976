#!/usr/bin/env bash
# Session 2, device call 5: Nsight Compute's run without poison or dynamo, the sweep on 4 workers; lab 03 (cold,
# warm x3), every lab, GEMM every lab, labs 00+01, lab 02, traced; the workers' warm-up lines; the GPU tests, 6 at a
# time (make test-gpu's default on 16 cores).
set -u
export PYTHONUNBUFFERED=1
LIMIT=${1:-570}
R=$OUT/r; mkdir -p $R/tt $R/logs
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }
summ() { grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { cp -r build/grader/internal-error.log $R/ 2>/dev/null; tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
g() { # name, args...
  local name=$1; shift
  step "$name"
  ( time GRADER_TRACE=$R/trace-$name.jsonl timeout 120 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1
  summ $R/$name.txt
}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
rm -rf build/cache
g lab03-cold 03 --submission solutions
g lab03-warm 03 --submission solutions
g lab03-warm2 03 --submission solutions
g lab03-warm3 03 --submission solutions
for f in $(find build/grader -name worker.log); do echo "## $f"; grep -h "\[harness\]" $f; done > $R/logs/warm-up.txt 2>&1
g all --submission solutions
g gemm-all --kernel gemm --submission solutions
g lab0001 00 01 --submission solutions
g lab02 02 --submission solutions
step "GPU tests ($(left) s left)"
( time GRADER_TEST_TRACE=$R/tt timeout $(( $(left) - 10 )) python3 -m pytest -q -m gpu --ignore=tests/docs -p no:cacheprovider -n 6 --durations=45 ) \
  > $R/test-gpu.txt 2>&1
echo "rc=$?" >> "$L"; tail -60 $R/test-gpu.txt >> "$L"
step done

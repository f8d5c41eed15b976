#!/usr/bin/env bash
# Session 3, device call 7 (H100): issue 12's grading table on the final grader, traced (lab 03 with empty caches,
# then warm: every lab, lab 02 alone x2, lab 03 alone, labs 00+01, GEMM every lab), then make test-gpu's tests
# (pytest -m gpu -n 6), every grading traced.
set -u
export PYTHONUNBUFFERED=1
LIMIT=${1:-570}
R=$OUT/r; mkdir -p $R/logs $R/tt
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }
summ() { grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { cp -r build/grader/internal-error.log $R/ 2>/dev/null; tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
g() { # name, args...
  local name=$1; shift
  step "$name"
  ( time GRADER_TRACE=$R/trace-$name.jsonl timeout 150 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1
  summ $R/$name.txt
}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
rm -rf build/cache
g lab03-cold 03 --submission solutions
g all --submission solutions
for f in $(find build/grader -name worker.log); do echo "## $f"; grep -h "\[harness\]" $f; done > $R/logs/warm-up.txt 2>&1
g lab02 02 --submission solutions
g lab02b 02 --submission solutions
g lab03 03 --submission solutions
g lab0001 00 01 --submission solutions
g gemm-all --kernel gemm --submission solutions
step "GPU tests ($(left) s left)"
( time GRADER_TEST_TRACE=$R/tt timeout $(( $(left) - 10 )) python3 -m pytest -q -m gpu --ignore=tests/docs -p no:cacheprovider -n 6 --durations=25 ) \
  > $R/test-gpu.txt 2>&1
echo "rc=$?" >> "$L"; tail -32 $R/test-gpu.txt >> "$L"
step done

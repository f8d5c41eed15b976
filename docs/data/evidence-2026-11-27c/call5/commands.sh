#!/usr/bin/env bash
# Session 3, device call 5: issue 12's grading table on the final grader, traced: lab 03 with empty caches, then
# warm: every lab, lab 02 alone x2, lab 03 alone x2, labs 00+01, GEMM every lab; the workers' warm-up lines.
set -u
export PYTHONUNBUFFERED=1
LIMIT=${1:-570}
R=$OUT/r; mkdir -p $R/logs
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
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
git log --oneline -1 >> "$L" 2>/dev/null
rm -rf build/cache
g lab03-cold 03 --submission solutions
g all --submission solutions
for f in $(find build/grader -name worker.log); do echo "## $f"; grep -h "\[harness\]" $f; done > $R/logs/warm-up.txt 2>&1
g lab02 02 --submission solutions
g lab02b 02 --submission solutions
g lab03 03 --submission solutions
g lab03b 03 --submission solutions
g lab0001 00 01 --submission solutions
g gemm-all --kernel gemm --submission solutions
step done
